// The sinusoidal table's layouts, in one place: which sin/cos pair a dimension belongs to and where it sits in
// the engine's interleaved order, from the engine's own bookkeeping (layoutOrder), and where the flat dimensions
// start. The figures of the sinusoidal part, their shared column store and the article's prose all read these.
import { getEngine } from './engine.js';

/**
 * The engine's layout bookkeeping (layoutOrder: each dimension's place in the interleaved order) and its inverse,
 * kept for the last few (dModel, layout): figures ask on every hover and in loops over every dimension.
 */
const orders = new Map();
function orderOf(dModel, layout) {
  const key = `${dModel} ${layout}`;
  let held = orders.get(key);
  if (!held) {
    const order = getEngine().layoutOrder(dModel, layout);
    const inverse = new Int32Array(order.length);
    order.forEach((slot, dimension) => {
      inverse[slot] = dimension;
    });
    held = { order, inverse };
    if (orders.size >= 4) orders.delete(orders.keys().next().value);
    orders.set(key, held);
  }
  return held;
}

/** The sin/cos pair a dimension belongs to, and whether it is the sine, in the given layout. */
export function pairOf(dimension, dModel, layout = 'interleaved') {
  const slot = interleavedIndex(dimension, dModel, layout);
  return { pair: Math.floor(slot / 2), sin: slot % 2 === 0 };
}

/** The sine and cosine dimensions of pair `pair` in the given layout. */
export function dimensionsOf(pair, dModel, layout = 'interleaved') {
  const { inverse } = orderOf(dModel, layout);
  return { sin: inverse[2 * pair], cos: inverse[2 * pair + 1] };
}

/**
 * Where dimension `dimension` of the given layout sits in the interleaved order (the order of
 * engine.dimensionRanges), so per-dimension engine results can be shown under either layout.
 */
export function interleavedIndex(dimension, dModel, layout = 'interleaved') {
  return orderOf(dModel, layout).order[dimension];
}

/**
 * Per-dimension values the engine gives in the interleaved order (dimensionRanges), in the order of the layout
 * shown.
 * @param {ArrayLike<number>} values
 * @param {number} dModel
 * @param {string} [layout]
 */
export function inLayout(values, dModel, layout = 'interleaved') {
  return Float64Array.from({ length: dModel }, (_, d) => values[interleavedIndex(d, dModel, layout)]);
}

/** The change over the window below which the article calls a dimension flat. */
export const FLAT = 0.1;

/**
 * Where the flat dimensions are: the ranges figure and the prose of its section both say it. A cosine starts at
 * its peak and a sine at its steepest point, so over a short window the cosines flatten several pairs before the
 * sines do: the first flat dimension and the start of the run of flat dimensions that lasts to the end differ.
 * Both are in the layout shown; dModel for either when there is none.
 * @param {ArrayLike<number>} ranges the engine's dimensionRanges (max minus min per dimension, interleaved order)
 * @param {number} dModel
 * @param {string} [layout] 'interleaved' or 'split'
 * @returns {{ first: number, tail: number }}
 */
export function flatDimensions(ranges, dModel, layout = 'interleaved') {
  const flat = (d) => ranges[interleavedIndex(d, dModel, layout)] < FLAT;
  let first = 0;
  while (first < dModel && !flat(first)) first += 1;
  let tail = dModel;
  while (tail > 0 && flat(tail - 1)) tail -= 1;
  return { first, tail };
}
