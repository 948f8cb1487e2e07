// What the rope figure asks the engine. Everything that does not depend on the chosen query and key positions
// (the score matrices, the offset curves, the permutation) is asked again only when its own parameters change,
// so moving m or n with the keys costs two rotations.

/** Largest offset on the score-against-offset chart. */
export const MAX_OFFSET = 64;

/**
 * @param {import('../../../../cpp/bindings/pe-engine.d.ts').PeEngine} engine
 * @param {{ query: string, key: string, m: number, n: number, headDim: number, base: number,
 *   convention: 'interleaved'|'half', queriesOnly: boolean, positions: number }} params
 * @param {any} previous the data of the last call, whose score matrices are kept when only m or n moved
 */
export function ropeData(engine, params, previous) {
  const { headDim, base, convention, queriesOnly, positions } = params;
  const m = Math.min(params.m, positions - 1);
  const n = Math.min(params.n, positions - 1);
  const other = convention === 'interleaved' ? 'half' : 'interleaved';
  const id = JSON.stringify([params.query, params.key, headDim, base, convention, positions]);
  const held = previous?.held.id === id ? previous.held : positionFree(engine, params, other, id);
  const { q, k } = held;
  const mode = queriesOnly ? 'only' : 'both';
  const scores = held[mode];
  return {
    shown: { ...params, m, n, other },
    held,
    scores,
    score: scores[m * positions + n],
    limit: held.limits[mode],
    deviation: held.deviation[mode],
    qTurned: engine.ropeRotate(q, 1, headDim, m, base, convention),
    kTurned: queriesOnly ? k : engine.ropeRotate(k, 1, headDim, n, base, convention),
  };
}

/** @param {import('../../../../cpp/bindings/pe-engine.d.ts').PeEngine} engine */
function positionFree(engine, { query, key, headDim, base, convention, positions }, other, id) {
  const embeddings = engine.wordEmbeddings(`${query} ${key}`, headDim);
  const q = embeddings.slice(0, headDim);
  const k = embeddings.slice(headDim, 2 * headDim);
  const scores = (a, b, pairing, options) =>
    engine.ropeScores(a, b, positions, headDim, base, pairing, options);
  const both = scores(q, k, convention);
  const only = scores(q, k, convention, { queriesOnly: true });
  const swapped = scores(q, k, other);
  const perm = engine.ropePermutation(headDim, convention, other);
  const gather = (x) => Array.from(perm, (p) => x[p]);
  const restored = scores(gather(q), gather(k), other);
  const curves = {
    rope: engine.ropeScoreByOffset(q, k, MAX_OFFSET, headDim, base, convention),
    sinusoidal: engine.dotByOffset(0, MAX_OFFSET, headDim, base),
    // Query 0's row of an unmasked bias: its key at distance d is key d.
    alibi: engine.alibiBias(1, MAX_OFFSET + 1, false).slice(0, MAX_OFFSET + 1),
  };
  // The engine reduces none of these yet (no diagonal check, no largest difference or magnitude of a result),
  // so they are read here, once for each new set of scores and never on a cursor step.
  return {
    id,
    q,
    k,
    both,
    only,
    perm,
    periods: engine.pairPeriods(headDim, base),
    slope: engine.alibiSlopes(1)[0],
    curves,
    peaks: Object.fromEntries(Object.entries(curves).map(([name, values]) => [name, largest(values) || 1])),
    limits: { both: largest(both) || 1, only: largest(only) || 1 },
    reach: Math.max(largest(q), largest(k)) || 1,
    deviation: {
      both: diagonalDeviation(both, positions),
      only: diagonalDeviation(only, positions),
      swapped: diagonalDeviation(swapped, positions),
    },
    swapDifference: largestDifference(both, swapped),
    restoreDifference: largestDifference(both, restored),
  };
}

function largest(values) {
  let top = 0;
  for (const v of values) top = Math.max(top, Math.abs(v));
  return top;
}

function largestDifference(a, b) {
  let top = 0;
  for (let i = 0; i < a.length; i += 1) top = Math.max(top, Math.abs(a[i] - b[i]));
  return top;
}

/** Largest |S(m, n) - S(m - t, n - t)| with t = min(m, n): how far each diagonal strays from its first cell. */
function diagonalDeviation(scores, count) {
  let top = 0;
  for (let m = 0; m < count; m += 1) {
    for (let n = 0; n < count; n += 1) {
      const t = Math.min(m, n);
      top = Math.max(top, Math.abs(scores[m * count + n] - scores[(m - t) * count + (n - t)]));
    }
  }
  return top;
}
