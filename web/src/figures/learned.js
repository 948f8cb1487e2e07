// Figure `learned`: the paper's Table 3 row (E), learned positions against sinusoids (published numbers, cited),
// and why a learned table says nothing past its last row: a learned table that this page trains as it is read (a
// run of the lab, trained in a Web Worker by lab/trained-table.js) beside sinusoidalTable, for a length that can
// pass the table.
import { startPool } from '../lab/pool.js';
import { trainTable } from '../lab/trained-table.js';
import { largestMagnitude } from '../ui/colors.js';
import { changeWriter, h } from '../ui/dom.js';
import { defineFigure } from '../ui/figure.js';
import { formatFixed, formatInt, formatValue } from '../ui/format.js';
import { memo } from '../ui/memo.js';
import { positionTable } from '../ui/position-table.js';
import { configOf, labLink, setup } from './lab/params.js';
import { LEARNED_RUN } from './learned-run.js';
import { intSlider } from './shared-params.js';
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
// The run this page trains (learned-run.js): copy the previous token on sequences of 16 tokens, the rest at the
// lab's defaults. What its table shows across seeds is in docs/lab-claims.md.
const RUN = LEARNED_RUN;
const TABLE_DIMENSIONS = 8;

export default defineFigure({
  id: 'learned',
  title: 'Learned position tables stop at their last row',
  caption:
    `A learned table has a row only for each position it was trained on (${RUN.length} here): past its last row it ` +
    'has nothing to give, while the formula goes on. Rows are positions, columns dimensions, red positive and ' +
    'blue negative. Below, the published comparison: on translation the two score the same.',
  params: {
    length: intSlider('Sequence length', 32, 1, 128),
    // Seeds the training (initial weights and batches); from the URL only.
    seed: { type: 'int', default: 1, min: 0, max: 4294967295 },
  },

  compute(engine, { length, seed }, previous) {
    const lab = { ...RUN, seed };
    const config = { ...configOf(lab), scheme: 'learned' };
    const values = memo(engine, 'sinusoidalTable', length, config.dModel);
    return {
      key: JSON.stringify(config),
      lab,
      config,
      length,
      // Every sinusoidal table holds cos 0 = 1 and nothing larger: its scale is 1 whatever the length.
      sinusoidal: { values, rows: length, cols: config.dModel, length, limit: 1 },
      missing: Math.max(0, length - config.length),
      // The training outlives redraws and length changes; draw starts another when the run (`key`) changes.
      shared: previous?.shared ?? { training: null },
    };
  },

  view({ frame, readout, redraw }) {
    // The cell the reader is on in one table is marked in the other, and the keys go on from there.
    const follow = (from, cell) => cell && tables.forEach((t, i) => i !== from && t.map.setCursor(cell));
    const tables = [
      ['Learned table (trained here)', 'learned table'],
      ['Sinusoidal formula', 'sinusoidal'],
    ].map(([title, subject], i) =>
      positionTable({ name: 'learned', title, subject, readout, onHover: (cell) => follow(i, cell) }),
    );
    const status = h('p', { class: 'pe-learned-status', role: 'status' });
    // In the learned table's place until it is trained.
    const waiting = h('p', { class: 'pe-learned-waiting' });
    const link = h('a', { class: 'pe-button pe-learned-lab' }, 'Open this run in the lab');
    frame.actions.append(link);
    frame.plot.append(
      h(
        'div',
        { class: 'pe-learned-tables' },
        tables.map((t) => t.element),
      ),
      status,
      paperResults(readout),
    );
    const [learned, sinusoidal] = tables;
    learned.element.append(waiting);
    const write = changeWriter();
    return { learned, sinusoidal, status, waiting, link, redraw, write, shown: {}, data: null };
  },

  draw(view, data) {
    view.data = data;
    const { shared, config, key } = data;
    if (shared.training?.key !== key) {
      shared.training?.stop();
      const pool = startPool(1, { workers: 1 });
      shared.training = trainTable(pool, config, { key, onChange: view.redraw });
    }
    const { training } = shared;
    const learned = trainedTable(data);
    view.learned.map.element.hidden = !learned;
    view.waiting.hidden = Boolean(learned);
    view.write.putText(
      view.waiting,
      training.failure ? 'Not trained.' : 'The table appears here when its training ends.',
    );
    // A redraw for progress changes neither table: each is painted again only when what it shows changed.
    if (learned && (view.shown.learned !== learned.values || view.shown.length !== data.length)) {
      view.learned.show(learned);
      view.shown = { ...view.shown, learned: learned.values, length: data.length };
    }
    if (view.shown.sinusoidal !== data.sinusoidal) {
      view.sinusoidal.show(data.sinusoidal);
      view.shown = { ...view.shown, sinusoidal: data.sinusoidal };
    }
    view.write.putText(view.status, statusText(training, data.lab));
    view.write.put(view.link, 'href', labLink(data.lab));
    // A training that failed keeps the drawing; the frame shows the engine's or the browser's message.
    if (training.failure) throw training.failure;
  },

  summary: (data, { length }) =>
    `Published (Vaswani et al. 2017, Table 3): learned positions perplexity 4.92, BLEU 25.7; sinusoids 4.92 and ` +
    `25.8. ${statusText(data.shared.training, data.lab)} For ${formatInt(length)} positions at width ` +
    `${formatInt(data.config.dModel)}, the learned table supplies ` +
    `${formatInt(Math.min(length, data.config.length))} rows` +
    (data.missing ? ` and has nothing for the last ${formatInt(data.missing)}` : '') +
    `; the sinusoidal formula supplies all ${formatInt(length)}.`,

  live: ({ config, missing, shared }, { length, seed }) => ({
    'learned-rows': formatInt(config.length),
    'learned-last': formatInt(config.length - 1),
    'learned-length': formatInt(length),
    'learned-missing': formatInt(missing),
    'learned-dmodel': formatInt(config.dModel),
    'learned-steps': formatInt(config.steps),
    'learned-seed': String(seed),
    'learned-accuracy': shared.training.state === 'done' ? percent(shared.training.accuracy) : '\u2026',
  }),

  table(data, { length }) {
    const learned = trainedTable(data);
    const { dModel } = data.config;
    const cells = (dims) => {
      const columns = ['position'];
      for (let d = 0; d < dims; d += 1) columns.push(`learned ${d}`, `sinusoidal ${d}`);
      const learnedCell = (p, d) =>
        !learned
          ? 'not trained yet'
          : p < learned.rows
            ? formatValue(learned.values[p * dModel + d])
            : 'none';
      const rows = Array.from({ length }, (_, p) => [
        p,
        ...Array.from({ length: dims }, (_, d) => [
          learnedCell(p, d),
          formatValue(data.sinusoidal.values[p * dModel + d]),
        ]).flat(),
      ]);
      return { columns, rows };
    };
    const dims = Math.min(dModel, TABLE_DIMENSIONS);
    return {
      ...cells(dims),
      note:
        `Showing dimensions 0\u2013${dims - 1} of ${dModel}; Download CSV has them all. ` +
        statusText(data.shared.training, data.lab),
      csv: cells(dModel),
    };
  },

  destroy(view) {
    view.data?.shared.training?.stop();
  },
});

const percent = (x) => `${formatFixed(100 * x, 1)}%`;

/** The trained table as the position table shows it, or null while it trains (or when training failed). */
function trainedTable({ shared, key, config, length }) {
  const { training } = shared;
  if (training?.key !== key || !training.table) return null;
  const values = training.table;
  return { values, rows: config.length, cols: config.dModel, length, limit: largestMagnitude(values) };
}

/** The run in words, with its progress or its result: the line above the tables, and the summary's middle. */
function statusText(training, lab) {
  const run = setup(lab, ['learned']);
  if (training.state === 'done') {
    return (
      `Learned table trained by this page: ${run.charAt(0).toLowerCase()}${run.slice(1, -1)}; accuracy on ` +
      `the last training batch ${percent(training.accuracy)}.`
    );
  }
  if (training.state === 'failed') return `The learned table could not be trained. ${run}`;
  return (
    `Training the learned table: step ${formatInt(training.step)} of ${formatInt(training.total)}\u2026 ` +
    `(${run.slice(0, -1)})`
  );
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
