// The lab's words from numbers (web/src/lab/verdict.js): each word follows its stated rule at the rule's edges.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chanceInterval, chanceOf, spread, verdictOf, wordFor, WORKS_AT } from '../../web/src/lab/verdict.js';

test('works is at least 90%, on the line included', () => {
  assert.equal(WORKS_AT, 0.9);
  assert.equal(wordFor(0.9, 'subject', 128), 'works');
  assert.equal(wordFor(0.8999, 'subject', 128), 'partial');
  assert.equal(wordFor(1, 'majority', 128), 'works');
  assert.equal(wordFor(0.6, 'majority', 128), 'partial');
});

test('chance is the 95% binomial interval around the order-blind score, counted in sequences', () => {
  // subject, 128 sequences: 0.5 +- 1.96 * sqrt(0.25 / 128) = 0.5 +- 0.0866
  const [lo, hi] = chanceInterval(0.5, 128);
  assert.ok(Math.abs(lo - 0.41338) < 1e-4 && Math.abs(hi - 0.58662) < 1e-4, `${lo} ${hi}`);
  assert.equal(wordFor(0.5, 'subject', 128), 'chance');
  assert.equal(wordFor(0.58, 'subject', 128), 'chance');
  assert.equal(wordFor(0.6, 'subject', 128), 'partial');
  // The 36.7% a careful reviewer found under "back at the coin flip" is below chance, not at it.
  assert.equal(wordFor(0.367, 'subject', 128), 'below chance');
  // Fewer sequences widen the interval.
  assert.equal(wordFor(0.367, 'subject', 16), 'chance');
  assert.equal(chanceOf('previous'), 1 / 16);
  assert.equal(wordFor(0.03, 'previous', 128), 'chance');
  assert.equal(wordFor(0.2, 'reverse', 128), 'partial');
  assert.equal(chanceOf('majority'), null);
  assert.throws(() => chanceInterval(0.5, 0), /chanceInterval: sequences must be at least 1; received 0/);
});

test('across seeds: works only when every seed works, mixed when some do', () => {
  assert.equal(verdictOf([0.95, 0.91, 1], 'subject', 128).word, 'works');
  const mixed = verdictOf([0.95, 0.7, 1, 0.92, 0.5], 'subject', 128);
  assert.deepEqual(mixed, { word: 'mixed', working: 3, seeds: 5, median: 0.92, min: 0.5, max: 1 });
  assert.equal(verdictOf([0.5, 0.47, 0.36], 'subject', 128).word, 'chance');
  assert.equal(verdictOf([0.5, 0.7], 'subject', 128).word, 'fails');
  assert.equal(verdictOf([0.5, 0.7], 'majority', 128).word, 'fails');
  assert.throws(() => verdictOf([], 'subject', 128), /at least one seed/);
});

test('the median of an even count is the mean of the middle two', () => {
  assert.deepEqual(spread([4, 1, 3, 2]), { median: 2.5, min: 1, max: 4 });
  assert.deepEqual(spread([7]), { median: 7, min: 7, max: 7 });
});
