// The bridge to RoPE in the engine: similarity after the query and key projections, and the spread along each
// diagonal, against references computed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError } from './engine.mjs';

const n = 40;
const largest = (values) => values.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
const range = (values) => Math.max(...values) - Math.min(...values);

/** The spread along each diagonal b - a = k, k = -(n-1)..n-1, computed here. */
function spreadHere(values, size) {
  const out = [];
  for (let k = -(size - 1); k < size; k += 1) {
    const cells = [];
    for (let a = 0; a < size; a += 1) if (a + k >= 0 && a + k < size) cells.push(values[a * size + a + k]);
    out.push(Math.max(...cells) - Math.min(...cells));
  }
  return out;
}

test('diagonalSpread is the largest minus the smallest entry of each diagonal', () => {
  const m = pe.projectedSimilarity(n, 64, 16, 10000, 'projected');
  assertClose(pe.diagonalSpread(m, n), spreadHere(m, n), 1e-12);
  assert.deepEqual(Array.from(pe.diagonalSpread([1, 2, 3, 4, 6, 5, 0, 9, 7], 3)), [0, 5, 6, 3, 0]);
});

test('the raw diagonals are constant, projected ones break, RoPE after projection restores them', () => {
  const raw = pe.similarityMatrix(n, 64, 10000, 'dot');
  const projected = pe.projectedSimilarity(n, 64, 16, 10000, 'projected');
  const rope = pe.projectedSimilarity(n, 64, 16, 10000, 'rope');
  assert.ok(largest(pe.diagonalSpread(raw, n)) < 1e-9 * range(raw));
  assert.ok(largest(pe.diagonalSpread(projected, n)) > 0.25 * range(projected));
  assert.ok(largest(pe.diagonalSpread(rope, n)) < 1e-9 * range(rope));
  // RoPE's scores tell a key before the query from one after it; the raw dot product cannot.
  let rawAsym = 0;
  let ropeAsym = 0;
  for (let a = 0; a < n; a += 1) {
    for (let b = 0; b < n; b += 1) {
      rawAsym = Math.max(rawAsym, Math.abs(raw[a * n + b] - raw[b * n + a]));
      ropeAsym = Math.max(ropeAsym, Math.abs(rope[a * n + b] - rope[b * n + a]));
    }
  }
  assert.equal(rawAsym, 0);
  assert.ok(ropeAsym > 0.1 * range(rope));
});

test('projectedSimilarity: cosine lies in [-1, 1], seeds differ, bad input is named', () => {
  const cosine = pe.projectedSimilarity(n, 64, 16, 10000, 'projected', 'cosine');
  assert.ok(cosine.every((v) => v >= -1 - 1e-12 && v <= 1 + 1e-12));
  const one = pe.projectedSimilarity(8, 16, 8, 10000, 'rope', 'dot', 1);
  assert.deepEqual(pe.projectedSimilarity(8, 16, 8, undefined, 'rope'), one);
  assert.notDeepEqual(pe.projectedSimilarity(8, 16, 8, 10000, 'rope', 'dot', 2), one);
  assertEngineError(() => pe.projectedSimilarity(8, 16, 7, 10000, 'rope'), /headDim/);
  assertEngineError(() => pe.projectedSimilarity(1024, 4096, 4096, 10000, 'rope'), /work/);
});
