// Figure `ranges`: how far each dimension moves over the window (max minus min), sines and cosines apart, with
// lines at 0.1 and 0.5, and the dimension from which every later one changes by less than 0.1: in a short window
// the slow dimensions barely change.
import { flatDimensions, inLayout, pairOf } from '../engine/layout.js';
import { defineFigure } from '../ui/figure.js';
import { formatInt, formatValue } from '../ui/format.js';
import { indexChart } from '../ui/index-chart.js';
import { keyList } from '../ui/key-list.js';
import { memo } from '../ui/memo.js';
import { statList } from '../ui/stats.js';
import { SINUSOIDAL } from './shared-params.js';
import { dimensionName } from './sinusoidal-parts.js';
import './ranges.css';

const THRESHOLDS = [0.1, 0.5];

export default defineFigure({
  id: 'ranges',
  title: 'How much each dimension changes over the window',
  caption:
    'Each bar is how far one dimension moves (max minus min) over the positions shown, sines and cosines in ' +
    'two colours. Bars under the dashed lines at 0.5 and 0.1 are dimensions that barely change over these ' +
    'positions.',
  params: SINUSOIDAL,

  compute(engine, { dModel, base, positions, layout }) {
    // The engine's ranges are in the interleaved order; the bars follow the layout shown.
    const engineOrder = memo(engine, 'dimensionRanges', positions, dModel, base);
    const ranges = layout === 'interleaved' ? engineOrder : inLayout(engineOrder, dModel, layout);
    const below = THRESHOLDS.map(() => 0);
    for (let i = 0; i < engineOrder.length; i += 1) {
      for (let k = 0; k < THRESHOLDS.length; k += 1) if (engineOrder[i] < THRESHOLDS[k]) below[k] += 1;
    }
    return { ranges, below, flat: flatDimensions(engineOrder, dModel, layout) };
  },

  view({ frame, readout, drawn, hover }) {
    const chart = indexChart({
      name: 'ranges',
      label: 'Bar chart of the range of each dimension; use the arrow keys to move between dimensions',
      series: ['sin', 'cos'],
      lines: THRESHOLDS.map(() => ({ name: 'threshold', anchor: 'end' })),
      xLabel: 'dimension',
      yLabel: 'max \u2212 min',
      height: 220,
      readout,
      describe: (d) => {
        const { data, params } = drawn();
        return `${dimensionName(d, params.dModel, params.layout)}: range ${formatValue(data.ranges[d])}`;
      },
      onHover: hover,
    });
    const legend = keyList(
      [
        { label: 'sin dimensions', mark: 'box', color: 'var(--accent-2)' },
        { label: 'cos dimensions', mark: 'box', color: 'var(--accent)' },
      ],
      'pe-ranges-legend pe-key-above',
    );
    const stats = statList([
      ['below-0.1', 'Change by less than 0.1'],
      ['below-0.5', 'Change by less than 0.5'],
      ['flat-first', 'First to change by less than 0.1'],
      ['flat-from', 'All change by less than 0.1 from'],
    ]);
    frame.plot.append(legend, chart.element, stats.element);
    return { chart, stats, kinds: { of: '', list: new Uint8Array() } };
  },

  draw({ chart, stats, kinds }, { ranges, below, flat }, { dModel, layout }) {
    THRESHOLDS.forEach((t, k) =>
      stats.set(`below-${t}`, `${formatInt(below[k])} of ${formatInt(dModel)} dimensions`),
    );
    stats.set('flat-first', dimensionOrNone(flat.first, dModel));
    stats.set('flat-from', dimensionOrNone(flat.tail, dModel));
    // Which bars are sines changes only with dModel and the layout.
    if (kinds.of !== `${dModel} ${layout}`) {
      kinds.of = `${dModel} ${layout}`;
      kinds.list = Uint8Array.from({ length: dModel }, (_, d) => (pairOf(d, dModel, layout).sin ? 0 : 1));
    }
    chart.draw({
      count: dModel,
      values: ranges,
      seriesOf: (d) => kinds.list[d],
      yDomain: [0, 2],
      lines: THRESHOLDS.map((t) => ({ value: t, text: String(t) })),
    });
  },

  mark({ chart }, dim, { dModel }) {
    chart.mark(dim !== null && dim >= 0 && dim < dModel ? dim : null, { dimension: dim });
  },

  summary: ({ below, flat }, { dModel, base, positions }) =>
    `Over ${formatInt(positions)} positions (d_model ${formatInt(dModel)}, base ${formatValue(base)}), ` +
    `${formatInt(below[0])} of ${formatInt(dModel)} dimensions change by less than 0.1 and ` +
    `${formatInt(below[1])} by less than 0.5. ` +
    (flat.first < dModel
      ? `The first to change by less than 0.1 is dimension ${formatInt(flat.first)}; ` +
        (flat.tail < dModel
          ? `from dimension ${formatInt(flat.tail)} on, every one does.`
          : 'the last dimension changes by more.')
      : 'None changes by less than 0.1.'),

  table({ ranges }, { dModel, layout }) {
    const rows = Array.from(ranges, (r, d) => {
      const { pair, sin } = pairOf(d, dModel, layout);
      return [d, pair, sin ? 'sin' : 'cos', formatValue(r), r < 0.1 ? 'yes' : 'no', r < 0.5 ? 'yes' : 'no'];
    });
    return { columns: ['dimension', 'pair', 'kind', 'max \u2212 min', '< 0.1', '< 0.5'], rows };
  },
});

/** A dimension for a stat, or none (the flat-dimension helpers give dModel when there is none). */
function dimensionOrNone(d, dModel) {
  return d < dModel ? `dimension ${formatInt(d)}` : 'none';
}
