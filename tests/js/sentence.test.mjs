import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError, assertBadCallsLeaveNoTrace } from './engine.mjs';

const ENCODINGS = ['none', 'sinusoidal', 'learned', 'rope', 'alibi'];

function pooledDifference(a, b, encoding, options) {
  const pa = pe.attendSentence(a, encoding, 64, 1, options).pooled;
  const pb = pe.attendSentence(b, encoding, 64, 1, options).pooled;
  let worst = 0;
  for (let i = 0; i < pa.length; i += 1) worst = Math.max(worst, Math.abs(pa[i] - pb[i]));
  return worst;
}

test('vocabulary() lists at least 40 lowercase words in order, including the article sentences', () => {
  const words = pe.vocabulary();
  assert.ok(Array.isArray(words));
  assert.ok(words.length >= 40);
  assert.deepEqual([...words].sort(), words);
  for (const w of words) assert.match(w, /^[a-z]+$/);
  for (const w of ['dog', 'bites', 'man', 'the', 'cat', 'chased', 'a', 'woman', 'ball', 'park', 'sees']) {
    assert.ok(words.includes(w), w);
  }
});

test('tokenize lowercases, strips punctuation and marks unknown words without throwing', () => {
  const r = pe.tokenize('  The ZEBRA bites, "man"!  ');
  assert.deepEqual(r.tokens, ['the', 'zebra', 'bites', 'man']);
  assert.ok(r.known instanceof Uint8Array);
  assert.deepEqual([...r.known], [1, 0, 1, 1]);
  assert.deepEqual(pe.tokenize(''), { tokens: [], known: new Uint8Array(0) });
  assert.deepEqual(pe.tokenize('dog -- man ...').tokens, ['dog', 'man']);
  assertEngineError(() => pe.tokenize(Array(33).fill('dog').join(' ')), /tokenize/, /text/, /33 words/, /32/);
});

test('word embeddings are bit-for-bit those of the native build', () => {
  // The same literals are asserted in tests/cpp/test_vocabulary.cpp: native and WebAssembly draw identical
  // numbers because the generator uses only integer arithmetic, IEEE +, *, /, sqrt and its own logarithm.
  const golden = [
    0.92368745142138919, 1.0186888387788684, 0.57270613130095016, -1.1782092543991507, 0.059135640385689296,
    1.1538382895113803, 1.1790498699182685, -1.9029333721408392,
  ];
  assert.deepEqual([...pe.wordEmbeddings('dog', 8, { seed: 42 })], golden);
  const raw = pe.wordEmbeddings('Dog.', 8, { seed: 42, scaled: false });
  assertClose(
    raw,
    golden.map((v) => v / Math.sqrt(8)),
    1e-15,
  );
});

test('a word has the same embedding in every sentence, and inputs are embedding plus position', () => {
  const dog = pe.wordEmbeddings('dog', 32, { seed: 7 });
  for (const encoding of ENCODINGS) {
    const r = pe.attendSentence('the big dog sees the dog', encoding, 32, 7);
    assert.deepEqual(r.tokens, ['the', 'big', 'dog', 'sees', 'the', 'dog']);
    assert.deepEqual(r.embeddings.slice(2 * 32, 3 * 32), dog);
    assert.deepEqual(r.embeddings.slice(5 * 32, 6 * 32), dog);
    for (let i = 0; i < r.inputs.length; i += 1) assert.equal(r.inputs[i], r.embeddings[i] + r.positions[i]);
    const additive = encoding === 'sinusoidal' || encoding === 'learned';
    assert.equal(
      r.positions.some((v) => v !== 0),
      additive,
      encoding,
    );
  }
  const sinusoidal = pe.attendSentence('dog bites man', 'sinusoidal', 16, 1).positions;
  for (let pos = 0; pos < 3; pos += 1) {
    for (let dim = 0; dim < 16; dim += 1) {
      const angle = pos / 10000 ** ((2 * Math.floor(dim / 2)) / 16);
      assertClose(sinusoidal[pos * 16 + dim], dim % 2 === 0 ? Math.sin(angle) : Math.cos(angle), 1e-15);
    }
  }
});

test('attendSentence returns the documented shapes and defaults', () => {
  const r = pe.attendSentence('dog bites man', 'none', 64, 1);
  assert.deepEqual(r.tokens, ['dog', 'bites', 'man']);
  assert.equal(r.seqLen, 3);
  assert.equal(r.dModel, 64);
  assert.equal(r.heads, 4);
  assert.equal(r.mask, 'bidirectional');
  for (const key of ['embeddings', 'positions', 'inputs', 'outputs'])
    assert.equal(r[key].length, 3 * 64, key);
  assert.equal(r.scores.length, 4 * 9);
  assert.equal(r.weights.length, 4 * 9);
  assert.equal(r.pooled.length, 64);
  assert.deepEqual(pe.attendSentence('dog bites man', 'none', 64), r);
  assert.equal(pe.attendSentence('dog bites man', 'none', 12, 1).heads, 2);
  assert.equal(pe.attendSentence('dog bites man', 'none', 6, 1).heads, 1);
  const causal = pe.attendSentence('dog bites man', 'none', 64, 1, { mask: 'causal', heads: 2 });
  assert.equal(causal.mask, 'causal');
  assert.equal(causal.heads, 2);
  assert.equal(causal.scores[1], -Infinity);
});

test('"dog bites man" and "man bites dog" pool identically without an encoding and differently with one', () => {
  assert.ok(pooledDifference('dog bites man', 'man bites dog', 'none') < 1e-6);
  for (const encoding of ['sinusoidal', 'learned', 'rope']) {
    assert.ok(pooledDifference('dog bites man', 'man bites dog', encoding) > 1e-3, encoding);
  }
  assert.ok(pooledDifference('dog bites man', 'man bites dog', 'none', { mask: 'causal' }) > 1e-3);
});

test('bidirectional ALiBi sees only distances: a reversed sentence pools the same, other orders do not', () => {
  assert.ok(pooledDifference('dog bites man', 'man bites dog', 'alibi') < 1e-9);
  assert.ok(pooledDifference('the dog bites the man', 'the man bites the dog', 'alibi') > 1e-3);
  assert.ok(pooledDifference('dog bites man', 'man bites dog', 'alibi', { mask: 'causal' }) > 1e-3);
});

test('pooled values agree with the native build', () => {
  assertClose(
    pe.attendSentence('dog bites man', 'rope', 16, 1).pooled,
    [
      0.78344429774098812, 1.290230677820446, 0.54863646943871125, 0.87962376708642021, -0.22070278413780411,
      -0.6033408990406266, 0.41344741044386196, 0.47365855997255668, -1.2074207909436441,
      -0.53522174884131235, 0.10850490611433257, 0.91859491226843648, -0.045042120707294221,
      -0.075265898485000135, -0.041439185265662516, -0.21783150771828061,
    ],
    1e-12,
  );
});

test('the same seed gives the same result and another seed a different one', () => {
  const a = pe.attendSentence('the woman sees the ball in the park', 'learned', 32, 5);
  assert.deepEqual(pe.attendSentence('the woman sees the ball in the park', 'learned', 32, 5), a);
  const b = pe.attendSentence('the woman sees the ball in the park', 'learned', 32, 6);
  assert.ok(a.pooled.some((v, i) => Math.abs(v - b.pooled[i]) > 1e-3));
});

test('bad attendSentence arguments throw Errors naming the parameter, the value and what is allowed', () => {
  const unknown = assertEngineError(
    () => pe.attendSentence('the zebra bites the man', 'none', 16, 1),
    /^attendSentence: /,
    /"zebra"/,
    /not in the vocabulary/,
    /known words: a, an, and/,
  );
  assert.match(unknown.message, /word 2 of 5/);
  assertEngineError(
    () => pe.attendSentence(Array(33).fill('dog').join(' '), 'none', 16, 1),
    /text/,
    /33 words/,
    /32/,
  );
  assert.equal(pe.attendSentence(Array(32).fill('dog').join(' '), 'none', 16, 1).seqLen, 32);
  assertEngineError(
    () => pe.attendSentence('dog bites man', 'absolute', 16, 1),
    /encoding/,
    /"absolute"/,
    /"alibi"/,
  );
  assertEngineError(() => pe.attendSentence('dog bites man', undefined, 16, 1), /encoding/, /undefined/);
  assertEngineError(() => pe.attendSentence('dog bites man', 'none', 15, 1), /dModel/, /15/, /even integer/);
  assertEngineError(() => pe.attendSentence('dog bites man', 'none', 2048, 1), /dModel/, /1024/);
  assertEngineError(() => pe.attendSentence('', 'none', 16, 1), /text/, /at least one word/);
  assertEngineError(() => pe.attendSentence('?!', 'none', 16, 1), /text/, /at least one word/);
  assertEngineError(() => pe.attendSentence(42, 'none', 16, 1), /text/, /42/, /string/);
  assertEngineError(() => pe.attendSentence('dog bites man', 'none', 16, 0.5), /seed/, /0\.5/);
  assertEngineError(() => pe.attendSentence('dog', 'none', 16, 1, { heads: 3 }), /options\.heads/, /divisor/);
  assertEngineError(
    () => pe.attendSentence('dog', 'none', 16, 1, { mask: 'Causal' }),
    /options\.mask/,
    /"Causal"/,
  );
  assertEngineError(() => pe.attendSentence('dog', 'none', 16, 1, { causal: true }), /options/, /"causal"/);
  assertEngineError(() => pe.wordEmbeddings('dog zebra', 8), /wordEmbeddings/, /"zebra"/);
  assertEngineError(() => pe.wordEmbeddings('dog', 8, { scaled: 'yes' }), /options\.scaled/, /"yes"/);
});

test('after thousands of bad calls the module gives identical results and holds no more memory', () => {
  const bad = [
    () => pe.attendSentence('the zebra chased the dog', 'rope', 32, 3),
    () => pe.attendSentence(Array(40).fill('cat').join(' '), 'rope', 32, 3),
    () => pe.attendSentence('the cat', 'relative', 32, 3),
    () => pe.attendSentence('the cat', 'rope', 33, 3),
    () => pe.attendSentence('the cat', 'rope', 32, 3, { heads: 64 }),
    () => pe.tokenize(Array(33).fill('x').join(' ')),
  ];
  assertBadCallsLeaveNoTrace(bad, 6000, () =>
    pe.attendSentence('the cat chased the dog', 'rope', 32, 3, { mask: 'causal' }),
  );
});
