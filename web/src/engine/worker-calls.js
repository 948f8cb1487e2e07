// Calls into a worker as promises: each message posted carries a fresh id, and the worker's answer with that id,
// { id, error } with the engine's message or { id, ... } with the result, settles the call. An answer with
// `lost` (the worker's module instance was lost, and the worker has started a fresh one) rejects with a
// WorkerLostError that carries the answer. The engine worker
// (engine.js) and the lab's training workers (lab/pool.js) are both spoken to this way.

/**
 * @param {Worker} worker
 * @param {(answer: any) => unknown} resultOf what a call resolves with, from the worker's answer
 */
export function workerCalls(worker, resultOf) {
  const pending = new Map();
  let nextId = 0;
  worker.addEventListener('message', ({ data }) => {
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if (data.lost) call.reject(new WorkerLostError(data));
    else if (data.error !== undefined) call.reject(new Error(data.error));
    else call.resolve(resultOf(data));
  });
  return {
    /**
     * Posts `message` with an id; resolves with the answer's result, rejects with its error.
     * @param {Record<string, unknown>} message
     * @returns {Promise<any>}
     */
    call(message) {
      const id = (nextId += 1);
      return new Promise((resolve, reject) => {
        pending.set(id, { message, resolve, reject });
        worker.postMessage({ id, ...message });
      });
    },
    /**
     * Hands every call still waiting to `settle` and forgets it (the worker failed or was stopped).
     * @param {(call: { message: any, resolve: (value: unknown) => void, reject: (error: Error) => void })
     *   => void} settle
     */
    settleAll(settle) {
      for (const call of pending.values()) settle(call);
      pending.clear();
    },
  };
}

/** A call whose worker lost its module instance (a WebAssembly trap); `lost` lists the lab runs that went with it. */
export class WorkerLostError extends Error {
  /** @param {{ error: string, lost: unknown }} answer */
  constructor({ error, lost }) {
    super(error);
    this.name = 'WorkerLostError';
    /** @type {string[]} */
    this.lost = Array.isArray(lost) ? lost.map(String) : [];
  }
}
