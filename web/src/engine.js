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
