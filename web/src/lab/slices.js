// Evaluation in slices: a run's held-out sets are read a few sequences at a time (the engine's `first` and
// `samples`), each request sized from the engine's measured time per token so that no call keeps a worker busy
// for long (Pause and the inspection wait behind at most one). Slices add up to the whole set's result, the
// accuracy and the loss of each weighted by its sequences (every sequence of a set has as many targets). Pure
// bookkeeping, tested in Node (tests/unit/slices.test.mjs).

/** Engine time one evaluation request aims at at most. */
export const SLICE_SECONDS = 0.25;

/**
 * What is done of one run's evaluation: after the first request (one sequence of every length of the engine's
 * grid), the lengths and, per length, the sequences read and their summed accuracy and loss.
 * @typedef {{ lengths: number[], done: number[], accuracy: number[], loss: number[], msPerToken: number }}
 *   Partial
 */

/**
 * The partial evaluation after the first request, `{ samples: 1 }` over the engine's grid, which took `ms`.
 * @param {{ lengths: ArrayLike<number>, accuracy: ArrayLike<number>, loss: ArrayLike<number> }} result
 * @param {number} ms
 * @returns {Partial}
 */
export function startSlices(result, ms) {
  const lengths = Array.from(result.lengths);
  return {
    lengths,
    done: lengths.map(() => 1),
    accuracy: Array.from(result.accuracy),
    loss: Array.from(result.loss),
    msPerToken: perToken(ms, lengths, 1),
  };
}

/**
 * The next request, `{ first, samples, lengths }`, or null when every length has `samples` sequences: the first
 * length not done, and the lengths after it that stand at the same sequence, as many sequences of them as fit
 * in SLICE_SECONDS at the measured speed (at least one sequence of one length).
 * @param {Partial} partial
 * @param {number} samples
 */
export function nextSlice(partial, samples) {
  const { lengths, done, msPerToken } = partial;
  const i = done.findIndex((d) => d < samples);
  if (i < 0) return null;
  const first = done[i];
  const budget = (SLICE_SECONDS * 1000) / Math.max(msPerToken, 1e-9);
  const count = Math.max(1, Math.min(samples - first, Math.floor(budget / lengths[i])));
  const group = [lengths[i]];
  let tokens = count * lengths[i];
  for (let j = i + 1; j < lengths.length && done[j] === first; j += 1) {
    if (tokens + count * lengths[j] > budget) break;
    group.push(lengths[j]);
    tokens += count * lengths[j];
  }
  return { first, samples: count, lengths: group };
}

/**
 * Adds a request's result (`slice` as nextSlice gave it, answered in `ms`) to the partial evaluation.
 * @param {Partial} partial
 * @param {{ first: number, samples: number, lengths: number[] }} slice
 * @param {{ accuracy: ArrayLike<number>, loss: ArrayLike<number> }} result
 * @param {number} ms
 */
export function addSlice(partial, slice, result, ms) {
  slice.lengths.forEach((n, k) => {
    const i = partial.lengths.indexOf(n);
    const before = partial.done[i];
    const after = before + slice.samples;
    partial.accuracy[i] = (partial.accuracy[i] * before + result.accuracy[k] * slice.samples) / after;
    partial.loss[i] = (partial.loss[i] * before + result.loss[k] * slice.samples) / after;
    partial.done[i] = after;
  });
  if (ms > 0) partial.msPerToken = perToken(ms, slice.lengths, slice.samples);
}

/** The evaluation by length once every length is done, as the race keeps it. */
export function finishedSlices({ lengths, accuracy, loss }) {
  return { lengths: lengths.slice(), accuracy: accuracy.slice(), loss: loss.slice() };
}

function perToken(ms, lengths, samples) {
  const tokens = samples * lengths.reduce((sum, n) => sum + n, 0);
  return ms / Math.max(1, tokens);
}
