// Figure `learned`: the paper's Table 3 row (E), learned positions against sinusoids (published numbers, cited),
// and why a learned table says nothing past its last row: the engine's learned stand-in table (the rows of
// attendSentence with encoding "learned") beside sinusoidalTable, for a length that can pass the table.
import { defineFigure } from '../app/figure.js';
import { h } from '../ui/dom.js';
import { formatInt, formatValue } from '../ui/format.js';
import { memo } from '../ui/memo.js';
import { positionTable } from '../ui/position-table.js';
import { intSlider, widthChoice } from './shared-params.js';
import './learned.css';

// Published results, not computed here: Vaswani et al. (2017), Table 3, newstest2013 English-German dev set.
const TABLE3 = [
  { model: 'base (sinusoidal)', short: 'base', ppl: 4.92, bleu: 25.8 },
  { model: '(E) learned positions', short: '(E) learned', ppl: 4.92, bleu: 25.7 },
];
// Bars start at zero so that equal-looking bars mean nearly equal results.
const METRICS = [
  { key: 'bleu', name: 'BLEU', max: 30 },
  { key: 'ppl', name: 'perplexity', max: 6 },
];
// The engine's learned stand-in has one row per position up to its sentence cap of 32 words (pe-engine.d.ts,
// attendSentence); asking it for a full sentence returns every row there is.
const SENTENCE = Array.from({ length: 32 }, () => 'the').join(' ');
const TABLE_DIMENSIONS = 8;

export default defineFigure({
  id: 'learned',
  title: 'Learned position tables stop at their last row',
  caption:
    'Top: published results, Vaswani et al. (2017), Table 3, English\u2013German newstest2013 (development ' +
    'set). Bottom: rows are positions, columns dimensions; red positive, blue negative, each table on its own ' +
    'scale. The learned table is the engine\u2019s random stand-in (a trained table has structure, not more ' +
    'rows). Hover, or focus a table and use the arrow keys, to read a cell.',
  params: {
    length: intSlider('Sequence length', 48, 1, 128),
    dModel: widthChoice(64, [16, 32, 64, 128, 256]),
    seed: { type: 'int', default: 1 },
  },

  compute(engine, { length, dModel, seed }, previous) {
    const stand = memo(engine, 'attendSentence', SENTENCE, 'learned', dModel, seed).positions;
    // The engine gives no magnitude with a table, so the learned table's colour scale is found here, once a table.
    const limit = previous?.learned.values === stand ? previous.learned.limit : largest(stand);
    const learned = { values: stand, rows: stand.length / dModel, cols: dModel, length, limit };
    // Every sinusoidal table holds cos 0 = 1 and nothing larger: its scale is 1 whatever the length.
    const values = memo(engine, 'sinusoidalTable', length, dModel);
    const sinusoidal = { values, rows: length, cols: dModel, length, limit: 1 };
    return { learned, sinusoidal, missing: Math.max(0, length - learned.rows) };
  },

  view({ frame, readout }) {
    // The cell the reader is on in one table is marked in the other, and the keys go on from there.
    const follow = (from, cell) => cell && tables.forEach((t, i) => i !== from && t.map.setCursor(cell));
    const tables = [
      ['Learned table', 'learned table'],
      ['Sinusoidal formula', 'sinusoidal'],
    ].map(([title, subject], i) =>
      positionTable({ name: 'learned', title, subject, readout, onHover: (cell) => follow(i, cell) }),
    );
    frame.plot.append(
      paperResults(readout),
      h(
        'div',
        { class: 'pe-learned-tables' },
        tables.map((t) => t.element),
      ),
    );
    return tables;
  },

  draw([learned, sinusoidal], data) {
    learned.show(data.learned);
    sinusoidal.show(data.sinusoidal);
  },

  summary: ({ learned, missing }, { length, dModel }) =>
    `Published (Vaswani et al. 2017, Table 3): learned positions perplexity 4.92, BLEU 25.7; sinusoids 4.92 and ` +
    `25.8. For ${formatInt(length)} positions at width ${formatInt(dModel)}, the learned table supplies ` +
    `${formatInt(Math.min(length, learned.rows))} rows` +
    (missing ? ` and has nothing for the last ${formatInt(missing)}` : '') +
    `; the sinusoidal formula supplies all ${formatInt(length)}.`,

  live: ({ learned, missing }, { length, dModel }) => ({
    'learned-rows': formatInt(learned.rows),
    'learned-last': formatInt(learned.rows - 1),
    'learned-length': formatInt(length),
    'learned-missing': formatInt(missing),
    'learned-dmodel': formatInt(dModel),
  }),

  table({ learned, sinusoidal }, { length, dModel }) {
    const dims = Math.min(dModel, TABLE_DIMENSIONS);
    const columns = ['position'];
    for (let d = 0; d < dims; d += 1) columns.push(`learned ${d}`, `sinusoidal ${d}`);
    const rows = Array.from({ length }, (_, p) => [
      p,
      ...Array.from({ length: dims }, (_, d) => [
        p < learned.rows ? formatValue(learned.values[p * dModel + d]) : 'none',
        formatValue(sinusoidal.values[p * dModel + d]),
      ]).flat(),
    ]);
    return { columns, rows, note: `Showing dimensions 0\u2013${dims - 1} of ${dModel}.` };
  },
});

function largest(values) {
  let limit = 1e-12;
  for (const v of values) limit = Math.max(limit, Math.abs(v));
  return limit;
}

/** The published comparison: the cited table, and its numbers as bars that read out on hover and focus. */
function paperResults(readout) {
  const table = h(
    'table',
    { class: 'pe-learned-paper' },
    h('caption', {}, 'Vaswani et al. (2017), Table 3: base model against row (E), newstest2013 dev set'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['positions', 'perplexity (dev)', 'BLEU (dev)'].map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    h(
      'tbody',
      {},
      TABLE3.map((r) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, r.model),
          h('td', {}, r.ppl.toFixed(2)),
          h('td', {}, r.bleu.toFixed(1)),
        ),
      ),
    ),
  );
  const bar = (metric, r, i) => {
    const text = `${r.model}: ${metric.name} ${r[metric.key]}`;
    const show = () => readout(`${text}, Vaswani et al. (2017), Table 3 (published)`);
    return h(
      'div',
      {
        class: 'pe-learned-bar-row',
        tabindex: 0,
        role: 'img',
        'aria-label': `${text} (published)`,
        onPointerenter: show,
        onFocus: show,
      },
      h('span', { class: 'pe-learned-bar-label' }, r.short),
      h(
        'span',
        { class: 'pe-learned-bar-track' },
        h('span', {
          class: `pe-learned-bar pe-learned-bar-${i}`,
          style: `width:${(100 * r[metric.key]) / metric.max}%`,
        }),
      ),
      h('span', { class: 'pe-learned-bar-value' }, String(r[metric.key])),
    );
  };
  const bars = h(
    'div',
    { class: 'pe-learned-bars', role: 'group', 'aria-label': 'Table 3 BLEU and perplexity as bars' },
    METRICS.map((metric) =>
      h(
        'div',
        { class: 'pe-learned-metric' },
        h('span', { class: 'pe-learned-metric-name' }, metric.name),
        TABLE3.map((r, i) => bar(metric, r, i)),
      ),
    ),
  );
  return h('div', { class: 'pe-learned-paper-host' }, table, bars);
}
