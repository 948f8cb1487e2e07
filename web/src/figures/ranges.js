// Figure `ranges`: how far each dimension moves over the window (max minus min), sines and cosines apart, with
// lines at 0.1 and 0.5: in a short window the slow right half barely changes.
import { scaleLinear } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { changeWriter, h } from '../ui/dom.js';
import { formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { indexCursor } from '../ui/grid-cursor.js';
import { hoverAnnouncer, interleavedIndex, pairOf } from '../ui/linked.js';
import { memo } from '../ui/memo.js';
import { watchWidth } from '../ui/resize.js';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';
import { statList } from '../ui/stats.js';
import './ranges.css';

/** Title shown when the figure stands alone. */
export const title = 'How much each dimension changes over the window';

/** URL parameters accepted on embed.html, with their types. */
export const params = SINUSOIDAL_PARAMS;

const MARGIN = { top: 12, right: 12, bottom: 46, left: 54 };
const HEIGHT = 220;
const THRESHOLDS = [0.1, 0.5];

/**
 * Mounts the ranges figure.
 * @param {HTMLElement} element
 * @param {{ dModel?: number, positions?: number, base?: number, layout?: 'interleaved'|'split',
 *   controls?: boolean, highlight?: number | null }} options
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    ...SINUSOIDAL_DEFAULTS,
    highlight: null,
    controls: true,
    ...options,
  };
  let ranges = null; // engine order (interleaved)
  let shown = null;
  let cursor = null;
  let width = 0;
  let x = null;
  let y = null;
  const announce = hoverAnnouncer(element);

  const frame = createFrame(element, {
    id: 'ranges',
    title: 'Range of each dimension',
    caption:
      'Bars: max minus min of each dimension over the positions shown (sines and cosines in two colours). ' +
      'Dashed lines at 0.1 and 0.5. Hover, or focus the chart and use the arrow keys, to read a dimension.',
    table: tableData,
  });

  const controls = sinusoidalControls(state, set);
  frame.addControls(controls, state.controls !== false);

  const svg = h('svg:svg', {
    class: 'pe-ranges-svg',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Bar chart of the range of each dimension; use the arrow keys to move between dimensions',
  });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const sinBars = h('svg:path', { class: 'pe-ranges-sin' });
  const cosBars = h('svg:path', { class: 'pe-ranges-cos' });
  const lines = THRESHOLDS.map((t) => ({
    t,
    line: h('svg:line', { class: 'pe-ranges-threshold' }),
    label: h('svg:text', { class: 'pe-ranges-threshold-label', 'text-anchor': 'end' }, String(t)),
  }));
  const mark = h('svg:rect', { class: 'pe-ranges-highlight', visibility: 'hidden' });
  const hit = h('svg:rect', { fill: 'transparent', class: 'pe-ranges-hit' });
  svg.append(xAxis, yAxis, sinBars, cosBars, ...lines.flatMap((l) => [l.line, l.label]), mark, hit);
  const legend = h(
    'div',
    { class: 'pe-ranges-legend' },
    h('span', {}, h('span', { class: 'pe-swatch pe-ranges-sin' }), 'sin dimensions'),
    h('span', {}, h('span', { class: 'pe-swatch pe-ranges-cos' }), 'cos dimensions'),
  );
  const stats = statList([
    ['below-0.1', 'Change by less than 0.1'],
    ['below-0.5', 'Change by less than 0.5'],
  ]);
  frame.plot.append(legend, h('div', { class: 'pe-ranges' }, svg), stats.element);

  const stopWatching = watchWidth(frame.plot, (next) => {
    width = next;
    draw();
  });

  // A slider step changes the bar heights and the counts; every attribute and text goes through put/putText,
  // which write only what changed, so the axes, lines and labels stay untouched (each write to an SVG node
  // costs style, layout and paint).
  const { put, drop } = changeWriter();

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  /** The engine's range for dimension `dim` of the shown layout. */
  function rangeOf(dim) {
    return ranges[interleavedIndex(dim, shown.dModel, shown.layout)];
  }

  function render() {
    const { dModel, base, positions, layout } = state;
    const next = frame.attempt(() => memo(engine, 'dimensionRanges', positions, dModel, base));
    if (!next) return;
    ranges = next;
    shown = { dModel, base, positions, layout };
    if (cursor !== null && cursor >= dModel) cursor = dModel - 1;
    const counts = THRESHOLDS.map(() => 0);
    for (let i = 0; i < ranges.length; i += 1) {
      for (let t = 0; t < THRESHOLDS.length; t += 1) if (ranges[i] < THRESHOLDS[t]) counts[t] += 1;
    }
    stats.set('below-0.1', `${formatInt(counts[0])} of ${formatInt(dModel)} dimensions`);
    stats.set('below-0.5', `${formatInt(counts[1])} of ${formatInt(dModel)} dimensions`);
    frame.setSummary(
      `Over ${formatInt(positions)} positions (dModel ${formatInt(dModel)}, base ${formatValue(base)}), ` +
        `${formatInt(counts[0])} of ${formatInt(dModel)} dimensions change by less than 0.1 and ` +
        `${formatInt(counts[1])} by less than 0.5.`,
    );
    draw();
    if (cursor !== null) showDimension(cursor, false);
  }

  // What stays fixed while only the ranges change: each bar's path up to its top and after it, whether it is a
  // sine, and where its range sits in the engine's (interleaved) order. Made again for a new width or layout.
  let bars = { key: '', heads: [], tail: '', sin: null, engineIndex: null };
  function barLayout(n, plotWidth) {
    const key = `${n} ${shown.layout} ${plotWidth}`;
    if (bars.key === key) return bars;
    const bottom = MARGIN.top + HEIGHT;
    const barWidth = Math.max(0.5, (plotWidth / n) * (n > 64 ? 1 : 0.8)).toFixed(2);
    const heads = [];
    const sin = new Uint8Array(n);
    const engineIndex = new Int32Array(n);
    for (let d = 0; d < n; d += 1) {
      heads.push(`M${x(d).toFixed(2)},${bottom}V`);
      sin[d] = pairOf(d, n, shown.layout).sin ? 1 : 0;
      engineIndex[d] = interleavedIndex(d, n, shown.layout);
    }
    bars = { key, heads, tail: `h${barWidth}V${bottom}Z`, sin, engineIndex };
    return bars;
  }

  function draw() {
    if (!shown || width === 0) return;
    const n = shown.dModel;
    const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
    put(svg, 'width', width);
    put(svg, 'height', HEIGHT + MARGIN.top + MARGIN.bottom);
    if (!x || x.domain()[1] !== n || x.range()[1] !== MARGIN.left + plotWidth) {
      x = scaleLinear()
        .domain([0, n])
        .range([MARGIN.left, MARGIN.left + plotWidth]);
    }
    if (!y) {
      y = scaleLinear()
        .domain([0, 2])
        .range([MARGIN.top + HEIGHT, MARGIN.top]);
    }
    put(xAxis, 'transform', `translate(0,${MARGIN.top + HEIGHT})`);
    put(yAxis, 'transform', `translate(${MARGIN.left},0)`);
    drawAxis(xAxis, 'bottom', x, { ticks: plotWidth < 360 ? 4 : 8, label: 'dimension', format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 4, label: 'max \u2212 min' });
    const bottom = MARGIN.top + HEIGHT;
    const { heads, tail, sin, engineIndex } = barLayout(n, plotWidth);
    let sinPath = '';
    let cosPath = '';
    for (let d = 0; d < n; d += 1) {
      // A bar of at least one pixel, so a dimension that does not move still shows where it is.
      const top = Math.min(bottom - 1, y(ranges[engineIndex[d]]));
      const bar = heads[d] + top.toFixed(2) + tail;
      if (sin[d]) sinPath += bar;
      else cosPath += bar;
    }
    put(sinBars, 'd', sinPath);
    put(cosBars, 'd', cosPath);
    for (const { t, line, label } of lines) {
      const ly = y(t);
      put(line, 'x1', MARGIN.left);
      put(line, 'x2', MARGIN.left + plotWidth);
      put(line, 'y1', ly);
      put(line, 'y2', ly);
      put(label, 'x', MARGIN.left + plotWidth);
      put(label, 'y', ly - 3);
    }
    put(hit, 'x', MARGIN.left);
    put(hit, 'y', MARGIN.top);
    put(hit, 'width', plotWidth);
    put(hit, 'height', HEIGHT);
    drawHighlight();
  }

  function drawHighlight() {
    const dim = state.highlight;
    if (dim === null || dim === undefined || !shown || !x || dim >= shown.dModel || dim < 0) {
      put(mark, 'visibility', 'hidden');
      drop(mark, 'data-dimension');
      return;
    }
    const step = (x.range()[1] - x.range()[0]) / shown.dModel;
    const w = Math.max(3, step);
    put(mark, 'x', x(dim) + step / 2 - w / 2);
    put(mark, 'width', w);
    put(mark, 'y', MARGIN.top);
    put(mark, 'height', HEIGHT);
    put(mark, 'visibility', 'visible');
    put(mark, 'data-dimension', dim);
  }

  let readout = null;
  function showDimension(d, link = true) {
    cursor = d;
    const { pair, sin } = pairOf(d, shown.dModel, shown.layout);
    const text = `dimension ${d} (pair ${pair}, ${sin ? 'sin' : 'cos'}): range ${formatValue(rangeOf(d))}`;
    if (text !== readout) {
      readout = text;
      frame.setReadout(text);
    }
    if (link) {
      state.highlight = d;
      drawHighlight();
      announce(d);
    }
  }

  function leave() {
    state.highlight = null;
    drawHighlight();
    announce(null);
  }

  indexCursor(svg, {
    at: (event) => Math.floor(x.invert(event.clientX - svg.getBoundingClientRect().left)),
    get: () => cursor,
    show: (i) => showDimension(i),
    leave,
    max: () => (shown?.dModel ?? 1) - 1,
    ready: () => Boolean(shown && x),
  });

  function tableData() {
    const { dModel, layout } = shown;
    const rows = Array.from({ length: dModel }, (_, d) => {
      const { pair, sin } = pairOf(d, dModel, layout);
      const r = rangeOf(d);
      return [d, pair, sin ? 'sin' : 'cos', formatValue(r), r < 0.1 ? 'yes' : 'no', r < 0.5 ? 'yes' : 'no'];
    });
    return { columns: ['dimension', 'pair', 'kind', 'max \u2212 min', '< 0.1', '< 0.5'], rows };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      if (showParameters(controls, patch)) render();
      else drawHighlight();
    },
    destroy() {
      stopWatching();
      frame.destroy();
    },
  };
}
