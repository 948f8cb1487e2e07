// The one shared engine instance. The module lives in engine/ at the site root (copied there by the build), one
// directory above both this file in development (/src/) and the bundled chunks in production (/assets/), so a
// URL relative to this module finds it under any deployment path.
import { inlineEngine } from './engine-inline.js';
import { workerCalls } from './worker-calls.js';

let loading;
let engine;

/** Loads the engine once; every caller gets the same instance. */
export function loadEngine() {
  if (!loading) {
    const here = import.meta.url;
    const url = new URL('../engine/pe-engine.js', here).href;
    loading = (inlineEngine ? inlineEngine() : import(/* @vite-ignore */ url))
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

/** The call on the page's own engine, settled the way the worker would settle it. */
function callHere(name, args) {
  return loadEngine().then((instance) => instance[name](...args));
}

/**
 * A module worker running `url`. A page may only start workers from its own origin: when the site's files come
 * from another (a <pe-figure> element in a blog), the worker is a one-line module of the page's origin that
 * imports the script from the site (a CORS request, as for the element's own script).
 * @param {URL} url
 * @returns {Worker}
 */
function siteWorker(url) {
  if (url.origin === globalThis.location.origin) return new globalThis.Worker(url, { type: 'module' });
  const source = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  return new globalThis.Worker(URL.createObjectURL(source), { type: 'module' });
}

function startWorker() {
  // Vite bundles the worker where it sees `new Worker(new URL('<file>', import.meta.url))`, and writes the
  // bundle's URL there; `Worker` here is siteWorker, which also starts it from another origin.
  /** @type {new (url: URL, options: WorkerOptions) => Worker} */
  const Worker = /** @type {any} */ (siteWorker);
  const started = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
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
