// Linking between figures that show the same dimensions: a hovered dimension is announced with a bubbling
// `pe:hover-dimension` event, and figures that draw pairs rather than dimensions map between the two with the
// engine's own index bookkeeping of its layouts (layoutOrder).
import { getEngine } from '../engine/engine.js';

export const HOVER_DIMENSION = 'pe:hover-dimension';
export const SELECT_DIMENSION = 'pe:select-dimension';

/**
 * Returns announce(dimension): dispatches `pe:hover-dimension` from element with `{ dimension }` (null when the
 * pointer or focus leaves), only when the dimension changes, so a pointer sweep does not flood listeners.
 */
export function hoverAnnouncer(element) {
  let last = null;
  return (dimension) => {
    const next = dimension ?? null;
    if (next === last) return;
    last = next;
    element.dispatchEvent(new CustomEvent(HOVER_DIMENSION, { detail: { dimension: next }, bubbles: true }));
  };
}

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
