// A figure's training run (web/src/lab/trained-table.js) driven by a stand-in pool: what the `learned` figure
// shows while its table trains, when it is done, when the engine refuses, and when the figure goes away.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StoppedError } from '../../web/src/lab/pool.js';
import { CHUNK, trainTable } from '../../web/src/lab/trained-table.js';

const CONFIG = { task: 'previous', scheme: 'learned', dModel: 2, length: 3, steps: 25, seed: 1 };

/**
 * A pool of one run that "trains" by counting: accuracy step / total, a table of 6 numbers. `fail` makes a method
 * throw the engine's kind of message; `stop()` rejects what is still waiting, as the real pool does.
 */
function fakePool({ fail = null } = {}) {
  const calls = [];
  const waiting = new Set();
  let step = 0;
  let stopped = 0;
  const answer = (method, args) => {
    if (method === fail) throw new Error(`Lab.${method}: broken`);
    if (method === 'train') {
      step += args[0];
      const accuracy = Float32Array.from({ length: args[0] }, (_, i) => (step - args[0] + i + 1) / 25);
      return { result: { loss: accuracy.map((a) => 1 - a), accuracy }, step, ms: 1 };
    }
    if (method === 'positionTable') return { result: Float32Array.of(1, -2, 3, -4, 5, -6), step, ms: 0 };
    return { result: null, step, ms: 0 };
  };
  return {
    calls,
    get stopped() {
      return stopped;
    },
    run: (key) => ({
      key,
      call: (method, ...args) => {
        calls.push([key, method, ...args]);
        if (stopped) return Promise.reject(new StoppedError());
        return new Promise((resolve, reject) => {
          const call = { reject };
          waiting.add(call);
          setTimeout(() => {
            if (!waiting.delete(call)) return;
            try {
              resolve(answer(method, args));
            } catch (error) {
              reject(error);
            }
          }, 1);
        });
      },
    }),
    stop() {
      stopped += 1;
      for (const call of waiting) call.reject(new StoppedError());
      waiting.clear();
    },
  };
}

/** Waits until `training` leaves the training state, however long a loaded machine takes to get there. */
async function settled(training) {
  while (training.state === 'training') await new Promise((resolve) => setTimeout(resolve, 2));
}

test('a run is made from the configuration, trained in chunks with progress after each, then asked for its table', async () => {
  const pool = fakePool();
  const progress = [];
  const training = trainTable(pool, CONFIG, {
    key: 'k',
    onChange: () => progress.push([training.state, training.step]),
  });
  assert.equal(training.state, 'training');
  assert.equal(training.step, 0);
  assert.equal(training.total, 25);
  await settled(training);
  assert.equal(training.state, 'done');
  assert.deepEqual(
    pool.calls.map((c) => c.slice(1)),
    [['create', CONFIG], ['train', CHUNK], ['train', CHUNK], ['train', 5], ['positionTable']],
  );
  assert.deepEqual(progress, [
    ['training', 10],
    ['training', 20],
    ['training', 25],
    ['done', 25],
  ]);
  assert.deepEqual(Array.from(training.table), [1, -2, 3, -4, 5, -6]);
  assert.equal(training.accuracy, 1, 'the last step of the last chunk');
  assert.equal(training.key, 'k');
  assert.equal(pool.stopped, 1, 'the worker goes once the table is back');
});

test("an engine error ends the training with the engine's message and stops the worker", async () => {
  const pool = fakePool({ fail: 'create' });
  let changes = 0;
  const training = trainTable(pool, CONFIG, { key: 'k', onChange: () => (changes += 1) });
  await settled(training);
  assert.equal(training.state, 'failed');
  assert.equal(training.failure?.message, 'Lab.create: broken');
  assert.equal(training.table, null);
  assert.equal(changes, 1);
  assert.equal(pool.stopped, 1);
});

test('stop ends the training: the worker is stopped, and nothing it still sends is applied or reported', async () => {
  const pool = fakePool();
  let changes = 0;
  const training = trainTable(pool, CONFIG, {
    key: 'k',
    onChange: () => {
      changes += 1;
      if (training.step === CHUNK) training.stop();
    },
  });
  await settled(training);
  assert.equal(training.state, 'stopped');
  assert.equal(training.step, CHUNK);
  assert.equal(training.table, null);
  assert.equal(training.failure, null);
  assert.equal(changes, 1);
  assert.ok(pool.stopped >= 1);
  assert.deepEqual(
    pool.calls.map((c) => c[1]),
    ['create', 'train'],
  );
});

test('stop while a request is out rejects it, and the rejection is not a failure', async () => {
  const pool = fakePool();
  const training = trainTable(pool, CONFIG, {
    key: 'k',
    onChange: () => assert.fail('no change after stop'),
  });
  training.stop();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(training.state, 'stopped');
  assert.equal(training.failure, null);
  assert.equal(pool.stopped, 1);
});
