// Figure `alibi`: the ALiBi head slopes for any head count, each head's bias against distance, and one head's
// full bias matrix (optionally with the causal mask).
import { scaleBand, scaleLinear } from 'd3-scale';
import { drawAxis } from '../ui/axes.js';
import { series } from '../ui/colors.js';
import { changeWriter, h, nodePool } from '../ui/dom.js';
import { defineFigure } from '../ui/figure.js';
import { formatFixed, formatInt, formatSig, formatValue } from '../ui/format.js';
import { indexCursor } from '../ui/grid-cursor.js';
import { memo } from '../ui/memo.js';
import { offsetChart } from '../ui/offset-chart.js';
import { watchWidth } from '../ui/resize.js';
import { checkbox, intSlider } from './shared-params.js';
import { scoreMap } from './shared-scores.js';
import './alibi.css';

// An example of a head count that is not a power of two, for the note under the charts.
const EXAMPLE_HEADS = 12;
const MARGIN = { top: 12, right: 12, bottom: 46, left: 58 };
const HEIGHT = 230;

export default defineFigure({
  id: 'alibi',
  title: 'ALiBi: one linear distance penalty per head',
  caption:
    'Each head adds \u2212slope \u00d7 distance to its scores: a straight-line penalty that grows without end ' +
    'as the key moves away, steepest for the first head. Right: the chosen head\u2019s bias for every query i ' +
    '(rows) and key j (columns); white is 0, blue the most negative, grey masked.',
  primary: ['head', 'length'],
  params: {
    heads: intSlider('Heads', 8, 1, 64),
    // `head` counts from 1, as the paper does.
    head: intSlider('Head shown', 1, 1, ({ heads }) => heads),
    length: intSlider('Sequence length', 16, 2, 64),
    causal: checkbox('Causal mask'),
  },

  compute(engine, { heads, length, causal, head }) {
    const slopes = engine.alibiSlopes(heads);
    const bias = engine.alibiBias(heads, length, causal);
    // The steepest and gentlest heads (from 1): with a head count that is not a power of two they are not head 1
    // and the last head. The engine does not say which they are, so they are found here.
    const steepest = 1 + slopes.indexOf(Math.max(...slopes));
    const gentlest = 1 + slopes.indexOf(Math.min(...slopes));
    const shown = { heads, length, causal, head: Math.min(Math.max(1, head), heads) };
    const offset = (shown.head - 1) * length * length;
    return {
      shown,
      slopes,
      /** The shown head's bias matrix. */
      matrix: bias.subarray(offset, offset + length * length),
      example: memo(engine, 'alibiSlopes', EXAMPLE_HEADS).slice(8),
      steepest,
      gentlest,
      /** Head h's (from 1) bias at distance d, read in the last query row, which a causal mask leaves whole. */
      at: (k, d) => bias[(k - 1) * length * length + (length - 1) * length + (length - 1 - d)],
    };
  },

  view({ frame, readout, set, drawn }) {
    const view = { write: changeWriter(), bars: slopeBars(readout, set) };
    view.lines = offsetChart({
      name: 'alibi-lines',
      label: 'Bias against distance for every head; left and right arrow keys step the distance',
      xLabel: 'distance |i \u2212 j|',
      yLabel: 'bias added to the score',
      height: HEIGHT,
      readout,
      describe: (d) => {
        const { at, shown } = drawn().data;
        const { heads, head } = shown;
        const parts = [`distance ${d}: head 1 bias ${formatValue(at(1, d))}`];
        if (head !== 1 && head !== heads) parts.push(`head ${head} bias ${formatValue(at(head, d))}`);
        if (heads > 1) parts.push(`head ${heads} bias ${formatValue(at(heads, d))}`);
        return parts.join(', ');
      },
    });
    view.scores = scoreMap({
      name: 'alibi',
      label: 'Bias matrix of the chosen head; arrow keys move between cells',
      xLabel: 'key j',
      yLabel: 'query i',
      side: 300,
      readout,
      describe: (i, j, v) =>
        `head ${drawn().data.shown.head}, query i ${i}, key j ${j}: ` +
        (v === -Infinity ? 'masked (\u2212\u221e, the key comes after the query)' : `bias ${formatValue(v)}`),
    });
    view.example = h('p', { class: 'pe-alibi-note' });
    const panel = (title, child) => h('div', { class: 'pe-panel' }, h('h3', {}, title), child);
    frame.plot.append(
      h(
        'div',
        { class: 'pe-panels' },
        panel('Slope per head', view.bars.element),
        panel('Bias against distance', view.lines.element),
        panel('Bias matrix of the chosen head', view.scores.map.element),
      ),
      view.example,
    );
    return view;
  },

  draw(view, data) {
    const { length, head, causal } = data.shown;
    const far = length - 1;
    view.bars.draw(data);
    view.lines.draw({
      max: far,
      domain: [Math.min(data.at(data.steepest, far), -1e-9), 0],
      nice: true,
      series: Array.from(data.slopes, (_, i) => ({
        value: (d) => data.at(i + 1, d),
        // The chosen head's colour is its class's.
        stroke: series[i % series.length],
        className: i + 1 === head ? 'pe-alibi-line pe-alibi-line-chosen' : 'pe-alibi-line',
      })),
    });
    view.scores.show(data.matrix, length, {
      // One colour scale for every head, so switching heads shows which is steeper.
      limit: Math.abs(data.at(data.steepest, far)) || 1,
      masked: causal,
    });
    view.write.putText(
      view.example,
      `With ${EXAMPLE_HEADS} heads (not a power of two) the authors' code takes the 8-head slopes, then every ` +
        `other slope of the 16-head set: ${list(data.example)}.`,
    );
  },

  summary: ({ shown: { heads, length, causal }, slopes, at }) => {
    const far = length - 1;
    return (
      `${heads} ALiBi head${heads === 1 ? '' : 's'}: slopes from ${formatValue(slopes[0])} (head 1) to ` +
      `${formatValue(slopes[heads - 1])} (head ${heads}). At distance ${far} head 1 adds ` +
      `${formatValue(at(1, far))} and head ${heads} adds ${formatValue(at(heads, far))} to the score` +
      `${causal ? '; keys after the query are masked' : ''}.`
    );
  },

  table({ shown: { length }, slopes, at }) {
    const columns = ['head', 'slope', ...Array.from({ length }, (_, d) => `distance ${d}`)];
    const rows = Array.from(slopes, (slope, i) => [
      i + 1,
      formatValue(slope),
      ...Array.from({ length }, (_, d) => formatValue(at(i + 1, d))),
    ]);
    return { columns, rows, note: 'Bias added to a score for each head and query\u2013key distance.' };
  },

  live: ({ shown: { heads, length }, slopes, steepest, gentlest, at }) => ({
    'alibi-heads': formatInt(heads),
    'alibi-steepest': formatValue(slopes[steepest - 1]),
    'alibi-gentlest': formatValue(slopes[gentlest - 1]),
    'alibi-gentlest-power': powerOfTwo(slopes[gentlest - 1]).replace(/^= /, ''),
    'alibi-distance': formatInt(length - 1),
    'alibi-steepest-bias': formatValue(at(steepest, length - 1)),
    'alibi-gentlest-bias': formatValue(at(gentlest, length - 1)),
    'alibi-rule': slopeRule(slopes),
  }),
});

const list = (values) => Array.from(values, formatValue).join(', ');

/** The exponent of a slope as text, "2^−3.5": a label for an engine value, as in powerOfTwo. */
const power = (slope) => `2^${formatFixed(Math.round(Math.log2(slope) * 16) / 16, 4)}`;

/**
 * The sentence that says how the engine's slopes for this head count are built, and what they are. For a power of
 * two: one geometric sequence, and how many of its slopes are whole powers of two. Otherwise: the rule of the
 * authors' code (the slopes of the largest power of two below, then every other slope of the next one) and where
 * the extra slopes fall among the first ones. Every comparison is between engine values.
 * @param {ArrayLike<number>} slopes the engine's alibiSlopes, head 1 first
 */
export function slopeRule(slopes) {
  const heads = slopes.length;
  const base = 2 ** Math.floor(Math.log2(heads));
  const whole = Array.from(slopes).filter((x) => Number.isInteger(Math.log2(x))).length;
  if (base === heads) {
    const kinds =
      whole === heads
        ? 'every one a power of two'
        : `${formatInt(whole)} of the ${formatInt(heads)} are whole powers of two and the others lie between them`;
    return (
      `${formatInt(heads)} is a power of two, so the slopes form one geometric sequence: head h gets ` +
      `2^(\u22128h/${formatInt(heads)}), from ${power(slopes[0])} to ${power(slopes[heads - 1])}, ${kinds}.`
    );
  }
  const first = Array.from(slopes).slice(0, base);
  const extra = Array.from(slopes).slice(base);
  const steepest = Math.max(...first);
  const between = extra
    .slice(1)
    .every((x) => first.some((b, k) => k + 1 < first.length && b > x && x > first[k + 1]));
  return (
    `${formatInt(heads)} is not a power of two. The paper trains only head counts that are; for the others ` +
    `the authors' code takes the ${formatInt(base)} slopes of ${formatInt(base)} heads, then every other slope ` +
    `of the ${formatInt(2 * base)}-head set, ${formatInt(extra.length)} of them: ${extra.map(power).join(', ')}. ` +
    (extra[0] > steepest
      ? `The first, ${formatValue(extra[0])}, is steeper than all ${formatInt(base)} of the first slopes`
      : `The first is ${formatValue(extra[0])}`) +
    (extra.length > 1 && between ? '; each of the others falls between two neighbouring first slopes.' : '.')
  );
}

/**
 * The slope as a power of two when it is one to double precision (every ALiBi slope is 2 to a multiple of 1/16).
 * The logarithm only labels an engine value; it is not used to compute anything drawn.
 */
function powerOfTwo(slope) {
  const exponent = Math.log2(slope);
  const exact = Math.abs(exponent * 16 - Math.round(exponent * 16)) < 1e-9;
  const shown = formatFixed(exact ? Math.round(exponent * 16) / 16 : exponent, 4);
  const fraction =
    exact && Number.isInteger(exponent) && exponent < 0 ? ` = 1/${formatInt(2 ** -exponent)}` : '';
  return `${exact ? '=' : '\u2248'} 2^${shown}${fraction}`;
}

/**
 * The bar chart of head slopes: the pointer and the keys pick a head to read (from the chosen one), a click
 * shows that head in the other panels.
 */
function slopeBars(readout, set) {
  const { put, putRect } = changeWriter();
  const svg = h('svg:svg', {
    class: 'pe-alibi-bars',
    tabindex: 0,
    role: 'img',
    height: HEIGHT,
    'aria-label': 'Bar chart of head slopes; left and right arrow keys move between heads',
  });
  const group = h('svg:g');
  const mark = h('svg:rect', { class: 'pe-alibi-bar-cursor', visibility: 'hidden' });
  const xAxis = h('svg:g', { transform: `translate(0,${HEIGHT - MARGIN.bottom})` });
  const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},0)` });
  svg.append(group, mark, xAxis, yAxis);
  const element = h('div', {}, svg);
  const bars = nodePool(group, () => h('svg:rect'));
  let data = null;
  let x = null;
  let y = null;
  let cursor = null; // the head (from 1) under the pointer or the keys

  function render() {
    if (!data) return;
    const { heads, head } = data.shown;
    const w = Math.max(220, watch.width() || element.clientWidth);
    put(svg, 'width', w);
    x = scaleBand()
      .domain(Array.from({ length: heads }, (_, i) => i + 1))
      .range([MARGIN.left, w - MARGIN.right])
      .padding(0.15);
    y = scaleLinear()
      .domain([0, data.slopes[data.steepest - 1]])
      .nice()
      .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
    bars(heads).forEach((bar, i) => {
      put(bar, 'class', i + 1 === head ? 'pe-alibi-bar pe-alibi-bar-chosen' : 'pe-alibi-bar');
      putRect(bar, x(i + 1), y(data.slopes[i]), x.bandwidth(), y(0) - y(data.slopes[i]));
    });
    drawAxis(xAxis, 'bottom', x, { label: 'head' });
    // Band axes ignore .ticks(); thin the labels by hand when the heads do not fit.
    const every = Math.ceil(heads / Math.max(1, Math.floor((w - MARGIN.left) / 28)));
    xAxis.querySelectorAll('.tick text').forEach((text, i) => {
      const label = i % every ? '' : String(i + 1);
      if (text.textContent !== label) text.textContent = label;
    });
    drawAxis(yAxis, 'left', y, { ticks: 5, label: 'slope' });
    if (cursor !== null) show(Math.min(cursor, heads));
  }

  function show(k) {
    cursor = k;
    const slope = data.slopes[k - 1];
    readout(`head ${k} of ${data.shown.heads}: slope ${formatSig(slope, 12)} ${powerOfTwo(slope)}`);
    putRect(mark, x(k) - 2, MARGIN.top, x.bandwidth() + 4, y(0) - MARGIN.top);
    put(mark, 'visibility', 'visible');
  }

  indexCursor(svg, {
    at: (event) => {
      const left = event.clientX - svg.getBoundingClientRect().left;
      const k = x.domain().find((d) => left >= x(d) && left < x(d) + x.step());
      return k === undefined ? null : k - 1;
    },
    get: () => (cursor ?? data.shown.head) - 1,
    show: (i) => show(i + 1),
    max: () => data.shown.heads - 1,
    ready: () => x !== null,
  });
  svg.addEventListener('click', () => cursor && set({ head: cursor }));
  const watch = watchWidth(element, render);

  return {
    element,
    draw(next) {
      data = next;
      render();
    },
    destroy: watch,
  };
}
