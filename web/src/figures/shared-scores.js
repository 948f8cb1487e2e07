// What the relative-position figures (rope, alibi) share: a square map of query-by-key scores that fits its
// width.
import { cellMap } from '../ui/cell-map.js';
import { watchWidth } from '../ui/resize.js';

/**
 * A cell map of count x count scores, query down and key across, square and at most `side` CSS pixels, painted
 * in the diverging colours (cellMap.paintScores).
 * @param {Parameters<typeof cellMap>[0] & { side: number, ticks: number, onLayout?: () => void }} options
 *   `onLayout` runs after every layout, for marks placed in the map's coordinates
 */
export function scoreMap({ side, ticks, onLayout, ...options }) {
  const map = cellMap(options);
  let width = 0;
  let count = 0;
  const layout = () => {
    if (count === 0) return;
    const { left, right } = map.margin;
    const plot = Math.min(side, Math.max(220, width || map.element.clientWidth) - left - right);
    map.layout({
      rows: count,
      cols: count,
      width: plot + left + right,
      height: plot,
      xTicks: ticks,
      yTicks: ticks,
    });
    onLayout?.();
  };
  const stopWatching = watchWidth(map.element, (next) => {
    width = next;
    layout();
  });
  return {
    map,
    /**
     * Shows `values` (count x count, row-major) with +limit red and \u2212limit blue; `masked` paints
     * \u2212Infinity as a masked entry.
     * @param {ArrayLike<number>} values
     * @param {number} size count
     * @param {{ limit: number, masked?: boolean }} paint
     */
    show(values, size, paint) {
      count = size;
      layout();
      map.paintScores(values, paint);
    },
    destroy() {
      stopWatching();
      map.destroy();
    },
  };
}
