import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError, maxAbsDiff } from './engine.mjs';

/** Deterministic inputs without Math.random, so a failure reproduces. */
function inputs(seqLen, dModel, salt = 0) {
  const x = new Float64Array(seqLen * dModel);
  for (let i = 0; i < x.length; i += 1) x[i] = Math.sin(1.7 * i + salt) + 0.3 * Math.cos(0.37 * i * i + salt);
  return x;
}

function permuteRows(x, perm, dModel) {
  const out = new Float64Array(x.length);
  perm.forEach((from, to) => out.set(x.subarray(from * dModel, (from + 1) * dModel), to * dModel));
  return out;
}

test('selfAttention returns every array with its documented shape', () => {
  const r = pe.selfAttention(inputs(5, 16), 5, 16, { heads: 4 });
  assert.equal(r.heads, 4);
  assert.equal(r.seqLen, 5);
  assert.equal(r.dModel, 16);
  assert.ok(r.scores instanceof Float64Array);
  assert.equal(r.scores.length, 4 * 5 * 5);
  assert.equal(r.weights.length, 4 * 5 * 5);
  assert.equal(r.outputs.length, 5 * 16);
  assert.equal(r.pooled.length, 16);
  for (let c = 0; c < 16; c += 1) {
    let sum = 0;
    for (let i = 0; i < 5; i += 1) sum += r.outputs[i * 16 + c];
    assertClose(r.pooled[c], sum / 5, 1e-12);
  }
});

test('softmax rows sum to 1; causal masks hold -Infinity scores and zero weights', () => {
  const [n, heads] = [6, 2];
  for (const positional of ['none', 'rope', 'alibi']) {
    const r = pe.selfAttention(inputs(n, 8), n, 8, { heads, positional, mask: 'causal' });
    for (let row = 0; row < heads * n; row += 1) {
      const i = row % n;
      let sum = 0;
      for (let j = 0; j < n; j += 1) {
        sum += r.weights[row * n + j];
        if (j > i) {
          assert.equal(r.scores[row * n + j], -Infinity);
          assert.equal(r.weights[row * n + j], 0);
        }
      }
      assertClose(sum, 1, 1e-14, positional);
    }
  }
});

test('without positions the layer is permutation-equivariant; RoPE, ALiBi and causal masks break it', () => {
  const [n, d] = [6, 16];
  const perm = [3, 0, 5, 1, 4, 2];
  const x = inputs(n, d, 1);
  const px = permuteRows(x, perm, d);
  const a = pe.selfAttention(x, n, d, { heads: 4 });
  const b = pe.selfAttention(px, n, d, { heads: 4 });
  assert.ok(maxAbsDiff(b.outputs, permuteRows(a.outputs, perm, d)) < 1e-6);
  assert.ok(maxAbsDiff(a.pooled, b.pooled) < 1e-6);
  for (const options of [{ positional: 'rope' }, { positional: 'alibi' }, { mask: 'causal' }]) {
    const pa = pe.selfAttention(x, n, d, { heads: 4, ...options }).pooled;
    const pb = pe.selfAttention(px, n, d, { heads: 4, ...options }).pooled;
    assert.ok(maxAbsDiff(pa, pb) > 1e-3, JSON.stringify(options));
  }
});

test('with RoPE a score depends only on the offset; with queries only it does not', () => {
  // Token A at m, token B at m + 3, filler elsewhere: the (A, B) score must not depend on m.
  const [n, d, offset] = [10, 16, 3];
  const tokens = inputs(3, d, 2);
  const score = (m, ropeMode) => {
    const x = new Float64Array(n * d);
    for (let p = 0; p < n; p += 1) {
      const t = p === m ? 0 : p === m + offset ? 1 : 2;
      x.set(tokens.subarray(t * d, (t + 1) * d), p * d);
    }
    return pe.selfAttention(x, n, d, { positional: 'rope', ropeMode }).scores[m * n + m + offset];
  };
  const spread = (mode) => {
    const values = [0, 2, 4, 6].map((m) => score(m, mode));
    return Math.max(...values) - Math.min(...values);
  };
  assert.ok(spread('both') < 1e-9);
  assert.ok(spread('swappedConvention') < 1e-9);
  assert.ok(spread('queriesOnly') > 1e-3);
  assert.ok(Math.abs(score(0, 'both') - score(0, 'swappedConvention')) > 1e-3);
});

test('values agree with the native build', () => {
  // Printed by the native engine for the same call; the WebAssembly build may differ only in the last bits of
  // exp, sin and cos.
  const x = Array.from({ length: 24 }, (_, i) => (i % 7) * 0.25 - 0.75);
  const r = pe.selfAttention(x, 3, 8, { heads: 2, positional: 'alibi', mask: 'causal', seed: 3 });
  assertClose(
    r.pooled,
    [
      0.08195002440979994, -0.16969941025420332, 0.26028679733460125, -0.41690422412616895,
      0.56514343579420767, -0.66697887028791836, -0.50344491571289929, 0.049611045489329174,
    ],
    1e-12,
  );
});

test('the same seed gives identical results and another seed different ones', () => {
  const x = inputs(4, 8, 3);
  const a = pe.selfAttention(x, 4, 8, { seed: 9, positional: 'rope' });
  assert.deepEqual(pe.selfAttention(x, 4, 8, { seed: 9, positional: 'rope' }), a);
  assert.deepEqual(
    pe.selfAttention(x, 4, 8, { positional: 'rope' }),
    pe.selfAttention(x, 4, 8, { seed: 1, positional: 'rope' }),
  );
  assert.ok(maxAbsDiff(pe.selfAttention(x, 4, 8, { seed: 10, positional: 'rope' }).pooled, a.pooled) > 1e-3);
});

test('bad selfAttention arguments throw Errors naming the parameter, the value and what is allowed', () => {
  const x = inputs(3, 8);
  assertEngineError(() => pe.selfAttention(x, 3, 7), /selfAttention/, /dModel/, /7/, /even integer/);
  assertEngineError(() => pe.selfAttention(x, 3, 2048), /dModel/, /1024/);
  assertEngineError(() => pe.selfAttention(x, 0, 8), /seqLen/, /0/);
  assertEngineError(() => pe.selfAttention(x, 4, 8), /x/, /exactly 32/);
  assertEngineError(() => pe.selfAttention([...x.slice(0, 23), NaN], 3, 8), /x/, /item 23/, /NaN/);
  assertEngineError(
    () => pe.selfAttention(x, 3, 8, { heads: 3 }),
    /options\.heads/,
    /3/,
    /divisor of dModel/,
  );
  assertEngineError(() => pe.selfAttention(x, 3, 8, { heads: 8 }), /options\.heads/, /even head width/);
  assertEngineError(
    () => pe.selfAttention(x, 3, 8, { positional: 'sinusoidal' }),
    /options\.positional/,
    /"rope"/,
  );
  assertEngineError(
    () => pe.selfAttention(x, 3, 8, { ropeMode: 'keysOnly' }),
    /options\.ropeMode/,
    /"keysOnly"/,
  );
  assertEngineError(() => pe.selfAttention(x, 3, 8, { mask: 'future' }), /options\.mask/, /"causal"/);
  assertEngineError(() => pe.selfAttention(x, 3, 8, { seed: -1 }), /options\.seed/, /-1/, /4294967295/);
  assertEngineError(() => pe.selfAttention(x, 3, 8, { seed: 2 ** 32 }), /options\.seed/);
  assertEngineError(() => pe.selfAttention(x, 3, 8, { base: 1 }), /options\.base/);
  assertEngineError(() => pe.selfAttention(x, 3, 8, { outputProjection: 1 }), /options\.outputProjection/);
  assertEngineError(() => pe.selfAttention(x, 3, 8, { head: 2 }), /options/, /"head"/, /heads/);
  assertEngineError(() => pe.selfAttention(x, 3, 8, 'rope'), /options/, /"rope"/, /object/);
  assertEngineError(() => pe.selfAttention(x, 3, 8, null), /options/, /null/);
  assertEngineError(() => pe.selfAttention(new Float64Array(1024 * 1024), 1024, 1024), /cap/);
  assertEngineError(() => pe.selfAttention(x, 3, 8, {}, 5), /at most 4 arguments/);
});

test('after thousands of bad calls the module gives identical results and holds no more memory', () => {
  const x = inputs(5, 16);
  const good = pe.selfAttention(x, 5, 16, { heads: 2, positional: 'rope' });
  const before = pe.memoryUsage();
  const bad = [
    () => pe.selfAttention(x, 5, 15),
    () => pe.selfAttention(x, 5, 16, { heads: 5 }),
    () => pe.selfAttention(x, 6, 16),
    () => pe.selfAttention(x, 5, 16, { positional: 'x'.repeat(100) }),
    () => pe.selfAttention(x, 5, 16, { nope: true }),
  ];
  for (let i = 0; i < 5000; i += 1) assert.throws(bad[i % bad.length]);
  const after = pe.memoryUsage();
  assert.deepEqual(pe.selfAttention(x, 5, 16, { heads: 2, positional: 'rope' }), good);
  assert.equal(after.heapBytes, before.heapBytes);
  assert.equal(after.allocatedBytes, before.allocatedBytes);
});
