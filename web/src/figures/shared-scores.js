// What the relative-position figures (rope, alibi) share: a square map of query-by-key scores that fits its
// width.
import { cellMap } from '../ui/cell-map.js';
import { watchWidth } from '../ui/resize.js';

/**
 * A cell map of count x count scores, query down and key across, square and at most `side` CSS pixels, painted
 * in the diverging colours (cellMap.paintScores).
 * @param {Omit<Parameters<typeof cellMap>[0], 'describe'> & { side: number, onLayout?: () => void,
 *   describe: (row: number, col: number, value: number) => string }} options `describe` reads a cell, given
 *   its value; `onLayout` runs after every layout, for marks placed in the map's coordinates
 */
export function scoreMap({ side, onLayout, describe, ...options }) {
  const ticks = Math.round(side / 75); // about one tick label every 75 pixels
  let count = 0;
  let shown = null; // the values on show
  const map = cellMap({ ...options, describe: (row, col) => describe(row, col, shown[row * count + col]) });
  const layout = () => {
    if (count === 0) return;
    const { left, right } = map.margin;
    const plot = Math.min(side, Math.max(220, watch.width() || map.element.clientWidth) - left - right);
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
  const watch = watchWidth(map.element, layout);
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
      shown = values;
      layout();
      map.paintScores(values, paint);
    },
    destroy() {
      watch();
      map.destroy();
    },
  };
}
