// The precision chart: the largest angle error over all pairs when positions and angles are stored in a low
// precision format, against double precision, over positions 1 to 10^9 (log-log), with the chosen position.
import { scaleLog } from 'd3-scale';
import { logPath } from '../../ui/axes.js';
import { series } from '../../ui/colors.js';
import { h } from '../../ui/dom.js';
import { formatSig } from '../../ui/format.js';
import { keyList } from '../../ui/key-list.js';
import { BOTTOM, decade, indexChart, MARGIN } from './chart.js';

export const FORMATS = ['float32', 'bfloat16', 'float16'];
// The positions the chart samples: 1 to 10^9, 24 per decade (every power of ten among them). These are inputs,
// not results.
export const GRID = Array.from({ length: 9 * 24 + 1 }, (_, i) => Number((10 ** (i / 24)).toPrecision(6)));

/** An angle error as a readout gives it: radians, or the word for a format's overflow. */
export function describeError(value) {
  return Number.isFinite(value) ? `${formatSig(value, 3)} rad` : 'overflow';
}

/**
 * @param {{ onRead: (text: string) => void }} options
 */
export function precisionChart({ onRead }) {
  let shown = null; // { format: angle error at each GRID position }
  let x = null;
  const chart = indexChart({
    label: 'Angle error against position for three formats; left and right arrow keys step positions',
    count: () => (shown ? GRID.length : 0),
    indexAt: (px) => (x ? Math.round(Math.log10(Math.max(1, x.invert(px))) * 24) : null),
    describe: (g) =>
      `position ${formatSig(GRID[g], 6)}: ` +
      FORMATS.map((f) => `${f} ${describeError(shown[f][g])}`).join(', '),
    onRead,
  });
  const overflow = h(
    'svg:g',
    {},
    h('svg:rect', { class: 'pe-ext-overflow', y: MARGIN.top, height: BOTTOM - MARGIN.top }),
    h('svg:text', { class: 'pe-ext-overflow-label', x: 4, y: BOTTOM - 6 }, 'float16: overflow'),
  );
  const pi = h('svg:line', { class: 'pe-ext-pi' });
  const piLabel = h(
    'svg:text',
    { class: 'pe-ext-pi-label', x: MARGIN.left + 4 },
    '\u03c0: the angle is noise',
  );
  const paths = FORMATS.map((_, s) => h('svg:path', { fill: 'none', stroke: series[s], 'stroke-width': 2 }));
  const chosen = h('svg:line', { class: 'pe-ext-chosen-line' });
  chart.marks.append(overflow, pi, piLabel, ...paths, chosen);
  const legend = keyList(FORMATS.map((f, i) => ({ label: f, color: series[i] })));

  return {
    element: [chart.svg, legend],
    chart,
    /**
     * @param {Record<string, Float64Array>} precision the engine's angle error at each GRID position, by format
     * @param {number} position the chosen position
     * @param {number} width
     */
    draw(precision, position, width) {
      shown = precision;
      x = scaleLog()
        .domain([1, 1e9])
        .range([MARGIN.left, width - MARGIN.right]);
      const y = scaleLog().domain([1e-9, 10]).range([BOTTOM, MARGIN.top]).clamp(true);
      const narrow = width < 420;
      chart.layout({
        width,
        x,
        y,
        xOf: (g) => x(GRID[g]),
        xAxis: { ticks: narrow ? 3 : 9, label: 'position', format: (v) => decade(v, narrow ? 3 : 1) },
        yAxis: { ticks: 6, label: 'angle error (rad)', format: (v) => decade(v, 2) },
      });
      // Where float16 overflows, the rest of the axis is shaded instead of drawn as a number.
      const at = precision.float16.findIndex((v) => !Number.isFinite(v));
      const x0 = at >= 0 ? x(GRID[at]) : 0;
      chart.set(overflow, {
        visibility: at >= 0 ? 'visible' : 'hidden',
        transform: `translate(${x0.toFixed(1)},0)`,
      });
      chart.set(overflow.firstChild, { width: Math.max(0, width - MARGIN.right - x0) });
      chart.across(pi, y(Math.PI));
      chart.set(piLabel, { y: y(Math.PI) - 4 });
      // Exact zeros and overflows have no place on the log axis: the curves break there.
      FORMATS.forEach((f, s) => chart.set(paths[s], { d: logPath(precision[f], (i) => x(GRID[i]), y) }));
      chart.down(chosen, x(position));
    },
  };
}
