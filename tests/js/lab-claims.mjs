// The article's statements from lab runs, each as the configuration the page trains for it (the lab's own
// parameters: params.js's defaults, what the article's preset link sets, configOf and SIZES) and a predicate on
// one seed's runs. Shared by tests/js/claims.test.mjs (every claim must hold for at least 9 seeds of 1..10) and
// bench/lab-claims.mjs (the sweep that chose the page's defaults; docs/lab-claims.md has both tables). The
// words ("works", "chance") are web/src/lab/verdict.js's, never thresholds of this file's own.
//
// Importing the page's parameter module in Node needs the CSS hook of tests/unit/raw-hooks.mjs, registered by
// whoever imports this file, before importing it.
import { readFileSync } from 'node:fs';
import { defaultsOf, readQuery } from '../../web/src/core/params.js';
import { configOf, DEFAULT_SCHEMES, PARAMS, SAMPLES, schemesOf } from '../../web/src/figures/lab/params.js';
import { LEARNED_RUN } from '../../web/src/figures/learned-run.js';
import { EXTENSION_DEFAULTS, runExtension } from '../../web/src/lab/extension-run.js';
import { judge, PRESETS } from '../../web/src/lab/papers.js';
import { runConfig } from '../../web/src/lab/race.js';
import { chanceOf, wordFor } from '../../web/src/lab/verdict.js';
import { tablePattern } from './table-pattern.mjs';

/** The seeds every claim is checked on, and how many of them it must hold for. */
export const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
export const MUST_HOLD = 9;

/** The lab's parameters as a reader gets them: the defaults, then what a query string sets (as the page reads it). */
export function paramsOf(query = '') {
  const { options } = readQuery(new URLSearchParams(query), PARAMS);
  return { ...defaultsOf(PARAMS), ...options };
}

/**
 * The lab settings of the preset link in a section whose text contains `text` (the article's in-text presets,
 * `<a class="lab-preset" data-preset="task=previous&amp;...">`, which set the lab on the page).
 */
export function presetQuery(section, text) {
  const html = readFileSync(new URL(`../../web/sections/${section}.html`, import.meta.url), 'utf8');
  for (const match of html.matchAll(/<a\s[^>]*data-preset="([^"]*)"[^>]*>([\s\S]*?)<\/a/g)) {
    if (match[2].replace(/\s+/g, ' ').includes(text)) return match[1].replaceAll('&amp;', '&');
  }
  throw new Error(`No link "${text}" into the lab in web/sections/${section}.html.`);
}

/**
 * Trains one run of the lab to the end of its schedule, as the page does, and measures what the claims read:
 * held-out accuracy by length (the page's 128 samples), the peak offset of every head at the example length `at`
 * (the inspection panel's, which defaults to 8 whatever T is), and the position table.
 * @param {any} labModule the engine's lab module
 * @param {Record<string, unknown>} config the engine's configuration, scheme included
 * @param {{ at?: number, peaks?: boolean, table?: boolean, lengths?: number[] }} [want]
 */
export function trainRun(labModule, config, want = {}) {
  const lab = new labModule.Lab(config);
  try {
    const started = performance.now();
    const { accuracy: batches } = lab.train(Number(config.steps));
    const trained = performance.now();
    // Only the lengths a claim reads, when it says which: each length's accuracy is the same whatever else is
    // evaluated (its sequences depend on the length alone), so this is the page's number at less cost.
    const e = lab.evaluate(want.lengths ? { samples: SAMPLES, lengths: want.lengths } : { samples: SAMPLES });
    const evaluated = performance.now();
    const run = {
      lengths: Array.from(e.lengths),
      accuracy: Array.from(e.accuracy),
      lastBatch: batches[batches.length - 1],
      ms: { train: trained - started, evaluate: evaluated - trained },
      peaks: null,
      table: null,
    };
    if (want.peaks) {
      const at = want.at ?? Number(config.length);
      // peaks[layer][head]
      run.peaks = [];
      for (let layer = 0; layer < lab.config.nLayers; layer += 1) {
        run.peaks.push([]);
        for (let head = 0; head < lab.config.nHeads; head += 1) {
          const o = lab.offsetScores(layer, head, at);
          // The page's rule (inspect.js): the first offset with the highest mean score.
          const mean = Array.from(o.mean);
          run.peaks[layer].push(o.offsets[mean.indexOf(Math.max(...mean))]);
        }
      }
    }
    if (want.table) run.table = lab.positionTable();
    return run;
  } finally {
    lab.delete();
  }
}

/** The held-out accuracy of a run at length n (lengths are read, never assumed: the engine chooses the grid). */
export function accuracyAt(run, n) {
  const i = run.lengths.indexOf(n);
  if (i < 0)
    throw new Error(`No held-out accuracy at length ${n}; lengths evaluated: ${run.lengths.join(', ')}.`);
  return run.accuracy[i];
}

/** verdict.js's word for a run at length n. */
export const wordAt = (run, task, n) => wordFor(accuracyAt(run, n), task, SAMPLES);

const pct = (x) => `${(100 * x).toFixed(1)}%`;

/**
 * An experiment: the lab's parameters (before the seed) and which schemes it trains, with what to measure.
 * @typedef {{ params: Record<string, any>, schemes: string[], peaks?: boolean, table?: boolean,
 *   grid?: boolean }} Experiment `grid`: evaluated at the engine's grid of lengths, not only T, 2T and 4T
 */

/** The experiments the claims read, by name, from the page's own parameters. */
export function experiments() {
  const race = paramsOf();
  const rotation = paramsOf(presetQuery('rotation', 'set up the lab for this question'));
  const extension = paramsOf(presetQuery('extension', 'train the five schemes at length 8'));
  return {
    race: { params: race, schemes: schemesOf(race.schemes) },
    rotation: { params: rotation, schemes: schemesOfParams(rotation), peaks: true },
    // rotation.html: "with the small model": the preset at the lab's default size.
    rotationSmall: { params: { ...rotation, size: paramsOf().size }, schemes: ['rope'], grid: true },
    // lab.html: "Choose the task copy the previous token and the medium model, train RoPE".
    labPrevious: {
      params: paramsOf('task=previous&schemes=rope&size=medium'),
      schemes: ['rope'],
      peaks: true,
    },
    // lab.html's last paragraph: the default race at the tiny size (ALiBi), and ALiBi at medium and large.
    raceTiny: { params: paramsOf('size=tiny'), schemes: ['alibi'] },
    raceLargerAlibi: {
      params: race,
      schemes: ['medium', 'large'],
      configOf: (params, size, seed) => ({ ...configOf({ ...params, size, seed }), scheme: 'alibi' }),
    },
    // Its claim is what the preset trains and where it evaluates: one run (RoPE's, the rotation preset's same
    // configuration) shows the lengths; the schemes are the preset's parameters.
    extension: { params: extension, schemes: ['rope'], peaks: true, grid: true },
    learned: { params: { ...LEARNED_RUN }, schemes: ['learned'], table: true },
    // The papers presets (web/src/lab/papers.js): the schemes each one's rule reads, as its link sets the lab.
    ...Object.fromEntries(
      Object.values(PRESETS).map((p) => [`papers-${p.id}`, { params: paramsOf(p.query), schemes: p.reads }]),
    ),
    // extension.html: "run the extension experiment": RoPE at the link's settings, every method at test time
    // and the fine-tunes at 2T (web/src/lab/extension-run.js), as the page's panel runs them.
    extensionRun: {
      params: paramsOf(presetQuery('extension', 'run the extension experiment')),
      schemes: ['rope'],
      extension: true,
    },
  };
}

const schemesOfParams = (p) =>
  String(p.schemes)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The engine's configuration of one scheme of an experiment for one seed (or an experiment's own variant). */
export const configFor = (experiment, scheme, seed) =>
  experiment.configOf?.(experiment.params, scheme, seed) ??
  runConfig(configOf({ ...experiment.params, seed }), scheme, seed);

/**
 * The claims: where the article makes each, which experiment it reads, and its predicate on one seed's runs
 * (runs by scheme), returning whether it holds and the numbers it read.
 * A claim with its own `seeds` is about those seeds (an example the text names) and must hold for all of them;
 * one with `exactly` counts seeds and must count right.
 * @type {{ id: string, where: string, claim: string, experiment: string, seeds?: number[], exactly?: number,
 *   check: (runs: Record<string, any>, params: Record<string, any>) => { holds: boolean, numbers: string } }[]}
 */
export const CLAIMS = [
  {
    id: 'race-none-chance',
    where: 'lab.html, the results sentences (words from the run) and Going deeper: seeds (the default run)',
    claim: 'the model without positions scores "a coin flip between the two nouns" at the training length',
    experiment: 'race',
    check: (runs, { task, length }) => {
      const word = wordAt(runs.none, task, length);
      return { holds: word === 'chance', numbers: `none ${pct(accuracyAt(runs.none, length))} (${word})` };
    },
  },
  {
    id: 'race-others-learn',
    where: 'lab.html, the results sentences (words from the run) and Going deeper: seeds (the default run)',
    claim: '"The others learned the task": sinusoidal, learned, RoPE and ALiBi work at the training length',
    experiment: 'race',
    check: (runs, { task, length }) =>
      everyWord(runs, ['sinusoidal', 'learned', 'rope', 'alibi'], task, length, 'works'),
  },
  {
    id: 'race-relative-hold',
    where: 'lab.html, Going deeper: seeds (the default run); scorecard.html (ALiBi "Yes (lab)")',
    claim: 'at twice the length RoPE and ALiBi "still work"',
    experiment: 'race',
    check: (runs, { task, length }) => everyWord(runs, ['rope', 'alibi'], task, 2 * length, 'works'),
  },
  {
    id: 'race-absolute-fall',
    where:
      'lab.html, Going deeper: seeds (the default run); scorecard.html (sinusoidal "Poorly in practice (lab)")',
    claim:
      'at twice the length sinusoidal and learned "are back at the coin flip" of the model without positions',
    experiment: 'race',
    check: (runs, { task, length }) =>
      everyWord(runs, ['sinusoidal', 'learned', 'none'], task, 2 * length, 'chance'),
  },
  {
    id: 'race-far',
    where: 'lab.html, Going deeper: seeds (the default run); alibi.html and scorecard.html (ALiBi at 4T)',
    claim:
      'at four times the length RoPE and ALiBi lose accuracy: each at least 5 points below its accuracy at ' +
      'twice the length (and at most 40), and at least one of them no longer works',
    experiment: 'race',
    check: (runs, { task, length }) => {
      const drops = ['rope', 'alibi'].map(
        (s) => accuracyAt(runs[s], 2 * length) - accuracyAt(runs[s], 4 * length),
      );
      const words = ['rope', 'alibi'].map((s) => wordAt(runs[s], task, 4 * length));
      return {
        holds: drops.every((x) => x >= 0.05 && x <= 0.4) && words.some((w) => w !== 'works'),
        numbers: ['rope', 'alibi']
          .map(
            (s, i) =>
              `${s} ${pct(accuracyAt(runs[s], 2 * length))} -> ${pct(accuracyAt(runs[s], 4 * length))} ` +
              `(${words[i]}; -${(100 * drops[i]).toFixed(1)})`,
          )
          .join(', '),
      };
    },
  },
  {
    id: 'size-tiny-alibi',
    where: 'lab.html, Going deeper: seeds',
    claim: 'at this learning rate ALiBi never works at the tiny size',
    experiment: 'raceTiny',
    check: (runs, { task, length }) => {
      const word = wordAt(runs.alibi, task, length);
      return { holds: word !== 'works', numbers: `alibi ${pct(accuracyAt(runs.alibi, length))} (${word})` };
    },
  },
  {
    id: 'size-medium-large-alibi',
    where: 'lab.html, Going deeper: seeds',
    claim: 'at the medium and large sizes ALiBi stays at chance for some seeds: seed 1 at both',
    experiment: 'raceLargerAlibi',
    seeds: [1],
    check: (runs, { task, length }) => {
      const words = ['medium', 'large'].map((size) => wordAt(runs[size], task, length));
      return {
        holds: words.every((w) => w === 'chance'),
        numbers: ['medium', 'large']
          .map((size, i) => `alibi ${size} ${pct(accuracyAt(runs[size], length))} (${words[i]})`)
          .join(', '),
      };
    },
  },
  {
    id: 'rotation-at-T',
    where: 'rotation.html, "set up the lab for this question" and its Going deeper block',
    claim: 'sinusoidal and RoPE "both get every token right at the training length"',
    experiment: 'rotation',
    check: (runs, { length }) => exactly(runs, ['sinusoidal', 'rope'], length, 1),
  },
  {
    id: 'rotation-sinusoidal-peaks',
    where: 'rotation.html',
    claim: '"every head of the sinusoidal model\'s second block puts its highest mean score at offset 1"',
    experiment: 'rotation',
    check: (runs) => {
      const peaks = runs.sinusoidal.peaks;
      return {
        holds: peaks[1].every((p) => p === 1),
        numbers: `peaks by block ${peaks.map((b) => b.join(',')).join(' | ')}`,
      };
    },
  },
  {
    id: 'rotation-sinusoidal-2T',
    where: 'rotation.html',
    claim: 'at twice the length "the sinusoidal model copies the right token less than 60% of the time"',
    experiment: 'rotation',
    check: (runs, { length }) => {
      const a = accuracyAt(runs.sinusoidal, 2 * length);
      return { holds: a < 0.6, numbers: `sinusoidal ${pct(a)}` };
    },
  },
  {
    id: 'rotation-rope-2T',
    where: 'rotation.html',
    claim: 'at twice the length "the RoPE model still gets more than 99% of them"',
    experiment: 'rotation',
    check: (runs, { length }) => {
      const a = accuracyAt(runs.rope, 2 * length);
      return { holds: a > 0.99, numbers: `rope ${pct(a)}` };
    },
  },
  {
    id: 'rotation-small-rope-2T',
    where: 'rotation.html',
    claim:
      '"with the small model, RoPE kept every token right at twice the length for only 3 of those seeds"',
    experiment: 'rotationSmall',
    // A statement about the ten seeds together: exactly 3 of them.
    exactly: 3,
    check: (runs, { length }) => exactly(runs, ['rope'], 2 * length, 1),
  },
  {
    id: 'lab-rope-peaks',
    where: 'lab.html, Going deeper: inside the trained models',
    claim:
      '"Choose the task copy the previous token and the medium model, train RoPE, and most of its heads peak ' +
      'at offset 1"',
    experiment: 'labPrevious',
    check: (runs) => {
      const all = runs.rope.peaks.flat();
      const at1 = all.filter((p) => p === 1).length;
      return {
        holds: at1 > all.length / 2,
        numbers: `${at1} of ${all.length} heads at 1; by block ${runs.rope.peaks.map((b) => b.join(',')).join(' | ')}`,
      };
    },
  },
  {
    id: 'extension-preset',
    where: 'extension.html, "train the five schemes at length 8"',
    claim: 'the preset trains all five schemes at length 8 and evaluates them up to length 32',
    experiment: 'extension',
    // What the preset trains and where it evaluates, not what the runs learn: one seed shows it.
    seeds: [1],
    check: (runs, params) => {
      const schemes = schemesOfParams(params);
      const far = Math.max(...runs.rope.lengths);
      return {
        holds: params.length === 8 && far === 32 && DEFAULT_SCHEMES.every((s) => schemes.includes(s)),
        numbers: `length ${params.length}, evaluated up to ${far}, schemes ${schemes.join(',')}`,
      };
    },
  },
  {
    id: 'extension-none-4T',
    where: 'extension.html, "run the extension experiment"',
    claim: 'run as trained, RoPE no longer works at four times the training length',
    experiment: 'extensionRun',
    check: (runs, { task }) =>
      extensionWords(runs.rope, task, [['testTime', 'none', 4]], (w) => w !== 'works'),
  },
  {
    id: 'extension-test-time-4T',
    where: 'extension.html, "run the extension experiment"',
    claim: 'interpolation and YaRN, applied at test time with no training, work at four times the length',
    experiment: 'extensionRun',
    check: (runs, { task }) =>
      extensionWords(
        runs.rope,
        task,
        [
          ['testTime', 'interpolation', 4],
          ['testTime', 'yarn', 4],
        ],
        (w) => w === 'works',
      ),
  },
  {
    id: 'extension-tuned',
    where: 'extension.html, "run the extension experiment"',
    claim:
      'after the short fine-tune at twice the length, with positions interpolated or without, RoPE works at ' +
      'the training length, twice and four times it',
    experiment: 'extensionRun',
    check: (runs, { task }) =>
      extensionWords(
        runs.rope,
        task,
        ['interpolation', 'none'].flatMap((m) => [1, 2, 4].map((k) => ['tuned', m, k])),
        (w) => w === 'works',
      ),
  },
  {
    id: 'learned-pattern',
    where: 'learned.html, 3rd paragraph',
    claim:
      "the trained table's neighbouring rows point apart and rows two positions apart alike (mean cosine of " +
      'rows 1 apart below 0, of rows 2 apart above 0)',
    experiment: 'learned',
    check: (runs, { length, size }) => {
      const d = configOf({ ...LEARNED_RUN, size }).dModel;
      const [one, two] = [1, 2].map((k) => meanCosine(runs.learned.table, length, d, k));
      const { flipping, drifting } = tablePattern(runs.learned.table, length, d);
      return {
        holds: one < 0 && two > 0,
        numbers:
          `cosine 1 apart ${one.toFixed(2)}, 2 apart ${two.toFixed(2)}; ${flipping} columns flipping, ` +
          `${drifting} drifting; last batch ${pct(runs.learned.lastBatch)}`,
      };
    },
  },
  // Each papers preset's statement (agrees or disagrees with the paper) is the one the page shows for one seed.
  ...Object.values(PRESETS).map((preset) => ({
    id: `papers-${preset.id}`,
    where: `lab papers preset "${preset.id}" (web/src/lab/papers.js)`,
    claim: `${preset.paper.cite}, ${preset.label}: the run ${preset.expected} (${preset.rule})`,
    experiment: `papers-${preset.id}`,
    check: (runs, { length }) => {
      const at = (scheme, n) => (runs[scheme] ? accuracyAt(runs[scheme], n) : undefined);
      const statement = judge(preset, at, length);
      return { holds: statement?.verdict === preset.expected, numbers: statement?.sentence ?? 'undecided' };
    },
  })),
];

/** The mean cosine similarity of the rows k apart in a T x d table. */
export function meanCosine(table, T, d, k) {
  let sum = 0;
  for (let p = 0; p + k < T; p += 1) {
    let [ab, aa, bb] = [0, 0, 0];
    for (let j = 0; j < d; j += 1) {
      ab += table[p * d + j] * table[(p + k) * d + j];
      aa += table[p * d + j] ** 2;
      bb += table[(p + k) * d + j] ** 2;
    }
    sum += ab / Math.sqrt(aa * bb);
  }
  return sum / (T - k);
}

/** verdict.js's word for each [kind, method, multiple of T] of an extension run, all held to `ok`. */
function extensionWords(run, task, cells, ok) {
  const read = cells.map(([kind, method, k]) => {
    const accuracy = run[kind][method][run.lengths.indexOf(k * run.lengths[0])];
    return { label: `${kind} ${method} ${k}T`, accuracy, word: wordFor(accuracy, task, SAMPLES) };
  });
  return {
    holds: read.every((r) => ok(r.word)),
    numbers: read.map((r) => `${r.label} ${pct(r.accuracy)} (${r.word})`).join(', '),
  };
}

function everyWord(runs, schemes, task, n, wanted) {
  const words = schemes.map((s) => wordAt(runs[s], task, n));
  const ok = (w) => (wanted === 'chance' ? w === 'chance' || w === 'below chance' : w === wanted);
  return {
    holds: words.every(ok),
    numbers: schemes.map((s, i) => `${s} ${pct(accuracyAt(runs[s], n))} (${words[i]})`).join(', '),
  };
}

function exactly(runs, schemes, n, value) {
  const values = schemes.map((s) => accuracyAt(runs[s], n));
  return {
    holds: values.every((v) => v === value),
    numbers: schemes.map((s, i) => `${s} ${pct(values[i])}`).join(', '),
  };
}

/** Chance on a task as verdict.js has it (for the tables' notes). */
export const chance = (task) => chanceOf(task);

/**
 * Runs every experiment the claims read for every seed (identical configurations trained once) and checks
 * each claim. Returns per claim: { id, holds: count, seeds: [{ seed, holds, numbers }] }, and the cost.
 * @param {any} labModule
 * @param {{ seeds?: number[], only?: string[], overrides?: Record<string, unknown>,
 *   onRun?: (label: string, run: any) => void }} [options] `overrides` change every experiment's parameters
 */
export function checkClaims(labModule, { seeds = SEEDS, only, onRun, overrides = {} } = {}) {
  const all = Object.fromEntries(
    Object.entries(experiments()).map(([name, e]) => [name, { ...e, params: { ...e.params, ...overrides } }]),
  );
  const claims = CLAIMS.filter((c) => !only || only.includes(c.id));
  const cache = new Map();
  const ms = { train: 0, evaluate: 0, runs: 0 };
  const runsOf = (experiment, seed) => {
    const runs = {};
    for (const scheme of experiment.schemes) {
      const config = configFor(experiment, scheme, seed);
      // Claims read T, 2T and 4T; an experiment whose claim reads the engine's grid itself says `grid`.
      const T = Number(experiment.params.length);
      const lengths = experiment.grid ? undefined : [T, 2 * T, 4 * T];
      const { peaks, table } = experiment;
      const key = JSON.stringify({ config, peaks, table, lengths, extension: experiment.extension });
      if (!cache.has(key)) {
        const run = experiment.extension
          ? runExtension(labModule, config, { samples: SAMPLES, tuneSteps: EXTENSION_DEFAULTS.tune })
          : trainRun(labModule, config, { ...experiment, at: experiment.params.at, lengths });
        ms.train += run.ms.train;
        ms.evaluate += run.ms.evaluate;
        ms.runs += 1;
        onRun?.(`${scheme} seed ${seed}`, run);
        cache.set(key, run);
      }
      runs[scheme] = cache.get(key);
    }
    return runs;
  };
  const results = claims.map((claim) => {
    const experiment = all[claim.experiment];
    const own = claim.seeds ?? seeds;
    const perSeed = own.map((seed) => ({
      seed,
      ...claim.check(runsOf(experiment, seed), experiment.params),
    }));
    const holds = perSeed.filter((s) => s.holds).length;
    // Most claims are about any one seed (at least MUST_HOLD of the ten); one about named seeds must hold for
    // each; one that counts seeds ("only 3 of those seeds") must count right.
    const needed = claim.exactly ?? (claim.seeds ? own.length : MUST_HOLD);
    const ok = claim.exactly === undefined ? holds >= needed : holds === claim.exactly;
    return { ...claim, holds, needed, ok, seeds: perSeed };
  });
  return { results, ms };
}
