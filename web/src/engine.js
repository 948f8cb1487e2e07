// The one shared engine instance. The module lives in engine/ at the site root (copied there by the build), one
// directory above both this file in development (/src/) and the bundled chunks in production (/assets/), so a
// URL relative to this module finds it under any deployment path.
let loading;
let engine;

/** Loads the engine once; every caller gets the same instance. */
export function loadEngine() {
  if (!loading) {
    const here = import.meta.url;
    const url = new URL('../engine/pe-engine.js', here).href;
    loading = import(/* @vite-ignore */ url)
      .then(({ default: createEngine }) => createEngine())
      .then((instance) => {
        engine = instance;
        return instance;
      });
  }
  return loading;
}

/** The loaded engine; figures are mounted only after loadEngine() has resolved. */
export function getEngine() {
  if (!engine) throw new Error('The engine is not loaded yet: await loadEngine() first.');
  return engine;
}

let worker = null;
let workerFailed = false;
let nextId = 0;
const pending = new Map();

/** The call on the page's own engine, settled the way the worker would settle it. */
function callHere(name, args) {
  return loadEngine().then((instance) => instance[name](...args));
}

function startWorker() {
  const started = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
  started.addEventListener('message', ({ data }) => {
    const call = pending.get(data.id);
    if (!call) return;
    pending.delete(data.id);
    if (data.error !== undefined) call.reject(new Error(data.error));
    else call.resolve(data.result);
  });
  started.addEventListener('error', (event) => {
    // The worker could not start (a host that forbids workers, a script that failed to load): its calls, and
    // every later one, run on the page instead. Slower for large tables, never wrong.
    event.preventDefault();
    workerFailed = true;
    worker = null;
    started.terminate();
    for (const call of pending.values()) callHere(call.name, call.args).then(call.resolve, call.reject);
    pending.clear();
  });
  return started;
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
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    pending.set(id, { name, args, resolve, reject });
    worker.postMessage({ id, name, args });
  });
}
