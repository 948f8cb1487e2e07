// Columns of the sinusoidal table for figures that draw a few dimensions over position (columns, binary).
// Columns are fetched for a whole number of blocks of positions, so a window that grows one position at a time
// asks the engine again only every GROW positions.
import { dimensionsOf } from '../engine/layout.js';
import { memo } from './memo.js';

/** @typedef {import('../../../cpp/bindings/pe-engine.d.ts').PeEngine} PeEngine */
/** @typedef {import('../../../cpp/bindings/pe-engine.d.ts').Layout} Layout */

const GROW = 256;

/**
 * Columns of the sinusoidal table, fetched from the engine (sinusoidalColumns, double precision) and kept:
 * PE(pos) does not depend on how many positions are shown, so a shorter window, or fewer dimensions, reads the
 * columns already fetched, and only new parameters, a new dimension or a longer window ask the engine again.
 * @param {PeEngine} engine
 * @returns {(positions: number, dModel: number, base: number, layout: Layout, dims: number[]) =>
 *   Map<number, Float64Array>} the column of each dimension asked for, at least `positions` long
 */
export function columnStore(engine) {
  let held = { key: '', count: 0, columns: new Map() };
  return (positions, dModel, base, layout, dims) => {
    const key = `${dModel}|${base}|${layout}`;
    const valid = Number.isInteger(positions) && positions >= 1;
    if (valid && held.key === key && held.count >= positions && dims.every((d) => held.columns.has(d))) {
      return held.columns;
    }
    const unique = [...new Set(dims)];
    let count = valid ? Math.ceil(positions / GROW) * GROW : positions;
    let values;
    try {
      values = engine.sinusoidalColumns(count, dModel, base, layout, unique);
    } catch {
      // Past the engine's limits with the room to grow, or arguments it refuses: ask for exactly the window, so
      // the reader sees the engine's message about their own parameters.
      count = positions;
      values = engine.sinusoidalColumns(count, dModel, base, layout, unique);
    }
    const columns = new Map(unique.map((d, c) => [d, values.subarray(c * count, (c + 1) * count)]));
    held = { key, count, columns };
    return columns;
  };
}

/**
 * What a figure's `compute` gives its drawing of some sin/cos pairs over positions 0..positions-1: the
 * periods, and the sine and cosine columns of each pair with a reader `value(pos, dim)`. The store travels in
 * the figure's data from one computation to the next (`previous`), so a step of the window asks the engine
 * nothing new.
 * @param {PeEngine} engine
 * @param {{ store?: ReturnType<typeof columnStore> } | null} previous the figure's last data
 * @param {{ positions: number, dModel: number, base: number, layout: Layout }} params
 * @param {number[]} pairs
 */
export function pairColumns(engine, previous, { positions, dModel, base, layout }, pairs) {
  const store = previous?.store ?? columnStore(engine);
  const periods = memo(engine, 'pairPeriods', dModel, base);
  const dims = pairs.flatMap((pair) => Object.values(dimensionsOf(pair, dModel, layout)));
  const columns = store(positions, dModel, base, layout, dims);
  return { store, periods, columns, value: (pos, dim) => columns.get(dim)[pos] };
}
