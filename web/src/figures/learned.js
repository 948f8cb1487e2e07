// Figure `learned`: the paper's Table 3 row (E), learned positions against sinusoids (published numbers, cited),
// and why a learned table says nothing past its last row: the engine's learned stand-in table (the `positions`
// rows of attendSentence with encoding "learned") beside sinusoidalTable, for a length that can pass the table.
import { getEngine } from '../engine.js';
import { cssVar, diverging } from '../ui/colors.js';
import { select, slider } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { fillLive, sectionOf } from '../ui/live.js';
import { onThemeChange } from '../ui/theme.js';
import './learned.css';

/** Title shown when the figure stands alone. */
export const title = 'Learned position tables stop at their last row';

/** URL parameters accepted on embed.html, with their types. */
export const params = { length: 'number', dModel: 'number', seed: 'number' };

// Published results, not computed here: Vaswani et al. (2017), Table 3, newstest2013 English-German dev set.
const TABLE3 = [
  { model: 'base (sinusoidal)', ppl: 4.92, bleu: 25.8 },
  { model: '(E) learned positions', ppl: 4.92, bleu: 25.7 },
];
// The engine's learned stand-in has one row per position up to its sentence cap of 32 words (pe-engine.d.ts,
// attendSentence); asking it for a full sentence returns every row there is.
const TABLE_ROWS = 32;
const WIDTHS = [16, 32, 64, 128, 256];

/**
 * Mounts the Table 3 comparison and the two tables.
 * @param {HTMLElement} element
 * @param {{ length?: number, dModel?: number, seed?: number, controls?: boolean }} options
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = { length: 48, dModel: 64, seed: 1, controls: true, ...options };
  let learned = null; // { rows, dModel, values }
  let sinusoidal = null; // { length, dModel, values }
  let cursor = null; // { table: 'learned'|'sinusoidal', pos, dim }

  const frame = createFrame(element, {
    id: 'learned',
    title: 'Learned and sinusoidal position tables',
    caption:
      'Top: published results, Vaswani et al. (2017), Table 3, English\u2013German newstest2013 (development ' +
      'set). Bottom: rows are positions, columns dimensions; red positive, blue negative, each table on its own ' +
      'scale. The learned table is the engine\u2019s random stand-in (a trained table has structure, not more ' +
      'rows). Hover, or focus a table and use the arrow keys, to read a cell.',
    table: tableData,
  });

  const controls = {
    length: slider({
      label: 'Sequence length',
      min: 1,
      max: 128,
      value: state.length,
      format: formatInt,
      onChange: (v) => set({ length: v }),
    }),
    dModel: select({
      label: 'Width dModel',
      value: String(state.dModel),
      options: WIDTHS.map((w) => ({ value: String(w), label: formatInt(w) })),
      onChange: (v) => set({ dModel: Number(v) }),
    }),
  };
  frame.addControls(controls, state.controls !== false);

  const paper = buildPaperTable();
  const tables = {
    learned: makeTable('learned', 'Learned table'),
    sinusoidal: makeTable('sinusoidal', 'Sinusoidal formula'),
  };
  frame.plot.append(
    paper,
    h(
      'div',
      { class: 'pe-learned-tables' },
      Object.values(tables).map((t) => t.root),
    ),
  );
  const stopTheme = onThemeChange(() => paint());

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function buildPaperTable() {
    const rows = TABLE3.map((r) =>
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, r.model),
        h('td', {}, r.ppl.toFixed(2)),
        h('td', {}, r.bleu.toFixed(1)),
      ),
    );
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
          h('th', { scope: 'col' }, 'positions'),
          h('th', { scope: 'col' }, 'perplexity (dev)'),
          h('th', { scope: 'col' }, 'BLEU (dev)'),
        ),
      ),
      h('tbody', {}, rows),
    );
    const bars = h(
      'div',
      { class: 'pe-learned-bars', role: 'group', 'aria-label': 'Table 3 BLEU and perplexity as bars' },
      ['bleu', 'ppl'].map((metric) =>
        h(
          'div',
          { class: 'pe-learned-metric' },
          h('span', { class: 'pe-learned-metric-name' }, metric === 'bleu' ? 'BLEU' : 'perplexity'),
          TABLE3.map((r, i) => {
            const value = r[metric];
            // Bars start at zero so that equal-looking bars mean nearly equal results.
            const max = metric === 'bleu' ? 30 : 6;
            const text = `${r.model}: ${metric === 'bleu' ? 'BLEU' : 'perplexity'} ${value}`;
            const row = h(
              'div',
              { class: 'pe-learned-bar-row', tabindex: 0, role: 'img', 'aria-label': `${text} (published)` },
              h('span', { class: 'pe-learned-bar-label' }, i === 0 ? 'base' : '(E) learned'),
              h(
                'span',
                { class: 'pe-learned-bar-track' },
                h('span', {
                  class: `pe-learned-bar pe-learned-bar-${i}`,
                  style: `width:${(100 * value) / max}%`,
                }),
              ),
              h('span', { class: 'pe-learned-bar-value' }, String(value)),
            );
            const show = () => frame.setReadout(`${text}, Vaswani et al. (2017), Table 3 (published)`);
            row.addEventListener('pointerenter', show);
            row.addEventListener('focus', show);
            return row;
          }),
        ),
      ),
    );
    return h('div', { class: 'pe-learned-paper-host' }, table, bars);
  }

  function makeTable(key, label) {
    const canvas = h('canvas', {
      class: 'pe-learned-canvas',
      tabindex: 0,
      role: 'img',
      'aria-label': `${label}: positions down, dimensions across; use the arrow keys to read cells`,
    });
    const edge = h('div', { class: 'pe-learned-edge', hidden: true }, h('span', {}, ''));
    const axis = h('div', { class: 'pe-learned-axis', 'aria-hidden': 'true' });
    const stage = h('div', { class: 'pe-learned-stage' }, canvas, edge);
    const heading = h('h3', {}, label);
    const root = h(
      'div',
      { class: 'pe-learned-table' },
      heading,
      h('div', { class: 'pe-learned-frame' }, axis, stage),
    );
    const t = { key, canvas, edge, axis, stage, root, heading };
    canvas.addEventListener('pointermove', (event) => {
      if (!sinusoidal) return;
      const rect = canvas.getBoundingClientRect();
      const dim = Math.floor(((event.clientX - rect.left) / rect.width) * state.dModel);
      const pos = Math.floor(((event.clientY - rect.top) / rect.height) * sinusoidal.length);
      if (dim < 0 || pos < 0 || dim >= sinusoidal.dModel || pos >= sinusoidal.length) return;
      showCell(key, pos, dim);
    });
    canvas.addEventListener('focus', () => {
      if (sinusoidal && (!cursor || cursor.table !== key)) showCell(key, cursor?.pos ?? 0, cursor?.dim ?? 0);
    });
    canvas.addEventListener('keydown', (event) => {
      if (!sinusoidal) return;
      const c = cursor && cursor.table === key ? cursor : { pos: 0, dim: 0 };
      const big = event.shiftKey ? 8 : 1;
      const moves = {
        ArrowUp: [-big, 0],
        ArrowDown: [big, 0],
        ArrowLeft: [0, -big],
        ArrowRight: [0, big],
        Home: [-c.pos, 0],
        End: [sinusoidal.length - 1 - c.pos, 0],
      };
      const m = moves[event.key];
      if (!m) return;
      event.preventDefault();
      showCell(
        key,
        Math.min(sinusoidal.length - 1, Math.max(0, c.pos + m[0])),
        Math.min(sinusoidal.dModel - 1, Math.max(0, c.dim + m[1])),
      );
    });
    return t;
  }

  function render() {
    const { length, dModel, seed } = state;
    const sentence = Array.from({ length: TABLE_ROWS }, () => 'the').join(' ');
    const l = frame.attempt(() => engine.attendSentence(sentence, 'learned', dModel, seed));
    if (!l) return;
    const s = frame.attempt(() => engine.sinusoidalTable(length, dModel));
    if (!s) return;
    learned = { rows: l.positions.length / l.dModel, dModel: l.dModel, values: l.positions };
    sinusoidal = { length, dModel, values: s };
    paint();
    describe();
    if (cursor) showCell(cursor.table, Math.min(cursor.pos, length - 1), Math.min(cursor.dim, dModel - 1));
  }

  function paint() {
    if (!sinusoidal) return;
    const { length, dModel } = sinusoidal;
    const height = `${Math.min(400, Math.max(140, length * 5))}px`;
    const hatch = cssVar('--rule');
    const back = cssVar('--panel');
    for (const t of Object.values(tables)) {
      const values = t.key === 'learned' ? learned.values : sinusoidal.values;
      const rows = t.key === 'learned' ? Math.min(length, learned.rows) : length;
      let limit = 1e-12;
      for (let i = 0; i < rows * dModel; i += 1) limit = Math.max(limit, Math.abs(values[i]));
      t.canvas.width = dModel;
      t.canvas.height = length;
      t.stage.style.height = height;
      const ctx = t.canvas.getContext('2d');
      const image = ctx.createImageData(dModel, length);
      diverging.paint(values, image, { limit, count: rows * dModel });
      ctx.putImageData(image, 0, 0);
      if (rows < length) {
        // Positions past the table: no values exist, drawn as diagonal stripes in the page's colours.
        ctx.fillStyle = back;
        ctx.fillRect(0, rows, dModel, length - rows);
        ctx.fillStyle = hatch;
        for (let y = rows; y < length; y += 1) {
          for (let x = 0; x < dModel; x += 1) if ((x + y) % 4 === 0) ctx.fillRect(x, y, 1, 1);
        }
      }
      t.edge.hidden = !(t.key === 'learned' && length > learned.rows);
      t.edge.style.top = `${(100 * learned.rows) / length}%`;
      t.edge.firstChild.textContent = `no rows after position ${learned.rows - 1}`;
      replaceChildren(
        t.axis,
        [0, Math.floor((length - 1) / 2), length - 1]
          .filter((p, i, all) => all.indexOf(p) === i)
          .map((p) => h('span', { style: `top:${(100 * (p + 0.5)) / length}%` }, String(p))),
      );
    }
  }

  function showCell(table, pos, dim) {
    cursor = { table, pos, dim };
    if (table === 'learned') {
      frame.setReadout(
        pos < learned.rows
          ? `learned table, position ${pos}, dimension ${dim}: value ${formatValue(learned.values[pos * learned.dModel + dim])}`
          : `learned table, position ${pos}, dimension ${dim}: no value (the table has ${learned.rows} rows, ` +
              `positions 0\u2013${learned.rows - 1})`,
      );
    } else {
      frame.setReadout(
        `sinusoidal, position ${pos}, dimension ${dim}: value ${formatValue(sinusoidal.values[pos * sinusoidal.dModel + dim])}`,
      );
    }
  }

  function describe() {
    const { length, dModel } = sinusoidal;
    const missing = Math.max(0, length - learned.rows);
    frame.setSummary(
      `Published (Vaswani et al. 2017, Table 3): learned positions perplexity 4.92, BLEU 25.7; sinusoids 4.92 and ` +
        `25.8. For ${formatInt(length)} positions at width ${formatInt(dModel)}, the learned table supplies ` +
        `${formatInt(Math.min(length, learned.rows))} rows` +
        (missing ? ` and has nothing for the last ${formatInt(missing)}` : '') +
        `; the sinusoidal formula supplies all ${formatInt(length)}.`,
    );
    // Live numbers in the section's prose (only on the article, where the figure sits in a <section>).
    fillLive(sectionOf(element), {
      'learned-rows': formatInt(learned.rows),
      'learned-last': formatInt(learned.rows - 1),
      'learned-length': formatInt(length),
      'learned-missing': formatInt(missing),
      'learned-dmodel': formatInt(dModel),
    });
  }

  function tableData() {
    const { length, dModel } = sinusoidal;
    const dims = Math.min(dModel, 8);
    const columns = ['position'];
    for (let d = 0; d < dims; d += 1) columns.push(`learned ${d}`, `sinusoidal ${d}`);
    const rows = [];
    for (let p = 0; p < length; p += 1) {
      const row = [p];
      for (let d = 0; d < dims; d += 1) {
        row.push(p < learned.rows ? formatValue(learned.values[p * dModel + d]) : 'none');
        row.push(formatValue(sinusoidal.values[p * dModel + d]));
      }
      rows.push(row);
    }
    return { columns, rows, note: `Showing dimensions 0\u2013${dims - 1} of ${dModel}.` };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      if (patch.length !== undefined) controls.length.value = patch.length;
      if (patch.dModel !== undefined) controls.dModel.value = String(patch.dModel);
      render();
    },
    destroy() {
      stopTheme();
      frame.destroy();
    },
  };
}
