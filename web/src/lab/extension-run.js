// The lab's context-extension experiment for one seed (docs/lab-model.md, "Fine-tuning at a longer length"):
// RoPE trained at T, then evaluated at T, 2T and 4T with each context-extension method applied at test time,
// and again after a short fine-tune at 2T with the tables scaled by a method (Chen et al. 2023's recipe in
// miniature). Pure but for the engine: a worker runs it for the page, Node for the claims test and the sweep.

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
      after[method] = lengths.map((n) => at(tuned, n));
    }
    return { lengths, testTime, tuned: after, ms };
  } finally {
    lab.delete();
    tuned.delete();
  }
}
