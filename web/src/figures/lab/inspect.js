// Inside a trained model (one scheme from one seed): one example's attention for a chosen block and head (a
// cell map); that head's mean score against the offset between query and key (the relative-attention test: a
// head that attends by relative position peaks at an offset); and, when `learned` races, the table it trained
// from the same seed beside the sinusoidal formula's, each with the cosine similarity of its positions
// (similarity.js). Every value is the engine's, asked of the run's worker (experiment.js, inspector) or, for
// the similarities, of the page's engine.
import { largestMagnitude, SCHEME_COLOURS } from '../../ui/colors.js';
import { changeWriter, h, sameList } from '../../ui/dom.js';
import { formatInt, formatValue } from '../../ui/format.js';
import { offsetChart } from '../../ui/offset-chart.js';
import { positionTable } from '../../ui/position-table.js';
import { scoreMap } from '../shared-scores.js';
import { SCHEME_NAMES } from './params.js';
import { SIMILARITY_NOTE, similarityPair } from './similarity.js';

const heading = (text) => h('h3', { class: 'pe-lab-heading' }, text);

/**
 * @param {{ readout: (text: string) => void, controls: HTMLElement[],
 *   tableSimilarity: (values: Float32Array, rows: number, cols: number) => Float64Array }} options the
 *   inspection's controls, placed at the head of the panel; `tableSimilarity` is the engine's cosine of every
 *   pair of rows of a table
 */
export function inspectPanel({ readout, controls, tableSimilarity }) {
  const write = changeWriter();
  let answer = null;
  let shownError = null;
  let drawnFor = [];
  const word = (i) => answer.attention.words[i];
  const attention = scoreMap({
    name: 'lab-attention',
    label: 'Attention weights of the example, query down, key across; arrow keys move between cells',
    xLabel: 'key position',
    yLabel: 'query position',
    side: 340,
    readout,
    describe: (p, m) => {
      const { weights, length } = answer.attention;
      const { inspect, layer, head, step } = answer.question;
      return (
        `${SCHEME_NAMES[inspect]}, block ${layer}, head ${head}, step ${formatInt(step)}: query ${p} ` +
        `\u201c${word(p)}\u201d attends to key ${m} \u201c${word(m)}\u201d with weight ` +
        `${formatValue(weights[p * length + m])}`
      );
    },
  });
  const offsets = offsetChart({
    name: 'lab-offsets',
    label: 'Mean attention score against offset between query and key; left and right arrow keys step',
    xLabel: 'offset m \u2212 n (query m minus key n)',
    yLabel: 'mean score',
    height: 220,
    readout,
    describe: (k) => {
      const { offsets: o, question } = answer;
      const side =
        k > 0 ? `key ${k} before the query` : k < 0 ? `key ${-k} after the query` : 'the query itself';
      return (
        `${SCHEME_NAMES[question.inspect]}, block ${question.layer}, head ${question.head}: offset ${k} ` +
        `(${side}), mean pre-softmax score ${formatValue(o.mean[k - o.offsets[0]])}`
      );
    },
  });
  const example = h('p', { class: 'pe-lab-example', 'data-readout': 'example' });
  const peak = h('p', { class: 'pe-lab-peak', 'data-readout': 'peak' });
  // Not the frame's .pe-error: that one is the figure's, and a page finds it as the figure's only error line.
  const error = h('p', { class: 'pe-lab-inspect-error', role: 'alert', hidden: true });
  const waiting = h('p', { class: 'pe-lab-note' });
  const tableNote = h('p', { class: 'pe-lab-note' });
  const tables = ['Learned table (trained)', 'Sinusoidal formula'].map((title, i) =>
    positionTable({
      name: 'lab-table',
      title,
      subject: i === 0 ? 'trained learned table' : 'sinusoidal',
      readout,
      onHover: (cell) => cell && tables[1 - i].map.setCursor(cell),
    }),
  );
  const similarity = similarityPair({ readout });
  const tablesBox = h(
    'div',
    { class: 'pe-lab-tables', hidden: true },
    heading('What the learned table learned'),
    tableNote,
    h(
      'div',
      { class: 'pe-lab-table-pair' },
      tables.map((t) => t.element),
    ),
    h('p', { class: 'pe-lab-note pe-lab-similarity-note' }, SIMILARITY_NOTE),
    similarity.element,
  );
  const body = h(
    'div',
    { class: 'pe-lab-inspect-body', hidden: true },
    example,
    h(
      'div',
      { class: 'pe-lab-inspect-row' },
      h('div', {}, heading('Attention of one example'), attention.map.element),
      h('div', {}, heading('Score by offset'), offsets.element, peak),
    ),
  );
  const element = h(
    'section',
    { class: 'pe-lab-inspect', 'aria-label': 'Inspect a trained model' },
    heading('Inside a trained model'),
    h('div', { class: 'pe-lab-inspect-controls' }, controls),
    waiting,
    error,
    body,
    tablesBox,
  );

  /**
   * @param {{ answer: any, error: Error | null }} state the inspector's state
   * @param {{ sinusoidal: Float32Array, sinusoidalSimilarity: Float64Array, length: number, dModel: number,
   *   causal: boolean, learnedRaces: boolean, trained: boolean, task: string }} context `sinusoidal` is the formula's table
   *   for the training length and width, `sinusoidalSimilarity` the cosine of every pair of its rows, and
   *   `causal` the mask, all as the engine has them
   */
  function draw(state, context) {
    // Training redraws the figure several times a second; the maps change only with a new answer.
    const key = [
      context.task,
      context.length,
      context.dModel,
      context.causal,
      context.learnedRaces,
      context.trained,
    ];
    if (state.answer === answer && state.error === shownError && sameList(key, drawnFor)) return;
    shownError = state.error;
    drawnFor = key;
    answer = state.answer;
    error.hidden = !state.error;
    if (state.error) write.putText(error, state.error.message);
    write.putText(
      waiting,
      context.trained
        ? answer
          ? ''
          : 'Asking the model\u2026'
        : 'Train a step or more and this shows what each model attends to.',
    );
    waiting.hidden = Boolean(answer) && context.trained;
    body.hidden = !answer;
    if (!answer) {
      tablesBox.hidden = true;
      return;
    }
    drawAttention(answer, context);
    drawOffsets(answer);
    drawTables(answer, context);
  }

  function drawAttention({ attention: a, question }, { causal, task }) {
    const values = causal ? maskAbove(a.weights, a.length) : a.weights;
    attention.show(values, a.length, { limit: largestMagnitude(a.weights), masked: causal });
    const target =
      a.targets.length === 1
        ? `the model must answer \u201c${sentenceAnswer(a, task)}\u201d (${SENTENCE_TASKS[task]})`
        : `targets ${Array.from(a.targets, (t) => (t < 0 ? '\u2013' : String(t))).join(' ')}`;
    write.putText(
      example,
      `Example ${formatInt(question.example)} of length ${formatInt(a.length)}, ` +
        `${SCHEME_NAMES[question.inspect]} from seed ${question.seed}: ${a.words.join(' ')}; ${target}.`,
    );
  }

  function drawOffsets({ offsets: o, question }) {
    const first = o.offsets[0];
    const last = o.offsets[o.offsets.length - 1];
    const limit = largestMagnitude(o.mean);
    offsets.draw({
      min: first,
      max: last,
      domain: [-limit, limit],
      nice: true,
      zeroLine: true,
      series: [
        {
          value: (k) => o.mean[k - first],
          stroke: SCHEME_COLOURS[question.inspect],
          className: 'pe-lab-offset-curve',
        },
      ],
    });
    const top = o.mean.indexOf(Math.max(...o.mean));
    write.putText(
      peak,
      `${SCHEME_NAMES[question.inspect]}, block ${question.layer}, head ${question.head}: highest mean score ` +
        `at offset ${formatInt(o.offsets[top])} (${formatValue(o.mean[top])}); lowest ` +
        `${formatValue(Math.min(...o.mean))}.`,
    );
  }

  function drawTables(
    { table, tableStep },
    { sinusoidal, sinusoidalSimilarity, length, dModel, learnedRaces },
  ) {
    tablesBox.hidden = !learnedRaces || !table || table.length === 0;
    if (tablesBox.hidden) return;
    // With randomized positions the table has a row per position drawn (L), the formula's T: the first T show.
    const rows = table.length / dModel;
    const shown = table.subarray(0, length * dModel);
    write.putText(
      tableNote,
      `The learned model\u2019s position table after ${formatInt(tableStep)} steps: ${formatInt(length)} rows ` +
        `(positions)${rows > length ? ` of its ${formatInt(rows)}` : ''} by ${formatInt(dModel)} dimensions, ` +
        'each table on its own colour scale.',
    );
    tables[0].show({ values: shown, rows: length, cols: dModel, length, limit: largestMagnitude(shown) });
    tables[1].show({ values: sinusoidal, rows: length, cols: dModel, length, limit: 1 });
    // A table that training drove to non-finite values has no similarity: the engine's message says so.
    let trained = null;
    try {
      trained = tableSimilarity(shown, length, dModel);
    } catch (problem) {
      error.hidden = false;
      write.putText(error, problem.message);
    }
    similarity.element.hidden = !trained;
    if (trained) similarity.show({ trained, sinusoidal: sinusoidalSimilarity, length });
  }

  return {
    element,
    draw,
    destroy() {
      attention.destroy();
      offsets.destroy();
      tables.forEach((t) => t.destroy());
      similarity.destroy();
    },
  };
}

/** What a sentence-level task asks for, and its answer in the example's words. */
const SENTENCE_TASKS = { subject: 'who acts', majority: 'the most frequent token' };
function sentenceAnswer(a, task) {
  // subject's class is a noun's index, its token id less one; majority's is the symbol itself.
  return task === 'subject' ? a.words[a.tokens.indexOf(a.targets[0] + 1)] : String(a.targets[0]);
}

/** The weights with the entries a causal mask removed (keys after the query) marked, so the map greys them. */
function maskAbove(weights, n) {
  const values = Float32Array.from(weights);
  for (let p = 0; p < n; p += 1) for (let m = p + 1; m < n; m += 1) values[p * n + m] = -Infinity;
  return values;
}
