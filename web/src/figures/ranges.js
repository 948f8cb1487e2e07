// Figure `ranges`: how far each dimension moves over the window (max minus min), sines and cosines apart, with
// lines at 0.1 and 0.5: in a short window the slow right half barely changes.
import { defineFigure } from '../app/figure.js';
import { h } from '../ui/dom.js';
import { formatInt, formatValue } from '../ui/format.js';
import { indexChart } from '../ui/index-chart.js';
import { interleavedIndex, pairOf } from '../ui/linked.js';
import { memo } from '../ui/memo.js';
import { statList } from '../ui/stats.js';
import { SINUSOIDAL } from './shared-params.js';
import { dimensionLink, dimensionName } from './sinusoidal-parts.js';
import './ranges.css';

const THRESHOLDS = [0.1, 0.5];

export default defineFigure({
  id: 'ranges',
  title: 'How much each dimension changes over the window',
  caption:
    'Bars: max minus min of each dimension over the positions shown (sines and cosines in two colours). ' +
    'Dashed lines at 0.1 and 0.5. Hover, or focus the chart and use the arrow keys, to read a dimension.',
  params: SINUSOIDAL,
  options: { highlight: null },

  compute(engine, { dModel, base, positions, layout }) {
    // The engine's ranges are in the interleaved order; the bars follow the layout shown.
    const engineOrder = memo(engine, 'dimensionRanges', positions, dModel, base);
    const ranges =
      layout === 'interleaved'
        ? engineOrder
        : Float64Array.from({ length: dModel }, (_, d) => engineOrder[interleavedIndex(d, dModel, layout)]);
    const below = THRESHOLDS.map(() => 0);
    for (let i = 0; i < engineOrder.length; i += 1) {
      for (let k = 0; k < THRESHOLDS.length; k += 1) if (engineOrder[i] < THRESHOLDS[k]) below[k] += 1;
    }
    return { ranges, below };
  },

  view({ frame, element, options }) {
    const view = { data: null, params: null };
    view.chart = indexChart({
      name: 'ranges',
      label: 'Bar chart of the range of each dimension; use the arrow keys to move between dimensions',
      series: ['sin', 'cos'],
      lines: THRESHOLDS.map(() => ({ name: 'threshold', anchor: 'end' })),
      xLabel: 'dimension',
      yLabel: 'max \u2212 min',
      height: 220,
      readout: (text) => frame.setReadout(text),
      describe: (d) =>
        `${dimensionName(d, view.params.dModel, view.params.layout)}: range ${formatValue(view.data.ranges[d])}`,
      onHover: (d) => view.link.hover(d),
    });
    view.link = dimensionLink(element, (dim) => {
      const shown = view.params;
      const valid = dim !== null && shown && dim >= 0 && dim < shown.dModel;
      view.chart.mark(valid ? dim : null, { dimension: dim });
    });
    view.link.set(options().highlight);
    const legend = h(
      'div',
      { class: 'pe-ranges-legend' },
      h('span', {}, h('span', { class: 'pe-swatch pe-ranges-sin' }), 'sin dimensions'),
      h('span', {}, h('span', { class: 'pe-swatch pe-ranges-cos' }), 'cos dimensions'),
    );
    view.stats = statList([
      ['below-0.1', 'Change by less than 0.1'],
      ['below-0.5', 'Change by less than 0.5'],
    ]);
    frame.plot.append(legend, view.chart.element, view.stats.element);
    return view;
  },

  draw(view, data, params) {
    view.data = data;
    view.params = params;
    const { dModel, layout } = params;
    THRESHOLDS.forEach((t, k) =>
      view.stats.set(`below-${t}`, `${formatInt(data.below[k])} of ${formatInt(dModel)} dimensions`),
    );
    // Which bars are sines changes only with dModel and the layout.
    if (view.kindsOf !== `${dModel} ${layout}`) {
      view.kindsOf = `${dModel} ${layout}`;
      view.kinds = Uint8Array.from({ length: dModel }, (_, d) => (pairOf(d, dModel, layout).sin ? 0 : 1));
    }
    const { kinds } = view;
    view.chart.draw({
      count: dModel,
      values: data.ranges,
      seriesOf: (d) => kinds[d],
      yDomain: [0, 2],
      lines: THRESHOLDS.map((t) => ({ value: t, text: String(t) })),
    });
    view.link.redraw();
  },

  onOptions(view, { highlight }) {
    view.link.set(highlight);
  },

  summary: ({ below }, { dModel, base, positions }) =>
    `Over ${formatInt(positions)} positions (dModel ${formatInt(dModel)}, base ${formatValue(base)}), ` +
    `${formatInt(below[0])} of ${formatInt(dModel)} dimensions change by less than 0.1 and ` +
    `${formatInt(below[1])} by less than 0.5.`,

  table({ ranges }, { dModel, layout }) {
    const rows = Array.from(ranges, (r, d) => {
      const { pair, sin } = pairOf(d, dModel, layout);
      return [d, pair, sin ? 'sin' : 'cos', formatValue(r), r < 0.1 ? 'yes' : 'no', r < 0.5 ? 'yes' : 'no'];
    });
    return { columns: ['dimension', 'pair', 'kind', 'max \u2212 min', '< 0.1', '< 0.5'], rows };
  },

  destroy(view) {
    view.chart.destroy();
  },
});
