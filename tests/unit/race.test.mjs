// The lab's race (web/src/lab/race.js) driven by a stand-in pool: what the page's Play, Pause and Step do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRace, STEP_SIZE } from '../../web/src/lab/race.js';

/** A pool whose runs "train" by counting, with a loss that falls by 1/step; `fail` makes a method throw. */
function fakePool({ fail = null, msPerStep = 0.01, delay = 1 } = {}) {
  const calls = [];
  const steps = new Map();
  return {
    calls,
    run(key) {
      return {
        key,
        call: async (method, ...args) => {
          calls.push([key, method, ...args]);
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (method === fail) throw new Error(`Lab.${method}: broken`);
          if (method === 'create') steps.set(key, 0);
          if (method === 'train') {
            const from = steps.get(key);
            steps.set(key, from + args[0]);
            const loss = Float32Array.from({ length: args[0] }, (_, i) => 1 / (from + i + 1));
            return {
              result: { loss, accuracy: loss.map((v) => 1 - v) },
              step: from + args[0],
              ms: msPerStep * args[0],
            };
          }
          if (method === 'evaluate') {
            return {
              result: {
                lengths: Int32Array.of(2, 3),
                accuracy: Float64Array.of(1, 0.5),
                loss: Float64Array.of(0, 1),
              },
              step: steps.get(key),
              ms: 2,
            };
          }
          return { result: null, step: steps.get(key), ms: 0 };
        },
      };
    },
  };
}

const options = (overrides = {}) => ({
  config: { task: 'previous', steps: 45, seed: 3 },
  schemes: ['none', 'rope'],
  samples: 64,
  onChange: () => {},
  onError: (error) => {
    throw error;
  },
  ...overrides,
});

test('Play trains every run to the end of the schedule, then evaluates each by length', async () => {
  const pool = fakePool();
  const race = createRace(pool, options());
  await race.play();
  assert.equal(race.state, 'done');
  for (const run of race.runs) {
    assert.equal(run.step, 45);
    assert.equal(run.loss.length, 45);
    assert.equal(run.loss[0], 1);
    assert.deepEqual(run.evaluation.lengths, [2, 3]);
  }
  const creates = pool.calls.filter((c) => c[1] === 'create');
  assert.deepEqual(
    creates.map((c) => c[2].scheme),
    ['none', 'rope'],
  );
  assert.ok(creates.every((c) => c[2].seed === 3 && c[2].task === 'previous'));
});

test('Step trains a few steps of every run and waits', async () => {
  const race = createRace(fakePool(), options());
  await race.step();
  assert.equal(race.state, 'paused');
  assert.deepEqual(
    race.runs.map((r) => r.step),
    [STEP_SIZE, STEP_SIZE],
  );
  await race.play();
  assert.equal(race.state, 'done');
});

test('Pause stops after the chunks in flight, and Play goes on from there', async () => {
  let race;
  let paused = false;
  race = createRace(
    fakePool(),
    options({
      config: { task: 'previous', steps: 5000 },
      onChange: () => {
        if (!paused && race.runs[0].step > 0) {
          paused = true;
          race.pause();
        }
      },
    }),
  );
  await race.play();
  assert.equal(race.state, 'paused');
  const at = race.runs.map((r) => r.step);
  assert.ok(at.every((s) => s > 0 && s < 5000));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(
    race.runs.map((r) => r.step),
    at,
  );
});

test("an engine error stops the race and reaches onError with the engine's message", async () => {
  const errors = [];
  const race = createRace(fakePool({ fail: 'train' }), options({ onError: (e) => errors.push(e.message) }));
  await race.play();
  assert.equal(race.state, 'failed');
  assert.deepEqual(errors, ['Lab.train: broken']);
});

test("chunks follow the engine's own time per step, not the time a call waited in its worker", async () => {
  // The engine takes 20 ms a step, but every call comes back 100 ms later (it queued behind other runs): a chunk
  // of about 0.08 s is 4 steps, where the wall time would make it 1 or 2.
  const pool = fakePool({ msPerStep: 20, delay: 100 });
  const race = createRace(pool, options({ config: { task: 'previous', steps: 34 }, schemes: ['rope'] }));
  await race.play();
  const chunks = pool.calls.filter((c) => c[1] === 'train').map((c) => c[2]);
  // A short first chunk (progress shows at once), then the size the engine's time gives.
  assert.deepEqual(chunks, [2, 4, 4, 4, 4, 4, 4, 4, 4]);
  assert.ok(Math.abs(race.engineSeconds - (0.02 * 34 + 0.002)) < 1e-9, `engine ${race.engineSeconds}`);
});

test('a stopped race applies nothing its pool still sends, and reports nothing', async () => {
  const changes = [];
  const errors = [];
  const race = createRace(
    fakePool(),
    options({ onChange: (r) => changes.push(r.state), onError: (e) => errors.push(e) }),
  );
  const playing = race.play();
  race.stop();
  const seen = changes.length;
  await playing;
  assert.equal(race.state, 'stopped');
  assert.deepEqual(
    race.runs.map((r) => r.step),
    [0, 0],
  );
  assert.equal(changes.length, seen);
  assert.deepEqual(errors, []);
});

test('time is counted while training and evaluating, not while paused', async () => {
  let clock = 0;
  const race = createRace(fakePool(), options({ now: () => clock }));
  await race.step();
  assert.equal(race.seconds, 0);
  clock = 5000;
  assert.equal(race.seconds, 0, 'a pause adds nothing');
  const playing = race.play();
  clock = 7000;
  await playing;
  assert.equal(race.state, 'done');
  assert.equal(race.seconds, 2);
});
