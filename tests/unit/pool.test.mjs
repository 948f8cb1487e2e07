// How many workers the lab trains in (web/src/lab/pool.js): the choice, without starting any worker.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workerCount } from '../../web/src/lab/pool.js';

test('the lab takes one worker per core, never more than runs or four', () => {
  assert.equal(workerCount(5, 0, 2), 2);
  assert.equal(workerCount(5, 0, 16), 4);
  assert.equal(workerCount(1, 0, 8), 1);
  assert.equal(workerCount(3, 0, 1), 1);
});

test('a requested number of workers is kept within the runs and the cap', () => {
  assert.equal(workerCount(5, 1, 2), 1);
  assert.equal(workerCount(5, 3, 2), 3);
  assert.equal(workerCount(2, 3, 2), 2);
  assert.equal(workerCount(5, 9, 2), 4);
  assert.equal(workerCount(5, 1.5, 2), 2, 'not a whole number: the automatic choice');
});
