// Linking between figures that show the same dimensions: a hovered dimension is announced with a bubbling
// `pe:hover-dimension` event, and figures that draw pairs rather than dimensions map between the two with the
// same index bookkeeping the engine's layouts use.

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

/** The sin/cos pair a dimension belongs to, and whether it is the sine, in the given layout. */
export function pairOf(dimension, dModel, layout = 'interleaved') {
  const half = dModel / 2;
  if (layout === 'split') return { pair: dimension % half, sin: dimension < half };
  return { pair: Math.floor(dimension / 2), sin: dimension % 2 === 0 };
}

/** The sine and cosine dimensions of pair `pair` in the given layout. */
export function dimensionsOf(pair, dModel, layout = 'interleaved') {
  if (layout === 'split') return { sin: pair, cos: pair + dModel / 2 };
  return { sin: 2 * pair, cos: 2 * pair + 1 };
}

/**
 * Where dimension `dimension` of the given layout sits in the interleaved order (the order of
 * engine.dimensionRanges), so per-dimension engine results can be shown under either layout.
 */
export function interleavedIndex(dimension, dModel, layout = 'interleaved') {
  const { pair, sin } = pairOf(dimension, dModel, layout);
  return 2 * pair + (sin ? 0 : 1);
}
