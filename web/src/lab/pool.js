// The lab's training workers. Training never runs on the page: each run lives in one worker (the engine's Lab
// object there), runs are spread over the workers round-robin, and each worker trains its runs one request at a
// time, so the page only ever waits for messages. How many workers: one per core the browser reports, at most
// one per run, and at most MAX_WORKERS.

import { workerCalls } from '../worker-calls.js';

const MAX_WORKERS = 4;

/**
 * @typedef {object} RunHandle
 * @property {string} key
 * @property {(method: string, ...args: unknown[]) => Promise<{ result: any, step: number }>} call a method of
 *   the run in its worker (`create` with a configuration first)
 */

/**
 * Starts the workers for `runs` runs. Rejects calls with the engine's Error, or with an Error saying that the
 * browser could not start a worker.
 * @param {number} runs
 */
export function startPool(runs) {
  const cores = Math.max(1, navigator.hardwareConcurrency || 2);
  const count = Math.max(1, Math.min(MAX_WORKERS, cores, runs));
  const workers = Array.from({ length: count }, () => startWorker());
  let assigned = 0;
  return {
    size: count,
    /**
     * A handle on one run, placed on the next worker in turn.
     * @param {string} key
     * @returns {RunHandle}
     */
    run(key) {
      const worker = workers[assigned % count];
      assigned += 1;
      return { key, call: (method, ...args) => worker.call(key, method, args) };
    },
    /** Stops every worker: their runs and memory go with them. */
    stop() {
      for (const worker of workers) worker.stop();
    },
  };
}

function startWorker() {
  let failure = null;
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const calls = workerCalls(worker, ({ result, step }) => ({ result, step }));
  const fail = (error) => {
    failure = error;
    calls.settleAll((call) => call.reject(failure));
  };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    fail(new Error('The lab could not start a Web Worker in this browser, and it trains only in workers.'));
  });
  return {
    call: (key, method, args) => (failure ? Promise.reject(failure) : calls.call({ key, method, args })),
    stop() {
      fail(new Error('The lab was reset.'));
      worker.terminate();
    },
  };
}
