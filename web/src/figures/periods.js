// Figure `periods`: the period of every sin/cos pair on a log axis, with a line at the number of positions, so
// the reader sees which pairs complete a cycle inside the window and which barely start one.
import { defineFigure } from '../app/figure.js';
import { powersOfTen } from '../ui/axes.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { indexChart } from '../ui/index-chart.js';
import { dimensionsOf, pairOf } from '../ui/linked.js';
import { memo } from '../ui/memo.js';
import { statList } from '../ui/stats.js';
import { SINUSOIDAL } from './shared-params.js';
import { dimensionLink, formatPeriod } from './sinusoidal-parts.js';
import './periods.css';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });

export default defineFigure({
  id: 'periods',
  title: 'The period of every sin/cos pair',
  caption:
    'Bars: the period of each sin/cos pair in positions, on a log axis. Dashed line: the number of positions. ' +
    'Bars above the line do not complete one cycle in the window. Hover, or focus the chart and use the arrow ' +
    'keys, to read a pair.',
  params: SINUSOIDAL,
  options: { highlight: null },

  compute: (engine, { dModel, base, positions }) => {
    const periods = memo(engine, 'pairPeriods', dModel, base);
    return { periods, firstSlow: periods.findIndex((p) => p > positions) };
  },

  view({ frame, element, options }) {
    const view = { data: null, params: null };
    view.chart = indexChart({
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
      readout: (text) => frame.setReadout(text),
      describe: (i) => {
        const { periods } = view.data;
        const { dModel, layout, positions } = view.params;
        const { sin, cos } = dimensionsOf(i, dModel, layout);
        return (
          `pair ${i} (dimensions ${sin} and ${cos}): period ${formatValue(periods[i])} positions` +
          (periods[i] > positions ? ', longer than the window' : '')
        );
      },
      onHover: (i) =>
        view.link.hover(i === null ? null : dimensionsOf(i, view.params.dModel, view.params.layout).sin),
    });
    // A dimension marks its pair's bar.
    view.link = dimensionLink(element, (dim) => {
      const shown = view.params;
      if (dim === null || !shown || dim < 0 || dim >= shown.dModel) return view.chart.mark(null);
      const { pair } = pairOf(dim, shown.dModel, shown.layout);
      return view.chart.mark(pair, { dimension: dim, pair });
    });
    view.link.set(options().highlight);
    view.stats = statList([
      ['ratio', 'Ratio of neighbouring periods'],
      ['last', 'Last pair\u2019s period'],
      ['first-slow', 'First dimension slower than the window'],
    ]);
    frame.plot.append(view.chart.element, view.stats.element);
    return view;
  },

  draw(view, data, params) {
    view.data = data;
    view.params = params;
    const { periods, firstSlow } = data;
    const { dModel, layout, positions } = params;
    const n = periods.length;
    view.stats.set('ratio', n > 1 ? formatSig(periods[1] / periods[0], 5) : 'one pair only');
    view.stats.set('last', `${formatPeriod(periods[n - 1])} positions (pair ${formatInt(n - 1)})`);
    view.stats.set(
      'first-slow',
      firstSlow >= 0
        ? `dimension ${formatInt(dimensionsOf(firstSlow, dModel, layout).sin)} (pair ${formatInt(firstSlow)}, ` +
            `period ${formatPeriod(periods[firstSlow])})`
        : `none: every period is at most ${formatInt(positions)}`,
    );
    view.chart.draw({
      count: n,
      values: periods,
      seriesOf: (i) => (periods[i] > positions ? 1 : 0),
      yDomain: [Math.min(periods[0], positions) / 1.5, Math.max(periods[n - 1], positions) * 1.5],
      lines: [{ value: positions, text: `${formatInt(positions)} positions` }],
    });
    view.link.redraw();
  },

  onOptions(view, { highlight }) {
    view.link.set(highlight);
  },

  summary: ({ periods, firstSlow }, { dModel, base, positions }) => {
    const n = periods.length;
    return (
      `Periods of ${formatInt(n)} pairs (dModel ${formatInt(dModel)}, base ${formatValue(base)}) from ` +
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

  destroy(view) {
    view.chart.destroy();
  },
});
