// The engine's three WebAssembly modules, one shared instance of each: pe-engine, which computes every figure
// (the article and every embed load it); pe-lab, the training lab, which only the lab's figure and its workers
// load; and pe-models, the analyses of published models' positions, which only the figure of real models
// loads. All three live in engine/ at the site root (copied there by the build), one directory above the
// bundled chunks in production (/assets/) and two above this file in development (/src/engine/), so a URL
// relative to this module finds them under any deployment path.
//
// The loader downloads and compiles the .wasm itself before starting the Emscripten module, so that each way a
// load can fail (no WebAssembly, the file not downloaded, the file not WebAssembly) rejects with an
// EngineLoadError that says which, and the module prints nothing of its own to the console.
import { inlineModules } from './engine-inline.js';
import { EngineLostError, facadeOf, isModuleLost } from './lost.js';
import { inTask } from './task.js';

export { EngineLostError, isModuleLost };

/**
 * Why the engine could not be loaded: `kind` is 'no-webassembly' (the browser has none), 'download' (the engine's
 * files could not be fetched), 'damaged' (the .wasm arrived but is not WebAssembly, or not this engine's) or
 * 'start' (it compiled but would not start); the message names the file and the browser's own reason.
 */
export class EngineLoadError extends Error {
  /**
   * @param {'no-webassembly' | 'download' | 'damaged' | 'start'} kind
   * @param {string} message
   * @param {unknown} [cause]
   */
  constructor(kind, message, cause) {
    super(message, { cause });
    this.name = 'EngineLoadError';
    this.kind = kind;
  }
}

/**
 * One module's loader: it loads once and every caller gets the same object, a facade over the current instance.
 * A failed load is kept too (every figure slot of the article reports the one failure, and the page asks the
 * network once), until a call with `retry: true` starts again. A call that loses the instance (isModuleLost)
 * throws an EngineLostError and a fresh instance loads in its place, shared again by every caller.
 * @param {'pe-engine' | 'pe-lab' | 'pe-models'} name
 */
function moduleLoader(name) {
  /** @type {Promise<any> | null} */
  let loading = null;
  let instance = null;
  let facade = null;
  let attempts = 0;
  let failed = false;
  const state = { importFailed: false };
  /** @type {(instance: any) => void} */
  let announceLoaded;
  const loaded = new Promise((resolve) => (announceLoaded = resolve));

  function load({ retry = false } = {}) {
    if (retry && failed) loading = null;
    if (!loading) {
      attempts += 1;
      failed = false;
      // Settled in a task of its own: what waits for the engine draws (engine/task.js).
      loading = inTask(startModule(name, attempts, state)).then(
        (started) => {
          instance = started;
          facade ??= facadeOf(name, started, callCurrent);
          announceLoaded(facade);
          return facade;
        },
        (error) => {
          failed = true;
          throw error;
        },
      );
    }
    return loading;
  }

  /** The instance that `lost` ran in is dropped and a fresh one starts loading; the error to throw. */
  function lose(lost, call, cause) {
    if (instance === lost) {
      instance = null;
      loading = null;
      load().catch(() => undefined);
    }
    const restarted = loading ?? load();
    return new EngineLostError(name, call, cause, restarted);
  }

  /** Calls the current instance's function; a lost instance is replaced (see lose). */
  function callCurrent(key, args, construct) {
    const current = instance;
    if (!current) throw lose(null, key, new Error('the module is restarting'));
    try {
      return construct ? new current[key](...args) : current[key](...args);
    } catch (error) {
      if (isModuleLost(error)) throw lose(current, key, error);
      throw error;
    }
  }

  return {
    load,
    /** Drops the current instance (its owner saw it lost) and starts a fresh one; resolves when it has loaded. */
    drop: (cause) => lose(instance, 'a call', cause).restarted,
    loaded: () => loaded,
    isLoaded: () => instance !== null,
    get() {
      if (!facade)
        throw new Error(`${name} is not loaded yet: await its load (loadEngine, loadLab, loadModels) first.`);
      return facade;
    },
  };
}

/**
 * Each module's files, relative to this file, each written as one `new URL('literal', import.meta.url)`: the
 * size budget's crawl finds them, and in the npm package (vite.package.config.js)
 * a blog's bundler copies each file and rewrites its URL. The comment keeps the site's own build from doing so:
 * the files are copied beside the site from web/public/engine/. Each module comes twice, with WebAssembly SIMD
 * and scalar (same glue, same numbers bit for bit) for browsers without SIMD, such as Safari before 16.4; a
 * browser downloads one of the two.
 */
const FILES = {
  'pe-engine': {
    script: () => new URL(/* @vite-ignore */ '../engine/pe-engine.js', import.meta.url),
    wasm: () => new URL(/* @vite-ignore */ '../engine/pe-engine.wasm', import.meta.url),
    scalar: () => new URL(/* @vite-ignore */ '../engine/pe-engine.scalar.wasm', import.meta.url),
  },
  'pe-lab': {
    script: () => new URL(/* @vite-ignore */ '../engine/pe-lab.js', import.meta.url),
    wasm: () => new URL(/* @vite-ignore */ '../engine/pe-lab.wasm', import.meta.url),
    scalar: () => new URL(/* @vite-ignore */ '../engine/pe-lab.scalar.wasm', import.meta.url),
  },
  'pe-models': {
    script: () => new URL(/* @vite-ignore */ '../engine/pe-models.js', import.meta.url),
    wasm: () => new URL(/* @vite-ignore */ '../engine/pe-models.wasm', import.meta.url),
    scalar: () => new URL(/* @vite-ignore */ '../engine/pe-models.scalar.wasm', import.meta.url),
  },
};

/** In a worker: the files as the page that started it resolved them (receiveEngineFiles); null on the page. */
let filesFromPage = null;

/**
 * The engine's files as this module resolves them, for a worker the page starts: a blog's bundler rewrites the
 * URLs in the page's code, not always in a worker's (Vite 5 builds workers without), so a worker loads what the
 * page names.
 * @returns {Record<'pe-engine' | 'pe-lab' | 'pe-models', { script: string, wasm: string, scalar: string }>}
 */
export function engineFiles() {
  // Vite's development server serves this file from src/engine/, where the URLs above point one folder too deep
  // (its public files, the engine's among them, are served from the root).
  const served = (url) =>
    import.meta.env?.DEV ? url.href.replace('/src/engine/pe-', '/engine/pe-') : url.href;
  const resolved = (name) => ({
    script: served(FILES[name].script()),
    wasm: served(FILES[name].wasm()),
    scalar: served(FILES[name].scalar()),
  });
  return {
    'pe-engine': resolved('pe-engine'),
    'pe-lab': resolved('pe-lab'),
    'pe-models': resolved('pe-models'),
  };
}

/**
 * In a worker: resolves once the page that started it has posted `{ engineFiles }` (engineFiles()), which the
 * worker's modules then load from.
 * @param {{ addEventListener(type: 'message', listener: (event: MessageEvent) => void): void,
 *   removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void }} scope
 * @returns {Promise<void>}
 */
export function receiveEngineFiles(scope) {
  return new Promise((resolve) => {
    const first = ({ data }) => {
      if (!data?.engineFiles) return;
      scope.removeEventListener('message', first);
      filesFromPage = data.engineFiles;
      resolve();
    };
    scope.addEventListener('message', first);
  });
}

/**
 * The smallest module with a SIMD instruction (i8x16.splat, i8x16.popcnt: the last opcodes SIMD128 added), as
 * the wasm-feature-detect project probes it: valid exactly where WebAssembly SIMD is.
 */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98,
  11,
]);

/** Whether this browser's WebAssembly has SIMD (asked once). */
let simd = null;
export function hasWasmSimd() {
  simd ??= typeof WebAssembly.validate === 'function' && WebAssembly.validate(SIMD_PROBE);
  return simd;
}

const engineModule = moduleLoader('pe-engine');
const labModule = moduleLoader('pe-lab');
const modelsModule = moduleLoader('pe-models');

/**
 * Loads the engine once; every caller gets the same instance (see moduleLoader for failures and retries).
 * @param {{ retry?: boolean }} [options]
 * @returns {Promise<import('../../../cpp/bindings/pe-engine.d.ts').PeEngine>}
 */
export function loadEngine(options) {
  return engineModule.load(options);
}

/** Resolves with the engine once a loadEngine() call has loaded it; never rejects (it waits for a later try). */
export function engineLoaded() {
  return engineModule.loaded();
}

/** Whether the engine has loaded (mounting a figure then waits only for the figure's own code). */
export function isEngineLoaded() {
  return engineModule.isLoaded();
}

/**
 * The loaded engine; figures are mounted only after loadEngine() has resolved.
 * @returns {import('../../../cpp/bindings/pe-engine.d.ts').PeEngine}
 */
export function getEngine() {
  return engineModule.get();
}

/**
 * Loads the training lab's module once (`Lab`, `memoryUsage`); failures and retries as for loadEngine().
 * @param {{ retry?: boolean }} [options]
 * @returns {Promise<import('../../../cpp/bindings/pe-lab.d.ts').PeLab>}
 */
export function loadLab(options) {
  return labModule.load(options);
}

/**
 * The loaded lab module; the lab's figure is mounted only after loadLab() has resolved.
 * @returns {import('../../../cpp/bindings/pe-lab.d.ts').PeLab}
 */
export function getLab() {
  return labModule.get();
}

/**
 * Drops the lab module's instance, which a call on one of its Lab objects lost (isModuleLost), and loads a fresh
 * one: the Labs it held are gone with it.
 * @param {unknown} cause
 * @returns {Promise<unknown>} resolves once the fresh instance has loaded
 */
export function dropLab(cause) {
  return labModule.drop(cause);
}

/**
 * Loads the models' module once (ropeSpectrum, the table analyses); failures and retries as for loadEngine().
 * @param {{ retry?: boolean }} [options]
 * @returns {Promise<import('../../../cpp/bindings/pe-models.d.ts').PeModels>}
 */
export function loadModels(options) {
  return modelsModule.load(options);
}

/**
 * The loaded models' module; a figure that declares `models: true` mounts only after loadModels() resolves.
 * @returns {import('../../../cpp/bindings/pe-models.d.ts').PeModels}
 */
export function getModels() {
  return modelsModule.get();
}

/**
 * Downloads, compiles and starts the module `name`.
 * @param {'pe-engine' | 'pe-lab' | 'pe-models'} name
 * @param {number} attempt
 * @param {{ importFailed: boolean }} state
 */
async function startModule(name, attempt, state) {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    throw new EngineLoadError(
      'no-webassembly',
      'This browser has no WebAssembly (window.WebAssembly is missing).',
    );
  }
  if (inlineModules) {
    // The single-file copy: the modules and their bytes are in the page, nothing to download.
    const { default: createInline } = await inlineModules[name]();
    return createInline().catch((error) => {
      throw new EngineLoadError('start', `The engine in this page could not start: ${reason(error)}`, error);
    });
  }
  // A module script that failed to download is remembered by the browser under its URL; a retry asks under
  // another one.
  const files = filesFromPage?.[name] ?? engineFiles()[name];
  const script = `${files.script}${state.importFailed ? `?attempt=${attempt}` : ''}`;
  const wasm = hasWasmSimd() ? files.wasm : files.scalar;
  const [create, module] = await Promise.all([
    import(/* @vite-ignore */ /* webpackIgnore: true */ script).then(
      (imported) => imported.default,
      (error) => {
        state.importFailed = true;
        throw new EngineLoadError(
          'download',
          `${fileName(script)} could not be loaded: ${reason(error)}`,
          error,
        );
      },
    ),
    compileWasm(wasm),
  ]);
  return instantiate(create, module, wasm);
}

/** Downloads and compiles the engine's .wasm; streaming when the host sends it as application/wasm. */
async function compileWasm(url) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new EngineLoadError(
      'download',
      `${fileName(url)} could not be downloaded: ${reason(error)}`,
      error,
    );
  }
  if (!response.ok) {
    const status = `${response.status} ${response.statusText}`.trim();
    throw new EngineLoadError('download', `${fileName(url)} could not be downloaded: HTTP ${status}`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  try {
    if (type === 'application/wasm' && typeof WebAssembly.compileStreaming === 'function') {
      return await WebAssembly.compileStreaming(response);
    }
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof WebAssembly.CompileError) {
      const served = type ? `served as ${type}` : 'served with no type';
      throw new EngineLoadError(
        'damaged',
        `${fileName(url)} (${served}) is not a WebAssembly module: ${reason(error)}`,
        error,
      );
    }
    throw new EngineLoadError(
      'download',
      `${fileName(url)} could not be downloaded: ${reason(error)}`,
      error,
    );
  }
}

/**
 * Starts the Emscripten module on the compiled `module`. What the module would print while starting (it prints
 * an abort's reason itself) goes into the error instead of the console; once started, it prints as usual.
 */
function instantiate(createEngine, module, url) {
  const printed = [];
  let started = false;
  return new Promise((resolve, reject) => {
    const fail = (error) =>
      reject(
        new EngineLoadError(
          'start',
          `${fileName(url)} could not start: ${[reason(error), ...printed].join('; ')}`,
          error,
        ),
      );
    createEngine({
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), fail);
        return {};
      },
      printErr(text) {
        // Once started, the module's own messages go where Emscripten sends them by default.
        // eslint-disable-next-line no-console
        if (started) console.warn(text);
        else printed.push(String(text));
      },
      onAbort(what) {
        if (!started) printed.push(`aborted: ${what}`);
      },
    }).then((instance) => {
      started = true;
      resolve(instance);
    }, fail);
  });
}

function fileName(url) {
  return new URL(url).pathname.split('/').pop() ?? url;
}

function reason(error) {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
