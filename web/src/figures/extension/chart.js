// The frame both charts of the figure share: an SVG read along one index (a pair, a sampled position) with
// axes, a dashed rule at the index being read, and the one index key map (ui/grid-cursor.js).
import { drawAxis } from '../../ui/axes.js';
import { changeWriter, h } from '../../ui/dom.js';
import { indexCursor } from '../../ui/grid-cursor.js';

export const MARGIN = { top: 14, right: 14, bottom: 46, left: 62 };
export const HEIGHT = 280;
const BOTTOM = HEIGHT - MARGIN.bottom;
const SUPERSCRIPT = '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079';

/** Tick label of a log axis: "1", "10", "100", "1000", then 10 with a superscript exponent; '' between decades. */
export function decade(v, every = 1) {
  const exponent = Math.round(Math.log10(v));
  if (Math.abs(Math.log10(v) - exponent) > 1e-9 || exponent % every !== 0) return '';
  if (exponent >= 0 && exponent <= 3) return String(10 ** exponent);
  return `10${Array.from(String(exponent), (c) => (c === '-' ? '\u207b' : SUPERSCRIPT[Number(c)])).join('')}`;
}

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
    height: HEIGHT,
  });
  const marks = h('svg:g');
  const rule = h('svg:line', { class: 'pe-ext-rule', y1: MARGIN.top, y2: BOTTOM, visibility: 'hidden' });
  const xAxis = h('svg:g', { transform: `translate(0,${BOTTOM})` });
  const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},0)` });
  svg.append(marks, rule, xAxis, yAxis);
  const write = changeWriter();
  let index = null;
  let xOf = null;

  function placeRule() {
    if (index === null || !xOf) return;
    const x = xOf(index).toFixed(1);
    write.put(rule, 'x1', x);
    write.put(rule, 'x2', x);
    write.put(rule, 'visibility', 'visible');
  }

  function read(i) {
    index = i;
    placeRule();
    onRead(describe(i));
  }

  indexCursor(svg, {
    at: (event) => indexAt(event.clientX - svg.getBoundingClientRect().left),
    get: () => index,
    show: read,
    leave: () => {},
    max: () => count() - 1,
    ready: () => count() > 0,
  });

  return {
    svg,
    /** The group the chart's own marks go in, under the rule and the axes. */
    marks,
    write,
    /**
     * Sizes the chart `width` wide and draws its axes; `xOf` places an index across it.
     * @param {{ width: number, x: any, y: any, xOf: (index: number) => number,
     *   xAxis: Parameters<typeof drawAxis>[3], yAxis: Parameters<typeof drawAxis>[3] }} layout
     */
    layout({ width, x, y, xOf: place, xAxis: xOptions, yAxis: yOptions }) {
      xOf = place;
      write.put(svg, 'width', width);
      drawAxis(xAxis, 'bottom', x, xOptions);
      drawAxis(yAxis, 'left', y, yOptions);
      if (index !== null) index = Math.min(index, count() - 1);
      placeRule();
    },
    /** Reads the index being read again: the data under it changed. */
    reread() {
      if (index !== null) read(index);
    },
    /** A vertical line across the plot at x, for a chart's own marks. */
    vertical: (node, x) => {
      const at = x.toFixed(1);
      write.put(node, 'x1', at);
      write.put(node, 'x2', at);
      write.put(node, 'y1', MARGIN.top);
      write.put(node, 'y2', BOTTOM);
    },
    /** A horizontal line across the plot at y. */
    horizontal: (node, y, width) => {
      const at = y.toFixed(1);
      write.put(node, 'x1', MARGIN.left);
      write.put(node, 'x2', width - MARGIN.right);
      write.put(node, 'y1', at);
      write.put(node, 'y2', at);
    },
  };
}
