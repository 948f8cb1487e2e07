// Figure `mixing`: (w1 + p1) . (w2 + p2) split into word.word, position.position and the two cross terms for
// one pair of words at two positions (mixingTerms), and the typical size of each term over the whole vocabulary
// (mixingRms), with and without the sqrt(dModel) embedding scale. Every value shown is the engine's.
import { scaleLinear, scaleLog } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis, powersOfTen } from '../ui/axes.js';
import { select, slider, toggle } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { fillLive, sectionOf } from '../ui/live.js';
import './mixing.css';

/** Title shown when the figure stands alone. */
export const title = 'Adding mixes word and position';

/** URL parameters accepted on embed.html, with their types. */
export const params = {
  word1: 'string',
  word2: 'string',
  pos1: 'number',
  pos2: 'number',
  dModel: 'number',
  scaled: 'boolean',
  rmsPositions: 'number',
};

const TERMS = [
  { key: 'wordWord', label: 'word \u00b7 word', short: 'w\u2081\u00b7w\u2082', kind: 'word' },
  {
    key: 'positionPosition',
    label: 'position \u00b7 position',
    short: 'p\u2081\u00b7p\u2082',
    kind: 'position',
  },
  {
    key: 'wordPosition',
    label: 'word\u2081 \u00b7 position\u2082',
    short: 'w\u2081\u00b7p\u2082',
    kind: 'cross',
  },
  {
    key: 'positionWord',
    label: 'position\u2081 \u00b7 word\u2082',
    short: 'p\u2081\u00b7w\u2082',
    kind: 'cross',
  },
];
const RMS_TERMS = [
  { key: 'wordWord', label: 'word \u00b7 word', short: 'w\u00b7w', kind: 'word' },
  { key: 'positionPosition', label: 'position \u00b7 position', short: 'p\u00b7p', kind: 'position' },
  { key: 'cross', label: 'word \u00b7 position', short: 'w\u00b7p', kind: 'cross' },
];
const ROW = 30;
const M = { top: 6, right: 52, bottom: 40, left: 176 };

/**
 * Mounts the decomposition.
 * @param {HTMLElement} element
 * @param {{ word1?: string, word2?: string, pos1?: number, pos2?: number, dModel?: number, scaled?: boolean,
 *   rmsPositions?: number, controls?: boolean }} options
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    word1: 'dog',
    word2: 'man',
    pos1: 0,
    pos2: 2,
    dModel: 512,
    scaled: true,
    rmsPositions: 64,
    controls: true,
    ...options,
  };
  let terms = null;
  let rms = null; // { scaled, unscaled, dModel, positions }
  let active = null; // { panel, index }
  const words = engine.vocabulary();

  const frame = createFrame(element, {
    id: 'mixing',
    title: 'Word and position terms of a dot product',
    caption:
      'Top: the four terms of (w\u2081+p\u2081)\u00b7(w\u2082+p\u2082) for the chosen words and positions, and the ' +
      'total computed directly; the last row lays the four terms end to end, so it ends where the total does. ' +
      'Bottom: the root mean square of each term over every word pair and positions 0 to n\u22121, with and ' +
      'without the \u221ad embedding scale (log axis). Hover or focus a bar for its exact value.',
    table: tableData,
  });

  const wordOptions = words.map((w) => ({ value: w, label: w }));
  const controls = {
    word1: select({
      label: 'Word 1',
      options: wordOptions,
      value: state.word1,
      onChange: (v) => set({ word1: v }),
    }),
    pos1: slider({
      label: 'Position 1',
      min: 0,
      max: 511,
      value: state.pos1,
      format: formatInt,
      onChange: (v) => set({ pos1: v }),
    }),
    word2: select({
      label: 'Word 2',
      options: wordOptions,
      value: state.word2,
      onChange: (v) => set({ word2: v }),
    }),
    pos2: slider({
      label: 'Position 2',
      min: 0,
      max: 511,
      value: state.pos2,
      format: formatInt,
      onChange: (v) => set({ pos2: v }),
    }),
    dModel: slider({
      label: 'Width dModel',
      min: 2,
      max: 1024,
      step: 2,
      value: state.dModel,
      format: formatInt,
      onChange: (v) => set({ dModel: v }),
    }),
    scaled: toggle({
      label: 'Scale embeddings by \u221adModel',
      checked: state.scaled,
      onChange: (v) => set({ scaled: v }),
    }),
  };
  frame.addControls(controls, state.controls !== false);

  const termSvg = h('svg:svg', {
    class: 'pe-mixing-chart',
    role: 'group',
    'aria-label': 'The four terms and the total',
  });
  const rmsSvg = h('svg:svg', {
    class: 'pe-mixing-chart',
    role: 'group',
    'aria-label': 'Typical size of each term over the vocabulary, scaled and unscaled',
  });
  const termTitle = h('h3', {});
  const rmsTitle = h('h3', {});
  const host = h('div', { class: 'pe-mixing' }, termTitle, termSvg, rmsTitle, rmsSvg);
  frame.plot.append(host);
  const resize = new ResizeObserver(() => draw());
  resize.observe(host);

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function render() {
    const { word1, word2, pos1, pos2, dModel, scaled, rmsPositions } = state;
    const nextTerms = frame.attempt(() => engine.mixingTerms(word1, pos1, word2, pos2, dModel, { scaled }));
    if (!nextTerms) return;
    const nextRms = frame.attempt(() => ({
      scaled: engine.mixingRms(rmsPositions, dModel, { scaled: true }),
      unscaled: engine.mixingRms(rmsPositions, dModel, { scaled: false }),
      dModel,
      positions: rmsPositions,
    }));
    if (!nextRms) return;
    terms = { ...nextTerms, word1, word2, pos1, pos2, dModel, scaled };
    rms = nextRms;
    draw();
    describe();
  }

  function draw() {
    if (!terms) return;
    const width = Math.max(260, host.clientWidth);
    const narrow = width < 480;
    const margin = { ...M, left: narrow ? 96 : M.left };
    drawTerms(width, margin, narrow);
    drawRms(width, margin, narrow);
    if (active) activate(active.panel, active.index);
  }

  function termRows() {
    return [
      ...TERMS.map((t) => ({ ...t, value: terms[t.key] })),
      { key: 'total', label: 'total (direct)', kind: 'total', value: terms.total },
    ];
  }

  function drawTerms(width, margin, narrow) {
    termTitle.textContent =
      `\u201c${terms.word1}\u201d at ${terms.pos1} and \u201c${terms.word2}\u201d at ${terms.pos2}, ` +
      `dModel ${formatInt(terms.dModel)}, ${terms.scaled ? 'scaled' : 'unscaled'}`;
    const rows = termRows();
    const w = width - margin.left - margin.right;
    const height = margin.top + (rows.length + 1) * ROW + margin.bottom;
    termSvg.setAttribute('width', String(width));
    termSvg.setAttribute('height', String(height));
    // The axis must hold every bar and every partial sum of the end-to-end row.
    let lo = 0;
    let hi = 0;
    let run = 0;
    for (const r of rows) {
      lo = Math.min(lo, r.value);
      hi = Math.max(hi, r.value);
    }
    for (const t of TERMS) {
      run += terms[t.key];
      lo = Math.min(lo, run);
      hi = Math.max(hi, run);
    }
    const m = Math.max(Math.abs(lo), Math.abs(hi), 1e-12);
    const x = scaleLinear()
      .domain(lo < 0 ? [-m, m] : [0, m])
      .range([0, w])
      .nice();
    const g = h('svg:g', { transform: `translate(${margin.left},${margin.top})` });
    const axis = h('svg:g', {
      transform: `translate(${margin.left},${margin.top + (rows.length + 1) * ROW})`,
    });
    g.append(
      h('svg:line', { class: 'pe-mixing-zero', x1: x(0), x2: x(0), y1: 0, y2: (rows.length + 1) * ROW }),
    );
    rows.forEach((r, i) => {
      g.append(
        bar(
          'terms',
          i,
          i * ROW,
          narrow ? (r.short ?? 'total') : r.label,
          `${r.label}: ${formatValue(r.value)}`,
          [
            h('svg:rect', {
              class: `pe-mixing-bar pe-mixing-${r.kind}`,
              x: Math.min(x(0), x(r.value)),
              y: i * ROW + 5,
              width: Math.max(1, Math.abs(x(r.value) - x(0))),
              height: ROW - 10,
            }),
            valueLabel(x, r.value, i * ROW),
          ],
        ),
      );
    });
    // The end-to-end row: each term starts where the previous one ended (pixel layout of engine values).
    const top = rows.length * ROW;
    const segments = [];
    let start = 0;
    for (const t of TERMS) {
      const end = start + terms[t.key];
      segments.push(
        h('svg:rect', {
          class: `pe-mixing-bar pe-mixing-${t.kind} pe-mixing-segment`,
          x: Math.min(x(start), x(end)),
          y: top + 8,
          width: Math.max(1, Math.abs(x(end) - x(start))),
          height: ROW - 16,
        }),
      );
      start = end;
    }
    segments.push(
      h('svg:line', {
        class: 'pe-mixing-total-mark',
        x1: x(terms.total),
        x2: x(terms.total),
        y1: top + 2,
        y2: top + ROW - 2,
      }),
    );
    g.append(
      bar(
        'terms',
        rows.length,
        top,
        narrow ? 'end to end' : 'terms end to end',
        `the four terms end to end; the direct total is ${formatValue(terms.total)}`,
        segments,
      ),
    );
    replaceChildren(termSvg, axis, g);
    drawAxis(axis, 'bottom', x, {
      ticks: w < 300 ? 4 : 7,
      label: 'dot product',
      format: (v) => formatSig(v, 3),
    });
  }

  function drawRms(width, margin, narrow) {
    rmsTitle.textContent = `Typical size over the vocabulary and positions 0\u2013${rms.positions - 1} (root mean square)`;
    const w = width - margin.left - margin.right;
    const rows = [];
    for (const t of RMS_TERMS) {
      rows.push({ ...t, scaled: true, value: rms.scaled[t.key] });
      rows.push({ ...t, scaled: false, value: rms.unscaled[t.key] });
    }
    const height = margin.top + rows.length * (ROW - 6) + 12 + margin.bottom;
    rmsSvg.setAttribute('width', String(width));
    rmsSvg.setAttribute('height', String(height));
    let lo = Infinity;
    let hi = 0;
    for (const r of rows) {
      if (r.value > 0) lo = Math.min(lo, r.value);
      hi = Math.max(hi, r.value);
    }
    if (!Number.isFinite(lo)) lo = 1e-3;
    const x = scaleLog()
      .domain([lo / 3, Math.max(hi, lo) * 3])
      .range([0, w]);
    const g = h('svg:g', { transform: `translate(${margin.left},${margin.top})` });
    const rowH = ROW - 6;
    rows.forEach((r, i) => {
      const y = i * rowH + (i >= 2 ? Math.floor(i / 2) * 4 : 0);
      const label = `${r.label}, ${r.scaled ? 'scaled' : 'unscaled'}`;
      const shortLabel = `${narrow ? r.short : r.label}, ${r.scaled ? 'scaled' : 'unscaled'}`;
      const current = r.scaled === terms.scaled;
      g.append(
        bar(
          'rms',
          i,
          y,
          shortLabel,
          `${label}: root mean square ${formatValue(r.value)}`,
          [
            h('svg:rect', {
              class: `pe-mixing-bar pe-mixing-${r.kind}${current ? '' : ' pe-mixing-other'}`,
              x: 0,
              y: y + 4,
              width: Math.max(1, x(Math.max(r.value, lo / 3))),
              height: rowH - 8,
            }),
            h(
              'svg:text',
              {
                class: 'pe-mixing-value',
                x: x(Math.max(r.value, lo / 3)) + 4,
                y: y + rowH / 2,
              },
              formatSig(r.value, 3),
            ),
          ],
          rowH,
        ),
      );
    });
    const axisTop = margin.top + rows.length * rowH + 12;
    const axis = h('svg:g', { transform: `translate(${margin.left},${axisTop})` });
    replaceChildren(rmsSvg, axis, g);
    drawAxis(axis, 'bottom', x, {
      ticks: 4,
      label: 'root mean square (log)',
      format: powersOfTen((v) => formatSig(v, 2)),
    });
  }

  function valueLabel(x, v, top) {
    const right = v >= 0;
    const px = right ? x(v) + 4 : x(v) - 4;
    return h(
      'svg:text',
      { class: 'pe-mixing-value', x: px, y: top + ROW / 2, 'text-anchor': right ? 'start' : 'end' },
      formatSig(v, 4),
    );
  }

  // One focusable row: its label sits in the left margin; hover and focus put its exact value in the readout.
  function bar(panel, index, top, label, description, marks, rowHeight = ROW) {
    const g = h(
      'svg:g',
      {
        class: 'pe-mixing-row',
        tabindex: 0,
        role: 'img',
        'aria-label': description,
        'data-panel': panel,
        'data-index': index,
      },
      h('svg:rect', { class: 'pe-mixing-hit', x: -M.left, y: top, width: '100%', height: rowHeight }),
      h('svg:text', { class: 'pe-mixing-label', x: -8, y: top + rowHeight / 2, 'text-anchor': 'end' }, label),
      marks,
    );
    const show = () => {
      active = { panel, index };
      activate(panel, index);
      frame.setReadout(description);
    };
    g.addEventListener('pointerenter', show);
    g.addEventListener('focus', show);
    return g;
  }

  function activate(panel, index) {
    for (const row of host.querySelectorAll('.pe-mixing-row')) {
      row.classList.toggle(
        'pe-mixing-active',
        row.dataset.panel === panel && Number(row.dataset.index) === index,
      );
    }
  }

  function describe() {
    const s = rms.scaled;
    const u = rms.unscaled;
    frame.setSummary(
      `(w\u2081+p\u2081)\u00b7(w\u2082+p\u2082) for \u201c${terms.word1}\u201d at position ${terms.pos1} and ` +
        `\u201c${terms.word2}\u201d at position ${terms.pos2} (dModel ${terms.dModel}, ` +
        `${terms.scaled ? 'scaled' : 'unscaled'} embeddings): word\u00b7word ${formatValue(terms.wordWord)}, ` +
        `position\u00b7position ${formatValue(terms.positionPosition)}, cross terms ` +
        `${formatValue(terms.wordPosition)} and ${formatValue(terms.positionWord)}, total ` +
        `${formatValue(terms.total)}. Over the vocabulary the typical sizes are ${formatSig(s.wordWord, 3)}, ` +
        `${formatSig(s.positionPosition, 3)} and ${formatSig(s.cross, 3)} scaled, ${formatSig(u.wordWord, 3)}, ` +
        `${formatSig(u.positionPosition, 3)} and ${formatSig(u.cross, 3)} unscaled.`,
    );
    // Live numbers in the section's prose (only on the article, where the figure sits in a <section>).
    fillLive(sectionOf(element), {
      'mixing-word1': terms.word1,
      'mixing-word2': terms.word2,
      'mixing-pos1': formatInt(terms.pos1),
      'mixing-pos2': formatInt(terms.pos2),
      'mixing-dmodel': formatInt(terms.dModel),
      'mixing-scaling': terms.scaled ? 'scaled' : 'unscaled',
      'mixing-ww': formatSig(terms.wordWord, 3),
      'mixing-pp': formatSig(terms.positionPosition, 3),
      'mixing-wp': formatSig(terms.wordPosition, 3),
      'mixing-pw': formatSig(terms.positionWord, 3),
      'mixing-total': formatSig(terms.total, 4),
      'mixing-rms-positions': formatInt(rms.positions),
      'mixing-rms-last': formatInt(rms.positions - 1),
      'mixing-rms-ww': formatSig(s.wordWord, 3),
      'mixing-rms-pp': formatSig(s.positionPosition, 3),
      'mixing-rms-cross': formatSig(s.cross, 3),
      'mixing-rms-ww-unscaled': formatSig(u.wordWord, 2),
      'mixing-rms-cross-unscaled': formatSig(u.cross, 2),
    });
  }

  function tableData() {
    const rows = termRows().map((r) => [r.label, formatValue(r.value)]);
    for (const t of RMS_TERMS) {
      rows.push([`RMS ${t.label}, scaled`, formatValue(rms.scaled[t.key])]);
      rows.push([`RMS ${t.label}, unscaled`, formatValue(rms.unscaled[t.key])]);
    }
    return { columns: ['term', 'value'], rows };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      for (const key of ['word1', 'word2', 'pos1', 'pos2', 'dModel', 'scaled']) {
        if (patch[key] !== undefined) controls[key].value = patch[key];
      }
      render();
    },
    destroy() {
      resize.disconnect();
      frame.destroy();
    },
  };
}
