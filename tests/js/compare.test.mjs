import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertEngineError, maxAbsDiff } from './engine.mjs';

const ENCODINGS = ['none', 'sinusoidal', 'learned', 'rope', 'alibi'];
const MASKS = ['bidirectional', 'causal'];

test('compareSentences gives each sentence exactly as attendSentence does', () => {
  const options = { mask: 'causal', heads: 2, base: 500 };
  for (const encoding of ENCODINGS) {
    const c = pe.compareSentences('the dog chased the cat', 'a cat sees a dog', encoding, 32, 4, options);
    const a = pe.attendSentence('the dog chased the cat', encoding, 32, 4, options);
    const b = pe.attendSentence('a cat sees a dog', encoding, 32, 4, options);
    assert.deepEqual(c.a, a, encoding);
    assert.deepEqual(c.b, b, encoding);
    assert.equal(c.pooledDifference, maxAbsDiff(a.pooled, b.pooled));
  }
});

test('compareSentences tabulates the pooled difference under every encoding and mask', () => {
  const c = pe.compareSentences('dog bites man', 'man bites dog', 'sinusoidal', 64, 1);
  assert.deepEqual(Object.keys(c.pooledDifferences), ENCODINGS);
  for (const encoding of ENCODINGS) {
    assert.deepEqual(Object.keys(c.pooledDifferences[encoding]), MASKS);
    for (const mask of MASKS) {
      const a = pe.attendSentence('dog bites man', encoding, 64, 1, { mask });
      const b = pe.attendSentence('man bites dog', encoding, 64, 1, { mask });
      assert.equal(
        c.pooledDifferences[encoding][mask],
        maxAbsDiff(a.pooled, b.pooled),
        `${encoding} ${mask}`,
      );
    }
  }
  const d = c.pooledDifferences;
  assert.ok(d.none.bidirectional < 1e-9, 'a bag of words');
  assert.ok(d.alibi.bidirectional < 1e-9, 'a reversed sentence keeps every distance');
  for (const [encoding, mask] of [
    ['none', 'causal'],
    ['sinusoidal', 'bidirectional'],
    ['learned', 'bidirectional'],
    ['rope', 'bidirectional'],
    ['alibi', 'causal'],
  ]) {
    assert.ok(d[encoding][mask] > 1e-3, `${encoding} ${mask}`);
  }
  assert.equal(c.pooledDifference, d.sinusoidal.bidirectional);
});

test('compareSentences names the shared word whose outputs differ most', () => {
  const c = pe.compareSentences('the dog bites the man', 'the man bites the dog', 'rope', 16, 2);
  const d = 16;
  const row = (r, i) => r.outputs.subarray(i * d, (i + 1) * d);
  // The k-th occurrence of a word in A goes with its k-th occurrence in B.
  const pairs = [
    [0, 0],
    [1, 4],
    [2, 2],
    [3, 3],
    [4, 1],
  ];
  let best = null;
  for (const [i, j] of pairs) {
    const difference = maxAbsDiff(row(c.a, i), row(c.b, j));
    if (!best || difference > best.difference) {
      best = { word: c.a.tokens[i], indexA: i, indexB: j, difference };
    }
  }
  assert.deepEqual(c.sharedWord, best);
  assert.equal(pe.compareSentences('dog bites man', 'a cat sleeps', 'none', 16).sharedWord, null);
});

test('compareSentences rejects each bad argument, naming it', () => {
  assertEngineError(
    () => pe.compareSentences('dog bites man', 'man bites zebra', 'none', 64),
    /^compareSentences: textB has the word "zebra" \(word 3 of 3\)/,
    /not in the vocabulary/,
  );
  assertEngineError(() => pe.compareSentences('', 'dog', 'none', 64), /textA/, /at least one word/);
  assertEngineError(
    () => pe.compareSentences('dog', Array(33).fill('dog').join(' '), 'none', 64),
    /textB/,
    /33 words/,
  );
  assertEngineError(
    () => pe.compareSentences('dog', 'man', 'absolute', 64),
    /encoding/,
    /"absolute"/,
    /"alibi"/,
  );
  assertEngineError(() => pe.compareSentences('dog', 'man', 'none', 1026), /dModel/, /1026/, /1024/);
  assertEngineError(() => pe.compareSentences('dog', 'man', 'none', 64, -1), /seed/, /-1/);
  assertEngineError(
    () => pe.compareSentences('dog', 'man', 'none', 64, 1, { heads: 3 }),
    /options\.heads/,
    /3/,
  );
  assertEngineError(
    () => pe.compareSentences('dog', 'man', 'none', 64, 1, { masks: 'causal' }),
    /options/,
    /masks/,
  );
  // The engine stays usable after errors.
  assert.ok(pe.compareSentences('dog', 'man', 'none', 8).pooledDifference > 0);
});
