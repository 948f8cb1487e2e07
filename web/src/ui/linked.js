// Linking between figures that show the same dimensions: a hovered dimension is announced with a bubbling
// `pe:hover-dimension` event. Figures that draw pairs rather than dimensions map between the two with
// engine/layout.js.

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
