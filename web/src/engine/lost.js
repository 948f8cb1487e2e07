// What the page knows of a module instance it lost: a WebAssembly trap or a broken binding layer, after which
// nothing the instance holds can be trusted (engine.js starts a fresh one), and the facade that every caller holds
// instead of an instance, so that the fresh one is found by every figure without asking them.

/**
 * What a call gets when the module it ran in was lost: a WebAssembly trap (`WebAssembly.RuntimeError`: an
 * out-of-bounds access, `unreachable`, an Emscripten abort) or a broken binding layer (Embind's own errors), after
 * which nothing the instance holds can be trusted. `call` names the function; `restarted` resolves once a fresh
 * instance of the module has loaded in its place (it rejects with the EngineLoadError when that load fails).
 */
export class EngineLostError extends Error {
  /**
   * @param {string} module 'pe-engine', 'pe-lab' or 'pe-models'
   * @param {string} call the function that was running
   * @param {unknown} cause
   * @param {Promise<unknown>} restarted
   */
  constructor(module, call, cause, restarted) {
    super(`The engine stopped while computing ${call} (${reason(cause)}).`, { cause });
    this.name = 'EngineLostError';
    this.module = module;
    this.call = call;
    this.restarted = restarted;
  }
}

/** Embind's own errors: thrown only when the module's bookkeeping is broken, never for a bad argument. */
const BINDING_ERRORS = new Set(['BindingError', 'InternalError', 'UnboundTypeError']);

/**
 * Whether `error`, thrown by a call into a module, means that the module's instance is lost: itself, or an error
 * it was thrown for (a Lab call names the exception that stopped it, keeping it as `cause`).
 */
export function isModuleLost(error) {
  for (let at = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth += 1) {
    if (typeof WebAssembly === 'object' && at instanceof WebAssembly.RuntimeError) return true;
    if (BINDING_ERRORS.has(at.name)) return true;
  }
  return false;
}

/**
 * An object with the module's exports, each calling whichever instance is current through `call(key, args,
 * construct)`; a class (the lab's Lab) is constructed, and its objects belong to the instance that made them.
 * A diagnostic hook: when the global `__peObserveCalls` is a function (a test harness sets it before the page's
 * scripts run; docs/wasm-traps.md), it is told of every call, `(module, name, args, { result } or { error })`.
 * @param {string} module 'pe-engine', 'pe-lab' or 'pe-models'
 * @param {Record<string, unknown>} first an instance, for the names of its exports
 * @param {(key: string, args: unknown[], construct: boolean) => unknown} direct
 */
export function facadeOf(module, first, direct) {
  const call = (key, args, construct) => {
    const observer = /** @type {any} */ (globalThis).__peObserveCalls;
    if (typeof observer !== 'function') return direct(key, args, construct);
    let result;
    try {
      result = direct(key, args, construct);
    } catch (error) {
      observer(module, key, args, { error });
      throw error;
    }
    observer(module, key, args, { result });
    return result;
  };
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const key of Object.keys(first)) {
    out[key] = /^[A-Z]/.test(key)
      ? function (...args) {
          return call(key, args, true);
        }
      : (...args) => call(key, args, false);
  }
  return Object.freeze(out);
}

function reason(error) {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
