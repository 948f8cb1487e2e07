// Seeds as an axis of the lab (web/src/lab/seeds.js): the runs of a race by scheme, and the median and band
// across seeds that the charts draw, the readouts quote and the data table holds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bandCache, bandOf, groupRuns, runKey, seedsOf, spreadAt } from '../../web/src/lab/seeds.js';

test('a race trains from the first seed on, one seed after another', () => {
  assert.deepEqual(seedsOf(1, 5), [1, 2, 3, 4, 5]);
  assert.deepEqual(seedsOf(7, 1), [7]);
  assert.equal(runKey('rope', 3), 'rope:3');
});

test('runs group by scheme in the order the schemes first appear, seeds in order', () => {
  const runs = ['none:1', 'none:2', 'rope:1', 'rope:2'].map((key) => {
    const [scheme, seed] = key.split(':');
    return { scheme, seed: Number(seed) };
  });
  const groups = groupRuns(runs);
  assert.deepEqual(
    groups.map((g) => [g.scheme, g.runs.map((r) => r.seed)]),
    [
      ['none', [1, 2]],
      ['rope', [1, 2]],
    ],
  );
  assert.equal(groups[1].runs[0], runs[2], 'the runs themselves, not copies');
});

test('the band is the median with the lowest and highest seed at every step all seeds reached', () => {
  const band = bandOf([
    [0.5, 0.9, 0.2],
    [0.1, 0.8, 0.4, 0.7],
    [0.3, 1.0, 0.6],
  ]);
  assert.deepEqual(band.median, [0.3, 0.9, 0.4]);
  assert.deepEqual(band.min, [0.1, 0.8, 0.2]);
  assert.deepEqual(band.max, [0.5, 1.0, 0.6]);
  // An even number of seeds: the mean of the middle two.
  assert.deepEqual(bandOf([[1], [4], [2], [10]]).median, [3]);
  // One seed: the curve itself, with a band of no width.
  assert.deepEqual(bandOf([[0.25, 0.75]]), { median: [0.25, 0.75], min: [0.25, 0.75], max: [0.25, 0.75] });
  assert.throws(() => bandOf([]), /at least one seed/);
});

test('a band grows with its curves without recomputing the steps it holds', () => {
  const a = [1, 2];
  const b = [3];
  const band = bandOf([a, b]);
  assert.deepEqual(band.median, [2]);
  band.median[0] = -1; // a mark: kept if the first step is not aggregated again
  a.push(5);
  b.push(4, 8);
  assert.equal(bandOf([a, b], band), band);
  assert.deepEqual(band.median, [-1, 3, 6.5]);
  assert.deepEqual(band.max, [3, 4, 8]);
});

test('a band cache extends each scheme\u2019s band and starts afresh for new runs', () => {
  const runs = [
    { scheme: 'rope', loss: [1, 2] },
    { scheme: 'rope', loss: [3, 4] },
  ];
  const cache = bandCache((r) => r.loss);
  const [group] = groupRuns(runs);
  assert.deepEqual(cache.get(group).median, [2, 3]);
  runs[0].loss.push(5);
  runs[1].loss.push(7);
  assert.deepEqual(cache.get(group).median, [2, 3, 6]);
  const fresh = groupRuns([{ scheme: 'rope', loss: [9] }])[0];
  assert.deepEqual(cache.get(fresh).median, [9]);
});

test('the spread at one index leaves out a scheme until every one of its seeds has a value there', () => {
  const groups = groupRuns([
    { scheme: 'none', accuracy: [0.5, 0.4] },
    { scheme: 'none', accuracy: [0.6] },
    { scheme: 'rope', accuracy: [0.7, 0.9] },
    { scheme: 'rope', accuracy: [0.8, 1.0] },
    { scheme: 'rope', accuracy: [0.9, 0.95] },
  ]);
  const at = (i) => spreadAt(groups, (r) => r.accuracy, i);
  assert.deepEqual(at(0), [
    { scheme: 'none', seeds: 2, median: 0.55, min: 0.5, max: 0.6 },
    { scheme: 'rope', seeds: 3, median: 0.8, min: 0.7, max: 0.9 },
  ]);
  assert.deepEqual(at(1), [{ scheme: 'rope', seeds: 3, median: 0.95, min: 0.9, max: 1.0 }]);
  assert.deepEqual(at(2), []);
});
