// A chart of one curve per scheme over whole-number x (training steps, sequence lengths), with vertical marks
// (the training length), a rule that the pointer and the keys move along x (one key map, grid-cursor.js) and a
// readout of every curve at the rule. Curves grow while a run trains: the chart keeps its nodes and writes only
// what changed, so a redraw per chunk costs one path per curve.
import { scaleLinear } from 'd3-scale';
import { drawAxis } from '../../ui/axes.js';
import { changeWriter, h, nodePool } from '../../ui/dom.js';
import { formatInt } from '../../ui/format.js';
import { indexCursor } from '../../ui/grid-cursor.js';
import { watchWidth } from '../../ui/resize.js';

const MARGIN = { top: 10, right: 14, bottom: 44, left: 52 };

/**
 * @typedef {object} Curve
 * @property {string} key the scheme
 * @property {string} color
 * @property {ArrayLike<number>} values values[i] is the curve at x = from + i
 * @property {number} from
 * @property {boolean} [dashed]
 */

/**
 * @param {{ name: string, label: string, xLabel: string, yLabel: string, readout: (text: string) => void,
 *   describe: (x: number) => string, height?: number, yFormat?: (v: number) => string }} options `describe`
 *   reads every curve at x; `label` is the chart's accessible name
 */
export function lineChart({ name, label, xLabel, yLabel, readout, describe, height = 200, yFormat }) {
  const svg = h('svg:svg', {
    class: `pe-lab-chart pe-lab-chart-${name}`,
    tabindex: 0,
    role: 'img',
    'aria-label': label,
  });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const marksGroup = h('svg:g', { class: 'pe-lab-marks' });
  const curvesGroup = h('svg:g', { class: 'pe-lab-curves' });
  const rule = h('svg:line', { class: 'pe-lab-rule', visibility: 'hidden' });
  svg.append(xAxis, yAxis, marksGroup, curvesGroup, rule);
  const element = h('div', { class: 'pe-lab-chart-box' }, svg);
  const paths = nodePool(curvesGroup, () => h('svg:path'));
  const marks = nodePool(marksGroup, () => {
    const line = h('svg:line');
    const text = h('svg:text', { 'text-anchor': 'middle' });
    return { node: h('svg:g', {}, line, text), line, text };
  });
  const { put, putText } = changeWriter();
  let width = 0;
  let shown = null;
  let x = null;
  let cursor = null; // an index into x's whole numbers, 0 at the first

  function render() {
    if (!shown) return;
    const { domain, range, curves, marks: marked = [] } = shown;
    const w = Math.max(240, width || element.clientWidth);
    put(svg, 'width', w);
    put(svg, 'height', height);
    x = scaleLinear()
      .domain(domain)
      .range([MARGIN.left, w - MARGIN.right]);
    const y = scaleLinear()
      .domain(range)
      .range([height - MARGIN.bottom, MARGIN.top]);
    put(xAxis, 'transform', `translate(0,${height - MARGIN.bottom})`);
    put(yAxis, 'transform', `translate(${MARGIN.left},0)`);
    const xTicks = Math.min(w < 400 ? 4 : 8, domain[1] - domain[0]);
    drawAxis(xAxis, 'bottom', x, { ticks: xTicks, label: xLabel, format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 5, label: yLabel, ...(yFormat ? { format: yFormat } : {}) });
    paths(curves.length).forEach((path, i) => {
      const { key, color, values, from, dashed = false } = curves[i];
      put(path, 'd', pathOf(values, from, x, y));
      put(path, 'stroke', color);
      put(path, 'class', `pe-lab-curve pe-lab-curve-${key}${dashed ? ' pe-lab-dashed' : ''}`);
      put(path, 'data-scheme', key);
    });
    marks(marked.length).forEach(({ line, text }, i) => {
      const at = x(marked[i].at);
      put(line, 'x1', at);
      put(line, 'x2', at);
      put(line, 'y1', MARGIN.top);
      put(line, 'y2', height - MARGIN.bottom);
      put(text, 'x', at);
      put(text, 'y', MARGIN.top + 10);
      putText(text, marked[i].label);
    });
    put(rule, 'y1', MARGIN.top);
    put(rule, 'y2', height - MARGIN.bottom);
    if (cursor !== null) show(Math.min(cursor, domain[1] - domain[0]));
  }

  function show(index) {
    cursor = index;
    const at = shown.domain[0] + index;
    readout(describe(at));
    put(rule, 'x1', x(at));
    put(rule, 'x2', x(at));
    put(rule, 'visibility', 'visible');
  }

  indexCursor(svg, {
    at: (event) => Math.round(x.invert(event.clientX - svg.getBoundingClientRect().left)) - shown.domain[0],
    get: () => cursor,
    show,
    // The rule stays where the reader left it, with its reading, and follows the curves as they grow.
    leave: () => {},
    max: () => shown.domain[1] - shown.domain[0],
    ready: () => x !== null && shown.domain[1] > shown.domain[0],
  });
  const stopWatching = watchWidth(element, (next) => {
    width = next;
    render();
  });

  return {
    element,
    svg,
    /**
     * Draws the curves over x in `domain` (whole numbers) against y in `range`, with a labelled vertical line
     * at each mark.
     * @param {{ domain: [number, number], range: [number, number], curves: Curve[],
     *   marks?: { at: number, label: string }[] }} spec
     */
    draw(spec) {
      shown = spec;
      render();
    },
    /** Reads the curves at the rule again (their values changed under it). */
    reread() {
      if (cursor !== null && x !== null) show(cursor);
    },
    destroy: stopWatching,
  };
}

/** The SVG path through values[i] at x = from + i; a value that is not finite breaks the line. */
function pathOf(values, from, x, y) {
  let d = '';
  let pen = 'M';
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i];
    if (!Number.isFinite(v)) {
      pen = 'M';
      continue;
    }
    d += `${pen}${x(from + i).toFixed(1)},${y(v).toFixed(1)}`;
    pen = 'L';
  }
  return d;
}
