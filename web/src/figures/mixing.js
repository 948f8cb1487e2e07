// Figure `mixing`: (w1 + p1) . (w2 + p2) split into word.word, position.position and the two cross terms for
// one pair of words at two positions (mixingTerms), and the typical size of each term over the whole vocabulary
// (mixingRms), with and without the sqrt(dModel) embedding scale, and each term's spread across the keys of
// one query (mixingSpread): softmax ignores what is constant across a query's keys. Every value shown is the
// engine's.
import { scaleLinear, scaleLog } from 'd3-scale';
import { drawAxis, powersOfTen } from '../ui/axes.js';
import { bar, barRows, rowText } from '../ui/bar-rows.js';
import { h, replaceChildren } from '../ui/dom.js';
import { defineFigure } from '../ui/figure.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { memo } from '../ui/memo.js';
import { sharedReadout } from '../ui/readouts.js';
import { checkbox, DMODEL, intSlider } from './shared-params.js';
import { wordParam } from './words.js';
import './mixing.css';

const DOT = '\u00b7';
// Each term's key in the engine's result, its label, the short label of a narrow chart and its colour's kind.
const terms = (rows) => rows.map(([key, label, short, kind]) => ({ key, label, short, kind }));
const TERMS = terms([
  ['wordWord', `word ${DOT} word`, `w\u2081${DOT}w\u2082`, 'word'],
  ['positionPosition', `position ${DOT} position`, `p\u2081${DOT}p\u2082`, 'position'],
  ['wordPosition', `word\u2081 ${DOT} position\u2082`, `w\u2081${DOT}p\u2082`, 'cross'],
  ['positionWord', `position\u2081 ${DOT} word\u2082`, `p\u2081${DOT}w\u2082`, 'cross'],
]);
const RMS_TERMS = terms([
  ['wordWord', `word ${DOT} word`, `w${DOT}w`, 'word'],
  ['positionPosition', `position ${DOT} position`, `p${DOT}p`, 'position'],
  ['cross', `word ${DOT} position`, `w${DOT}p`, 'cross'],
]);
const ROW = 30;
const RMS_ROW = ROW - 6;
const M = { top: 6, right: 52, bottom: 40, left: 176 };

export default defineFigure({
  id: 'mixing',
  title: 'Adding mixes word and position',
  caption:
    'Top: the score of two words with positions, (w\u2081+p\u2081)\u00b7(w\u2082+p\u2082), splits into four ' +
    'terms; the last row lays them end to end, ending where the total does. Bottom: each term\u2019s typical ' +
    'size (root mean square over word pairs and positions), with and without the \u221ad_model embedding scale.',
  params: {
    word1: wordParam('Word 1', 'dog'),
    pos1: intSlider('Position 1', 0, 0, 511),
    word2: wordParam('Word 2', 'man'),
    pos2: intSlider('Position 2', 2, 0, 511),
    dModel: DMODEL,
    scaled: checkbox('Scale embeddings by \u221ad_model', true),
    // Positions the typical sizes average over (the engine's mixingRms at the largest width allows 181).
    rmsPositions: { type: 'int', default: 64, min: 2, max: 128 },
  },

  // The typical sizes depend on the width and scale only: remembered while words and positions move.
  compute: (engine, { word1, word2, pos1, pos2, dModel, scaled, rmsPositions }) => ({
    terms: engine.mixingTerms(word1, pos1, word2, pos2, dModel, { scaled }),
    scaledRms: memo(engine, 'mixingRms', rmsPositions, dModel, { scaled: true }),
    unscaledRms: memo(engine, 'mixingRms', rmsPositions, dModel, { scaled: false }),
    spread: memo(engine, 'mixingSpread', word1, pos1, rmsPositions, dModel, { scaled }),
  }),

  view({ frame, readout, watchWidth }) {
    const rows = barRows({ name: 'mixing-row', part: sharedReadout(readout)() });
    const chart = (label) => h('svg:svg', { class: 'pe-mixing-chart', role: 'group', 'aria-label': label });
    const view = {
      rows,
      termTitle: h('h3', {}),
      termSvg: chart('The four terms and the total'),
      rmsTitle: h('h3', {}),
      rmsSvg: chart('Typical size of each term over the vocabulary, scaled and unscaled'),
      spread: h('p', { class: 'pe-mixing-spread', 'data-readout': 'spread' }),
    };
    const host = h(
      'div',
      { class: 'pe-mixing' },
      view.termTitle,
      view.termSvg,
      view.rmsTitle,
      view.rmsSvg,
      view.spread,
    );
    frame.plot.append(host);
    const width = watchWidth(host);
    view.width = () => width() || host.clientWidth;
    return view;
  },

  draw(view, data, p) {
    const width = Math.max(260, view.width());
    const narrow = width < 480;
    const margin = { ...M, left: narrow ? 96 : M.left };
    view.termTitle.textContent =
      `\u201c${p.word1}\u201d at ${p.pos1} and \u201c${p.word2}\u201d at ${p.pos2}, ` +
      `d_model ${formatInt(p.dModel)}, ${p.scaled ? 'scaled' : 'unscaled'}`;
    drawTerms(view, data.terms, { width, margin, narrow });
    view.rmsTitle.textContent = `Typical size over the vocabulary and positions 0\u2013${p.rmsPositions - 1} (root mean square)`;
    drawRms(view, rmsRows(data), { width, margin, narrow }, p.scaled);
    const text = spreadText(data.spread, p);
    if (view.spread.textContent !== text) view.spread.textContent = text;
  },

  summary: ({ terms, scaledRms: s, unscaledRms: u, spread }, p) =>
    `(w\u2081+p\u2081)\u00b7(w\u2082+p\u2082) for \u201c${p.word1}\u201d at position ${p.pos1} and ` +
    `\u201c${p.word2}\u201d at position ${p.pos2} (d_model ${p.dModel}, ` +
    `${p.scaled ? 'scaled' : 'unscaled'} embeddings): word\u00b7word ${formatValue(terms.wordWord)}, ` +
    `position\u00b7position ${formatValue(terms.positionPosition)}, cross terms ` +
    `${formatValue(terms.wordPosition)} and ${formatValue(terms.positionWord)}, total ` +
    `${formatValue(terms.total)}. Over the vocabulary the typical sizes are ${formatSig(s.wordWord, 3)}, ` +
    `${formatSig(s.positionPosition, 3)} and ${formatSig(s.cross, 3)} scaled, ${formatSig(u.wordWord, 3)}, ` +
    `${formatSig(u.positionPosition, 3)} and ${formatSig(u.cross, 3)} unscaled. ${spreadText(spread, p)}`,

  table: (data) => ({
    columns: ['term', 'value'],
    rows: [
      ...termRows(data.terms).map((r) => [r.label, formatValue(r.value)]),
      ...rmsRows(data).map((r) => [`RMS ${r.label}, ${r.scale}`, formatValue(r.value)]),
      ...TERMS.flatMap((t) => [
        [`mean across keys, ${t.label}`, formatValue(data.spread.mean[t.key])],
        [`spread across keys, ${t.label}`, formatValue(data.spread.spread[t.key])],
      ]),
    ],
  }),

  live: ({ terms, scaledRms: s, unscaledRms: u, spread }, p) => ({
    'mixing-query-word': p.word1,
    'mixing-query-pos': formatInt(p.pos1),
    'mixing-spread-pp-mean': formatSig(spread.mean.positionPosition, 3),
    'mixing-spread-pp': formatSig(spread.spread.positionPosition, 3),
    'mixing-spread-ww': formatSig(spread.spread.wordWord, 3),
    'mixing-spread-wp': formatSig(spread.spread.wordPosition, 3),
    'mixing-spread-pw': formatSig(spread.spread.positionWord, 3),
    'mixing-word1': p.word1,
    'mixing-word2': p.word2,
    'mixing-pos1': formatInt(p.pos1),
    'mixing-pos2': formatInt(p.pos2),
    'mixing-dmodel': formatInt(p.dModel),
    'mixing-scaling': p.scaled ? 'scaled' : 'unscaled',
    'mixing-ww': formatSig(terms.wordWord, 3),
    'mixing-pp': formatSig(terms.positionPosition, 3),
    'mixing-wp': formatSig(terms.wordPosition, 3),
    'mixing-pw': formatSig(terms.positionWord, 3),
    'mixing-total': formatSig(terms.total, 4),
    'mixing-rms-positions': formatInt(p.rmsPositions),
    'mixing-rms-last': formatInt(p.rmsPositions - 1),
    'mixing-rms-ww': formatSig(s.wordWord, 3),
    'mixing-rms-pp': formatSig(s.positionPosition, 3),
    'mixing-rms-cross': formatSig(s.cross, 3),
    'mixing-rms-ww-unscaled': formatSig(u.wordWord, 2),
    'mixing-rms-cross-unscaled': formatSig(u.cross, 2),
  }),
});

/** Each term's spread across the keys of the query word1 at pos1 (every word at positions 0..n-1). */
function spreadText({ mean, spread }, p) {
  const part = (t) => `${t.label} ${formatSig(spread[t.key], 3)}`;
  return (
    `For the query \u201c${p.word1}\u201d at ${p.pos1} against every word at positions 0\u2013` +
    `${p.rmsPositions - 1}, the spread of each term across the keys (standard deviation; softmax ignores ` +
    `the rest): ${TERMS.map(part).join(', ')}. position ${DOT} position averages ` +
    `${formatSig(mean.positionPosition, 3)} there, a constant for this query.`
  );
}

function termRows(terms) {
  return [
    ...TERMS.map((t) => ({ ...t, value: terms[t.key] })),
    { key: 'total', label: 'total (direct)', short: 'total', kind: 'total', value: terms.total },
  ];
}

/** Each typical size twice, scaled then unscaled. */
function rmsRows({ scaledRms, unscaledRms }) {
  return RMS_TERMS.flatMap((t) => [
    { ...t, scale: 'scaled', value: scaledRms[t.key] },
    { ...t, scale: 'unscaled', value: unscaledRms[t.key] },
  ]);
}

/** A row of either chart: its label in the left margin, its marks at the chart's origin. */
function row(view, { width, margin }, key, top, height, { label, description, marks }) {
  return view.rows.row({
    key,
    top,
    height,
    labelX: -8,
    hit: { x: -margin.left, width },
    label,
    description,
    marks,
  });
}

function drawTerms(view, terms, layout) {
  const { width, margin, narrow } = layout;
  const rows = termRows(terms);
  const w = width - margin.left - margin.right;
  const bottom = (rows.length + 1) * ROW;
  // The axis holds every bar and every partial sum of the end-to-end row.
  let run = 0;
  const reach = [0, ...rows.map((r) => r.value), ...TERMS.map((t) => (run += terms[t.key]))];
  const lo = Math.min(...reach);
  const m = Math.max(Math.abs(lo), Math.abs(Math.max(...reach)), 1e-12);
  const x = scaleLinear()
    .domain(lo < 0 ? [-m, m] : [0, m])
    .range([0, w])
    .nice();
  const g = h(
    'svg:g',
    { transform: `translate(${margin.left},${margin.top})` },
    h('svg:line', { class: 'pe-mixing-zero', x1: x(0), x2: x(0), y1: 0, y2: bottom }),
    rows.map((r, i) =>
      row(view, layout, `terms:${i}`, i * ROW, ROW, {
        label: narrow ? r.short : r.label,
        description: `${r.label}: ${formatValue(r.value)}`,
        marks: [
          bar(`pe-mixing-bar pe-mixing-${r.kind}`, x(0), x(r.value), i * ROW, ROW, 5),
          rowText(formatSig(r.value, 4), x(r.value) + (r.value >= 0 ? 4 : -4), i * ROW, ROW, {
            end: r.value < 0,
          }),
        ],
      }),
    ),
    endToEnd(view, layout, terms, x, rows.length * ROW),
  );
  const axis = h('svg:g', { transform: `translate(${margin.left},${margin.top + bottom})` });
  view.termSvg.setAttribute('width', String(width));
  view.termSvg.setAttribute('height', String(margin.top + bottom + margin.bottom));
  replaceChildren(view.termSvg, axis, g);
  drawAxis(axis, 'bottom', x, {
    ticks: w < 300 ? 4 : 7,
    label: 'dot product',
    format: (v) => formatSig(v, 3),
  });
}

// The end-to-end row: each term starts where the previous one ended, and a mark shows the direct total.
function endToEnd(view, layout, terms, x, top) {
  let start = 0;
  const segments = TERMS.map((t) => {
    const end = start + terms[t.key];
    const segment = bar(`pe-mixing-bar pe-mixing-${t.kind} pe-mixing-segment`, x(start), x(end), top, ROW, 8);
    start = end;
    return segment;
  });
  const total = x(terms.total);
  return row(view, layout, `terms:${TERMS.length + 1}`, top, ROW, {
    label: layout.narrow ? 'end to end' : 'terms end to end',
    description: `the four terms end to end; the direct total is ${formatValue(terms.total)}`,
    marks: [
      segments,
      h('svg:line', { class: 'pe-mixing-total-mark', x1: total, x2: total, y1: top + 2, y2: top + ROW - 2 }),
    ],
  });
}

function drawRms(view, rows, layout, scaled) {
  const { width, margin, narrow } = layout;
  const w = width - margin.left - margin.right;
  const positive = rows.map((r) => r.value).filter((v) => v > 0);
  const lo = positive.length ? Math.min(...positive) : 1e-3;
  const x = scaleLog()
    .domain([lo / 3, Math.max(lo, ...positive) * 3])
    .range([0, w]);
  const g = h(
    'svg:g',
    { transform: `translate(${margin.left},${margin.top})` },
    rows.map((r, i) => {
      // Pairs of rows (scaled, unscaled) are set a little apart.
      const y = i * RMS_ROW + (i >= 2 ? Math.floor(i / 2) * 4 : 0);
      const end = x(Math.max(r.value, lo / 3));
      return row(view, layout, `rms:${i}`, y, RMS_ROW, {
        label: `${narrow ? r.short : r.label}, ${r.scale}`,
        description: `${r.label}, ${r.scale}: root mean square ${formatValue(r.value)}`,
        marks: [
          bar(
            `pe-mixing-bar pe-mixing-${r.kind}${(r.scale === 'scaled') === scaled ? '' : ' pe-mixing-other'}`,
            0,
            end,
            y,
            RMS_ROW,
            4,
          ),
          rowText(formatSig(r.value, 3), end + 4, y, RMS_ROW),
        ],
      });
    }),
  );
  const axisTop = margin.top + rows.length * RMS_ROW + 12;
  const axis = h('svg:g', { transform: `translate(${margin.left},${axisTop})` });
  view.rmsSvg.setAttribute('width', String(width));
  view.rmsSvg.setAttribute('height', String(axisTop + margin.bottom));
  replaceChildren(view.rmsSvg, axis, g);
  drawAxis(axis, 'bottom', x, {
    ticks: 4,
    label: 'root mean square (log)',
    format: powersOfTen((v) => formatSig(v, 2)),
  });
}
