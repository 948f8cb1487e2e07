// A race: training runs of several position schemes on the same task, each scheme from the same seeds (one run
// per scheme and seed, `rope:3`, so that every scheme meets the same batches and starts from the same draws of
// its weights), trained side by side in the lab's workers. Play trains every run to the schedule's end in
// chunks (one request in flight per run, so Pause takes effect within a round of chunks), Step trains a few
// steps, and each run, once trained, is evaluated on held-out sequences of a grid of lengths. Stop ends a race
// for good (its workers are going away). Pure logic over a pool of runs (pool.js), so Node's tests drive it
// with a stand-in pool.
import { WorkerLostError } from '../engine/worker-calls.js';
import { runKey } from './seeds.js';
import { addSlice, finishedSlices, nextSlice, startSlices } from './slices.js';

/**
 * Engine time a worker takes to serve one chunk of every run it holds: Pause lands within it, and no run of a
 * worker gets further than one chunk ahead of another. A worker's requests wait in turn, so with 13 runs on a
 * worker (25 runs on two) a chunk is 1/13 of it; a lone run's chunk stops at CHUNK_SECONDS.
 */
const ROUND_SECONDS = 0.24;
/** Engine time one request aims at at most: long enough to amortise a message, short enough for Pause. */
const CHUNK_SECONDS = 0.08;
const MAX_CHUNK = 200;
/** The first chunk of a run is this short, so that the page shows progress as soon as the engine is ready. */
const FIRST_CHUNK = 2;
/** Steps taken by one press of Step. */
export const STEP_SIZE = 10;
/**
 * A race whose training its first chunks say will take longer than this asks before it goes on (seconds). The
 * default race took at most 85 s under a load of 8 to 20 on the 2-core build machine (pool.js), so it never asks.
 */
export const ASK_ABOVE_SECONDS = 180;
/** How long a race that looks too long trains before it asks, so that the engine's warm-up does not count. */
const ASK_AFTER_SECONDS = 2;

/**
 * The engine's configuration of one run of a race. Randomized positions apply to every scheme with positions;
 * `none` has none to randomize (the engine refuses it), so in a race it trains as it is, the order-blind control.
 * @param {Record<string, unknown>} config
 * @param {string} scheme
 * @param {number} seed
 * @returns {import('../../../cpp/bindings/pe-lab.d.ts').LabConfig} the engine judges every value
 */
/**
 * The step a race has reached, as its counter says it: the steps its runs have trained, on average (rounded
 * down). Runs share their workers' rounds of chunks, so one gets at most a chunk ahead of another, and a Step or
 * the schedule's end leaves them all on one step; the slowest run would say 0 until every run had trained its
 * first chunk, which on a slow machine is seconds after the first curves are drawn.
 * @param {{ step: number }[]} runs
 */
export function raceStep(runs) {
  return Math.floor(runs.reduce((sum, run) => sum + run.step, 0) / Math.max(1, runs.length));
}

export function runConfig(config, scheme, seed) {
  const plain = scheme === 'none' && Number(config.randomizedPositions) > 0;
  return /** @type {any} */ ({ ...config, scheme, seed, ...(plain ? { randomizedPositions: 0 } : {}) });
}

/**
 * @typedef {object} RunState
 * @property {string} scheme
 * @property {number} seed
 * @property {string} key the run's name in its worker (runKey)
 * @property {number} step updates done
 * @property {number[]} loss the training loss of every step so far
 * @property {number[]} accuracy the training-batch accuracy of every step so far
 * @property {{ lengths: number[], accuracy: number[], loss: number[] } | null} evaluation by length, once done
 *   (the engine's grid of lengths, ascending, not necessarily consecutive)
 * @property {number | null} secondsPerStep the engine's time per step in this run's worker, as last measured
 * @property {import('./pool.js').RunHandle} handle
 */

/**
 * @param {{ run(key: string): import('./pool.js').RunHandle, size?: number }} pool `size`: its workers (1
 *   when not given)
 * @param {{ config: Record<string, unknown>, schemes: string[], seeds?: number[], samples: number,
 *   onChange: (race: ReturnType<typeof createRace>) => void, onError: (error: Error) => void,
 *   now?: () => number, calm?: () => Promise<void> | null, askAbove?: number }} options `config` is the
 *   engine's Lab
 *   configuration less the scheme and the seed; `seeds` the seeds every scheme trains from
 *   (default `[config.seed]`); `onChange` is called after every chunk and state change; `calm` is asked
 *   before every chunk of Play and, when it returns a promise, the chunk waits for it (the page yields its
 *   cores to the reader's input elsewhere); `askAbove`: once every run has trained a chunk, a Play whose
 *   training would take longer than this many seconds at the measured speed pauses with `question` set, and
 *   the next Play goes on (default: never asks)
 */
export function createRace(
  pool,
  {
    config,
    schemes,
    seeds = [Number(config.seed)],
    samples,
    onChange,
    onError,
    now = () => performance.now(),
    calm = () => null,
    askAbove = Infinity,
  },
) {
  const total = Number(config.steps);
  /** @type {RunState[]} */
  const runs = schemes.flatMap((scheme) =>
    seeds.map((seed) => ({
      scheme,
      seed,
      key: runKey(scheme, seed),
      step: 0,
      loss: [],
      accuracy: [],
      evaluation: null,
      secondsPerStep: null,
      handle: pool.run(runKey(scheme, seed)),
    })),
  );
  // Runs sharing the busiest worker (pool.run places them in turn), which share its rounds of chunks.
  const sharing = Math.ceil(runs.length / Math.max(1, pool.size ?? 1));
  const chunkSeconds = Math.min(CHUNK_SECONDS, ROUND_SECONDS / sharing);
  /** @type {'idle'|'running'|'paused'|'evaluating'|'done'|'failed'|'stopped'} */
  let state = 'idle';
  // Read through a call where an await lies between two looks: Pause, Stop and errors change it meanwhile.
  const current = () => state;
  let started = null;
  let created = null;
  const playing = { since: 0, steps: 0 };
  let elapsed = 0; // milliseconds spent running or evaluating, over every Play and Step
  let engineMs = 0; // the workers' own time in training and evaluation calls, summed over runs
  let asked = false;
  const stepsDone = () => runs.reduce((sum, run) => sum + run.step, 0);
  /** @type {Map<RunState, { chunks: number, seconds: number }>} chunks trained, and the last one's time per step */
  const paces = new Map();

  const race = {
    runs,
    seeds,
    total,
    get state() {
      return state;
    },
    /** Steps per second over the current Play, across all runs (null before a chunk has come back). */
    get rate() {
      if (state !== 'running') return null;
      const steps = stepsDone() - playing.steps;
      const seconds = (now() - playing.since) / 1000;
      return steps > 0 && seconds > 0 ? steps / seconds : null;
    },
    /** Seconds of training left at the current rate (null when unknown). */
    get secondsLeft() {
      const rate = race.rate;
      return rate ? (runs.length * total - stepsDone()) / rate : null;
    },
    /**
     * Set when the race paused itself to ask before a long run: `seconds` of training left at the measured
     * speed. Play clears it and goes on; the race does not ask again.
     * @type {{ seconds: number } | null}
     */
    question: null,
    /**
     * Seconds of training left at each run's fastest speed after its first chunk, its workers in parallel; null
     * until every run has trained two chunks. The first chunks are slow: the engine warms up (its code runs
     * unoptimised at first, the model allocates), so the estimate falls as training goes on.
     */
    get estimate() {
      if (runs.some((run) => (paces.get(run)?.chunks ?? 0) < 2)) return null;
      const left = runs.reduce((sum, run) => sum + (total - run.step) * paces.get(run).seconds, 0);
      return left / Math.max(1, Math.min(pool.size ?? 1, runs.length));
    },
    /** Seconds the engine spent training and evaluating, summed over the runs (they overlap in workers). */
    get engineSeconds() {
      return engineMs / 1000;
    },
    /** Seconds spent training and evaluating so far (wall time, pauses excluded). */
    get seconds() {
      return (elapsed + (state === 'running' || state === 'evaluating' ? now() - playing.since : 0)) / 1000;
    },
    play,
    pause,
    step,
    stop,
  };

  function setState(next) {
    state = next;
    onChange(race);
  }

  const live = () => current() !== 'failed' && current() !== 'stopped';

  function create() {
    created ??= Promise.all(
      runs.map((run) => run.handle.call('create', runConfig(config, run.scheme, run.seed))),
    );
    return created;
  }

  function fail(error) {
    if (!live()) return;
    state = 'failed';
    if (error instanceof WorkerLostError) onError(lostRuns(error));
    else onError(error instanceof Error ? error : new Error(String(error)));
  }

  /** What the reader is told when a worker's engine stopped: the runs that went with it, and how to go on. */
  function lostRuns(error) {
    const lost = runs.filter((run) => error.lost.includes(run.key));
    const names = lost.map((run) => `${run.scheme} from seed ${run.seed}`).join(', ');
    const message = `${error.message} Lost with it: ${names || 'no run'}. Press Reset to train again.`;
    return Object.assign(new Error(message, { cause: error }), { lost: lost.map((run) => run.key) });
  }

  async function train(run, steps) {
    const { result, step: done, ms } = await run.handle.call('train', steps);
    if (!live()) return;
    engineMs += ms > 0 ? ms : 0;
    const seconds = ms / 1000 / steps;
    if (ms > 0)
      run.secondsPerStep = run.secondsPerStep === null ? seconds : 0.7 * run.secondsPerStep + 0.3 * seconds;
    if (ms > 0) {
      const pace = paces.get(run);
      paces.set(run, {
        chunks: (pace?.chunks ?? 0) + 1,
        seconds: pace ? Math.min(pace.seconds, seconds) : Infinity,
      });
    }
    run.loss.push(...result.loss);
    run.accuracy.push(...result.accuracy);
    run.step = done;
  }

  async function loop(run) {
    while (current() === 'running' && run.step < total) {
      const wanted = run.secondsPerStep ? Math.round(chunkSeconds / run.secondsPerStep) : FIRST_CHUNK;
      const chunk = Math.max(1, Math.min(MAX_CHUNK, total - run.step, wanted));
      const wait = calm();
      if (wait) {
        await wait;
        if (current() !== 'running') break;
      }
      await train(run, chunk);
      if (!live()) return;
      askIfLong();
      onChange(race);
    }
    // Evaluated as soon as it is trained, a run keeps its worker busy while runs elsewhere still train.
    if (current() === 'running' && run.step >= total) await evaluated(run);
  }

  /**
   * Pauses the race with a question when the measured speed says its training would run past askAbove: as soon
   * as the estimate fits, the race goes on without asking; while it does not, the race trains on until
   * ASK_AFTER_SECONDS of this Play have passed (the engine warmed up), and asks if it still does not fit.
   */
  function askIfLong() {
    if (asked || current() !== 'running') return;
    const estimate = race.estimate;
    if (estimate === null) return;
    if (estimate <= askAbove) {
      asked = true;
      return;
    }
    if (now() - playing.since < ASK_AFTER_SECONDS * 1000) return;
    asked = true;
    race.question = { seconds: estimate };
    end('paused');
  }

  /** @type {Map<RunState, Promise<void>>} */
  const evaluations = new Map();
  /** @type {Map<RunState, import('./slices.js').Partial>} what is done of each run's evaluation */
  const partials = new Map();
  /**
   * Evaluates a run in slices (slices.js), however many loops and Steps ask for it; a Pause stops it between
   * two slices, and the next call goes on from there.
   */
  function evaluated(run) {
    if (!evaluations.has(run)) {
      const going = () => current() === 'running' || current() === 'evaluating';
      const ask = async (options) => {
        const { result, ms } = await run.handle.call('evaluate', options);
        engineMs += live() && ms > 0 ? ms : 0;
        return { result, ms };
      };
      const work = (async () => {
        while (going() && !run.evaluation) {
          const partial = partials.get(run);
          const slice = partial && nextSlice(partial, samples);
          if (!partial) {
            const { result, ms } = await ask({ samples: 1 });
            partials.set(run, startSlices(result, ms));
          } else if (slice) {
            const { result, ms } = await ask(slice);
            addSlice(partial, slice, result, ms);
          } else {
            run.evaluation = finishedSlices(partial);
            onChange(race);
          }
        }
      })();
      // Stopped by a Pause (or failed), the next call starts again from what is done.
      const forget = () => {
        if (!run.evaluation) evaluations.delete(run);
      };
      evaluations.set(run, work);
      work.then(forget, forget);
    }
    return evaluations.get(run);
  }

  async function finishIfDone() {
    if (!live() || runs.some((run) => run.step < total)) return;
    setState('evaluating');
    await Promise.all(runs.map(evaluated));
    if (!live()) return;
    elapsed += now() - playing.since;
    setState('done');
  }

  function begin(next) {
    playing.since = now();
    playing.steps = stepsDone();
    setState(next);
  }

  function end(next) {
    elapsed += now() - playing.since;
    state = next;
  }

  /** Trains every run to the end of the schedule, then evaluates; resolves when it stops (done or paused). */
  async function play() {
    if (state !== 'idle' && state !== 'paused') return started;
    race.question = null;
    begin('running');
    // Chunks a Pause left in flight come back first: two loops of one run would train it past the schedule.
    const before = started;
    started = (async () => {
      try {
        await before;
        await create();
        await Promise.all(runs.map(loop));
        if (current() === 'running') await finishIfDone();
      } catch (error) {
        fail(error);
      }
    })();
    return started;
  }

  /** Says so at once, and stops after the chunks in flight; Play goes on from there. */
  async function pause() {
    if (state !== 'running') return;
    end('paused');
    onChange(race);
    await started;
    if (live()) onChange(race);
  }

  /** Trains STEP_SIZE more steps of every run (fewer at the schedule's end), after any Step or chunks before. */
  function step() {
    if (state !== 'idle' && state !== 'paused') return started;
    playing.since = now();
    state = 'paused';
    const before = started;
    started = (async () => {
      try {
        await before;
        if (!live()) return;
        await create();
        await Promise.all(
          runs.map((run) => (run.step < total ? train(run, Math.min(STEP_SIZE, total - run.step)) : 0)),
        );
        if (!live()) return;
        if (runs.every((run) => run.step >= total)) {
          await finishIfDone();
          return;
        }
        elapsed += now() - playing.since;
        onChange(race);
      } catch (error) {
        fail(error);
      }
    })();
    return started;
  }

  /** Ends the race: nothing it still waits for is applied or reported (its pool is being stopped). */
  function stop() {
    state = 'stopped';
  }

  return race;
}
