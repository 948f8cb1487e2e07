// Figure `naive`: the two obvious position encodings and how each fails. Left, how loud the position vector is
// next to the word embedding (naiveNormRatio) as the sequence grows; right, what one offset is worth under the
// normalised index in sentences of different lengths (naiveOffsetMeaning). Every plotted value is the engine's.
import { scaleLinear, scaleLog } from 'd3-scale';
import { drawAxis, logPath, powersOfTen } from '../ui/axes.js';
import { bar, barRows, rowText } from '../ui/bar-rows.js';
import { series } from '../ui/colors.js';
import { h, replaceChildren } from '../ui/dom.js';
import { defineFigure } from '../ui/figure.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { indexCursor } from '../ui/grid-cursor.js';
import { keyList } from '../ui/key-list.js';
import { memo } from '../ui/memo.js';
import { sharedReadout } from '../ui/readouts.js';
import { DMODEL, intSlider } from './shared-params.js';
import './naive.css';

/** @type {{ kind: 'index' | 'normalized' | 'sinusoidal', label: string, color: string }[]} */
const KINDS = [
  { kind: 'index', label: 'index p', color: series[1] },
  { kind: 'normalized', label: 'normalised p/(n\u22121)', color: series[2] },
  { kind: 'sinusoidal', label: 'sinusoidal', color: series[5] },
];
const MARGIN = { top: 12, right: 16, bottom: 44, left: 58 };
const BARS = { top: 8, right: 16, bottom: 40, left: 64, row: 34 };
const HEIGHT = 260;

export default defineFigure({
  id: 'naive',
  title: 'Why the obvious position encodings fail',
  caption:
    'Left: the raw index p next to a word embedding of length 1 (log axis): it grows without bound and ' +
    'drowns the word. Right: the normalised index p/(n\u22121) gives the same offset k a different size in ' +
    'sentences of different lengths n.',
  primary: ['length', 'offset'],
  params: {
    // A whole number of words, on a slider that moves in equal ratios.
    length: { ...intSlider('Sequence length n', 1024, 2, 16384), scale: 'log' },
    dModel: DMODEL,
    offset: intSlider('Offset k', 3, 0, 99),
    // One bar per sentence length (the engine reads lengths 2 to 65,536).
    lengths: {
      type: 'numbers',
      default: [5, 10, 50, 100],
      maxItems: 8,
      items: { type: 'int', min: 2, max: 65536 },
    },
  },

  // The ratios do not depend on the offset: remembered while it moves.
  compute: (engine, { length, dModel, offset, lengths }) => ({
    ratios: Object.fromEntries(
      KINDS.map(({ kind }) => [kind, memo(engine, 'naiveNormRatio', kind, length, dModel)]),
    ),
    meaning: engine.naiveOffsetMeaning(offset, lengths),
  }),

  view({ frame, readout, watchWidth }) {
    const part = sharedReadout(readout);
    const view = {
      lineSvg: h('svg:svg', {
        class: 'pe-naive-chart',
        tabindex: 0,
        role: 'img',
        'aria-label':
          'Position vector length over word embedding length, by position; arrow keys move along positions',
      }),
      barSvg: h('svg:svg', {
        class: 'pe-naive-bars',
        role: 'group',
        'aria-label': 'Normalised value of the offset in each sentence length',
      }),
      linePart: part(),
      bars: barRows({ name: 'naive-bar', part: part() }),
      cursor: null, // the position read on the ratio chart
      shown: null, // { ratios, x, y }
    };
    const legend = keyList(
      [...KINDS.map(({ label, color }) => ({ label, color })), { label: 'word embedding (1)', mark: 'dash' }],
      'pe-key-above',
    );
    const panels = h(
      'div',
      { class: 'pe-panels' },
      h('div', { class: 'pe-panel' }, h('h3', {}, 'How loud is the position?'), legend, view.lineSvg),
      h('div', { class: 'pe-panel' }, h('h3', {}, 'What is an offset worth?'), view.barSvg),
    );
    frame.plot.append(panels);
    watchWidth(panels);
    indexCursor(view.lineSvg, {
      at: (event) => {
        const rect = view.lineSvg.getBoundingClientRect();
        const p = Math.round(view.shown.x.invert(event.clientX - rect.left - MARGIN.left));
        return Math.min(lastPosition(view), Math.max(0, p));
      },
      get: () => view.cursor ?? Math.min(1, lastPosition(view)),
      show: (p) => showPosition(view, p, true),
      max: () => lastPosition(view),
      ready: () => view.shown !== null,
    });
    return view;
  },

  draw(view, { ratios, meaning }, p) {
    drawLines(view, ratios, p.length);
    drawBars(view, meaning, p);
    if (view.cursor !== null) showPosition(view, Math.min(view.cursor, p.length - 1), false);
  },

  summary: ({ ratios, meaning }, { length, dModel, offset, lengths }) => {
    const last = length - 1;
    const fits = fitting(meaning, lengths);
    return (
      `At d_model ${formatInt(dModel)} over ${formatInt(length)} positions, the index encoding at position ` +
      `${formatInt(last)} is ${formatValue(ratios.index[last])} times as long as a word embedding; the ` +
      `sinusoidal one stays at ${formatValue(ratios.sinusoidal[last])}. Under the normalised index an offset of ` +
      `${offset} is ` +
      (fits.length
        ? fits.map(([n, v]) => `${formatSig(v, 3)} of a ${formatInt(n)}-word sentence`).join(', ')
        : 'too long for every sentence shown') +
      '.'
    );
  },

  table: ({ ratios, meaning }, { length, offset, lengths }) => ({
    columns: ['position', 'index', 'normalised', 'sinusoidal'],
    rows: Array.from({ length }, (_, pos) => [
      pos,
      ...KINDS.map(({ kind }) => formatValue(ratios[kind][pos])),
    ]),
    note:
      "Length of the position vector over a word embedding's, per position. " +
      `${lengths.map((n, i) => `offset ${offset} in ${n} words: ${formatValue(meaning[i])}`).join('; ')}.`,
  }),

  live: ({ ratios, meaning }, { length, offset, lengths }) => {
    const last = length - 1;
    const fits = fitting(meaning, lengths);
    const values = {
      'naive-length': formatInt(length),
      'naive-last': formatInt(last),
      'naive-index-last': formatInt(ratios.index[last]),
      'naive-sin': formatSig(ratios.sinusoidal[last], 3),
      'naive-offset': formatInt(offset),
    };
    if (fits.length === 0) return values;
    const [shortest, longest] = [fits[0], fits[fits.length - 1]];
    return {
      ...values,
      'naive-offset-short-n': formatInt(shortest[0]),
      'naive-offset-short': formatSig(shortest[1], 3),
      'naive-offset-long-n': formatInt(longest[0]),
      'naive-offset-long': formatSig(longest[1], 3),
    };
  },
});

/** [length, value] of the sentence lengths the offset fits in. */
function fitting(meaning, lengths) {
  return lengths.map((n, i) => [n, meaning[i]]).filter(([, v]) => Number.isFinite(v));
}

function lastPosition({ shown }) {
  return shown.ratios.index.length - 1;
}

function drawLines(view, ratios, n) {
  const svg = view.lineSvg;
  const width = Math.max(240, svg.parentElement.clientWidth);
  const w = width - MARGIN.left - MARGIN.right;
  const hgt = HEIGHT - MARGIN.top - MARGIN.bottom;
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(HEIGHT));
  // The log axis spans the word embedding's 1 and every positive value drawn (position 0 is 0 for two kinds).
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
  const x = scaleLinear()
    .domain([0, Math.max(1, n - 1)])
    .range([0, w]);
  const y = scaleLog()
    .domain([lo / 1.5, hi * 1.5])
    .range([hgt, 0]);
  view.shown = { ratios, x, y };
  const xAxis = h('svg:g', { transform: `translate(${MARGIN.left},${MARGIN.top + hgt})` });
  const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},${MARGIN.top})` });
  const plot = h(
    'svg:g',
    { transform: `translate(${MARGIN.left},${MARGIN.top})` },
    h('svg:line', { class: 'pe-naive-word', x1: 0, x2: w, y1: y(1), y2: y(1) }),
    KINDS.map(({ kind, color }) =>
      // Position 0 is 0 for two kinds, which has no place on the log axis.
      h('svg:path', { class: 'pe-naive-line', stroke: color, d: logPath(ratios[kind], x, y) }),
    ),
    h('svg:line', { class: 'pe-rule pe-naive-cursor', y1: 0, y2: hgt, visibility: 'hidden' }),
    KINDS.map(({ kind, color }) =>
      h('svg:circle', {
        class: 'pe-marker pe-naive-dot',
        'data-kind': kind,
        r: 4,
        fill: color,
        visibility: 'hidden',
      }),
    ),
  );
  replaceChildren(svg, xAxis, yAxis, plot);
  drawAxis(xAxis, 'bottom', x, { ticks: w < 300 ? 3 : 6, label: 'position p', format: formatInt });
  drawAxis(yAxis, 'left', y, {
    ticks: 5,
    label: '|position| / |word|',
    format: powersOfTen((v) => formatSig(v, 2)),
  });
}

/** Marks position p on the ratio chart and says its values; `read` when the reader moved there. */
function showPosition(view, p, read) {
  const { ratios, x, y } = view.shown;
  view.cursor = p;
  const px = x(p);
  const line = view.lineSvg.querySelector('.pe-naive-cursor');
  line.setAttribute('x1', String(px));
  line.setAttribute('x2', String(px));
  line.setAttribute('visibility', 'visible');
  for (const dot of view.lineSvg.querySelectorAll('.pe-naive-dot')) {
    const v = ratios[dot.dataset.kind][p];
    dot.setAttribute('cx', String(px));
    dot.setAttribute('cy', String(v > 0 ? y(v) : 0));
    dot.setAttribute('visibility', v > 0 ? 'visible' : 'hidden');
  }
  const text =
    `position ${formatInt(p)} of ${formatInt(ratios.index.length)}: index ${formatValue(ratios.index[p])}, ` +
    `normalised ${formatValue(ratios.normalized[p])}, sinusoidal ${formatValue(ratios.sinusoidal[p])} ` +
    `(times the word embedding)`;
  if (read) view.linePart.claim(text);
  else view.linePart.write(text);
}

function drawBars(view, meaning, { offset, lengths }) {
  const svg = view.barSvg;
  const width = Math.max(240, svg.parentElement.clientWidth);
  const w = width - BARS.left - BARS.right;
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(BARS.top + BARS.bottom + lengths.length * BARS.row));
  const bx = scaleLinear().domain([0, 1]).range([0, w]);
  const axis = h('svg:g', { transform: `translate(${BARS.left},${BARS.top + lengths.length * BARS.row})` });
  const rows = lengths.map((n, i) => {
    const v = meaning[i];
    const top = BARS.top + i * BARS.row;
    const fits = Number.isFinite(v);
    return view.bars.row({
      key: i,
      top,
      height: BARS.row,
      labelX: BARS.left - 8,
      hit: { x: 0, width },
      label: `n = ${formatInt(n)}`,
      description: fits
        ? `offset ${offset} in a ${formatInt(n)}-word sentence: ${formatValue(v)} of its length`
        : `offset ${offset} does not fit in a ${formatInt(n)}-word sentence`,
      said: fits
        ? `offset ${offset} in a ${formatInt(n)}-word sentence: value ${formatValue(v)}`
        : `offset ${offset} does not fit in a ${formatInt(n)}-word sentence (NaN)`,
      marks: fits
        ? [
            bar('pe-naive-bar-fill', BARS.left, BARS.left + bx(v), top, BARS.row, 6),
            rowText(formatSig(v, 3), BARS.left + Math.min(bx(v) + 6, w - 40), top, BARS.row),
          ]
        : rowText('does not fit (k > n\u22121)', BARS.left + 4, top, BARS.row, {
            className: 'pe-naive-bar-na',
          }),
    });
  });
  replaceChildren(svg, axis, ...rows);
  drawAxis(axis, 'bottom', bx, { ticks: 5, label: `offset ${offset} as a fraction of the sentence` });
}
