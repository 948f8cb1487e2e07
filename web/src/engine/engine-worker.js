// A second engine instance, in a worker, for the calls whose cost grows with the reader's parameters (the
// heatmap's picture at 2048 x 512 cells): the page keeps answering input while the engine works. One message in,
// { id, name, args }, gets one message out, { id, result } or { id, error } with the engine's message; a typed
// array result is transferred, not copied. The page's first message names the engine's files. A call that loses
// the worker's instance (a WebAssembly trap) answers { id, error, lost: true }, and the next call runs on a fresh
// instance.
import { EngineLostError, loadEngine, receiveEngineFiles } from './engine.js';

// The instance starts loading as soon as the page has named the files.
const ready = receiveEngineFiles(self).then(() => loadEngine().catch(() => undefined));
// The worker's global scope (the page's DOM types do not know a worker's postMessage with a transfer list).
const scope = /** @type {{ postMessage(message: unknown, transfer?: Transferable[]): void }} */ (
  /** @type {unknown} */ (self)
);

self.addEventListener('message', async ({ data }) => {
  if (data.engineFiles) return;
  const { id, name, args } = data;
  try {
    await ready;
    const engine = await loadEngine();
    if (typeof engine[name] !== 'function') throw new Error(`The engine has no function "${name}".`);
    const result = engine[name](...args);
    scope.postMessage({ id, result }, ArrayBuffer.isView(result) ? [result.buffer] : []);
  } catch (error) {
    const lost = error instanceof EngineLostError;
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error), lost });
  }
});
