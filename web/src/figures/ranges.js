// Figure `ranges`: how far each dimension moves over the window (max minus min), sines and cosines apart, with
// lines at 0.1 and 0.5: in a short window the slow right half barely changes.
import { scaleLinear } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { h } from '../ui/dom.js';
import { formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { memo } from '../ui/memo.js';
import { hoverAnnouncer, interleavedIndex, pairOf } from '../ui/linked.js';
import { statList } from '../ui/stats.js';
import './ranges.css';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';
import { indexCursor } from '../ui/keys.js';
import { watchWidth } from '../ui/resize.js';

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
    const counts = THRESHOLDS.map((t) => ranges.filter((r) => r < t).length);
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

  function draw() {
    if (!shown || width === 0) return;
    const n = shown.dModel;
    const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(HEIGHT + MARGIN.top + MARGIN.bottom));
    x = scaleLinear()
      .domain([0, n])
      .range([MARGIN.left, MARGIN.left + plotWidth]);
    y = scaleLinear()
      .domain([0, 2])
      .range([MARGIN.top + HEIGHT, MARGIN.top]);
    xAxis.setAttribute('transform', `translate(0,${MARGIN.top + HEIGHT})`);
    yAxis.setAttribute('transform', `translate(${MARGIN.left},0)`);
    drawAxis(xAxis, 'bottom', x, { ticks: plotWidth < 360 ? 4 : 8, label: 'dimension', format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 4, label: 'max \u2212 min' });
    const bottom = MARGIN.top + HEIGHT;
    const step = plotWidth / n;
    const barWidth = Math.max(0.5, step * (n > 64 ? 1 : 0.8)).toFixed(2);
    let sinPath = '';
    let cosPath = '';
    for (let d = 0; d < n; d += 1) {
      // A bar of at least one pixel, so a dimension that does not move still shows where it is.
      const top = Math.min(bottom - 1, y(rangeOf(d)));
      const bar = `M${x(d).toFixed(2)},${bottom}V${top.toFixed(2)}h${barWidth}V${bottom}Z`;
      if (pairOf(d, n, shown.layout).sin) sinPath += bar;
      else cosPath += bar;
    }
    sinBars.setAttribute('d', sinPath);
    cosBars.setAttribute('d', cosPath);
    for (const { t, line, label } of lines) {
      const ly = y(t);
      line.setAttribute('x1', String(MARGIN.left));
      line.setAttribute('x2', String(MARGIN.left + plotWidth));
      line.setAttribute('y1', String(ly));
      line.setAttribute('y2', String(ly));
      label.setAttribute('x', String(MARGIN.left + plotWidth));
      label.setAttribute('y', String(ly - 3));
    }
    hit.setAttribute('x', String(MARGIN.left));
    hit.setAttribute('y', String(MARGIN.top));
    hit.setAttribute('width', String(plotWidth));
    hit.setAttribute('height', String(HEIGHT));
    drawHighlight();
  }

  function drawHighlight() {
    const dim = state.highlight;
    if (dim === null || dim === undefined || !shown || !x || dim >= shown.dModel || dim < 0) {
      mark.setAttribute('visibility', 'hidden');
      delete mark.dataset.dimension;
      return;
    }
    const step = (x.range()[1] - x.range()[0]) / shown.dModel;
    const w = Math.max(3, step);
    mark.setAttribute('x', String(x(dim) + step / 2 - w / 2));
    mark.setAttribute('width', String(w));
    mark.setAttribute('y', String(MARGIN.top));
    mark.setAttribute('height', String(HEIGHT));
    mark.setAttribute('visibility', 'visible');
    mark.dataset.dimension = String(dim);
  }

  function showDimension(d, link = true) {
    cursor = d;
    const { pair, sin } = pairOf(d, shown.dModel, shown.layout);
    frame.setReadout(
      `dimension ${d} (pair ${pair}, ${sin ? 'sin' : 'cos'}): range ${formatValue(rangeOf(d))}`,
    );
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
