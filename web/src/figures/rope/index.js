// Figure `rope`: rotary position embedding. A query and a key (two words' seeded embeddings) turn pair by pair
// with position; their score over every (m, n) has constant diagonals; the score against offset beside the
// sinusoidal dot product and the ALiBi bias; and the two classic mistakes (queries only, swapped conventions).
import { series } from '../../ui/colors.js';
import { changeWriter, h } from '../../ui/dom.js';
import { defineFigure } from '../../ui/figure.js';
import { formatInt, formatSig, formatValue } from '../../ui/format.js';
import { offsetChart } from '../../ui/offset-chart.js';
import { scientific } from '../../ui/scientific.js';
import { BASE, checkbox, choice, intSlider, lastPosition } from '../shared-params.js';
import { scoreMap } from '../shared-scores.js';
import { wordParam } from '../words.js';
import { conventionsPanel } from './conventions.js';
import { MAX_OFFSET, ropeData } from './data.js';
import { pairsPanel } from './pairs.js';
import './rope.css';

/** The offset chart's curves, in the order of the series colours. */
const CURVES = [
  ['rope', 'RoPE score'],
  ['sinusoidal', 'sinusoidal PE(0)\u00b7PE(k)'],
  ['alibi', 'ALiBi bias (one head)'],
];

const heading = (text) => h('h3', { class: 'pe-rope-heading' }, text);

export default defineFigure({
  id: 'rope',
  title: 'Rotary position embedding: queries and keys turn with position',
  caption:
    'Top: RoPE turns pair i of the query by m\u00b7\u03b8\u1d62 and of the key by n\u00b7\u03b8\u1d62. Middle: ' +
    'the score for every m (rows) and n (columns) depends only on the offset n \u2212 m, so each diagonal holds ' +
    'one value (red positive, blue negative). Bottom: that score against n \u2212 m beside the sinusoidal dot ' +
    'product and ALiBi\u2019s bias.',
  primary: ['m', 'n'],
  params: {
    query: wordParam('Query word', 'dog'),
    key: wordParam('Key word', 'man'),
    m: intSlider('Query position m', 3, 0, lastPosition),
    n: intSlider('Key position n', 7, 0, lastPosition),
    headDim: intSlider('Head width', 8, 2, 64, 2),
    base: BASE,
    convention: choice('Convention', {
      interleaved: 'interleaved (pairs 2i, 2i+1)',
      half: 'half (pairs i, i + d/2)',
    }),
    queriesOnly: checkbox('RoPE on queries only (the mistake)'),
    // Sides of the score matrix (the engine's ropeScores allows 512 at the widest head).
    positions: { type: 'int', default: 32, min: 2, max: 128 },
  },

  compute: ropeData,

  view({ frame, readout, set, drawn }) {
    /** @type {any} */
    const view = { write: changeWriter(), drawn };
    view.pairs = pairsPanel(readout);
    view.scores = scoreMap({
      name: 'rope',
      label: 'Score matrix, query position m down, key position n across; arrow keys move the cursor',
      xLabel: 'key position n',
      yLabel: 'query position m',
      side: 380,
      readout,
      describe: (m, n, score) =>
        `query m ${m}, key n ${n}, offset n \u2212 m ${n - m}, score ${formatValue(score)}` +
        (drawn().data.shown.queriesOnly ? ' (queries only)' : ''),
      // Focus starts at the chosen query and key, and the keys move them, so the arrows above follow the cursor.
      start: () => ({ row: drawn().data.shown.m, col: drawn().data.shown.n }),
      onHover: (cell, source) => source === 'key' && set({ m: cell.row, n: cell.col }),
      onSelect: (cell) => set({ m: cell.row, n: cell.col }),
      onLayout: () => placeChosen(view),
    });
    view.chosen = view.scores.map.marks.appendChild(h('svg:rect', { class: 'pe-rope-chosen' }));
    view.deviation = h('p', { class: 'pe-rope-deviation', 'data-readout': 'deviation' });
    view.offsets = offsetChart({
      name: 'rope-lines',
      label: 'Score against offset for RoPE, sinusoidal and ALiBi; left and right arrow keys step',
      xLabel: 'offset k = n \u2212 m',
      yLabel: 'score / largest |score|',
      readout,
      describe: (k) => {
        const { curves, slope } = drawn().data.held;
        return (
          `offset k ${k}: RoPE score ${formatValue(curves.rope[k])}, sinusoidal ` +
          `${formatValue(curves.sinusoidal[k])}, ALiBi bias ${formatValue(curves.alibi[k])} ` +
          `(slope ${formatValue(slope)})`
        );
      },
    });
    view.conventions = conventionsPanel();
    frame.plot.append(
      heading('Each pair turns with position'),
      view.pairs.element,
      heading('Score of query at m and key at n'),
      view.scores.map.element,
      view.deviation,
      heading('Score against offset n \u2212 m'),
      h('p', { class: 'pe-rope-note' }, 'Each curve is divided by its largest magnitude over these offsets.'),
      view.offsets.element,
      heading('Interleaved and half conventions'),
      ...view.conventions.elements,
    );
    return view;
  },

  draw(view, data) {
    const { shown, held } = data;
    view.pairs.draw(data);
    view.scores.show(data.scores, shown.positions, { limit: data.limit });
    view.write.putText(
      view.deviation,
      `Max deviation along diagonals: ${formatSig(data.deviation, 4)}` +
        (shown.queriesOnly
          ? ' \u2014 the score now depends on the query position m, not only on n \u2212 m.'
          : ' \u2014 every diagonal is constant: the score depends only on n \u2212 m.'),
    );
    view.offsets.draw({
      max: MAX_OFFSET,
      domain: [-1.05, 1.05],
      zeroLine: true,
      series: CURVES.map(([name, label], i) => ({
        label,
        value: (k) => held.curves[name][k] / held.peaks[name],
        stroke: series[i],
        className: 'pe-rope-series',
      })),
    });
    view.conventions.draw(data);
  },

  summary: ({ shown: { query, key, m, n, headDim, base, convention, queriesOnly, positions }, ...data }) =>
    `RoPE with query "${query}" at m = ${m} and key "${key}" at n = ${n}, head width ${headDim}, base ` +
    `${formatValue(base)}, ${convention} convention${queriesOnly ? ', queries only' : ''}: score ` +
    `${formatValue(data.score)}. Over ${positions} positions the largest deviation along a diagonal of the ` +
    `score matrix is ${formatSig(data.deviation, 4)}.`,

  table({ scores, shown: { positions } }) {
    const columns = ['query m', ...Array.from({ length: positions }, (_, n) => `key ${n}`)];
    const rows = Array.from({ length: positions }, (_, m) => [
      m,
      ...Array.from(scores.subarray(m * positions, (m + 1) * positions), formatValue),
    ]);
    return { columns, rows, note: 'RoPE score of the rotated query at m and key at n.' };
  },

  live: ({ shown, held, score, deviation }) => ({
    'rope-score': formatValue(score),
    'rope-m': formatInt(shown.m),
    'rope-n': formatInt(shown.n),
    'rope-offset': formatInt(shown.n - shown.m),
    'rope-deviation': formatSig(deviation, 4),
    'rope-deviation-both': scientific(held.deviation.both),
    'rope-deviation-only': formatSig(held.deviation.only, 3),
    'rope-swap-difference': formatSig(held.swapDifference, 3),
    'rope-swap-deviation': scientific(held.deviation.swapped),
    'rope-fix-difference': scientific(held.restoreDifference),
    'rope-positions': formatInt(shown.positions),
  }),
});

/** The dashed mark on the chosen query and key, placed again whenever the map is laid out. */
function placeChosen({ drawn, scores, chosen, write }) {
  const { m, n } = drawn().data.shown;
  const { x, y, w, h: height } = scores.map.cellRect(m, n);
  write.putRect(chosen, x, y, w, height);
}
