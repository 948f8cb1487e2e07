// The frame both charts of the figure share: an SVG read along one index (a pair, a sampled position) with
// axes, a dashed rule at the index being read, and the one index key map (ui/grid-cursor.js).
import { drawAxis } from '../../ui/axes.js';
import { changeWriter, h } from '../../ui/dom.js';
import { indexCursor } from '../../ui/grid-cursor.js';

export const MARGIN = { top: 14, right: 14, bottom: 46, left: 62 };
export const BOTTOM = 280 - MARGIN.bottom;
export { decade } from '../../ui/format.js';

/**
 * @param {{ label: string, count: () => number, indexAt: (x: number) => number | null,
 *   describe: (index: number) => string, onRead: (text: string) => void }} options `count` is 0 until there is
 *   something to read; `indexAt` gives the index at x pixels from the chart's left edge
 */
export function indexChart({ label, count, indexAt, describe, onRead }) {
  const svg = h('svg:svg', {
    class: 'pe-ext-chart',
    tabindex: 0,
    role: 'img',
    'aria-label': label,
    height: 280,
  });
  const marks = h('svg:g');
  const rule = h('svg:line', {
    class: 'pe-rule pe-ext-rule',
    y1: MARGIN.top,
    y2: BOTTOM,
    visibility: 'hidden',
  });
  const xAxis = h('svg:g', { transform: `translate(0,${BOTTOM})` });
  const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},0)` });
  svg.append(marks, rule, xAxis, yAxis);
  const write = changeWriter();
  let index = null;
  let xOf = null;
  let width = 0;

  /** Writes a node's attributes, each only when it changed (numbers to a tenth of a pixel). */
  const set = (node, attributes) => {
    for (const [name, v] of Object.entries(attributes)) {
      write.put(node, name, typeof v === 'number' ? v.toFixed(1) : v);
    }
  };
  const placeRule = () =>
    index !== null && xOf && set(rule, { x1: xOf(index), x2: xOf(index), visibility: 'visible' });
  const read = (i) => {
    index = i;
    placeRule();
    onRead(describe(i));
  };

  indexCursor(svg, {
    at: (event) => indexAt(event.clientX - svg.getBoundingClientRect().left),
    get: () => index,
    show: read,
    max: () => count() - 1,
    ready: () => count() > 0,
  });

  return {
    svg,
    /** The group the chart's own marks go in, under the rule and the axes. */
    marks,
    set,
    /** A line across the plot at y. */
    across: (node, y) => set(node, { x1: MARGIN.left, x2: width - MARGIN.right, y1: y, y2: y }),
    /** A line down the plot at x. */
    down: (node, x) => set(node, { x1: x, x2: x, y1: MARGIN.top, y2: BOTTOM }),
    /**
     * Sizes the chart `width` wide and draws its axes; `xOf` places an index across it. Call before placing
     * marks with across and down.
     * @param {{ width: number, x: any, y: any, xOf: (index: number) => number,
     *   xAxis: Parameters<typeof drawAxis>[3], yAxis: Parameters<typeof drawAxis>[3] }} layout
     */
    layout({ width: next, x, y, xOf: place, xAxis: xOptions, yAxis: yOptions }) {
      width = next;
      xOf = place;
      write.put(svg, 'width', width);
      drawAxis(xAxis, 'bottom', x, xOptions);
      drawAxis(yAxis, 'left', y, yOptions);
      if (index !== null) index = Math.min(index, count() - 1);
      placeRule();
    },
    /** Reads the index being read again: the data under it changed. */
    reread: () => index !== null && read(index),
  };
}
