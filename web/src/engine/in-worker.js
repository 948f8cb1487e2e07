// The engine's calls whose cost grows with the reader's parameters, run by a second engine instance in a worker
// (engine-worker.js), so that the page keeps answering input while the engine works.
import { engineFiles, loadEngine } from './engine.js';
import { workerCalls } from './worker-calls.js';

let worker = null;
let workerFailed = false;

/** The call on the page's own engine, settled the way the worker would settle it. */
function callHere(name, args) {
  return loadEngine().then((instance) => instance[name](...args));
}

function startWorker() {
  const started = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  started.postMessage({ engineFiles: engineFiles() });
  const calls = workerCalls(started, (answer) => answer.result);
  started.addEventListener('error', (event) => {
    // The worker could not start (a host that forbids workers, a script that failed to load): its calls, and
    // every later one, run on the page instead. Slower for large tables, never wrong.
    event.preventDefault();
    workerFailed = true;
    worker = null;
    started.terminate();
    calls.settleAll(({ message, resolve, reject }) =>
      callHere(message.name, message.args).then(resolve, reject),
    );
  });
  return calls;
}

/**
 * engine[name](...args) computed by a second engine instance in a worker, so the page stays responsive while it
 * runs; on the page itself where workers are unavailable. Resolves with the result (the same value the call
 * returns on the page) or rejects with the engine's Error. Arguments must be numbers, strings or typed arrays.
 * @param {string} name
 * @param {...unknown} args
 * @returns {Promise<unknown>}
 */
export function callInWorker(name, ...args) {
  if (!workerFailed && !worker) {
    try {
      worker = startWorker();
    } catch {
      workerFailed = true;
    }
  }
  if (workerFailed) return callHere(name, args);
  return worker.call({ name, args });
}
