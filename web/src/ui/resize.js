// Redraws on width changes only: a chart's height is its own, so a change of height alone (its own redraw
// growing the page, say) must not start another redraw.

/**
 * Calls onWidth(width) whenever element's width changes (and once when it is first measured).
 * @param {Element} element
 * @param {(width: number) => void} onWidth
 * @returns {(() => void) & { width: () => number }} stops watching; its `width()` is the width last reported (0
 *   before the first report), which a redraw reads instead of the layout
 */
export function watchWidth(element, onWidth) {
  let width = -1;
  const observer = new ResizeObserver(() => {
    const next = element.clientWidth;
    if (next === width) return;
    width = next;
    onWidth(width);
  });
  observer.observe(element);
  return Object.assign(() => observer.disconnect(), { width: () => Math.max(0, width) });
}
