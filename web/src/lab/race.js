// A race: one training run per position scheme on the same task, data and seed, trained side by side in the
// lab's workers. Play trains every run to the schedule's end in chunks (one request in flight per run, so Pause
// takes effect within a chunk), Step trains a few steps, and when every run has finished, each is evaluated on
// held-out sequences of every length. Pure logic over a pool of runs (pool.js), so Node's tests drive it with a
// stand-in pool.

/** Wall time one request aims at: long enough to amortise a message, short enough for Pause to feel instant. */
const CHUNK_SECONDS = 0.08;
const MAX_CHUNK = 200;
/** Steps taken by one press of Step. */
export const STEP_SIZE = 10;

/**
 * @typedef {object} RunState
 * @property {string} scheme
 * @property {number} step updates done
 * @property {number[]} loss the training loss of every step so far
 * @property {number[]} accuracy the training-batch accuracy of every step so far
 * @property {{ lengths: number[], accuracy: number[], loss: number[] } | null} evaluation by length, once done
 * @property {import('./pool.js').RunHandle} handle
 */

/**
 * @param {{ run(key: string): import('./pool.js').RunHandle }} pool
 * @param {{ config: Record<string, unknown>, schemes: string[], samples: number,
 *   onChange: (race: ReturnType<typeof createRace>) => void, onError: (error: Error) => void,
 *   now?: () => number }} options `config` is the engine's Lab configuration less the scheme; `onChange` is
 *   called after every chunk and state change
 */
export function createRace(
  pool,
  { config, schemes, samples, onChange, onError, now = () => performance.now() },
) {
  const total = Number(config.steps);
  /** @type {RunState[]} */
  const runs = schemes.map((scheme) => ({
    scheme,
    step: 0,
    loss: [],
    accuracy: [],
    evaluation: null,
    handle: pool.run(scheme),
  }));
  /** @type {'idle'|'running'|'paused'|'evaluating'|'done'|'failed'} */
  let state = 'idle';
  // Read through a call where an await lies between two looks: Pause and errors change it meanwhile.
  const current = () => state;
  let secondsPerStep = 0.005;
  let started = null;
  let created = null;
  const startedAt = { time: 0, steps: 0 };

  const race = {
    runs,
    total,
    get state() {
      return state;
    },
    /** Steps per second over the current Play, across all runs (null before a chunk has come back). */
    get rate() {
      const steps = runs.reduce((sum, run) => sum + run.step, 0) - startedAt.steps;
      const seconds = (now() - startedAt.time) / 1000;
      return steps > 0 && seconds > 0 ? steps / seconds : null;
    },
    /** Seconds left at the current rate (null when unknown). */
    get secondsLeft() {
      const left = runs.reduce((sum, run) => sum + (total - run.step), 0);
      return race.rate ? left / race.rate : null;
    },
    play,
    pause,
    step,
  };

  function setState(next) {
    state = next;
    onChange(race);
  }

  function create() {
    created ??= Promise.all(runs.map((run) => run.handle.call('create', { ...config, scheme: run.scheme })));
    return created;
  }

  function fail(error) {
    if (state === 'failed') return;
    state = 'failed';
    onError(error instanceof Error ? error : new Error(String(error)));
  }

  async function train(run, steps) {
    const t0 = now();
    const { result, step: done } = await run.handle.call('train', steps);
    const seconds = (now() - t0) / 1000;
    // Runs that share a worker queue behind each other: the time per step seen here is an upper bound.
    secondsPerStep = 0.7 * secondsPerStep + 0.3 * (seconds / steps);
    run.loss.push(...result.loss);
    run.accuracy.push(...result.accuracy);
    run.step = done;
  }

  async function loop(run) {
    while (state === 'running' && run.step < total) {
      const chunk = Math.max(
        1,
        Math.min(MAX_CHUNK, total - run.step, Math.round(CHUNK_SECONDS / secondsPerStep)),
      );
      await train(run, chunk);
      if (current() !== 'failed') onChange(race);
    }
  }

  async function finishIfDone() {
    if (state === 'failed' || runs.some((run) => run.step < total)) return;
    setState('evaluating');
    await Promise.all(
      runs.map(async (run) => {
        const { result } = await run.handle.call('evaluate', { samples });
        run.evaluation = {
          lengths: Array.from(result.lengths),
          accuracy: Array.from(result.accuracy),
          loss: Array.from(result.loss),
        };
      }),
    );
    setState('done');
  }

  /** Trains every run to the end of the schedule, then evaluates; resolves when it stops (done or paused). */
  async function play() {
    if (state === 'running' || state === 'evaluating' || state === 'done' || state === 'failed') return;
    startedAt.time = now();
    startedAt.steps = runs.reduce((sum, run) => sum + run.step, 0);
    setState('running');
    started = (async () => {
      try {
        await create();
        await Promise.all(runs.map(loop));
        if (current() === 'running') await finishIfDone();
      } catch (error) {
        fail(error);
      }
    })();
    return started;
  }

  /** Stops after the chunks in flight; Play goes on from there. */
  async function pause() {
    if (state !== 'running') return;
    state = 'paused';
    await started;
    onChange(race);
  }

  /** Trains STEP_SIZE more steps of every run (fewer at the schedule's end). */
  async function step() {
    if (state !== 'idle' && state !== 'paused') return;
    state = 'paused';
    try {
      await create();
      await Promise.all(
        runs.map((run) => (run.step < total ? train(run, Math.min(STEP_SIZE, total - run.step)) : 0)),
      );
      onChange(race);
      await finishIfDone();
    } catch (error) {
      fail(error);
    }
  }

  return race;
}
