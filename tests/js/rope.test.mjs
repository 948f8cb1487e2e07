import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError, assertBadCallsLeaveNoTrace } from './engine.mjs';

/** The rotation written out pair by pair in double precision. */
function referenceRotate(x, pos, headDim, base, convention) {
  const out = Array.from(x);
  for (let i = 0; i < headDim / 2; i += 1) {
    const angle = pos / base ** ((2 * i) / headDim);
    const [a, b] = convention === 'half' ? [i, i + headDim / 2] : [2 * i, 2 * i + 1];
    out[a] = x[a] * Math.cos(angle) - x[b] * Math.sin(angle);
    out[b] = x[a] * Math.sin(angle) + x[b] * Math.cos(angle);
  }
  return out;
}

/** Deterministic pseudo-random numbers in [-1, 1). */
function randomVector(length, seed) {
  let s = seed >>> 0;
  return Array.from({ length }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  });
}

const dot = (a, b) => a.reduce((sum, v, j) => sum + v * b[j], 0);

test('ropeRotate matches the rotation formula in both conventions, with a start position and a scale', () => {
  const [seqLen, headDim, startPos, base, scale] = [12, 16, 5, 500, 2];
  const x = randomVector(seqLen * headDim, 1);
  for (const convention of ['interleaved', 'half']) {
    const got = pe.ropeRotate(x, seqLen, headDim, startPos, base, convention, scale);
    assert.ok(got instanceof Float32Array);
    assert.equal(got.length, x.length);
    const expected = [];
    for (let r = 0; r < seqLen; r += 1) {
      const row = x.slice(r * headDim, (r + 1) * headDim);
      expected.push(...referenceRotate(row, (startPos + r) / scale, headDim, base, convention));
    }
    assertClose(got, expected, 1e-6, convention);
  }
});

test('ropeRotate defaults to start 0, base 10000, interleaved pairs and scale 1, and accepts typed arrays', () => {
  const x = randomVector(3 * 8, 2);
  const full = pe.ropeRotate(x, 3, 8, 0, 10000, 'interleaved', 1);
  assert.deepEqual(pe.ropeRotate(x, 3, 8), full);
  assert.deepEqual(
    pe.ropeRotate(new Float32Array(x), 3, 8),
    pe.ropeRotate(Array.from(new Float32Array(x)), 3, 8),
  );
  assert.deepEqual(pe.ropeRotate(x, 3, 8, undefined, undefined, undefined, undefined), full);
});

test('ropePermutation maps one convention onto the other', () => {
  assert.deepEqual(Array.from(pe.ropePermutation(8, 'interleaved', 'half')), [0, 2, 4, 6, 1, 3, 5, 7]);
  assert.deepEqual(Array.from(pe.ropePermutation(8, 'half', 'interleaved')), [0, 4, 1, 5, 2, 6, 3, 7]);
  assert.deepEqual(Array.from(pe.ropePermutation(4, 'half', 'half')), [0, 1, 2, 3]);
  const headDim = 32;
  const x = randomVector(headDim, 3);
  const p = pe.ropePermutation(headDim, 'interleaved', 'half');
  assert.ok(p instanceof Int32Array);
  const rotatedThenGathered = Array.from(p, (j) => pe.ropeRotate(x, 1, headDim, 77, 10000, 'interleaved')[j]);
  const gatheredThenRotated = pe.ropeRotate(
    Array.from(p, (j) => x[j]),
    1,
    headDim,
    77,
    10000,
    'half',
  );
  assertClose(gatheredThenRotated, rotatedThenGathered, 1e-6);
});

test('ntkScaledBase is base * factor^(headDim / (headDim - 2))', () => {
  assertClose(pe.ntkScaledBase(10000, 128, 4), 10000 * 4 ** (128 / 126), 1e-8);
  assertClose(pe.ntkScaledBase(undefined, 64, 8), 10000 * 8 ** (64 / 62), 1e-8);
  assert.equal(pe.ntkScaledBase(10000, 128, 1), 10000);
});

test('ropeScores depend only on n - m, and stop doing so when only queries are rotated', () => {
  const [positions, headDim] = [48, 32];
  const q = randomVector(headDim, 4);
  const k = randomVector(headDim, 5);
  for (const convention of ['interleaved', 'half']) {
    const scores = pe.ropeScores(q, k, positions, headDim, 10000, convention);
    assert.ok(scores instanceof Float64Array);
    assert.equal(scores.length, positions * positions);
    for (let m = 0; m < positions; m += 7) {
      for (let n = 0; n < positions; n += 5) {
        const expected = dot(
          referenceRotate(q, m, headDim, 10000, convention),
          referenceRotate(k, n, headDim, 10000, convention),
        );
        assertClose(scores[m * positions + n], expected, 1e-9);
        if (m + 1 < positions && n + 1 < positions) {
          assertClose(scores[(m + 1) * positions + n + 1], scores[m * positions + n], 1e-9);
        }
      }
    }
  }
  const wrong = pe.ropeScores(q, k, positions, headDim, 10000, 'interleaved', { queriesOnly: true });
  let worst = 0;
  for (let m = 0; m + 1 < positions; m += 1) {
    for (let n = 0; n + 1 < positions; n += 1) {
      worst = Math.max(worst, Math.abs(wrong[(m + 1) * positions + n + 1] - wrong[m * positions + n]));
    }
  }
  assert.ok(worst > 1e-3, `queriesOnly should break the diagonals, worst ${worst}`);
  assertClose(wrong[9 * positions + 30], dot(referenceRotate(q, 9, headDim, 10000, 'interleaved'), k), 1e-9);
});

test('ropeScores with a scale equals scores at the interpolated positions', () => {
  const headDim = 16;
  const q = randomVector(headDim, 6);
  const k = randomVector(headDim, 7);
  const scores = pe.ropeScores(q, k, 10, headDim, 10000, 'half', { scale: 4 });
  const expected = dot(
    referenceRotate(q, 3 / 4, headDim, 10000, 'half'),
    referenceRotate(k, 8 / 4, headDim, 10000, 'half'),
  );
  assertClose(scores[3 * 10 + 8], expected, 1e-9);
  assert.deepEqual(
    pe.ropeScores(q, k, 5, headDim, 10000, 'half', {}),
    pe.ropeScores(q, k, 5, headDim, 10000, 'half'),
  );
});

test('ropeScoreByOffset is the constant diagonal of ropeScores', () => {
  const headDim = 24;
  const q = randomVector(headDim, 8);
  const k = randomVector(headDim, 9);
  const byOffset = pe.ropeScoreByOffset(q, k, 30, headDim, 10000, 'half');
  assert.equal(byOffset.length, 31);
  const scores = pe.ropeScores(q, k, 31, headDim, 10000, 'half');
  for (let o = 0; o <= 30; o += 1) assertClose(byOffset[o], scores[o], 1e-9);
  assertClose(byOffset[0], dot(q, k), 1e-12);
});

test('bad RoPE arguments throw an Error naming the parameter, the value and what is allowed', () => {
  const x = new Array(8).fill(0.5);
  assertEngineError(() => pe.ropeRotate(x, 1, 7), /ropeRotate/, /headDim/, /7/, /even integer/);
  assertEngineError(() => pe.ropeRotate(x, NaN, 8), /seqLen/, /NaN/);
  assertEngineError(() => pe.ropeRotate(x, 2, 8), /x/, /exactly 16/);
  assertEngineError(() => pe.ropeRotate([...x.slice(1), NaN], 1, 8), /x/, /item 7/, /NaN/);
  assertEngineError(() => pe.ropeRotate('abcdefgh', 1, 8), /x/, /"abcdefgh"/);
  assertEngineError(
    () => pe.ropeRotate(x, 1, 8, 0, 10000, 'neox'),
    /convention/,
    /"neox"/,
    /"interleaved"/,
    /"half"/,
  );
  assertEngineError(() => pe.ropeRotate(x, 1, 8, -1), /startPos/, /-1/);
  assertEngineError(() => pe.ropeRotate(x, 1, 8, 0, 1), /base/, /greater than 1/);
  assertEngineError(() => pe.ropeRotate(x, 1, 8, 0, 10000, 'half', 0), /scale/, /received 0/);
  assertEngineError(() => pe.ropeRotate([1e39, 0], 1, 2), /x/, /float32/, /1e\+39/);
  assertEngineError(() => pe.ropeRotate(x, 65536, 4096), /cap/);
  assertEngineError(() => pe.ropeRotate(x, 1, 8, 0, 10000, 'half', 1, 9), /at most 7 arguments/);
  assertEngineError(() => pe.ropePermutation(8, 'half'), /ropePermutation/, /to/, /undefined/);
  assertEngineError(() => pe.ropePermutation(9, 'half', 'half'), /headDim/, /9/);
  assertEngineError(() => pe.ntkScaledBase(10000, 2, 4), /ntkScaledBase/, /headDim/, /from 4/);
  assertEngineError(() => pe.ntkScaledBase(10000, 128, 0.5), /factor/, /0.5/);
  assertEngineError(() => pe.ropeScores(x, x, 1025, 8), /positions/, /1024/);
  assertEngineError(() => pe.ropeScores(x, x, 1024, 64), /cap/);
  assertEngineError(() => pe.ropeScores(x, [1, 2], 4, 8), /\bk\b/, /exactly 8/);
  assertEngineError(() => pe.ropeScores(x, x, 4, 8, 10000, 'half', 5), /options/, /received 5/);
  assertEngineError(
    () => pe.ropeScores(x, x, 4, 8, 10000, 'half', { queriesOnly: 1 }),
    /options.queriesOnly/,
  );
  assertEngineError(() => pe.ropeScores(x, x, 4, 8, 10000, 'half', { scale: NaN }), /options.scale/, /NaN/);
  assertEngineError(() => pe.ropeScoreByOffset(x, x, -1, 8), /maxOffset/, /-1/);
  assertEngineError(() => pe.ropeScoreByOffset(x, x, 65536, 4096), /cap/);
});

test('many bad RoPE calls leave the module exact and its memory unchanged', () => {
  const x = randomVector(16, 10);
  const bad = [
    () => pe.ropeRotate(x, 2, 7),
    () => pe.ropeRotate([...x.slice(1), Infinity], 2, 8),
    () => pe.ropeScores(x, x, 2, 16, 10000, 'sideways'),
    () => pe.ropeScoreByOffset(x, x.slice(1), 4, 16),
  ];
  assertBadCallsLeaveNoTrace(bad, 2000, () => pe.ropeRotate(x, 2, 8, 3));
});
