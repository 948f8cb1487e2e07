// The lab's extension experiment (URL `experiment=extension`): RoPE trained at the lab's settings on each of
// the race's seeds, then run at T, 2T and 4T with each context-extension method at test time and after a
// short fine-tune at 2T (lab/extension-run.js, one worker call per seed). Draws accuracy against length, each
// line the median of the seeds over a band from the lowest to the highest, and a table whose words are
// verdict.js's across seeds.
import { EXTENSION_DEFAULTS, EXTENSION_LINES, extensionVerdicts } from '../../lab/extension-run.js';
import { startPool, StoppedError } from '../../lab/pool.js';
import { WORKS_AT } from '../../lab/verdict.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { formatInt } from '../../ui/format.js';
import { keyList } from '../../ui/key-list.js';
import { offsetChart } from '../../ui/offset-chart.js';
import { configOf, raceSeeds, SAMPLES } from './params.js';
import './extension-run.css';

/** Each line's colour (Okabe and Ito's palette, readable on the light and the dark page) and dash. */
const STYLE = {
  'test-none': { stroke: '#8f8f8f', dashed: true },
  'test-interpolation': { stroke: '#3d8fd1' },
  'test-ntk': { stroke: '#e69f00' },
  'test-dynamic': { stroke: '#cc79a7' },
  'test-yarn': { stroke: '#009e73' },
  'tuned-interpolation': { stroke: '#d55e00', dashed: true },
  'tuned-none': { stroke: '#56b4e9', dashed: true },
};

const percent = (x) => `${(100 * x).toFixed(1)}%`;

/** The experiment a set of lab parameters runs: RoPE at their configuration, on their seeds. */
export function extensionSetup(params) {
  return {
    config: { ...configOf(params), scheme: 'rope' },
    seeds: raceSeeds(params),
    tuneSteps: EXTENSION_DEFAULTS.tune,
  };
}

/**
 * The panel: a button that runs the experiment, its progress, the chart and the table.
 * @param {{ readout: (text: string) => void, onChange: () => void }} options
 */
export function extensionPanel({ readout, onChange }) {
  let state = {
    key: '',
    results: [],
    done: 0,
    total: 0,
    error: null,
    pool: null,
    task: '',
    T: 0,
    stopped: false,
  };
  let verdicts = null;
  const button = h(
    'button',
    { type: 'button', class: 'pe-button pe-lab-extension-run' },
    'Run the extension experiment',
  );
  const status = h('p', { class: 'pe-lab-extension-status', role: 'status' });
  const chart = offsetChart({
    name: 'lab-extension-chart',
    label:
      'Held-out accuracy of RoPE against length for each extension method; arrow keys step through lengths',
    xLabel: 'sequence length (tokens)',
    yLabel: 'held-out accuracy',
    height: 220,
    readout,
    describe: (n) => {
      const cells = verdicts.map(({ line, cells: c }) => {
        const cell = c.find((x) => x.length === n);
        return `${line.label} ${percent(cell.median)} (${cell.word})`;
      });
      return `length ${formatInt(n)}: ${cells.join('; ')}`;
    },
  });
  const key = h('div', { class: 'pe-lab-extension-key' });
  const tableBox = h('div', { class: 'pe-lab-extension-table' });
  const results = h('div', { class: 'pe-lab-extension-results', hidden: true }, chart.element, key, tableBox);
  const element = h(
    'section',
    { class: 'pe-lab-extension', hidden: true, 'aria-label': 'Context extension experiment' },
    h('h3', {}, 'Context extension on your RoPE model'),
    h(
      'p',
      {},
      'RoPE trains at length T on each seed; each method then runs it at T, 2T and 4T with no training ' +
        '(factor s = length / T), and two copies are fine-tuned for a few steps at 2T, with positions ' +
        'interpolated and without (Chen et al. 2023 in miniature).',
    ),
    button,
    status,
    results,
  );
  let params = null;

  function stop() {
    state.pool?.stop();
    state.pool = null;
  }

  function run() {
    stop();
    const { config, seeds, tuneSteps } = extensionSetup(params);
    const key = JSON.stringify([config, seeds, tuneSteps]);
    const pool = startPool(seeds.length, { workers: params.workers });
    state = {
      key,
      results: [],
      done: 0,
      total: seeds.length,
      error: null,
      pool,
      task: config.task,
      T: config.length,
      stopped: false,
    };
    const mine = state;
    verdicts = null;
    const options = { samples: SAMPLES, tuneSteps };
    Promise.all(
      seeds.map((seed, i) =>
        pool
          .run(`extension:${seed}`)
          .call('extension', { ...config, seed }, options)
          .then(({ result }) => {
            mine.results[i] = result;
            mine.done += 1;
            onChange();
          }),
      ),
    )
      .catch((error) => {
        if (error instanceof StoppedError || state !== mine) return;
        mine.error = error;
        onChange();
      })
      .finally(() => {
        if (state === mine) stop();
      });
    onChange();
  }
  // While it runs, the same button stops it: the workers end at once, and what had finished is kept in the count.
  button.addEventListener('click', () => {
    if (state.pool === null) {
      run();
      return;
    }
    stop();
    state = { ...state, stopped: true };
    // The button and status answer in the click's own task; the rest of the lab redraws when it is due.
    panel.draw(params);
    onChange();
  });

  function drawResults() {
    const { results: all, task, T } = state;
    verdicts = extensionVerdicts(all, task, SAMPLES);
    const xs = all[0].lengths;
    const index = new Map(xs.map((n, i) => [n, i]));
    chart.draw({
      min: xs[0],
      max: xs[xs.length - 1],
      xs,
      // From chance on `subject` (or lower, when a line falls under it) to 100%: the lines stay apart.
      domain: [
        Math.min(0.5, Math.floor(10 * Math.min(...verdicts.flatMap((v) => v.cells.map((c) => c.min)))) / 10),
        1,
      ],
      yFormat: (v) => `${formatInt(100 * v)}%`,
      series: verdicts.map(({ line, cells }) => ({
        value: (n) => cells[index.get(n)]?.median ?? NaN,
        band: all.length > 1 ? (n) => [cells[index.get(n)].min, cells[index.get(n)].max] : undefined,
        stroke: STYLE[line.id].stroke,
        className: `pe-lab-curve${STYLE[line.id].dashed ? ' pe-lab-dashed' : ''}`,
        bandClass: 'pe-lab-band',
      })),
      marks: [
        { at: T, label: `trained on ${formatInt(T)}` },
        { at: 2 * T, label: `fine-tuned on ${formatInt(2 * T)}` },
      ],
      levels: [{ at: WORKS_AT, label: `works: ${formatInt(100 * WORKS_AT)}%` }],
    });
    replaceChildren(
      key,
      keyList(
        EXTENSION_LINES.map((line) => ({
          label: line.label,
          mark: STYLE[line.id].dashed ? 'dash' : 'line',
          color: STYLE[line.id].stroke,
        })),
      ),
    );
    const head = h(
      'tr',
      {},
      h('th', { scope: 'col' }, 'method'),
      ...xs.map((n) => h('th', { scope: 'col' }, `length ${formatInt(n)}`)),
    );
    const rows = verdicts.map(({ line, cells }) =>
      h(
        'tr',
        { 'data-line': line.id },
        h('th', { scope: 'row' }, line.label),
        ...cells.map((c) =>
          h(
            'td',
            { 'data-median': c.median, 'data-word': c.word },
            `${percent(c.median)} `,
            h('span', { class: 'pe-lab-word' }, c.word),
            all.length > 1
              ? h(
                  'span',
                  { class: 'pe-lab-extension-spread' },
                  `${percent(c.min)} to ${percent(c.max)}; ${c.working} of ${c.seeds} work`,
                )
              : '',
          ),
        ),
      ),
    );
    replaceChildren(
      tableBox,
      h(
        'table',
        {},
        h(
          'caption',
          {},
          `Held-out accuracy of RoPE (median of ${all.length} ${all.length === 1 ? 'seed' : 'seeds'}, ` +
            `${SAMPLES} sequences per length); "works" when every seed reaches ${formatInt(100 * WORKS_AT)}%, ` +
            '"mixed" when some do.',
        ),
        h('thead', {}, head),
        h('tbody', {}, rows),
      ),
    );
  }

  const panel = {
    element,
    /** The seeds' results so far (for the text alternative), and the verdicts once every seed is done. */
    get state() {
      return { ...state, verdicts };
    },
    /** @param {Record<string, any>} shown the lab's parameters */
    draw(shown) {
      params = shown;
      element.hidden = shown.experiment !== 'extension';
      if (element.hidden) {
        stop();
        return;
      }
      const { config, seeds, tuneSteps } = extensionSetup(shown);
      if (state.key && state.key !== JSON.stringify([config, seeds, tuneSteps])) {
        stop();
        state = { ...state, key: '', results: [], done: 0, total: 0, error: null, stopped: false };
        verdicts = null;
      }
      const running = state.pool !== null;
      const label = running ? 'Stop the extension experiment' : 'Run the extension experiment';
      if (button.textContent !== label) button.textContent = label;
      const complete = state.total > 0 && state.done === state.total;
      status.textContent = state.error
        ? state.error.message
        : running
          ? `Training and measuring: ${state.done} of ${state.total} seeds done.`
          : state.stopped && !complete
            ? `Stopped with ${state.done} of ${state.total} seeds done; run it again to start over.`
            : state.done > 0
              ? `Done: ${state.done} ${state.done === 1 ? 'seed' : 'seeds'}.`
              : 'Not run yet.';
      results.hidden = !complete;
      if (complete && !verdicts) drawResults();
    },
    destroy() {
      stop();
      chart.destroy();
    },
  };
  return panel;
}
