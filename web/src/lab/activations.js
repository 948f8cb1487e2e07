// The floats of activations one training step of the lab engine holds, counted as the engine counts them
// (activation_floats in cpp/src/lab/model.cpp: every piece carve_into carves), so that the page can lower a batch
// that the engine's cap would refuse (config_problem in cpp/src/lab/config.cpp) before the engine sees it.

/** The engine's cap on one step's activations, in floats (limits::kLabMaxActivations: 2^25, 128 MiB). */
export const MAX_ACTIVATIONS = 2 ** 25;
/** The engine's largest batch (limits::kLabMaxBatch). */
export const MAX_BATCH = 256;

/**
 * What the count needs of each task (task_info in cpp/src/lab/tasks.cpp): its number of classes, and whether it
 * has one target per sequence (pooled) or one per position.
 */
const TASK_OUTPUTS = Object.freeze({
  previous: { classes: 16, pooled: false },
  reverse: { classes: 16, pooled: false },
  first: { classes: 16, pooled: false },
  subject: { classes: 12, pooled: true },
  majority: { classes: 8, pooled: true },
});

/**
 * The floats of activations and backward work a step of `batch` sequences of `length` tokens carves for a model
 * of these sizes on this task: carve_into's pieces in its order (the scheme and the other fields do not count).
 * NaN for a task the engine does not know.
 * @param {{ task: string, dModel: number, nHeads: number, nLayers: number }} config
 * @param {number} batch
 * @param {number} length
 */
export function activationFloats({ task, dModel: d, nHeads: heads, nLayers: layers }, batch, length) {
  const outputs = Object.hasOwn(TASK_OUTPUTS, task) ? TASK_OUTPUTS[task] : null;
  if (outputs === null) return NaN;
  const n = length;
  const N = batch * n;
  const C = outputs.classes;
  const M = outputs.pooled ? batch : N;
  const headDim = d / heads;
  // Per block: ln1, q, k, v, atty, res1, ln2, res2 (N x d each), fch and fch_gelu (4 N x d each); the two layer
  // norms' means and reciprocal deviations (N each); the attention probabilities (batch x heads x n x n).
  const block = 16 * N * d + 4 * N + batch * heads * n * n;
  // x0 and lnf (N x d), lnf's mean and deviation, the pooled rows, logits and probabilities.
  const forward = 2 * N * d + 2 * N + batch * d + 2 * M * C;
  // dres, da, dq, dk, dv, dy (N x d), dbig (4 N x d), dlogits, dpooled.
  const backward = 10 * N * d + M * C + batch * d;
  // The linear layers' scratch (a transposed weight, the largest of the three) and attention's (one head).
  const linear = Math.max(4 * d * d, d * 4 * d, d * C);
  const attention = 8 * n * headDim + 4 * n * n;
  return layers * block + forward + backward + linear + attention;
}

/**
 * The largest batch, from 1 to `most`, whose step fits under the engine's cap at this length; 0 when none does
 * (or the task is unknown).
 * @param {{ task: string, dModel: number, nHeads: number, nLayers: number }} config
 * @param {number} length
 * @param {number} [most]
 */
export function largestBatch(config, length, most = MAX_BATCH) {
  for (let batch = most; batch >= 1; batch -= 1) {
    if (activationFloats(config, batch, length) <= MAX_ACTIVATIONS) return batch;
  }
  return 0;
}
