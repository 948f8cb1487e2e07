import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError } from './engine.mjs';

test('naiveEncoding fills every dimension with the index or the normalised index', () => {
  const index = pe.naiveEncoding('index', 5, 2);
  assert.ok(index instanceof Float32Array);
  assert.deepEqual(Array.from(index), [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  const normalized = pe.naiveEncoding('normalized', 5, 2);
  assert.deepEqual(Array.from(normalized), [0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1]);
  assert.deepEqual(Array.from(pe.naiveEncoding('normalized', 1, 2)), [0, 0]);
});

test('naiveNormRatio: the index drowns the word, the normalised index and sinusoids stay bounded', () => {
  const index = pe.naiveNormRatio('index', 1000, 512);
  assert.equal(index.length, 1000);
  for (const p of [0, 1, 10, 999]) assertClose(index[p], p, 1e-9);
  const normalized = pe.naiveNormRatio('normalized', 11, 512);
  assertClose(normalized, [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1], 1e-12);
  const sinusoidal = pe.naiveNormRatio('sinusoidal', 100, 512);
  assertClose(sinusoidal, new Array(100).fill(Math.SQRT1_2), 1e-12);
});

test('naiveOffsetMeaning gives one offset a different value in every sentence length', () => {
  const meaning = pe.naiveOffsetMeaning(5, [4, 6, 10, 100]);
  assert.ok(Number.isNaN(meaning[0]));
  assertClose(Array.from(meaning.slice(1)), [1, 5 / 9, 5 / 99], 1e-15);
  assert.deepEqual(Array.from(pe.naiveOffsetMeaning(0, new Int32Array([2, 3]))), [0, 0]);
});

test('bad naive-encoding arguments throw an Error naming the parameter', () => {
  assertEngineError(
    () => pe.naiveEncoding('binary', 4, 4),
    /naiveEncoding/,
    /kind/,
    /"binary"/,
    /"normalized"/,
  );
  assertEngineError(() => pe.naiveEncoding('index', 0, 4), /length/, /received 0/);
  assertEngineError(() => pe.naiveEncoding('index', NaN, 4), /length/, /NaN/);
  assertEngineError(() => pe.naiveEncoding('index', 4, 4097), /dModel/, /4097/);
  assertEngineError(() => pe.naiveEncoding('index', 4, 3), /dModel/, /even/);
  assertEngineError(() => pe.naiveEncoding('index', 65536, 4096), /cap/);
  assertEngineError(() => pe.naiveNormRatio('sinusoidal', 4, 7), /naiveNormRatio/, /dModel/, /even integer/);
  assertEngineError(() => pe.naiveNormRatio('learned', 4, 8), /kind/, /"sinusoidal"/);
  assertEngineError(() => pe.naiveOffsetMeaning(-1, [4]), /offset/, /-1/);
  assertEngineError(() => pe.naiveOffsetMeaning(1, [4, 1]), /lengths/, /item 1/);
  assertEngineError(() => pe.naiveOffsetMeaning(1, [4, 2.5]), /lengths/, /2.5/);
  assertEngineError(() => pe.naiveOffsetMeaning(1, '4'), /lengths/, /"4"/);
});
