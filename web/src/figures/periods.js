// Figure `periods`: the period of every sin/cos pair on a log axis, with a line at the number of positions, so
// the reader sees which pairs complete a cycle inside the window and which barely start one.
import { dimensionsOf, pairOf } from '../engine/layout.js';
import { powersOfTen } from '../ui/axes.js';
import { defineFigure } from '../ui/figure.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { indexChart } from '../ui/index-chart.js';
import { memo } from '../ui/memo.js';
import { statList } from '../ui/stats.js';
import { SINUSOIDAL } from './shared-params.js';
import { formatPeriod } from './sinusoidal-parts.js';
import './periods.css';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });

export default defineFigure({
  id: 'periods',
  title: 'The period of every sin/cos pair',
  caption:
    'Each bar is the period of one sin/cos pair in positions, on a log axis; the dashed line is the number of ' +
    'positions shown. Pairs above the line do not complete one turn in the window: over these positions they ' +
    'barely move.',
  params: SINUSOIDAL,

  compute: (engine, { dModel, base, positions }) => {
    const periods = memo(engine, 'pairPeriods', dModel, base);
    return { periods, firstSlow: periods.findIndex((p) => p > positions) };
  },

  view({ frame, readout, drawn, hover }) {
    const chart = indexChart({
      name: 'periods',
      label: 'Bar chart of the period of each pair; use the arrow keys to move between pairs and read them',
      series: ['fast', 'slow'],
      lines: [{ name: 'window', anchor: 'start' }],
      xLabel: 'pair i',
      yLabel: 'period (positions)',
      yScale: 'log',
      yFormat: powersOfTen((v) => compact.format(v)),
      height: 260,
      margin: { top: 12, right: 12, bottom: 46, left: 62 },
      readout,
      describe: (i) => {
        const { data, params } = drawn();
        const { sin, cos } = dimensionsOf(i, params.dModel, params.layout);
        return (
          `pair ${i} (dimensions ${sin} and ${cos}): period ${formatValue(data.periods[i])} positions` +
          (data.periods[i] > params.positions ? ', longer than the window' : '')
        );
      },
      onHover: (i) => {
        const p = drawn().params;
        hover(i === null ? null : dimensionsOf(i, p.dModel, p.layout).sin);
      },
    });
    const stats = statList([
      ['ratio', 'Ratio of neighbouring periods'],
      ['last', 'Last pair\u2019s period'],
      ['first-slow', 'First dimension slower than the window'],
    ]);
    frame.plot.append(chart.element, stats.element);
    return { chart, stats };
  },

  draw({ chart, stats }, { periods, firstSlow }, { dModel, layout, positions }) {
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
    chart.draw({
      count: n,
      values: periods,
      seriesOf: (i) => (periods[i] > positions ? 1 : 0),
      yDomain: [Math.min(periods[0], positions) / 1.5, Math.max(periods[n - 1], positions) * 1.5],
      lines: [{ value: positions, text: `${formatInt(positions)} positions` }],
    });
  },

  // A dimension marks its pair's bar.
  mark({ chart }, dim, { dModel, layout }) {
    if (dim === null || dim < 0 || dim >= dModel) return chart.mark(null);
    const { pair } = pairOf(dim, dModel, layout);
    return chart.mark(pair, { dimension: dim, pair });
  },

  summary: ({ periods, firstSlow }, { dModel, base, positions }) => {
    const n = periods.length;
    return (
      `Periods of ${formatInt(n)} pairs (d_model ${formatInt(dModel)}, base ${formatValue(base)}) from ` +
      `${formatPeriod(periods[0])} to ${formatPeriod(periods[n - 1])} positions` +
      (n > 1 ? `, each ${formatSig(periods[1] / periods[0], 5)} times the previous` : '') +
      `; ${formatInt(firstSlow >= 0 ? n - firstSlow : 0)} pairs have a period longer than ` +
      `${formatInt(positions)} positions.`
    );
  },

  table({ periods }, { dModel, layout, positions }) {
    const rows = Array.from(periods, (p, i) => {
      const { sin, cos } = dimensionsOf(i, dModel, layout);
      return [i, sin, cos, formatValue(p), p > positions ? 'yes' : 'no'];
    });
    return { columns: ['pair', 'sin dimension', 'cos dimension', 'period', 'longer than window'], rows };
  },
});
