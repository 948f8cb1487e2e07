// The lab's parameters: the experiment (task, schemes that race, training length, model size, learning rate,
// steps, first seed and how many seeds), what the reader inspects in a trained model (scheme, seed, layer,
// head, example), and two URL-only settings (batch, workers). Values are not checked here: the engine judges
// every one and names what is wrong.
import { formatParam, urlParamsOf } from '../../core/params.js';
import { largestBatch } from '../../lab/activations.js';
import { FIXED_MASK, MIN_LENGTH } from '../../lab/defaults.js';
import { PRESETS } from '../../lab/papers.js';
import { MAX_SEEDS, seedsOf } from '../../lab/seeds.js';
import { SCHEME_COLOURS } from '../../ui/colors.js';
import { select } from '../../ui/controls.js';
import { h, uid } from '../../ui/dom.js';
import { formatInt, formatSig } from '../../ui/format.js';
import { intSlider } from '../shared-params.js';

/** Every scheme the page offers, in the order of its checkboxes. */
export const SCHEMES = ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'];
/**
 * The default race: T5's bias is offered but not raced by default. On the default task it behaves as RoPE and
 * ALiBi do (works at 2T for 10 of 10 seeds, docs/lab-claims.md), so it adds time, not a new contrast.
 */
export const DEFAULT_SCHEMES = ['none', 'sinusoidal', 'learned', 'rope', 'alibi'];
/** The attention mask: the task's own (docs/lab-model.md), or either one named. */
export const MASKS = [
  { value: 'task', label: "the task's own" },
  { value: 'on', label: 'causal (earlier tokens only)' },
  { value: 'off', label: 'bidirectional' },
];
export const SCHEME_NAMES = {
  none: 'no positions',
  sinusoidal: 'sinusoidal',
  learned: 'learned',
  rope: 'RoPE',
  alibi: 'ALiBi',
  t5: 'T5 bias',
};

export const TASKS = [
  { value: 'subject', label: 'who acts (subject)' },
  { value: 'previous', label: 'copy the previous token' },
  { value: 'reverse', label: 'reverse the sequence' },
  { value: 'first', label: 'copy the first token' },
  { value: 'majority', label: 'the most frequent token (order-blind)' },
];

/** Model sizes as a few presets: width, heads and blocks together. */
export const SIZES = {
  tiny: { dModel: 16, nHeads: 2, nLayers: 1 },
  small: { dModel: 32, nHeads: 4, nLayers: 1 },
  medium: { dModel: 64, nHeads: 4, nLayers: 2 },
  large: { dModel: 128, nHeads: 8, nLayers: 2 },
};
const sizeLabel = (name) => {
  const { dModel, nHeads, nLayers } = SIZES[name];
  return `${name} (width ${dModel}, ${nHeads} heads, ${nLayers} ${nLayers === 1 ? 'block' : 'blocks'})`;
};

/** Held-out sequences per length when a race is evaluated (the engine allows 1 to 1024). */
export const SAMPLES = 128;

/** The schemes of a `schemes` parameter, in the order given ("none,rope" -> ["none", "rope"]). */
export const schemesOf = (text) =>
  String(text)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Checkboxes for the schemes that race; the value is their names joined by commas, in the usual order. */
function schemeBoxes(value, onChange) {
  let current = schemesOf(value);
  const boxes = SCHEMES.map((scheme) => {
    const id = uid('scheme');
    const input = h('input', { id, type: 'checkbox', value: scheme, checked: current.includes(scheme) });
    input.addEventListener('change', () => {
      current = SCHEMES.filter((s, i) => boxes[i].input.checked);
      onChange(current.join(','));
    });
    const swatch = h('span', {
      class: `pe-lab-swatch${scheme === 'none' ? ' pe-lab-swatch-dashed' : ''}`,
      style: `--pe-lab-colour:${SCHEME_COLOURS[scheme]}`,
      'aria-hidden': 'true',
    });
    return {
      input,
      node: h('label', { for: id, class: 'pe-lab-scheme' }, input, swatch, SCHEME_NAMES[scheme]),
    };
  });
  const element = h(
    'fieldset',
    { class: 'pe-control pe-lab-schemes' },
    h('legend', {}, 'Schemes'),
    boxes.map((b) => b.node),
  );
  return {
    element,
    get value() {
      return current.join(',');
    },
    set value(v) {
      current = schemesOf(v);
      boxes.forEach((b, i) => (b.input.checked = current.includes(SCHEMES[i])));
    },
  };
}

/** A whole number typed in a field (the seed); what is typed goes to the engine as it is. */
const numberField = (label) => (value, onChange) => {
  const id = uid('number');
  const input = h('input', { id, type: 'number', min: 0, step: 1, value, inputmode: 'numeric' });
  input.addEventListener('change', () => onChange(input.value.trim() === '' ? NaN : Number(input.value)));
  return {
    element: h('div', { class: 'pe-control pe-lab-number' }, h('label', { for: id }, label), input),
    input,
    get value() {
      return Number(input.value);
    },
    set value(v) {
      input.value = String(v);
    },
  };
};

/** A choice among the racing schemes (the one to inspect). */
const schemeChoice = (label) => (value, onChange) =>
  select({ label, options: SCHEMES.map((s) => ({ value: s, label: SCHEME_NAMES[s] })), value, onChange });

/**
 * A choice among the race's seeds (the one to inspect), whose options follow the race: `seeds` sets them, and a
 * value outside them shows the first (index.js's inspection decides which seed is inspected).
 */
const seedChoice = (label) => (value, onChange) => {
  const id = uid('seed');
  const input = h('select', { id });
  input.addEventListener('change', () => onChange(Number(input.value)));
  let shown = '';
  return {
    element: h('div', { class: 'pe-control pe-select' }, h('label', { for: id }, label), input),
    input,
    get value() {
      return Number(input.value);
    },
    set value(v) {
      input.value = String(v);
    },
    /** @param {number[]} seeds */
    set seeds(seeds) {
      if (seeds.join(',') === shown) return;
      shown = seeds.join(',');
      input.replaceChildren(...seeds.map((s) => h('option', { value: s }, String(s))));
    },
  };
};

// A value from the URL past the model's range, up to the engine's own cap, widens the slider to it: the engine
// says what is wrong, and the reader can slide back into range from there. Past the cap, the URL value is brought
// down to it (core/params.js's readQuery).
const widened = (key, end, cap) => (p) =>
  Math.min(cap, Math.max(end(p), Number.isFinite(p[key]) ? p[key] : 0));
const modelOf = (p) => SIZES[p.size] ?? SIZES.small;

export const PARAMS = {
  task: { type: 'enum', default: 'subject', control: 'select', label: 'Task', options: TASKS },
  schemes: { type: 'string', default: DEFAULT_SCHEMES.join(','), control: schemeBoxes, maxLength: 60 },
  length: intSlider('Training length', 8, 2, 32),
  size: {
    type: 'enum',
    default: 'small',
    control: 'select',
    label: 'Model size',
    options: Object.keys(SIZES).map((name) => ({ value: name, label: sizeLabel(name) })),
  },
  lr: {
    type: 'number',
    default: 0.01,
    min: 1e-4,
    max: 0.1,
    scale: 'log',
    control: 'slider',
    label: 'Learning rate',
    format: (v) => formatSig(v, 3),
  },
  steps: intSlider('Steps', 300, 50, 3000, 50),
  causal: { type: 'enum', default: 'task', control: 'select', label: 'Attention mask', options: MASKS },
  // Ruoss et al. 2023: training positions drawn from 0..L-1 (0: off); the engine allows T to 128.
  randomized: {
    type: 'int',
    default: 0,
    min: 0,
    max: 128,
    control: numberField('Randomized positions up to (0: off)'),
  },
  seed: { type: 'int', default: 1, min: 0, max: 4294967295, control: numberField('First seed') },
  seeds: intSlider('Seeds', 5, 1, MAX_SEEDS),
  batch: { type: 'int', default: 32, min: 1, max: 256 },
  // The papers preset whose finding the run is set beside (papers.js); only links set it.
  paper: {
    type: 'enum',
    default: 'none',
    options: [
      { value: 'none', label: 'none' },
      ...Object.keys(PRESETS).map((id) => ({ value: id, label: id })),
    ],
  },
  // URL-only: `extension` adds the context-extension experiment (figures/lab/extension-run.js) under the race.
  experiment: {
    type: 'enum',
    default: 'race',
    options: [
      { value: 'race', label: 'the race' },
      { value: 'extension', label: 'the race and context extension' },
    ],
  },
  // 0: as many as workerCount chooses (lab/pool.js); an embedding page may ask for fewer.
  workers: { type: 'int', default: 0, min: 0, max: 8 },
  inspect: {
    type: 'enum',
    default: 'rope',
    control: schemeChoice('Inspect'),
    options: SCHEMES.map((s) => ({ value: s, label: SCHEME_NAMES[s] })),
  },
  // The seed itself, not its place in the race: a link names the run it shows. One the race does not train
  // (the first seed moved) shows the first seed.
  inspectSeed: { type: 'int', default: 1, min: 0, max: 4294967295, control: seedChoice('Seed') },
  // The engine's caps: 4 blocks, 8 heads, examples of 128 tokens.
  layer: { ...intSlider('Block', 0, 0, 3), max: widened('layer', (p) => modelOf(p).nLayers - 1, 3) },
  head: { ...intSlider('Head', 0, 0, 7), max: widened('head', (p) => modelOf(p).nHeads - 1, 7) },
  at: {
    ...intSlider('Example length', 8, 2, 128),
    max: widened('at', (p) => Math.min(4 * p.length, 128), 128),
  },
  example: intSlider('Example', 0, 0, 63),
};

/** The largest seed the engine takes: a race's last seed, `seed + seeds - 1`, stays within it. */
const LAST_SEED = 4294967295;

/**
 * The values that must move for the run to start at all (pe-lab.d.ts, LabConfig): a length and an example length
 * raised to the task's shortest, a mask the task does not allow back to the task's own, randomized positions
 * raised to the training length, a first seed lowered so that the race's last seed exists, and a batch lowered
 * to the largest whose activations, at this length and model size, fit under the engine's cap
 * (lab/activations.js). Given every value, returns those to change (figure.js's `bound`).
 * @param {Record<string, any>} p
 * @returns {Record<string, unknown>}
 */
export function keepRunTogether(p) {
  /** @type {Record<string, any>} */
  const moved = {};
  const shortest = MIN_LENGTH[p.task] ?? 2;
  if (p.length < shortest) moved.length = shortest;
  if (p.at < shortest) moved.at = shortest;
  const mask = FIXED_MASK[p.task];
  if (mask !== undefined && p.causal === (mask ? 'off' : 'on')) moved.causal = 'task';
  const length = moved.length ?? p.length;
  if (p.randomized > 0 && p.randomized < length) moved.randomized = length;
  if (p.seed + p.seeds - 1 > LAST_SEED) moved.seed = LAST_SEED - p.seeds + 1;
  if (Object.hasOwn(SIZES, p.size)) {
    const fits = largestBatch({ task: p.task, ...SIZES[p.size] }, length);
    if (fits >= 1 && p.batch > fits) moved.batch = fits;
  }
  return moved;
}

/** The parameters whose controls sit in the inspection panel rather than above the experiment. */
export const INSPECTION = ['inspect', 'inspectSeed', 'layer', 'head', 'at', 'example'];

/** The seeds a race of these parameters trains every scheme from. */
export const raceSeeds = ({ seed, seeds }) => seedsOf(seed, seeds);

/**
 * The engine's Lab configuration (less the scheme) for the parameters; warm-up is the engine's default. The
 * size presets are the page's own, so an unknown one is named here; every other value is the engine's to judge.
 */
export function configOf({ task, length, size, lr, steps, seed, batch, causal = 'task', randomized = 0 }) {
  if (!Object.hasOwn(SIZES, size)) {
    throw new Error(`Unknown model size "${size}"; sizes: ${Object.keys(SIZES).join(', ')}.`);
  }
  if (!MASKS.some((m) => m.value === causal)) {
    const allowed = MASKS.map((m) => `"${m.value}"`).join(', ');
    throw new Error(`configOf: causal must be one of ${allowed}; received "${causal}".`);
  }
  const mask = causal === 'task' ? {} : { causal: causal === 'on' };
  return { task, length, ...SIZES[size], lr, steps, seed, batch, ...mask, randomizedPositions: randomized };
}

const taskName = (task) => TASKS.find((t) => t.value === task)?.label ?? task;

/** The experiment in words: what races, on what, for how long, from which seeds. */
export function setup({ task, length, size, lr, steps, seed, seeds, causal, randomized }, schemes) {
  const from = seeds === 1 ? `seed ${seed}` : `seeds ${seed} to ${seed + seeds - 1}`;
  const mask = causal === 'on' ? '; causal mask' : causal === 'off' ? '; bidirectional mask' : '';
  const drawn = randomized > 0 ? `; positions drawn from 0 to ${formatInt(randomized - 1)} in training` : '';
  return (
    `Task ${taskName(task)}; ${schemes.map((s) => SCHEME_NAMES[s]).join(', ')}; training length ` +
    `${formatInt(length)}; ${size} model (width ${SIZES[size].dModel}); learning rate ${formatSig(lr, 3)}; ` +
    `${formatInt(steps)} steps${mask}${drawn}; ${from}.`
  );
}

/** The lab alone on the embed page with these parameters (those at their defaults left out of the address). */
export function labLink(params) {
  const query = new URLSearchParams({ figure: 'lab' });
  for (const { key, name, type, default: value } of urlParamsOf(PARAMS)) {
    if (params[key] !== value) query.set(name, formatParam(params[key], type));
  }
  return `embed.html?${query}`;
}
