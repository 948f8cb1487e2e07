// Figure `naive`: the two obvious position encodings and how each fails. Left, how loud the position vector is
// next to the word embedding (naiveNormRatio) as the sequence grows; right, what one offset is worth under the
// normalised index in sentences of different lengths (naiveOffsetMeaning). Every plotted value is the engine's.
import { scaleLinear, scaleLog } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis, powersOfTen } from '../ui/axes.js';
import { series } from '../ui/colors.js';
import { slider } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { fillLive, sectionOf } from '../ui/live.js';
import './naive.css';

/** Title shown when the figure stands alone. */
export const title = 'Why the obvious position encodings fail';

/** URL parameters accepted on embed.html, with their types. */
export const params = { length: 'number', dModel: 'number', offset: 'number', lengths: 'numbers' };

const KINDS = [
  { kind: 'index', label: 'index p', color: series[1] },
  { kind: 'normalized', label: 'normalised p/(n\u22121)', color: series[2] },
  { kind: 'sinusoidal', label: 'sinusoidal', color: series[5] },
];
const MARGIN = { top: 12, right: 16, bottom: 44, left: 58 };
const BARS = { top: 8, right: 16, bottom: 40, left: 64, row: 34 };

/**
 * Mounts the two panels.
 * @param {HTMLElement} element
 * @param {{ length?: number, dModel?: number, offset?: number, lengths?: number[], controls?: boolean }} options
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = { length: 1024, dModel: 512, offset: 3, lengths: [5, 10, 50, 100], controls: true, ...options };
  let ratios = null; // { index, normalized, sinusoidal, length, dModel }
  let meaning = null; // { offset, lengths, values }
  let cursor = null; // a position in the ratio chart
  let barCursor = null; // an index into the lengths

  const frame = createFrame(element, {
    id: 'naive',
    title: 'Naive position encodings',
    caption:
      'Left: length of the position vector at each position, divided by the length of a word embedding ' +
      '(1 on this scale), on a log axis. Right: an offset of k positions under the normalised index, p/(n\u22121), ' +
      'in sentences of n words. Hover, or focus a chart and use the arrow keys, to read values.',
    table: tableData,
  });

  const controls = {
    length: slider({
      label: 'Sequence length n',
      min: 2,
      max: 16384,
      scale: 'log',
      value: state.length,
      format: formatInt,
      onChange: (v) => set({ length: Math.round(v) }),
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
    offset: slider({
      label: 'Offset k',
      min: 0,
      max: 99,
      value: state.offset,
      format: formatInt,
      onChange: (v) => set({ offset: v }),
    }),
  };
  frame.addControls(controls, state.controls !== false);

  const legend = h(
    'ul',
    { class: 'pe-naive-legend' },
    KINDS.map((k) =>
      h('li', {}, h('span', { class: 'pe-naive-swatch', style: `background:${k.color}` }), k.label),
    ),
    h('li', {}, h('span', { class: 'pe-naive-swatch pe-naive-swatch-word' }), 'word embedding (1)'),
  );
  const lineSvg = h('svg:svg', {
    class: 'pe-naive-chart',
    tabindex: 0,
    role: 'img',
    'aria-label':
      'Position vector length over word embedding length, by position; arrow keys move along positions',
  });
  const barSvg = h('svg:svg', {
    class: 'pe-naive-bars',
    role: 'group',
    'aria-label': 'Normalised value of the offset in each sentence length',
  });
  const left = h(
    'div',
    { class: 'pe-naive-panel' },
    h('h3', {}, 'How loud is the position?'),
    legend,
    lineSvg,
  );
  const right = h('div', { class: 'pe-naive-panel' }, h('h3', {}, 'What is an offset worth?'), barSvg);
  frame.plot.append(h('div', { class: 'pe-naive-panels' }, left, right));

  const resize = new ResizeObserver(() => draw());
  resize.observe(left);
  resize.observe(right);

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function render() {
    const { length, dModel, offset, lengths } = state;
    const next = frame.attempt(() => {
      const out = { length, dModel };
      for (const { kind } of KINDS) out[kind] = engine.naiveNormRatio(kind, length, dModel);
      return out;
    });
    if (!next) return;
    const values = frame.attempt(() => engine.naiveOffsetMeaning(offset, lengths));
    if (!values) return;
    ratios = next;
    meaning = { offset, lengths: lengths.slice(), values };
    draw();
    describe();
  }

  function draw() {
    if (!ratios) return;
    drawLines();
    drawBars();
    if (cursor !== null) showPosition(Math.min(cursor, ratios.length - 1));
    if (barCursor !== null) showBar(Math.min(barCursor, meaning.lengths.length - 1));
  }

  let x;
  let y;
  function drawLines() {
    const width = Math.max(240, lineSvg.parentElement.clientWidth);
    const height = 260;
    const w = width - MARGIN.left - MARGIN.right;
    const hgt = height - MARGIN.top - MARGIN.bottom;
    lineSvg.setAttribute('width', String(width));
    lineSvg.setAttribute('height', String(height));
    const n = ratios.length;
    // The log axis spans the smallest positive and largest value drawn (position 0 is 0 for two of the kinds).
    let lo = 1;
    let hi = 1;
    for (const { kind } of KINDS) {
      for (const v of ratios[kind]) {
        if (v > 0) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    x = scaleLinear()
      .domain([0, Math.max(1, n - 1)])
      .range([0, w]);
    y = scaleLog()
      .domain([lo / 1.5, hi * 1.5])
      .range([hgt, 0]);
    const xAxis = h('svg:g', { transform: `translate(${MARGIN.left},${MARGIN.top + hgt})` });
    const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},${MARGIN.top})` });
    const plot = h('svg:g', { transform: `translate(${MARGIN.left},${MARGIN.top})` });
    plot.append(
      h('svg:line', { class: 'pe-naive-word', x1: 0, x2: w, y1: y(1), y2: y(1) }),
      ...KINDS.map(({ kind, color }) =>
        h('svg:path', { class: 'pe-naive-line', stroke: color, d: path(ratios[kind]) }),
      ),
      h('svg:line', { class: 'pe-naive-cursor', y1: 0, y2: hgt, visibility: 'hidden' }),
      ...KINDS.map(({ kind, color }) =>
        h('svg:circle', {
          class: 'pe-naive-dot',
          'data-kind': kind,
          r: 4,
          fill: color,
          visibility: 'hidden',
        }),
      ),
    );
    replaceChildren(lineSvg, xAxis, yAxis, plot);
    drawAxis(xAxis, 'bottom', x, { ticks: w < 300 ? 3 : 6, label: 'position p', format: formatInt });
    drawAxis(yAxis, 'left', y, {
      ticks: 5,
      label: '|position| / |word|',
      format: powersOfTen((v) => formatSig(v, 2)),
    });
  }

  function path(values) {
    let d = '';
    let pen = false;
    for (let p = 0; p < values.length; p += 1) {
      if (!(values[p] > 0)) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${x(p).toFixed(1)},${y(values[p]).toFixed(1)}`;
      pen = true;
    }
    return d;
  }

  function drawBars() {
    const width = Math.max(240, barSvg.parentElement.clientWidth);
    const { lengths, values, offset } = meaning;
    const height = BARS.top + BARS.bottom + lengths.length * BARS.row;
    const w = width - BARS.left - BARS.right;
    barSvg.setAttribute('width', String(width));
    barSvg.setAttribute('height', String(height));
    const bx = scaleLinear().domain([0, 1]).range([0, w]);
    const axis = h('svg:g', { transform: `translate(${BARS.left},${BARS.top + lengths.length * BARS.row})` });
    const rows = lengths.map((n, i) => {
      const v = values[i];
      const fits = Number.isFinite(v);
      const top = BARS.top + i * BARS.row;
      const label = fits
        ? `offset ${offset} in a ${formatInt(n)}-word sentence: ${formatValue(v)} of its length`
        : `offset ${offset} does not fit in a ${formatInt(n)}-word sentence`;
      const g = h(
        'svg:g',
        { class: 'pe-naive-bar', tabindex: 0, role: 'img', 'aria-label': label, 'data-index': i },
        h('svg:rect', { class: 'pe-naive-bar-hit', x: 0, y: top, width, height: BARS.row }),
        h(
          'svg:text',
          { class: 'pe-naive-bar-label', x: BARS.left - 8, y: top + BARS.row / 2, 'text-anchor': 'end' },
          `n = ${formatInt(n)}`,
        ),
        fits
          ? h('svg:rect', {
              class: 'pe-naive-bar-fill',
              x: BARS.left,
              y: top + 6,
              width: Math.max(1, bx(v)),
              height: BARS.row - 12,
            })
          : h(
              'svg:text',
              { class: 'pe-naive-bar-na', x: BARS.left + 4, y: top + BARS.row / 2 },
              'does not fit (k > n\u22121)',
            ),
        fits
          ? h(
              'svg:text',
              {
                class: 'pe-naive-bar-value',
                x: BARS.left + Math.min(bx(v) + 6, w - 40),
                y: top + BARS.row / 2,
              },
              formatSig(v, 3),
            )
          : null,
      );
      g.addEventListener('pointerenter', () => showBar(i));
      g.addEventListener('focus', () => showBar(i));
      return g;
    });
    replaceChildren(barSvg, axis, ...rows);
    drawAxis(axis, 'bottom', bx, { ticks: 5, label: `offset ${offset} as a fraction of the sentence` });
  }

  function showPosition(p) {
    cursor = p;
    const px = x(p);
    const line = lineSvg.querySelector('.pe-naive-cursor');
    line.setAttribute('x1', String(px));
    line.setAttribute('x2', String(px));
    line.setAttribute('visibility', 'visible');
    for (const dot of lineSvg.querySelectorAll('.pe-naive-dot')) {
      const v = ratios[dot.dataset.kind][p];
      dot.setAttribute('cx', String(px));
      dot.setAttribute('cy', String(v > 0 ? y(v) : 0));
      dot.setAttribute('visibility', v > 0 ? 'visible' : 'hidden');
    }
    frame.setReadout(
      `position ${formatInt(p)} of ${formatInt(ratios.length)}: index ${formatValue(ratios.index[p])}, ` +
        `normalised ${formatValue(ratios.normalized[p])}, sinusoidal ${formatValue(ratios.sinusoidal[p])} ` +
        `(times the word embedding)`,
    );
  }

  function showBar(i) {
    barCursor = i;
    for (const g of barSvg.querySelectorAll('.pe-naive-bar')) {
      g.classList.toggle('pe-naive-bar-active', Number(g.dataset.index) === i);
    }
    const n = meaning.lengths[i];
    const v = meaning.values[i];
    frame.setReadout(
      Number.isFinite(v)
        ? `offset ${meaning.offset} in a ${formatInt(n)}-word sentence: value ${formatValue(v)}`
        : `offset ${meaning.offset} does not fit in a ${formatInt(n)}-word sentence (NaN)`,
    );
  }

  lineSvg.addEventListener('pointermove', (event) => {
    if (!ratios) return;
    const rect = lineSvg.getBoundingClientRect();
    const p = Math.round(x.invert(event.clientX - rect.left - MARGIN.left));
    showPosition(Math.min(ratios.length - 1, Math.max(0, p)));
  });
  lineSvg.addEventListener('focus', () => {
    if (ratios && cursor === null) showPosition(Math.min(1, ratios.length - 1));
  });
  lineSvg.addEventListener('keydown', (event) => {
    if (!ratios) return;
    const n = ratios.length;
    const p = cursor ?? 0;
    const big = Math.max(1, Math.round(n / 20));
    const next = {
      ArrowLeft: p - 1,
      ArrowRight: p + 1,
      ArrowDown: p - 1,
      ArrowUp: p + 1,
      PageDown: p - big,
      PageUp: p + big,
      Home: 0,
      End: n - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    showPosition(Math.min(n - 1, Math.max(0, next)));
  });

  function describe() {
    const n = ratios.length;
    const last = n - 1;
    const fits = meaning.lengths
      .map((len, i) => [len, meaning.values[i]])
      .filter(([, v]) => Number.isFinite(v));
    frame.setSummary(
      `At dModel ${formatInt(ratios.dModel)} over ${formatInt(n)} positions, the index encoding at position ` +
        `${formatInt(last)} is ${formatValue(ratios.index[last])} times as long as a word embedding; the ` +
        `sinusoidal one stays at ${formatValue(ratios.sinusoidal[last])}. Under the normalised index an offset of ` +
        `${meaning.offset} is ` +
        (fits.length
          ? fits.map(([len, v]) => `${formatSig(v, 3)} of a ${formatInt(len)}-word sentence`).join(', ')
          : 'too long for every sentence shown') +
        '.',
    );
    // Live numbers in the section's prose (filled only on the article, where the figure sits in a <section>).
    const values = {
      'naive-length': formatInt(n),
      'naive-last': formatInt(last),
      'naive-index-last': formatInt(ratios.index[last]),
      'naive-sin': formatSig(ratios.sinusoidal[last], 3),
      'naive-offset': formatInt(meaning.offset),
    };
    const first = fits[0];
    const final = fits[fits.length - 1];
    if (first && final) {
      values['naive-offset-short-n'] = formatInt(first[0]);
      values['naive-offset-short'] = formatSig(first[1], 3);
      values['naive-offset-long-n'] = formatInt(final[0]);
      values['naive-offset-long'] = formatSig(final[1], 3);
    }
    fillLive(sectionOf(element), values);
  }

  function tableData() {
    const columns = ['position', 'index', 'normalised', 'sinusoidal'];
    const rows = [];
    for (let p = 0; p < ratios.length; p += 1) {
      rows.push([
        p,
        formatValue(ratios.index[p]),
        formatValue(ratios.normalized[p]),
        formatValue(ratios.sinusoidal[p]),
      ]);
    }
    const offsets = meaning.lengths.map(
      (n, i) => `offset ${meaning.offset} in ${n} words: ${formatValue(meaning.values[i])}`,
    );
    return {
      columns,
      rows,
      note: `Length of the position vector over a word embedding's, per position. ${offsets.join('; ')}.`,
    };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      for (const key of ['length', 'dModel', 'offset']) {
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
