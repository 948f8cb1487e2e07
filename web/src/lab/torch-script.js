// "Run it bigger": the training lab's experiment as one standalone PyTorch script. The Python lives in three
// real Python files beside this one (the header, the engine's generator and the tasks; the model; training and
// main), which Vite imports as text; torchScript joins them in that order and substitutes two things, the JSON
// of the configuration between `CONFIG_JSON = r"""` and `"""`, and the list of seeds on the line `SEEDS = [...]`
// (the seeds the page raced; the script trains one run from each). Lint the joined script rather than the parts
// (the later parts use names the earlier ones define). Everything but the `?raw` imports is pure, so Node's
// tests call scriptFromParts with the files read from disk.
import { FIXED_MASK, LAB_DEFAULTS, MIN_LENGTH } from './defaults.js';
import model from './torch-model.py?raw';
import template from './torch-template.py?raw';
import training from './torch-train.py?raw';

export { LAB_DEFAULTS };

/**
 * Every field of a lab configuration, filled.
 * @typedef {{ task: 'previous' | 'reverse' | 'first' | 'subject' | 'majority',
 *   scheme: 'none' | 'sinusoidal' | 'learned' | 'rope' | 'alibi' | 't5',
 *   ropeConvention: 'interleaved' | 'half', base: number, dModel: number, nHeads: number, nLayers: number,
 *   length: number, batch: number, causal: boolean, scaleEmbedding: boolean, lr: number, warmup: number,
 *   steps: number, weightDecay: number, clip: number, seed: number, randomizedPositions: number,
 *   extension: string, extensionFactor: number, originalLength: number }} FullLabConfig
 */

const TASKS = Object.keys(MIN_LENGTH);
const SCHEMES = ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'];
/** The evaluation cap: the longest sequence, and the widest range of randomized positions. */
const MAX_POSITIONS = 128;
const CAUSAL_BY_DEFAULT = new Set(['previous', 'first']);

const CONFIG_BLOCK = /^CONFIG_JSON = r"""\n([\s\S]*?)\n"""$/m;
const SEEDS_LINE = /^SEEDS = (\[.*\])$/m;

/** What a field may hold: kind, and the engine's inclusive range for numbers. */
const FIELDS = {
  task: { kind: 'choice', values: TASKS },
  scheme: { kind: 'choice', values: SCHEMES },
  ropeConvention: { kind: 'choice', values: ['interleaved', 'half'] },
  base: { kind: 'number', min: 10, max: 1e6 },
  dModel: { kind: 'even', min: 8, max: 256 },
  nHeads: { kind: 'integer', min: 1, max: 8 },
  nLayers: { kind: 'integer', min: 1, max: 4 },
  length: { kind: 'integer', min: 2, max: 32 },
  batch: { kind: 'integer', min: 1, max: 256 },
  causal: { kind: 'boolean' },
  scaleEmbedding: { kind: 'boolean' },
  lr: { kind: 'number', min: 1e-5, max: 1 },
  warmup: { kind: 'integer', min: 0, max: 100000 },
  steps: { kind: 'integer', min: 1, max: 100000 },
  weightDecay: { kind: 'number', min: 0, max: 1 },
  clip: { kind: 'number', min: 0, max: 100 },
  seed: { kind: 'integer', min: 0, max: 4294967295 },
  randomizedPositions: { kind: 'integer', min: 0, max: MAX_POSITIONS },
  extension: { kind: 'choice', values: ['none', 'interpolation', 'ntk', 'dynamic', 'yarn', 'llama3'] },
  extensionFactor: { kind: 'number', min: 1, max: 64 },
  originalLength: { kind: 'integer', min: 0, max: 32 },
};

function fail(field, allowed, value) {
  const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
  throw new Error(`torchScript: config.${field} must be ${allowed}; received ${shown}.`);
}

/** Throws unless value fits the field's kind and range. */
function checkField(field, value) {
  const spec = FIELDS[field];
  if (spec.kind === 'choice') {
    if (!spec.values.includes(value)) fail(field, `one of ${spec.values.join(', ')}`, value);
    return;
  }
  if (spec.kind === 'boolean') {
    if (typeof value !== 'boolean') fail(field, 'true or false', value);
    return;
  }
  const range = `from ${spec.min} to ${spec.max}`;
  const whole = spec.kind !== 'number';
  const allowed = whole
    ? `${spec.kind === 'even' ? 'an even integer' : 'an integer'} ${range}`
    : `a number ${range}`;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= spec.min &&
    value <= spec.max &&
    (!whole || Number.isInteger(value)) &&
    (spec.kind !== 'even' || value % 2 === 0);
  if (!ok) fail(field, allowed, value);
}

/**
 * The full configuration as the engine fills it (`lab.config`): every field, defaults for those missing, the
 * task's mask when `causal` is not given, and a warm-up of 50 steps or the whole schedule when that is
 * shorter. Throws an Error naming the field for an unknown field, a value of the wrong type or out of the
 * engine's range, or fields that do not fit together. The engine's cap on a step's activation memory is not
 * checked: PyTorch has no such cap.
 * @param {Record<string, unknown> | undefined} config a LabConfig, or undefined for every default
 * @returns {FullLabConfig}
 */
export function labConfig(config = {}) {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new Error(
      `torchScript: config must be an object of the lab's fields, or undefined; received ${config}.`,
    );
  }
  for (const key of Object.keys(config)) {
    if (!Object.hasOwn(FIELDS, key)) {
      throw new Error(
        `torchScript: config.${key} is not a field of the lab's configuration (${Object.keys(FIELDS).join(', ')}).`,
      );
    }
  }
  const given = Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
  const task = given.task ?? LAB_DEFAULTS.task;
  const steps = given.steps ?? LAB_DEFAULTS.steps;
  const full = {
    ...LAB_DEFAULTS,
    causal: CAUSAL_BY_DEFAULT.has(String(task)),
    warmup: typeof steps === 'number' ? Math.min(LAB_DEFAULTS.warmup, steps) : LAB_DEFAULTS.warmup,
    ...given,
  };
  for (const field of Object.keys(FIELDS)) checkField(field, full[field]);
  const c = /** @type {FullLabConfig} */ (full);
  if (c.dModel % c.nHeads !== 0) fail('nHeads', `a divisor of dModel (${c.dModel})`, c.nHeads);
  if (c.scheme === 'rope' && (c.dModel / c.nHeads) % 2 !== 0) {
    fail('nHeads', `a divisor of dModel (${c.dModel}) that leaves an even head size for rope`, c.nHeads);
  }
  if (c.length < MIN_LENGTH[c.task])
    fail('length', `an integer from ${MIN_LENGTH[c.task]} to 32 for the task "${c.task}"`, c.length);
  const mask = FIXED_MASK[String(c.task)];
  if (mask !== undefined && c.causal !== mask) fail('causal', `${mask} for the task "${c.task}"`, c.causal);
  if (c.warmup > c.steps) fail('warmup', `an integer from 0 to steps (${c.steps})`, c.warmup);
  checkRandomizedPositions(c);
  checkNotExtended(c);
  // In the order of the contract's table, whatever order the caller's object had.
  return /** @type {FullLabConfig} */ (
    Object.fromEntries(Object.keys(FIELDS).map((field) => [field, c[field]]))
  );
}

/** Throws unless randomizedPositions is 0, or from the length to the cap with a scheme that has positions. */
function checkRandomizedPositions({ randomizedPositions: L, length, scheme }) {
  if (L !== 0 && L < length) {
    fail('randomizedPositions', `0 (off) or an integer from length (${length}) to ${MAX_POSITIONS}`, L);
  }
  if (L !== 0 && scheme === 'none') {
    fail(
      'randomizedPositions',
      `0 for the scheme "none", which has no positions to randomize (any other scheme takes 0 or an integer from length to ${MAX_POSITIONS})`,
      L,
    );
  }
}

/** Throws for a run fine-tuned by Lab.extend: the script trains from the start and has no fine-tune. */
function checkNotExtended({ extension, originalLength }) {
  if (extension === 'none' && originalLength === 0) return;
  throw new Error(
    'torchScript: the run was fine-tuned at a longer length (Lab.extend: extension ' +
      `${JSON.stringify(extension)}, originalLength ${originalLength}); the PyTorch script trains a run ` +
      'from its start and does not reproduce the fine-tune. Export the run before extending it.',
  );
}

/**
 * The seeds a script trains from: `seeds` when given (a non-empty list of the engine's seeds), else the
 * configuration's own seed alone.
 * @param {unknown} seeds
 * @param {FullLabConfig} full
 * @returns {number[]}
 */
function seedList(seeds, full) {
  if (seeds === undefined) return [full.seed];
  const valid = (s) => Number.isInteger(s) && s >= 0 && s <= FIELDS.seed.max;
  if (!Array.isArray(seeds) || seeds.length === 0 || !seeds.every(valid)) {
    const shown = Array.isArray(seeds) ? `[${seeds.join(', ')}]` : String(seeds);
    throw new Error(
      `torchScript: options.seeds must be a non-empty list of integers from 0 to ${FIELDS.seed.max}; ` +
        `received ${shown}.`,
    );
  }
  return seeds;
}

/** Exactly one match of `pattern` in the template's first part, or an Error naming what is missing. */
function one(head, pattern, what) {
  const count = (head.match(new RegExp(pattern.source, 'gm')) ?? []).length;
  if (count !== 1) throw new Error(`torchScript: the template holds ${count} ${what}, not 1.`);
}

/**
 * The script from its Python parts, in order, with the configuration's JSON in the first part's CONFIG block and
 * the seeds on its SEEDS line.
 * @param {string[]} parts the text of torch-template.py, torch-model.py and torch-train.py
 * @param {Record<string, unknown> | undefined} config a LabConfig (see labConfig)
 * @param {{ seeds?: number[] }} [options] the seeds to train from, one run each (default: the config's seed)
 */
export function scriptFromParts(parts, config, { seeds } = {}) {
  const full = labConfig(config);
  const list = seedList(seeds, full);
  const [head, ...rest] = parts;
  one(head, CONFIG_BLOCK, 'CONFIG_JSON blocks');
  one(head, SEEDS_LINE, 'SEEDS lines');
  // JSON's strings, numbers and booleans here hold no backslash or quote run that could end the raw string.
  const filled = head
    .replace(CONFIG_BLOCK, () => `CONFIG_JSON = r"""\n${JSON.stringify(full, null, 2)}\n"""`)
    .replace(SEEDS_LINE, () => `SEEDS = ${JSON.stringify(list).replaceAll(',', ', ')}`);
  return [filled, ...rest].map((part) => part.trimEnd() + '\n').join('\n\n');
}

/** The seeds a script trains from (its SEEDS line). */
export function scriptSeeds(script) {
  const match = SEEDS_LINE.exec(script);
  if (!match) throw new Error('scriptSeeds: the text holds no SEEDS line.');
  return JSON.parse(match[1]);
}

/** The configuration a script holds (the JSON of its CONFIG block). */
export function scriptConfig(script) {
  const match = CONFIG_BLOCK.exec(script);
  if (!match) throw new Error('scriptConfig: the text holds no CONFIG_JSON block.');
  return JSON.parse(match[1]);
}

/**
 * The text of a standalone Python file that trains the lab's experiment in PyTorch: the same initial weights
 * and training batches as the engine for the same seed, on cuda or cpu, single process or under torchrun.
 * @param {Record<string, unknown>} [config] a LabConfig; missing fields take the engine's defaults
 * @param {{ seeds?: number[] }} [options] the seeds to train one run from each (default: the config's seed)
 * @returns {string}
 */
export function torchScript(config, options) {
  return scriptFromParts([template, model, training], config, options);
}

/** A file name for the download. */
export const TORCH_SCRIPT_NAME = 'pe_lab.py';
