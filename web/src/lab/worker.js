// A training worker of the lab: one instance of the lab's module (pe-lab) holding any number of training runs
// (its Lab objects), each under a key. One message in, { id, key, method, args }, gets one message out, { id, result,
// step, ms } or { id, error } with the engine's message. `create` makes (or remakes) the run under the key from a
// configuration, `delete` frees it, `extension` runs lab/extension-run.js's experiment for one seed (its runs
// made and freed within the call), any other method is called on the run. `ms` is the time the call took here:
// runs that share a worker wait for each other, and only this time says how fast the engine itself is. Typed
// arrays in a result are transferred, not copied. The page's first message names the engine's files. A call that
// loses the module's instance (a WebAssembly trap) answers { id, error, lost } with the keys of every run the
// worker held, all gone with it, and the worker goes on with a fresh instance.
import { dropLab, EngineLostError, isModuleLost, loadLab, receiveEngineFiles } from '../engine/engine.js';
import { runExtension } from './extension-run.js';

const ready = receiveEngineFiles(self).then(() => loadLab().catch(() => undefined));
/** @type {Map<string, any>} */
const runs = new Map();
const scope = /** @type {{ postMessage(message: unknown, transfer?: Transferable[]): void }} */ (
  /** @type {unknown} */ (self)
);

/** The buffers of the typed arrays in a result (one level deep), to transfer rather than copy. */
function buffers(result) {
  if (ArrayBuffer.isView(result)) return [result.buffer];
  if (!result || typeof result !== 'object') return [];
  return Object.values(result)
    .filter((value) => ArrayBuffer.isView(value))
    .map((value) => value.buffer);
}

function free(key) {
  runs.get(key)?.delete();
  runs.delete(key);
}

function call(lab, { key, method, args }) {
  if (method === 'create') {
    free(key);
    runs.set(key, new lab.Lab(...args));
    return { result: null, step: 0 };
  }
  if (method === 'extension') return { result: runExtension(lab, args[0], args[1]), step: 0 };
  if (method === 'delete') {
    free(key);
    return { result: null, step: 0 };
  }
  const run = runs.get(key);
  if (!run) throw new Error(`The lab has no run "${key}"; create it first.`);
  if (typeof run[method] !== 'function') throw new Error(`A lab run has no method "${method}".`);
  const result = run[method](...args);
  return { result, step: run.step };
}

self.addEventListener('message', async ({ data }) => {
  if (data.engineFiles) return;
  try {
    await ready;
    const lab = await loadLab();
    const started = performance.now();
    const { result, step } = call(lab, data);
    const ms = performance.now() - started;
    scope.postMessage({ id: data.id, result, step, ms }, buffers(result));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!isModuleLost(error) && !(error instanceof EngineLostError)) {
      scope.postMessage({ id: data.id, error: message });
      return;
    }
    const lost = [...runs.keys()];
    runs.clear();
    if (isModuleLost(error)) dropLab(error).catch(() => undefined);
    const what = `The lab's engine stopped in a worker during ${data.method} (${message}).`;
    scope.postMessage({ id: data.id, error: what, lost: lost.length > 0 ? lost : [data.key] });
  }
});
