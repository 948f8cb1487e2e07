import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError } from './engine.mjs';

test('alibiSlopes follows the paper for powers of two and for other head counts', () => {
  assert.deepEqual(Array.from(pe.alibiSlopes(8)), [
    1 / 2,
    1 / 4,
    1 / 8,
    1 / 16,
    1 / 32,
    1 / 64,
    1 / 128,
    1 / 256,
  ]);
  assert.deepEqual(Array.from(pe.alibiSlopes(1)), [2 ** -8]);
  const twelve = pe.alibiSlopes(12);
  assert.ok(twelve instanceof Float64Array);
  const expected = [1, 2, 3, 4, 5, 6, 7, 8]
    .map((i) => 2 ** -i)
    .concat([1, 3, 5, 7].map((j) => 2 ** (-j / 2)));
  assertClose(twelve, expected, 1e-15);
  const sixtyFour = pe.alibiSlopes(64);
  assert.equal(sixtyFour.length, 64);
  assertClose(sixtyFour[63], 2 ** -8, 0);
});

test('alibiBias is minus the slope times the distance, with -Infinity after the query when causal', () => {
  const [heads, n] = [3, 5];
  const slopes = pe.alibiSlopes(heads);
  const open = pe.alibiBias(heads, n);
  const causal = pe.alibiBias(heads, n, true);
  assert.equal(open.length, heads * n * n);
  assert.deepEqual(pe.alibiBias(heads, n, false), open);
  for (let h = 0; h < heads; h += 1) {
    for (let i = 0; i < n; i += 1) {
      for (let j = 0; j < n; j += 1) {
        const at = (h * n + i) * n + j;
        assertClose(open[at], -slopes[h] * Math.abs(i - j), 1e-15);
        if (j > i) assert.equal(causal[at], -Infinity);
        else assert.equal(causal[at], open[at]);
      }
    }
  }
  assert.ok(Object.is(open[0], 0), 'the diagonal is +0');
});

test('bad ALiBi arguments throw an Error naming the parameter, the value and what is allowed', () => {
  assertEngineError(() => pe.alibiSlopes(0), /alibiSlopes/, /nHeads/, /received 0/, /1 to 64/);
  assertEngineError(() => pe.alibiSlopes(65), /nHeads/, /65/);
  assertEngineError(() => pe.alibiSlopes(NaN), /nHeads/, /NaN/);
  assertEngineError(() => pe.alibiSlopes('8'), /nHeads/, /"8"/);
  assertEngineError(() => pe.alibiSlopes(2.5), /nHeads/, /2.5/);
  assertEngineError(() => pe.alibiSlopes(), /nHeads/, /undefined/);
  assertEngineError(() => pe.alibiBias(8, 0), /seqLen/, /received 0/);
  assertEngineError(() => pe.alibiBias(8, 1025), /seqLen/, /1024/);
  assertEngineError(() => pe.alibiBias(64, 1024), /cap/);
  assertEngineError(() => pe.alibiBias(8, 16, 'yes'), /causal/, /true or false/, /"yes"/);
  assertEngineError(() => pe.alibiBias(8, 16, true, 1), /at most 3 arguments/);
});
