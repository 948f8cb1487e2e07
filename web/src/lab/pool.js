// The lab's training workers. Training never runs on the page: each run lives in one worker (the engine's Lab
// object there), runs are spread over the workers round-robin, and each worker trains its runs one request at a
// time, so the page only ever waits for messages.
//
// How many workers: one per core the browser reports, at most one per run and at most MAX_WORKERS. Measured on
// the 2-core machine this project is built on (headless Chromium, the default race: five runs of `subject`,
// 300 steps, then evaluation), while other builds kept its load average between 8 and 20 (CPU pressure ~95%):
//   the race at 150 steps, in the order run   1: 28.2 32.9 17.0 12.3 s   2: 28.6 38.4 14.7 14.3 s
//                                             3: 29.9 24.0 27.1 11.8 s   4: 34.7 25.2 23.2 13.9 s
//   the default race (load 8-12)              1: 14.0 s   2: 18.8 s   3: 21.5 s   4: 27.9 s
//   the default race (load 8-20)              1: 84.8 69.7 s   2: 54.5 77.1 s   3: 82.7 18.8 s
// Under that load the count makes no difference the noise does not swamp: the browser as a whole gets about one
// core (its CPU time was 14-20 s for the default race whatever the count, its wall time what the other jobs
// left). On the same machine idle, the engine's own time decides: a run costs about 1.8 s of training and 0.65 s
// of evaluation (Node, same build), so one worker takes 12 s, two take 7.4 s (three runs on one of them) and
// three 6.2 s, while taking a third thread from the page. Two, one per core, is the choice: the page's thread
// keeps a share of the cores for the curves and the reader's input, and a third worker would win at most 17%.

import { engineFiles } from '../engine/engine.js';
import { workerCalls } from '../engine/worker-calls.js';

const MAX_WORKERS = 4;

/**
 * How many workers a race of `runs` runs gets: `requested` when it is a positive whole number (at most one per
 * run and MAX_WORKERS), otherwise one per core.
 * @param {number} runs
 * @param {number} [requested] 0 for the automatic choice
 * @param {number} [cores] the browser's navigator.hardwareConcurrency
 */
export function workerCount(runs, requested = 0, cores = globalThis.navigator?.hardwareConcurrency || 2) {
  const wanted = Number.isInteger(requested) && requested > 0 ? requested : Math.max(1, cores);
  return Math.max(1, Math.min(MAX_WORKERS, wanted, runs));
}

/**
 * @typedef {object} RunHandle
 * @property {string} key
 * @property {(method: string, ...args: unknown[]) => Promise<{ result: any, step: number, ms: number }>} call a
 *   method of the run in its worker (`create` with a configuration first); `ms` is the engine's time for it
 */

/**
 * The workers for `runs` runs, started when a run is first called (a race that is never played costs no
 * worker). Rejects calls with the engine's Error, or with an Error saying that the browser could not start a
 * worker; calls still waiting when the pool stops reject with a StoppedError.
 * @param {number} runs
 * @param {{ workers?: number }} [options] `workers`: how many (0 or absent: workerCount's choice)
 */
export function startPool(runs, { workers: requested = 0 } = {}) {
  const count = workerCount(runs, requested);
  /** @type {ReturnType<typeof startWorker>[] | null} */
  let workers = null;
  let stopped = false;
  let assigned = 0;
  const start = () => (workers ??= Array.from({ length: count }, () => startWorker()));
  return {
    size: count,
    /** Whether the workers are running (a run has been called and the pool not stopped). */
    get started() {
      return workers !== null && !stopped;
    },
    /**
     * A handle on one run, placed on the next worker in turn.
     * @param {string} key
     * @returns {RunHandle}
     */
    run(key) {
      const index = assigned % count;
      assigned += 1;
      return {
        key,
        call: (method, ...args) => {
          if (stopped) return Promise.reject(new StoppedError());
          return start()[index].call(key, method, args);
        },
      };
    },
    /** Starts the workers now, so that each has loaded its engine before the first run is called. */
    warm() {
      if (!stopped) start();
    },
    /** Stops every worker: their runs and memory go with them, and calls still waiting reject. */
    stop() {
      stopped = true;
      for (const worker of workers ?? []) worker.stop();
    },
  };
}

/** What every call of the lab gets when the browser cannot start its workers (none, or refused by the page). */
export const NO_WORKERS =
  'This browser could not start a Web Worker, and the lab trains only in workers so that the page stays ' +
  'responsive. A current Chrome, Edge, Firefox or Safari runs it; a page whose Content-Security-Policy ' +
  'forbids workers cannot.';

function startWorker() {
  let failure = null;
  let worker;
  try {
    if (typeof Worker !== 'function') throw new Error('no Worker');
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.postMessage({ engineFiles: engineFiles() });
  } catch {
    failure = new Error(NO_WORKERS);
    return { call: () => Promise.reject(failure), stop() {} };
  }
  const calls = workerCalls(worker, ({ result, step, ms }) => ({ result, step, ms }));
  const rejectAll = (error) => {
    failure = error;
    calls.settleAll((call) => call.reject(error));
  };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    rejectAll(new Error(NO_WORKERS));
  });
  return {
    call: (key, method, args) => (failure ? Promise.reject(failure) : calls.call({ key, method, args })),
    stop() {
      worker.terminate();
      rejectAll(new StoppedError());
    },
  };
}

/** What a call still waiting gets when its race is reset: not a failure to show. */
export class StoppedError extends Error {
  constructor() {
    super('The lab was reset.');
    this.name = 'StoppedError';
  }
}
