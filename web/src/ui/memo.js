// Engine results shared by the figures of one page. Linked figures ask the engine the same question for the same
// parameters in the same frame (the heatmap, the columns and the binary figure all need the table; the ranges
// figure and the prose both need the ranges); asking once keeps a redraw within a frame.

const LIMIT = 4;
const caches = new WeakMap();

/** @typedef {import('../../../cpp/bindings/pe-engine.d.ts').PeEngine} PeEngine */

/**
 * engine[name](...args), remembered for the last few distinct argument lists of that function. The result is
 * shared between callers, so callers must treat it as read-only. Errors are thrown again, never remembered.
 * @template {keyof PeEngine} K
 * @param {PeEngine} engine the loaded engine
 * @param {K} name an engine function whose result depends only on its arguments (numbers, strings and
 *   arrays of them, compared by their JSON)
 * @param {Parameters<PeEngine[K]>} args
 * @returns {ReturnType<PeEngine[K]>}
 */
export function memo(engine, name, ...args) {
  let byName = caches.get(engine);
  if (!byName) {
    byName = new Map();
    caches.set(engine, byName);
  }
  let cache = byName.get(name);
  if (!cache) {
    cache = new Map();
    byName.set(name, cache);
  }
  const key = JSON.stringify(args);
  if (cache.has(key)) {
    const hit = cache.get(key);
    // Re-insert so the Map's order stays least recently used first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = /** @type {(...a: unknown[]) => ReturnType<PeEngine[K]>} */ (engine[name])(...args);
  cache.set(key, result);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value);
  return result;
}
