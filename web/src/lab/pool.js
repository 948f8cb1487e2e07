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

function startWorker() {
  const pending = new Map();
  let nextId = 0;
  let failure = null;
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const rejectAll = (error) => {
    failure = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.addEventListener('message', ({ data }) => {
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if (data.error !== undefined) call.reject(new Error(data.error));
    else call.resolve({ result: data.result, step: data.step, ms: data.ms });
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    rejectAll(
      new Error('The lab could not start a Web Worker in this browser, and it trains only in workers.'),
    );
  });
  return {
    call(key, method, args) {
      if (failure) return Promise.reject(failure);
      const id = (nextId += 1);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, key, method, args });
      });
    },
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
