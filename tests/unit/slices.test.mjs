// Evaluation in slices (web/src/lab/slices.js): requests sized by the measured speed add up to the whole set.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addSlice, finishedSlices, nextSlice, SLICE_SECONDS, startSlices } from '../../web/src/lab/slices.js';

/** A stand-in engine: sequence s of length n scores (s + n) % 2 right, with loss n + s / 1000. */
function engine(lengths, first, samples) {
  const at = () => Array.from({ length: samples }, (_, k) => first + k);
  return {
    lengths,
    accuracy: lengths.map((n) => at(n).reduce((sum, s) => sum + ((s + n) % 2), 0) / samples),
    loss: lengths.map((n) => at(n).reduce((sum, s) => sum + n + s / 1000, 0) / samples),
  };
}

function evaluateInSlices(grid, samples, msPerToken) {
  const partial = startSlices(engine(grid, 0, 1), msPerToken * grid.reduce((a, b) => a + b, 0));
  const requests = [];
  for (let slice = nextSlice(partial, samples); slice; slice = nextSlice(partial, samples)) {
    requests.push(slice);
    const tokens = slice.samples * slice.lengths.reduce((a, b) => a + b, 0);
    addSlice(partial, slice, engine(slice.lengths, slice.first, slice.samples), msPerToken * tokens);
  }
  return { result: finishedSlices(partial), requests };
}

test('slices add up to the whole set, each request within the time budget', () => {
  const grid = [2, 16, 32, 64, 128];
  const whole = engine(grid, 0, 128);
  // Slow: 1 ms a token, so a sequence of 128 tokens costs 0.128 s and the longest length goes one at a time.
  const slow = evaluateInSlices(grid, 128, 1);
  for (const request of slow.requests) {
    const tokens = request.samples * request.lengths.reduce((a, b) => a + b, 0);
    assert.ok(tokens <= SLICE_SECONDS * 1000, JSON.stringify(request));
  }
  assert.ok(slow.requests.length > 127);
  // Fast: everything after the first sequence in one request.
  const fast = evaluateInSlices(grid, 128, 1e-3);
  assert.deepEqual(fast.requests, [{ first: 1, samples: 127, lengths: grid }]);
  for (const { result } of [slow, fast]) {
    assert.deepEqual(result.lengths, grid);
    result.accuracy.forEach((a, i) => assert.ok(Math.abs(a - whole.accuracy[i]) < 1e-12));
    result.loss.forEach((l, i) => assert.ok(Math.abs(l - whole.loss[i]) < 1e-12));
  }
});

test('one sample per length is done after the first request', () => {
  const partial = startSlices(engine([4, 8], 0, 1), 1);
  assert.equal(nextSlice(partial, 1), null);
});
