// The lab's context-extension experiment for one seed (docs/lab-model.md, "Fine-tuning at a longer length"):
// RoPE trained at T, then evaluated at T, 2T and 4T with each context-extension method applied at test time,
// and again after a short fine-tune at 2T with the tables scaled by a method (Chen et al. 2023's recipe in
// miniature). Pure but for the engine: a worker runs it for the page, Node for the claims test and the sweep.
import { verdictOf } from './verdict.js';

/** The methods applied at test time, in the order the page lists them. */
export const TEST_METHODS = ['none', 'interpolation', 'ntk', 'dynamic', 'yarn'];
/** The methods fine-tuned with: `none` is Chen et al.'s "direct fine-tuning", the baseline. */
export const TUNE_METHODS = ['interpolation', 'none'];
/**
 * The experiment's setup, chosen by a sweep across seeds 1..10 (bench/lab-extension.mjs; docs/lab-claims.md):
 * the lab's parameters (task, training length, size, learning rate, steps, batch) and the fine-tune's steps.
 */
export const EXTENSION_DEFAULTS = Object.freeze({
  task: 'subject',
  length: 8,
  size: 'small',
  lr: 0.01,
  steps: 300,
  batch: 32,
  tune: 100,
});

/** The lengths the experiment reads, as multiples of the training length. */
export const MULTIPLES = [1, 2, 4];

/**
 * The length factor a test-time method runs with at length n for a model trained at T: s = n / T (at least 1),
 * the factor that fits the length (dynamic NTK, configured with it, keeps the trained base up to T).
 * @param {number} n
 * @param {number} T
 */
export const factorAt = (n, T) => Math.max(1, n / T);

/**
 * Trains one run and measures it (the engine's Lab in `labModule`). Accuracy on `samples` held-out sequences per
 * length. The fine-tunes start from the same trained state (exportState / importState), each for `tuneSteps`
 * steps at 2T with its method's tables scaled by 2 (Lab.extend), keeping AdamW's moments and the schedule.
 * @param {any} labModule
 * @param {Record<string, unknown>} config the engine's configuration, scheme `rope`
 * @param {{ samples: number, tuneSteps: number, testMethods?: string[], tuneMethods?: string[] }} options
 * @returns {{ lengths: number[], testTime: Record<string, number[]>, tuned: Record<string, number[]>,
 *   ms: { train: number, evaluate: number } }} accuracies in the order of `lengths`
 */
export function runExtension(
  labModule,
  config,
  { samples, tuneSteps, testMethods = TEST_METHODS, tuneMethods = TUNE_METHODS },
) {
  const T = Number(config.length);
  const lengths = MULTIPLES.map((k) => k * T);
  const ms = { train: 0, evaluate: 0 };
  const timed = (what, f) => {
    const started = performance.now();
    const out = f();
    ms[what] += performance.now() - started;
    return out;
  };
  const at = (lab, n, extension) =>
    timed('evaluate', () => lab.evaluate({ samples, lengths: [n], ...(extension && { extension }) }))
      .accuracy[0];
  const lab = new labModule.Lab(config);
  const tuned = new labModule.Lab(config);
  try {
    timed('train', () => lab.train(Number(config.steps)));
    const testTime = Object.fromEntries(
      testMethods.map((method) => [
        method,
        lengths.map((n) => at(lab, n, { method, factor: factorAt(n, T) })),
      ]),
    );
    const trained = lab.exportState();
    /** @type {Record<string, number[]>} */
    const after = {};
    for (const method of tuneMethods) {
      tuned.importState(trained);
      tuned.extend({ method, length: 2 * T });
      timed('train', () => tuned.train(tuneSteps));
      // The fine-tuned run as it now is: its own tables (the method at factor 2) at every length.
      after[method] = Array.from(timed('evaluate', () => tuned.evaluate({ samples, lengths })).accuracy);
    }
    return { lengths, testTime, tuned: after, ms };
  } finally {
    lab.delete();
    tuned.delete();
  }
}

/** The experiment's lines: each test-time method, then each fine-tune, with how the page names them. */
export const EXTENSION_LINES = Object.freeze([
  { id: 'test-none', kind: 'testTime', method: 'none', label: 'as trained, no method' },
  { id: 'test-interpolation', kind: 'testTime', method: 'interpolation', label: 'interpolation' },
  { id: 'test-ntk', kind: 'testTime', method: 'ntk', label: 'NTK-aware' },
  { id: 'test-dynamic', kind: 'testTime', method: 'dynamic', label: 'dynamic NTK' },
  { id: 'test-yarn', kind: 'testTime', method: 'yarn', label: 'YaRN' },
  {
    id: 'tuned-interpolation',
    kind: 'tuned',
    method: 'interpolation',
    label: 'fine-tuned at 2T, interpolation',
  },
  { id: 'tuned-none', kind: 'tuned', method: 'none', label: 'fine-tuned at 2T, no scaling' },
]);

/**
 * The accuracies of one line of one seed's result, in the order of its lengths.
 * @param {ReturnType<typeof runExtension>} result
 * @param {{ kind: string, method: string }} line
 */
export const lineOf = (result, line) =>
  line.kind === 'testTime' ? result.testTime[line.method] : result.tuned[line.method];

/**
 * Every line at every length across seeds, in verdict.js's words (verdictOf: "works" when every seed reaches
 * 90%, "mixed" when some do): [{ line, cells: [{ length, word, working, seeds, median, min, max }] }].
 * @param {ReturnType<typeof runExtension>[]} results one per seed
 * @param {string} task
 * @param {number} samples held-out sequences per length
 */
export function extensionVerdicts(results, task, samples) {
  return EXTENSION_LINES.map((line) => ({
    line,
    cells: results[0].lengths.map((length, i) => ({
      length,
      ...verdictOf(
        results.map((r) => lineOf(r, line)[i]),
        task,
        samples,
      ),
    })),
  }));
}
