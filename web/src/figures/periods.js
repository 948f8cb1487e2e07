// Figure `periods`: the period of every sin/cos pair on a log axis, with a line at the number of positions, so
// the reader sees which pairs complete a cycle inside the window and which barely start one.
import { scaleLinear, scaleLog } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { changeWriter, h } from '../ui/dom.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { indexCursor } from '../ui/grid-cursor.js';
import { dimensionsOf, hoverAnnouncer, pairOf } from '../ui/linked.js';
import { memo } from '../ui/memo.js';
import { watchWidth } from '../ui/resize.js';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';
import { statList } from '../ui/stats.js';
import './periods.css';

/** Title shown when the figure stands alone. */
export const title = 'The period of every sin/cos pair';

/** URL parameters accepted on embed.html, with their types. */
export const params = SINUSOIDAL_PARAMS;

const MARGIN = { top: 12, right: 12, bottom: 46, left: 62 };
const HEIGHT = 260;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });

/** The log axis labels only the powers of ten. */
function powerOfTenLabel(v) {
  return Number.isInteger(Math.log10(v)) ? compact.format(v) : '';
}

/**
 * Mounts the periods figure.
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
  let periods = null;
  let shown = null;
  let cursor = null; // the pair under the pointer or keyboard
  let width = 0;
  let x = null;
  let y = null;
  const announce = hoverAnnouncer(element);

  const frame = createFrame(element, {
    id: 'periods',
    title: 'Period of each pair',
    caption:
      'Bars: the period of each sin/cos pair in positions, on a log axis. Dashed line: the number of positions. ' +
      'Bars above the line do not complete one cycle in the window. Hover, or focus the chart and use the arrow ' +
      'keys, to read a pair.',
    table: tableData,
  });

  const controls = sinusoidalControls(state, set);
  frame.addControls(controls, state.controls !== false);

  const svg = h('svg:svg', {
    class: 'pe-periods-svg',
    tabindex: 0,
    role: 'img',
    'aria-label':
      'Bar chart of the period of each pair; use the arrow keys to move between pairs and read them',
  });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const fast = h('svg:path', { class: 'pe-periods-fast' });
  const slow = h('svg:path', { class: 'pe-periods-slow' });
  const windowLine = h('svg:line', { class: 'pe-periods-window' });
  const windowLabel = h('svg:text', { class: 'pe-periods-window-label', 'text-anchor': 'start' });
  const mark = h('svg:rect', { class: 'pe-periods-highlight', visibility: 'hidden' });
  const hit = h('svg:rect', { class: 'pe-periods-hit', fill: 'transparent' });
  svg.append(xAxis, yAxis, fast, slow, windowLine, windowLabel, mark, hit);

  const stats = statList([
    ['ratio', 'Ratio of neighbouring periods'],
    ['last', 'Last pair\u2019s period'],
    ['first-slow', 'First dimension slower than the window'],
  ]);
  frame.plot.append(h('div', { class: 'pe-periods' }, svg), stats.element);

  const stopWatching = watchWidth(frame.plot, (next) => {
    width = next;
    draw();
  });

  // A slider step usually changes only which bars are past the window and where the window line is; every
  // attribute and text goes through put/putText, which write only what changed, so the rest of the chart stays
  // untouched (each write to an SVG node costs style, layout and paint).
  const { put, drop, putText } = changeWriter();

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function render() {
    const { dModel, base, positions, layout } = state;
    const next = frame.attempt(() => memo(engine, 'pairPeriods', dModel, base));
    if (!next) return;
    periods = next;
    shown = { dModel, base, positions, layout };
    if (cursor !== null && cursor >= periods.length) cursor = periods.length - 1;
    const firstSlow = periods.findIndex((p) => p > positions);
    const n = periods.length;
    stats.set('ratio', n > 1 ? formatSig(periods[1] / periods[0], 5) : 'one pair only');
    stats.set('last', `${formatPeriod(periods[n - 1])} positions (pair ${formatInt(n - 1)})`);
    stats.set(
      'first-slow',
      firstSlow >= 0
        ? `dimension ${formatInt(dimensionsOf(firstSlow, dModel, layout).sin)} (pair ${formatInt(firstSlow)}, ` +
            `period ${formatPeriod(periods[firstSlow])})`
        : `none: every period is at most ${formatInt(positions)}`,
    );
    frame.setSummary(
      `Periods of ${formatInt(n)} pairs (dModel ${formatInt(dModel)}, base ${formatValue(base)}) from ` +
        `${formatPeriod(periods[0])} to ${formatPeriod(periods[n - 1])} positions` +
        (n > 1 ? `, each ${formatSig(periods[1] / periods[0], 5)} times the previous` : '') +
        `; ${formatInt(firstSlow >= 0 ? n - firstSlow : 0)} pairs have a period longer than ` +
        `${formatInt(positions)} positions.`,
    );
    draw();
    if (cursor !== null) showPair(cursor, false);
  }

  // One path segment per bar, made again only when the periods, the width or the log axis change.
  let bars = { periods: null, plotWidth: 0, lo: 0, hi: 0, segments: [] };
  function barSegments(plotWidth, lo, hi) {
    if (bars.periods === periods && bars.plotWidth === plotWidth && bars.lo === lo && bars.hi === hi) {
      return bars.segments;
    }
    const n = periods.length;
    const bottom = MARGIN.top + HEIGHT;
    const barWidth = Math.max(0.5, (plotWidth / n) * (n > 64 ? 1 : 0.8)).toFixed(2);
    const segments = Array.from(
      periods,
      (p, i) => `M${x(i).toFixed(2)},${bottom}V${y(p).toFixed(2)}h${barWidth}V${bottom}Z`,
    );
    bars = { periods, plotWidth, lo, hi, segments };
    return segments;
  }

  function draw() {
    if (!shown || width === 0) return;
    const n = periods.length;
    const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
    put(svg, 'width', width);
    put(svg, 'height', HEIGHT + MARGIN.top + MARGIN.bottom);
    const lo = Math.min(periods[0], shown.positions);
    const hi = Math.max(periods[n - 1], shown.positions);
    if (!x || x.domain()[1] !== n || x.range()[1] !== MARGIN.left + plotWidth) {
      x = scaleLinear()
        .domain([0, n])
        .range([MARGIN.left, MARGIN.left + plotWidth]);
    }
    if (!y || y.domain()[0] !== lo / 1.5 || y.domain()[1] !== hi * 1.5) {
      y = scaleLog()
        .domain([lo / 1.5, hi * 1.5])
        .range([MARGIN.top + HEIGHT, MARGIN.top]);
    }
    put(xAxis, 'transform', `translate(0,${MARGIN.top + HEIGHT})`);
    put(yAxis, 'transform', `translate(${MARGIN.left},0)`);
    drawAxis(xAxis, 'bottom', x, {
      ticks: plotWidth < 360 ? 4 : 8,
      label: 'pair i',
      format: formatInt,
    });
    drawAxis(yAxis, 'left', y, {
      ticks: 4,
      label: 'period (positions)',
      format: powerOfTenLabel,
    });
    const segments = barSegments(plotWidth, lo, hi);
    let fastPath = '';
    let slowPath = '';
    for (let i = 0; i < n; i += 1) {
      if (periods[i] > shown.positions) slowPath += segments[i];
      else fastPath += segments[i];
    }
    put(fast, 'd', fastPath);
    put(slow, 'd', slowPath);
    const lineY = y(shown.positions);
    put(windowLine, 'x1', MARGIN.left);
    put(windowLine, 'x2', MARGIN.left + plotWidth);
    put(windowLine, 'y1', lineY);
    put(windowLine, 'y2', lineY);
    put(windowLabel, 'x', MARGIN.left + 4);
    put(windowLabel, 'y', lineY - 4);
    putText(windowLabel, `${formatInt(shown.positions)} positions`);
    put(hit, 'x', MARGIN.left);
    put(hit, 'y', MARGIN.top);
    put(hit, 'width', plotWidth);
    put(hit, 'height', HEIGHT);
    drawHighlight();
  }

  function formatPeriod(p) {
    return p >= 1000 ? formatInt(p) : formatSig(p, 4);
  }

  function pairRect(i) {
    const step = (x.range()[1] - x.range()[0]) / periods.length;
    const w = Math.max(3, step);
    return { x: x(i) + step / 2 - w / 2, w };
  }

  function drawHighlight() {
    const dim = state.highlight;
    if (dim === null || dim === undefined || !shown || !x || dim >= shown.dModel || dim < 0) {
      put(mark, 'visibility', 'hidden');
      drop(mark, 'data-dimension');
      return;
    }
    const { pair } = pairOf(dim, shown.dModel, shown.layout);
    const r = pairRect(pair);
    put(mark, 'x', r.x);
    put(mark, 'width', r.w);
    put(mark, 'y', MARGIN.top);
    put(mark, 'height', HEIGHT);
    put(mark, 'visibility', 'visible');
    put(mark, 'data-dimension', dim);
    put(mark, 'data-pair', pair);
  }

  let readout = null;
  function showPair(i, link = true) {
    cursor = i;
    const { sin, cos } = dimensionsOf(i, shown.dModel, shown.layout);
    const text =
      `pair ${i} (dimensions ${sin} and ${cos}): period ${formatValue(periods[i])} positions` +
      (periods[i] > shown.positions ? ', longer than the window' : '');
    if (text !== readout) {
      readout = text;
      frame.setReadout(text);
    }
    if (link) {
      state.highlight = sin;
      drawHighlight();
      announce(sin);
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
    show: (i) => showPair(i),
    leave,
    max: () => (periods?.length ?? 1) - 1,
    ready: () => Boolean(shown && x),
  });

  function tableData() {
    const { dModel, layout, positions } = shown;
    const rows = Array.from(periods, (p, i) => {
      const { sin, cos } = dimensionsOf(i, dModel, layout);
      return [i, sin, cos, formatValue(p), p > positions ? 'yes' : 'no'];
    });
    return { columns: ['pair', 'sin dimension', 'cos dimension', 'period', 'longer than window'], rows };
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
