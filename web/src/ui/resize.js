// Redraws on width changes only: a chart's height is its own, so a change of height alone (its own redraw
// growing the page, say) must not start another redraw. The redraw runs in the next animation frame, not in the
// observer's callback: a redraw there that changes the size of an observed element (a chart that grows, the
// page's scroll bar that appears and narrows every other chart) would be reported again in the same frame, which
// every browser turns into the error "ResizeObserver loop completed with undelivered notifications".

/**
 * Calls onWidth(width) in the next frame whenever element's width changes (and once when it is first measured);
 * several changes before that frame make one call, with the latest width.
 * @param {Element} element
 * @param {(width: number) => void} onWidth
 * @returns {(() => void) & { width: () => number }} stops watching; its `width()` is the width last reported (0
 *   before the first report), which a redraw reads instead of the layout
 */
export function watchWidth(element, onWidth) {
  let width = -1;
  let reported = -1;
  let frame = 0;
  const report = () => {
    frame = 0;
    if (width === reported) return;
    reported = width;
    onWidth(width);
  };
  const observer = new ResizeObserver(() => {
    width = element.clientWidth;
    if (width !== reported && !frame) frame = requestAnimationFrame(report);
  });
  observer.observe(element);
  const stop = () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
    frame = 0;
  };
  return Object.assign(stop, { width: () => Math.max(0, reported) });
}
