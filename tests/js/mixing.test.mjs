import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError, assertBadCallsLeaveNoTrace } from './engine.mjs';

/** The paper's sinusoidal vector in double precision, written out independently of the engine. */
function position(pos, dModel, base = 10000) {
  return Array.from({ length: dModel }, (_, dim) => {
    const angle = pos / base ** ((2 * Math.floor(dim / 2)) / dModel);
    return dim % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
  });
}

const dot = (a, b) => a.reduce((sum, v, i) => sum + v * b[i], 0);

test('the four terms add up to the literal dot product of the sums, scaled or not', () => {
  for (const scaled of [true, false]) {
    for (const dModel of [8, 64, 512]) {
      const t = pe.mixingTerms('dog', 2, 'man', 7, dModel, { scaled, seed: 3 });
      const w1 = [...pe.wordEmbeddings('dog', dModel, { seed: 3, scaled })];
      const w2 = [...pe.wordEmbeddings('man', dModel, { seed: 3, scaled })];
      const [p1, p2] = [position(2, dModel), position(7, dModel)];
      const literal = dot(
        w1.map((v, i) => v + p1[i]),
        w2.map((v, i) => v + p2[i]),
      );
      const label = `scaled ${scaled}, dModel ${dModel}`;
      assertClose(t.total, literal, 1e-9, label);
      assertClose(t.wordWord + t.positionPosition + t.wordPosition + t.positionWord, literal, 1e-9, label);
      assertClose(t.wordWord, dot(w1, w2), 1e-9, label);
      assertClose(t.positionPosition, dot(p1, p2), 1e-9, label);
      assertClose(t.wordPosition, dot(w1, p2), 1e-9, label);
      assertClose(t.positionWord, dot(p1, w2), 1e-9, label);
    }
  }
});

test('words are read like sentence tokens and the defaults are scaled, base 10000, seed 1', () => {
  assert.deepEqual(
    pe.mixingTerms('Dog.', 0, 'MAN', 1, 16),
    pe.mixingTerms('dog', 0, 'man', 1, 16, { scaled: true, base: 10000, seed: 1 }),
  );
});

test('mixingByPosition holds mixingTerms for every position pair', () => {
  const n = 6;
  const g = pe.mixingByPosition('the', 'cat', n, 32, { seed: 4 });
  assert.equal(g.positions, n);
  for (const key of ['positionPosition', 'wordPosition', 'positionWord', 'total']) {
    assert.ok(g[key] instanceof Float64Array);
    assert.equal(g[key].length, n * n);
  }
  for (let a = 0; a < n; a += 1) {
    for (let b = 0; b < n; b += 1) {
      const t = pe.mixingTerms('the', a, 'cat', b, 32, { seed: 4 });
      assertClose(g.wordWord, t.wordWord, 1e-12);
      assertClose(g.positionPosition[a * n + b], t.positionPosition, 1e-12);
      assertClose(g.wordPosition[a * n + b], t.wordPosition, 1e-12);
      assertClose(g.positionWord[a * n + b], t.positionWord, 1e-12);
      assertClose(g.total[a * n + b], t.total, 1e-9);
    }
  }
});

test('without the sqrt(dModel) scale the word terms vanish next to the position term', () => {
  const scaled = pe.mixingRms(64, 512);
  const raw = pe.mixingRms(64, 512, { scaled: false });
  assertClose(raw.wordWord * 512, scaled.wordWord, 1e-9);
  assertClose(raw.cross * Math.sqrt(512), scaled.cross, 1e-9);
  assert.equal(raw.positionPosition, scaled.positionPosition);
  assert.ok(raw.positionPosition > 100 * raw.wordWord);
  assert.ok(scaled.positionPosition < 10 * scaled.wordWord);
  assertClose(scaled.wordWord / Math.sqrt(512), 1, 0.1);
});

test('bad mixing arguments throw Errors naming the parameter, the value and what is allowed', () => {
  assertEngineError(
    () => pe.mixingTerms('zebra', 0, 'dog', 1, 64),
    /^mixingTerms: word1/,
    /"zebra"/,
    /not in the vocabulary/,
    /known words/,
  );
  assertEngineError(() => pe.mixingTerms('dog', 0, 'big cat', 1, 64), /word2/, /"big cat"/, /single word/);
  assertEngineError(() => pe.mixingTerms('dog', -1, 'cat', 1, 64), /pos1/, /-1/);
  assertEngineError(() => pe.mixingTerms('dog', 0, 'cat', 1.5, 64), /pos2/, /1\.5/);
  assertEngineError(() => pe.mixingTerms('dog', 0, 'cat', 1, 63), /dModel/, /63/);
  assertEngineError(
    () => pe.mixingTerms('dog', 0, 'cat', 1, 64, { scale: true }),
    /options/,
    /"scale"/,
    /scaled/,
  );
  assertEngineError(() => pe.mixingByPosition('dog', 'cat', 1025, 8), /positions/, /1024/);
  assertEngineError(() => pe.mixingByPosition('dog', 'cat', 1024, 4096), /cap/);
  assertEngineError(() => pe.mixingRms(1, 64), /positions/, /1/);
});

test('after bad calls the module gives identical results and holds no more memory', () => {
  const bad = [
    () => pe.mixingTerms('unicorn', 0, 'dog', 1, 64),
    () => pe.mixingTerms('dog', 0, 'dog', 1, 64, { seed: NaN }),
    () => pe.mixingByPosition('dog', 'man', 0, 32),
    () => pe.mixingRms(8, 31),
  ];
  assertBadCallsLeaveNoTrace(bad, 4000, () => pe.mixingByPosition('dog', 'man', 8, 32));
});

test('mixingSpread: position.position is mostly a constant for a fixed query', () => {
  const s = pe.mixingSpread('dog', 0, 64, 512);
  // The reference: the same terms from mixingTerms over every key, mean and standard deviation here.
  const words = pe.vocabulary();
  const pp = [];
  for (const word of words)
    for (let b = 0; b < 64; b += 1) pp.push(pe.mixingTerms('dog', 0, word, b, 512).positionPosition);
  const mean = pp.reduce((a, b) => a + b, 0) / pp.length;
  const sd = Math.sqrt(pp.reduce((a, v) => a + (v - mean) ** 2, 0) / pp.length);
  assertClose(s.mean.positionPosition, mean, 1e-9);
  assertClose(s.spread.positionPosition, sd, 1e-9);
  assert.ok(s.mean.positionPosition > 2 * s.spread.positionPosition);
  assert.ok(s.spread.positionPosition < s.spread.wordWord);
});
