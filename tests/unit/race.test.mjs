// The lab's race (web/src/lab/race.js) driven by a stand-in pool: what the page's Play, Pause and Step do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRace, raceStep, STEP_SIZE } from '../../web/src/lab/race.js';

/** Resolves once `condition()` holds, however long a loaded machine takes to get there. */
async function until(condition) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

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

test('the counter moves with the first chunk back, not with the slowest run: the mean step, rounded down', () => {
  assert.equal(raceStep([{ step: 0 }, { step: 0 }, { step: 0 }]), 0);
  assert.equal(raceStep([{ step: 5 }, { step: 0 }, { step: 0 }, { step: 0 }]), 1);
  assert.equal(raceStep([{ step: 60 }, { step: 40 }]), 50);
  assert.equal(raceStep([{ step: 300 }, { step: 299 }]), 299);
  assert.equal(raceStep([{ step: 10 }, { step: 10 }]), 10);
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
  // Evaluation in two slices of 2 ms each.
  assert.ok(Math.abs(race.engineSeconds - (0.02 * 34 + 2 * 0.002)) < 1e-9, `engine ${race.engineSeconds}`);
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

test('while calm returns a promise, Play sends no chunk until it resolves; Pause meanwhile sends none', async () => {
  const pool = fakePool();
  const waiting = [];
  let holding = true;
  const race = createRace(
    pool,
    options({
      calm: () => (holding ? new Promise((resolve) => waiting.push(resolve)) : null),
    }),
  );
  const played = race.play();
  await until(() => waiting.length === 2); // one wait per run
  assert.equal(pool.calls.filter((c) => c[1] === 'train').length, 0);
  holding = false;
  for (const release of waiting) release();
  await played;
  assert.equal(race.state, 'done');
  assert.deepEqual(
    race.runs.map((r) => r.step),
    [45, 45],
  );

  const held = fakePool();
  const calming = [];
  const paused = createRace(held, options({ calm: () => new Promise((resolve) => calming.push(resolve)) }));
  const playing = paused.play();
  await until(() => calming.length > 0);
  const pausing = paused.pause();
  for (const release of calming) release();
  await pausing;
  await playing;
  assert.equal(paused.state, 'paused');
  assert.equal(held.calls.filter((c) => c[1] === 'train').length, 0);
});

test('a race of several seeds trains one run per scheme and seed, each created from its own seed', async () => {
  const pool = fakePool();
  const race = createRace(pool, options({ seeds: [3, 4, 5] }));
  assert.deepEqual(
    race.runs.map((r) => r.key),
    ['none:3', 'none:4', 'none:5', 'rope:3', 'rope:4', 'rope:5'],
  );
  await race.play();
  assert.equal(race.state, 'done');
  const creates = pool.calls.filter((c) => c[1] === 'create');
  assert.deepEqual(
    creates.map((c) => [c[0], c[2].scheme, c[2].seed]),
    race.runs.map((r) => [r.key, r.scheme, r.seed]),
  );
  // Every run trained to the end and evaluated, once.
  assert.ok(race.runs.every((r) => r.step === 45 && r.evaluation !== null));
  // Each in two slices: one sequence of every length (the grid, and the engine's speed), then the rest.
  const evaluations = pool.calls.filter((c) => c[1] === 'evaluate');
  for (const run of race.runs) {
    assert.deepEqual(
      evaluations.filter((c) => c[0] === run.key).map((c) => c[2]),
      [{ samples: 1 }, { first: 1, samples: 63, lengths: [2, 3] }],
    );
  }
});

test('without seeds a race trains from its configuration\u2019s seed alone', () => {
  const race = createRace(fakePool(), options());
  assert.deepEqual(race.seeds, [3]);
  assert.deepEqual(
    race.runs.map((r) => r.key),
    ['none:3', 'rope:3'],
  );
});

test('runs sharing a worker progress evenly: no run is more than a chunk ahead of another', async () => {
  // 25 runs on two workers, each worker serving its requests in turn, as pool.js's workers do.
  const queues = [Promise.resolve(), Promise.resolve()];
  let placed = 0;
  const spreads = [];
  const workerOf = new Map();
  const inner = fakePool({ msPerStep: 1, delay: 0 });
  const pool = {
    size: 2,
    run(key) {
      const worker = placed++ % 2;
      workerOf.set(key, worker);
      const handle = inner.run(key);
      return {
        key,
        call: (...args) => (queues[worker] = queues[worker].then(() => handle.call(...args))),
      };
    },
  };
  let race;
  race = createRace(
    pool,
    options({
      config: { task: 'previous', steps: 300, seed: 1 },
      schemes: ['none', 'sinusoidal', 'learned', 'rope', 'alibi'],
      seeds: [1, 2, 3, 4, 5],
      onChange: () => {
        if (race?.state !== 'running') return;
        for (const worker of [0, 1]) {
          const steps = race.runs.filter((r) => workerOf.get(r.key) === worker).map((r) => r.step);
          spreads.push(Math.max(...steps) - Math.min(...steps));
        }
      },
    }),
  );
  await race.play();
  assert.equal(race.state, 'done');
  assert.equal(race.runs.length, 25);
  // 13 runs on the busier worker share a round of 0.24 s: chunks of 18 steps at 1 ms a step.
  const chunks = inner.calls.filter((c) => c[1] === 'train').map((c) => c[2]);
  assert.ok(Math.max(...chunks) <= 19, `chunks ${Math.max(...chunks)}`);
  assert.ok(Math.max(...spreads) <= 19, `spread ${Math.max(...spreads)} steps`);
});

test('Stop during a race of several seeds applies nothing more to any run', async () => {
  const changes = [];
  const pool = fakePool();
  const race = createRace(
    pool,
    options({
      config: { task: 'previous', steps: 5000 },
      seeds: [1, 2],
      onChange: (r) => changes.push(r.state),
    }),
  );
  const playing = race.play();
  await new Promise((resolve) => setTimeout(resolve, 15));
  race.stop();
  const at = race.runs.map((r) => r.step);
  const seen = changes.length;
  await playing;
  assert.equal(race.state, 'stopped');
  assert.deepEqual(
    race.runs.map((r) => r.step),
    at,
  );
  assert.equal(changes.length, seen);
  assert.ok(race.runs.every((r) => r.evaluation === null));
});

test('Pause then Play at once never trains a run past the schedule', async () => {
  let race;
  let cycles = 0;
  race = createRace(
    fakePool(),
    options({
      config: { task: 'previous', steps: 40, seed: 1 },
      seeds: [1, 2],
      onChange: () => {
        if (race.state === 'running' && cycles < 5) {
          cycles += 1;
          race.pause();
          race.play();
        }
      },
    }),
  );
  await race.play();
  await until(() => race.state === 'done');
  for (const run of race.runs) {
    assert.equal(run.step, 40);
    assert.equal(run.loss.length, 40);
  }
});

test('Pause says so at once, before the chunks in flight come back', async () => {
  const held = [];
  const pool = fakePool();
  const inner = pool.run.bind(pool);
  pool.run = (key) => {
    const handle = inner(key);
    return {
      key,
      call: async (method, ...args) => {
        if (method === 'train' && args[0] > 2) await new Promise((resolve) => held.push(resolve));
        return handle.call(method, ...args);
      },
    };
  };
  const states = [];
  const race = createRace(pool, options({ onChange: (r) => states.push(r.state) }));
  const playing = race.play();
  await until(() => held.length === 2);
  const pausing = race.pause();
  assert.equal(states.at(-1), 'paused', 'told before any chunk has come back');
  for (const release of held) release();
  await pausing;
  await playing;
  assert.equal(race.state, 'paused');
});

test('a race whose first chunks say it would train past askAbove pauses with a question; Play goes on', async () => {
  const config = { task: 'previous', steps: 400, seed: 3 };
  // 10 ms per step: 2 runs x 398 steps left on one worker, about 8 s.
  // A clock that moves 100 ms at every look, so that the race's first two seconds pass within a few chunks.
  let clock = 0;
  const now = () => (clock += 100);
  const race = createRace(fakePool({ msPerStep: 10 }), options({ config, askAbove: 5, now }));
  await race.play();
  assert.equal(race.state, 'paused');
  assert.ok(race.question && race.question.seconds > 5, JSON.stringify(race.question));
  assert.ok(
    race.runs.every((r) => r.step < 100),
    'asked two seconds into the race, every run having trained two chunks',
  );
  await race.play();
  assert.equal(race.question, null);
  assert.equal(race.state, 'done');
  // A race that fits asks nothing, even when its first chunk is slow (the engine warming up).
  const warming = fakePool({ msPerStep: 10 });
  const inner = warming.run.bind(warming);
  const first = new Set();
  warming.run = (key) => {
    const handle = inner(key);
    return {
      key,
      call: async (method, ...args) => {
        const answer = await handle.call(method, ...args);
        if (method !== 'train' || first.has(key)) return answer;
        first.add(key);
        return { ...answer, ms: answer.ms * 100 };
      },
    };
  };
  const short = createRace(warming, options({ config, askAbove: 60, now }));
  await short.play();
  assert.equal(short.state, 'done');
  assert.equal(short.question, null);
});
