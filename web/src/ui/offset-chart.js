// A chart of curves over an integer offset 0..max (a score or a bias against the distance between a query and a
// key), with a rule that the pointer and the keys move (one key map, grid-cursor.js) and a readout of the offset
// under it. A curve may carry a band (the spread of several runs around it), and the offsets may be a grid of
// chosen ones (lengths an evaluation measured) rather than every integer. The figure says what each curve is
// and what an offset reads; the chart keeps its nodes between draws, writes only what changed and follows its
// width.
import { scaleLinear } from 'd3-scale';
import { drawAxis } from './axes.js';
import { changeWriter, h, nodePool, replaceChildren } from './dom.js';
import { formatInt } from './format.js';
import { indexCursor } from './grid-cursor.js';
import { keyList } from './key-list.js';
import { watchWidth } from './resize.js';
import './offset-chart.css';

const MARGIN = { top: 12, right: 12, bottom: 46, left: 56 };

/**
 * @param {{ name: string, label: string, xLabel: string, yLabel: string, describe: (offset: number) => string,
 *   readout: (text: string) => void, height?: number }} options `name` is the chart's class (`pe-<name>`);
 *   `label` its accessible name; `describe` the readout of an offset
 */
export function offsetChart({ name, label, xLabel, yLabel, describe, readout, height = 240 }) {
  const svg = h('svg:svg', {
    class: `pe-offsetchart pe-${name}`,
    tabindex: 0,
    role: 'img',
    'aria-label': label,
  });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const zero = h('svg:line', { class: 'pe-offsetchart-zero' });
  const marksGroup = h('svg:g', { class: 'pe-offsetchart-marks' });
  const levelsGroup = h('svg:g', { class: 'pe-offsetchart-levels' });
  const bandsGroup = h('svg:g');
  const curves = h('svg:g');
  const rule = h('svg:line', { class: 'pe-rule', visibility: 'hidden' });
  svg.append(xAxis, yAxis, zero, bandsGroup, curves, marksGroup, levelsGroup, rule);
  const box = h('div', { class: 'pe-offsetchart-box' }, svg);
  const legend = h('div');
  const element = h('div', {}, box, legend);
  const paths = nodePool(curves, () => h('svg:path'));
  const bands = nodePool(bandsGroup, () => h('svg:path'));
  const marks = nodePool(marksGroup, () => {
    const line = h('svg:line');
    const text = h('svg:text', { 'text-anchor': 'middle' });
    return { node: h('svg:g', {}, line, text), line, text };
  });
  const levels = nodePool(levelsGroup, () => {
    const line = h('svg:line');
    const text = h('svg:text', { 'text-anchor': 'end' });
    return { node: h('svg:g', {}, line, text), line, text };
  });
  const { put, putText } = changeWriter();
  let keyShown = '';
  let shown = null;
  let x = null;
  let cursor = null; // an index into the offsets shown, 0 at min
  /** The offsets shown, ascending: `xs` when given, else every integer from min to max. */
  let offsets = [];

  function render() {
    if (!shown) return;
    const {
      min = 0,
      max,
      domain,
      nice = false,
      zeroLine = false,
      series,
      marks: marked = [],
      levels: levelled = [],
      yFormat,
      xs,
    } = shown;
    offsets = xs ?? Array.from({ length: max - min + 1 }, (_, i) => min + i);
    const w = Math.max(220, watch.width() || box.clientWidth);
    put(svg, 'width', w);
    put(svg, 'height', height);
    x = scaleLinear()
      .domain([min, max])
      .range([MARGIN.left, w - MARGIN.right]);
    const y = scaleLinear()
      .domain(domain)
      .range([height - MARGIN.bottom, MARGIN.top]);
    if (nice) y.nice();
    put(xAxis, 'transform', `translate(0,${height - MARGIN.bottom})`);
    put(yAxis, 'transform', `translate(${MARGIN.left},0)`);
    drawAxis(xAxis, 'bottom', x, { ticks: w < 400 ? 4 : 8, label: xLabel, format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 5, label: yLabel, ...(yFormat ? { format: yFormat } : {}) });
    put(zero, 'visibility', zeroLine ? 'visible' : 'hidden');
    put(zero, 'x1', x(min));
    put(zero, 'x2', x(max));
    put(zero, 'y1', y(0));
    put(zero, 'y2', y(0));
    paths(series.length).forEach((path, s) => {
      const { value, stroke, className } = series[s];
      let d = '';
      let pen = 'M';
      for (const k of offsets) {
        const v = value(k);
        // A value that is not a finite number (a curve that stops short of max) leaves a gap.
        if (!Number.isFinite(v)) pen = 'M';
        else {
          d += `${pen}${x(k).toFixed(1)},${y(v).toFixed(1)}`;
          pen = 'L';
        }
      }
      put(path, 'd', d);
      put(path, 'class', className);
      put(path, 'stroke', stroke);
    });
    const banded = series.filter((s) => s.band);
    bands(banded.length).forEach((path, s) => {
      const { band, stroke, bandClass = '' } = banded[s];
      put(path, 'd', bandPath(offsets, band, x, y));
      put(path, 'class', `pe-offsetchart-band ${bandClass}`.trim());
      // A style, not the fill attribute: the charts' stylesheets set every path's fill to none.
      put(path, 'style', `fill:${stroke}`);
    });
    const keys = series.filter((s) => s.label).map((s) => ({ label: s.label, color: s.stroke }));
    if (JSON.stringify(keys) !== keyShown) {
      keyShown = JSON.stringify(keys);
      replaceChildren(legend, keys.length ? keyList(keys) : null);
    }
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
    levels(levelled.length).forEach(({ line, text }, i) => {
      const at = y(levelled[i].at);
      put(line, 'x1', MARGIN.left);
      put(line, 'x2', w - MARGIN.right);
      put(line, 'y1', at);
      put(line, 'y2', at);
      put(text, 'x', w - MARGIN.right - 4);
      put(text, 'y', at + 14);
      putText(text, levelled[i].label);
    });
    put(rule, 'y1', MARGIN.top);
    put(rule, 'y2', height - MARGIN.bottom);
    if (cursor !== null) show(Math.min(cursor, offsets.length - 1));
  }

  function show(index) {
    cursor = index;
    const k = offsets[index];
    readout(describe(k));
    put(rule, 'x1', x(k));
    put(rule, 'x2', x(k));
    put(rule, 'visibility', 'visible');
  }

  indexCursor(svg, {
    at: (event) => nearest(offsets, x.invert(event.clientX - svg.getBoundingClientRect().left)),
    get: () => cursor,
    show,
    max: () => offsets.length - 1,
    ready: () => x !== null,
  });
  const watch = watchWidth(box, render);

  return {
    element,
    svg,
    /**
     * Draws the curves: curve s at offset k is `series[s].value(k)`, k = min..max (min 0 unless given; negative
     * offsets for keys after the query), against a y axis over `domain`
     * (rounded outwards with `nice`), with a line at 0 when `zeroLine`. Curves with a `label` are named in a
     * legend under the chart; a value that is not finite leaves a gap in its curve. Each of `marks` is a labelled
     * vertical line at offset `at`, and each of `levels` a labelled horizontal line at value `at` (a threshold the
     * curves are read against); `yFormat` writes the y axis's ticks. The reading under the rule is renewed.
     * A curve with a `band` has the area between band(k)[0] and band(k)[1] filled in its colour beneath every
     * curve (class `pe-offsetchart-band` and its `bandClass`; a band that is not finite at k leaves a gap).
     * With `xs` (ascending, within min..max) the curves pass through those offsets only, and the pointer and
     * the keys move between them.
     * @param {{ min?: number, max: number, domain: [number, number], nice?: boolean, zeroLine?: boolean,
     *   series: { value: (k: number) => number, stroke: string, className: string, label?: string, band?: (k: number) =>
     *   [number, number] | undefined, bandClass?: string }[], marks?: { at: number, label: string }[],
     *   levels?: { at: number, label: string }[], yFormat?: (v: number) => string, xs?: number[] }} spec
     */
    draw(spec) {
      shown = spec;
      render();
    },
    destroy: watch,
  };
}

/** The index of the offset nearest to x. */
function nearest(offsets, x) {
  let best = 0;
  for (let i = 1; i < offsets.length; i += 1) {
    if (Math.abs(offsets[i] - x) < Math.abs(offsets[best] - x)) best = i;
  }
  return best;
}

/** An area from low to high over every run of offsets where the band is finite: out along the top, back along
 * the bottom. */
function bandPath(offsets, band, x, y) {
  let d = '';
  let run = [];
  const close = () => {
    if (run.length > 0) {
      const top = run.map(([k, [, hi]]) => `${x(k).toFixed(1)},${y(hi).toFixed(1)}`);
      const bottom = run.map(([k, [lo]]) => `${x(k).toFixed(1)},${y(lo).toFixed(1)}`).reverse();
      d += `M${top.join('L')}L${bottom.join('L')}Z`;
    }
    run = [];
  };
  for (const k of offsets) {
    const b = band(k);
    if (b && Number.isFinite(b[0]) && Number.isFinite(b[1])) run.push([k, b]);
    else close();
  }
  close();
  return d;
}
