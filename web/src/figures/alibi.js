// Figure `alibi`: the ALiBi head slopes for any head count, each head's bias against distance, and one head's
// full bias matrix (optionally with the causal mask).
import { scaleBand, scaleLinear } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { cssVar, diverging, series } from '../ui/colors.js';
import { slider, toggle } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { indexStepper } from '../ui/grid-cursor.js';
import { formatFixed, formatInt, formatSig, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { fillLive, sectionOf } from '../ui/live.js';
import { onThemeChange } from '../ui/theme.js';
import './alibi.css';

/** Title shown when the figure stands alone. */
export const title = 'ALiBi: one linear distance penalty per head';

/** URL parameters accepted on embed.html, with their types. */
export const params = { heads: 'number', length: 'number', head: 'number', causal: 'boolean' };

const MARGIN = { top: 12, right: 12, bottom: 46, left: 58 };
const MAP_MARGIN = { top: 10, right: 10, bottom: 46, left: 54 };
// The paper's example of a head count that is not a power of two.
const EXAMPLE_HEADS = 12;

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
 * Mounts the ALiBi figure.
 * @param {HTMLElement} element
 * @param {{ heads?: number, length?: number, head?: number, causal?: boolean, controls?: boolean }} options
 *   `head` counts from 1, as the paper does.
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = { heads: 8, length: 16, head: 1, causal: false, controls: true, ...options };
  let data = null;
  let barCursor = null;
  let distanceCursor = null;
  let cell = null;

  const frame = createFrame(element, {
    id: 'alibi',
    title: 'ALiBi slopes and biases',
    caption:
      'Left: the slope of every head. Middle: the bias each head adds to a score, \u2212slope \u00d7 distance, ' +
      'against the distance between query and key; the chosen head is drawn thick. Right: the chosen head\u2019s ' +
      'bias for every query i (rows) and key j (columns); white is 0, blue the most negative, grey masked. ' +
      'Hover, or focus a chart and use the arrow keys, to read exact values.',
    table: tableData,
  });

  const controls = {
    heads: slider({
      label: 'Heads',
      min: 1,
      max: 64,
      value: state.heads,
      format: formatInt,
      onChange: (v) => set({ heads: v }),
    }),
    head: slider({
      label: 'Head shown',
      min: 1,
      max: state.heads,
      value: state.head,
      format: formatInt,
      onChange: (v) => set({ head: v }),
    }),
    length: slider({
      label: 'Sequence length',
      min: 2,
      max: 64,
      value: state.length,
      format: formatInt,
      onChange: (v) => set({ length: v }),
    }),
    causal: toggle({ label: 'Causal mask', checked: state.causal, onChange: (v) => set({ causal: v }) }),
  };
  frame.addControls(controls, state.controls !== false);

  const bars = h('svg:svg', {
    class: 'pe-alibi-bars',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Bar chart of head slopes; left and right arrow keys move between heads',
  });
  const lines = h('svg:svg', {
    class: 'pe-alibi-lines',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Bias against distance for every head; left and right arrow keys step the distance',
  });
  const canvas = h('canvas', {
    class: 'pe-alibi-canvas',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Bias matrix of the chosen head; arrow keys move between cells',
  });
  const mapSvg = h('svg:svg', { class: 'pe-alibi-axes', 'aria-hidden': 'true' });
  const mapStage = h('div', { class: 'pe-alibi-map' }, mapSvg, canvas);
  const exampleText = h('p', { class: 'pe-alibi-note' });
  frame.plot.append(
    h(
      'div',
      { class: 'pe-alibi-grid' },
      h('div', { class: 'pe-alibi-panel' }, h('h3', {}, 'Slope per head'), bars),
      h('div', { class: 'pe-alibi-panel' }, h('h3', {}, 'Bias against distance'), lines),
      h('div', { class: 'pe-alibi-panel' }, h('h3', {}, 'Bias matrix of the chosen head'), mapStage),
    ),
    exampleText,
  );

  const resize = new ResizeObserver(() => layout());
  resize.observe(frame.plot);
  const unsubscribe = onThemeChange(() => paintMap());

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function compute() {
    const { heads, length, causal } = state;
    const head = Math.min(Math.max(1, state.head), heads);
    const slopes = engine.alibiSlopes(heads);
    const bias = engine.alibiBias(heads, length, causal);
    const example = engine.alibiSlopes(EXAMPLE_HEADS);
    // Which heads are steepest and gentlest: with a head count that is not a power of two it is not head 1 and
    // the last head.
    let steepest = 1;
    let gentlest = 1;
    slopes.forEach((s, i) => {
      if (s > slopes[steepest - 1]) steepest = i + 1;
      if (s < slopes[gentlest - 1]) gentlest = i + 1;
    });
    return { shown: { heads, length, causal, head }, slopes, bias, example, steepest, gentlest };
  }

  /** Bias of head h (from 1) at distance d, read from the last query row, which is unmasked in both modes. */
  function biasAt(head, d) {
    const { length } = data.shown;
    return data.bias[(head - 1) * length * length + (length - 1) * length + (length - 1 - d)];
  }

  function render() {
    const next = frame.attempt(compute);
    if (!next) return;
    data = next;
    const { heads, length, head, causal } = data.shown;
    controls.head.input.max = String(heads);
    controls.head.value = head;
    paintMap();
    layout();
    const far = length - 1;
    frame.setSummary(
      `${heads} ALiBi head${heads === 1 ? '' : 's'}: slopes from ${formatValue(data.slopes[0])} (head 1) to ` +
        `${formatValue(data.slopes[heads - 1])} (head ${heads}). At distance ${far} head 1 adds ` +
        `${formatValue(biasAt(1, far))} and head ${heads} adds ${formatValue(biasAt(heads, far))} to the score` +
        `${causal ? '; keys after the query are masked' : ''}.`,
    );
    exampleText.textContent =
      `With ${EXAMPLE_HEADS} heads (not a power of two) the paper takes the 8-head slopes, then every other ` +
      `slope of the 16-head set: ${Array.from(data.example.slice(8), (s) => formatValue(s)).join(', ')}.`;
    const { steepest, gentlest } = data;
    fillLive(sectionOf(element), {
      'alibi-heads': formatInt(heads),
      'alibi-steepest': formatValue(data.slopes[steepest - 1]),
      'alibi-gentlest': formatValue(data.slopes[gentlest - 1]),
      'alibi-gentlest-power': powerOfTwo(data.slopes[gentlest - 1]).replace(/^= /, ''),
      'alibi-distance': formatInt(far),
      'alibi-steepest-bias': formatValue(biasAt(steepest, far)),
      'alibi-gentlest-bias': formatValue(biasAt(gentlest, far)),
      'alibi-example': Array.from(data.example.slice(8), (s) => formatValue(s)).join(', '),
    });
    if (barCursor !== null) showHead(Math.min(barCursor, heads));
    if (distanceCursor !== null) showDistance(Math.min(distanceCursor, length - 1));
    if (cell) showCell(Math.min(cell.i, length - 1), Math.min(cell.j, length - 1));
  }

  let scales = null;

  function layout() {
    if (!data) return;
    const panelWidth = Math.max(220, bars.parentElement.clientWidth);
    const height = 230;
    drawBars(panelWidth, height);
    drawLines(panelWidth, height);
    drawMapAxes(Math.max(220, mapStage.clientWidth));
  }

  function drawBars(width, height) {
    const { heads, head } = data.shown;
    const x = scaleBand()
      .domain(Array.from({ length: heads }, (_, i) => i + 1))
      .range([MARGIN.left, width - MARGIN.right])
      .padding(0.15);
    const y = scaleLinear()
      .domain([0, Math.max(...data.slopes)])
      .nice()
      .range([height - MARGIN.bottom, MARGIN.top]);
    const xAxis = h('svg:g', { transform: `translate(0,${height - MARGIN.bottom})` });
    const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},0)` });
    const every = Math.ceil(heads / Math.max(1, Math.floor((width - MARGIN.left) / 28)));
    const rects = Array.from(data.slopes, (s, i) =>
      h('svg:rect', {
        class: i + 1 === head ? 'pe-alibi-bar pe-alibi-bar-chosen' : 'pe-alibi-bar',
        x: x(i + 1),
        y: y(s),
        width: x.bandwidth(),
        height: y(0) - y(s),
      }),
    );
    const mark = barCursor
      ? h('svg:rect', {
          class: 'pe-alibi-bar-cursor',
          x: x(barCursor) - 2,
          y: MARGIN.top,
          width: x.bandwidth() + 4,
          height: y(0) - MARGIN.top,
        })
      : null;
    replaceChildren(bars, rects, mark, xAxis, yAxis);
    bars.setAttribute('width', String(width));
    bars.setAttribute('height', String(height));
    drawAxis(xAxis, 'bottom', x, { label: 'head' });
    // Band axes ignore .ticks(); thin the labels by hand when the heads do not fit.
    for (const [index, text] of Array.from(xAxis.querySelectorAll('.tick text')).entries()) {
      if (index % every !== 0) text.textContent = '';
    }
    drawAxis(yAxis, 'left', y, { ticks: 5, label: 'slope' });
    scales = { ...scales, bars: x };
  }

  function drawLines(width, height) {
    const { heads, length, head } = data.shown;
    const far = length - 1;
    const x = scaleLinear()
      .domain([0, far])
      .range([MARGIN.left, width - MARGIN.right]);
    const y = scaleLinear()
      .domain([Math.min(biasAt(data.steepest, far), -1e-9), 0])
      .nice()
      .range([height - MARGIN.bottom, MARGIN.top]);
    const xAxis = h('svg:g', { transform: `translate(0,${height - MARGIN.bottom})` });
    const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},0)` });
    const paths = [];
    for (let k = 1; k <= heads; k += 1) {
      const points = Array.from({ length }, (_, d) => `${x(d).toFixed(1)},${y(biasAt(k, d)).toFixed(1)}`);
      paths.push(
        h('svg:path', {
          class: k === head ? 'pe-alibi-line pe-alibi-line-chosen' : 'pe-alibi-line',
          d: `M${points.join('L')}`,
          stroke: k === head ? null : series[(k - 1) % series.length],
        }),
      );
    }
    const rule =
      distanceCursor !== null
        ? h('svg:line', {
            class: 'pe-alibi-rule',
            x1: x(distanceCursor),
            x2: x(distanceCursor),
            y1: MARGIN.top,
            y2: height - MARGIN.bottom,
          })
        : null;
    replaceChildren(lines, paths, rule, xAxis, yAxis);
    lines.setAttribute('width', String(width));
    lines.setAttribute('height', String(height));
    drawAxis(xAxis, 'bottom', x, { ticks: 5, label: 'distance |i \u2212 j|', format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 5, label: 'bias added to the score' });
    scales = { ...scales, lines: x };
  }

  function paintMap() {
    if (!data) return;
    const { length, head } = data.shown;
    canvas.width = length;
    canvas.height = length;
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(length, length);
    const offset = (head - 1) * length * length;
    // One colour scale for every head, so switching heads shows which is steeper.
    const limit = Math.abs(biasAt(data.steepest, length - 1)) || 1;
    ctx.fillStyle = cssVar('--rule');
    ctx.fillRect(0, 0, 1, 1);
    const masked = ctx.getImageData(0, 0, 1, 1).data;
    diverging.paint(data.bias.subarray(offset, offset + length * length), image, {
      limit,
      masked: Array.from(masked),
    });
    ctx.putImageData(image, 0, 0);
  }

  let mapSide = 0;
  function drawMapAxes(width) {
    const { length } = data.shown;
    mapSide = Math.min(300, width - MAP_MARGIN.left - MAP_MARGIN.right);
    mapStage.style.height = `${mapSide + MAP_MARGIN.top + MAP_MARGIN.bottom}px`;
    Object.assign(canvas.style, {
      left: `${MAP_MARGIN.left}px`,
      top: `${MAP_MARGIN.top}px`,
      width: `${mapSide}px`,
      height: `${mapSide}px`,
    });
    const axis = scaleLinear().domain([0, length]).range([0, mapSide]);
    const xAxis = h('svg:g', { transform: `translate(${MAP_MARGIN.left},${MAP_MARGIN.top + mapSide})` });
    const yAxis = h('svg:g', { transform: `translate(${MAP_MARGIN.left},${MAP_MARGIN.top})` });
    const unit = mapSide / length;
    const mark = cell
      ? h('svg:rect', {
          class: 'pe-alibi-cursor',
          x: MAP_MARGIN.left + cell.j * unit,
          y: MAP_MARGIN.top + cell.i * unit,
          width: Math.max(unit, 2),
          height: Math.max(unit, 2),
        })
      : null;
    replaceChildren(mapSvg, xAxis, yAxis, mark);
    mapSvg.setAttribute('width', String(mapSide + MAP_MARGIN.left + MAP_MARGIN.right));
    mapSvg.setAttribute('height', String(mapSide + MAP_MARGIN.top + MAP_MARGIN.bottom));
    drawAxis(xAxis, 'bottom', axis, { ticks: 4, label: 'key j', format: formatInt });
    drawAxis(yAxis, 'left', axis, { ticks: 4, label: 'query i', format: formatInt });
  }

  function showHead(k) {
    barCursor = k;
    const { heads } = data.shown;
    const slope = data.slopes[k - 1];
    frame.setReadout(`head ${k} of ${heads}: slope ${formatSig(slope, 12)} ${powerOfTwo(slope)}`);
    layout();
  }

  function showDistance(d) {
    distanceCursor = d;
    const { heads, head } = data.shown;
    const parts = [`distance ${d}: head 1 bias ${formatValue(biasAt(1, d))}`];
    if (head !== 1 && head !== heads) parts.push(`head ${head} bias ${formatValue(biasAt(head, d))}`);
    if (heads > 1) parts.push(`head ${heads} bias ${formatValue(biasAt(heads, d))}`);
    frame.setReadout(parts.join(', '));
    layout();
  }

  function showCell(i, j) {
    cell = { i, j };
    const { length, head } = data.shown;
    const v = data.bias[(head - 1) * length * length + i * length + j];
    frame.setReadout(
      `head ${head}, query i ${i}, key j ${j}: ` +
        (v === -Infinity ? 'masked (\u2212\u221e, the key comes after the query)' : `bias ${formatValue(v)}`),
    );
    layout();
  }

  bars.addEventListener('pointermove', (event) => {
    if (!data || !scales?.bars) return;
    const x = event.clientX - bars.getBoundingClientRect().left;
    const band = scales.bars;
    const k = band.domain().find((d) => x >= band(d) && x < band(d) + band.step());
    if (k && k !== barCursor) showHead(k);
  });
  bars.addEventListener(
    'keydown',
    indexStepper({
      get: () => (barCursor === null ? null : barCursor - 1),
      apply: (i) => data && showHead(i + 1),
      max: () => data.shown.heads - 1,
      vertical: true,
    }),
  );
  bars.addEventListener('focus', () => data && barCursor === null && showHead(data.shown.head));
  bars.addEventListener('click', () => barCursor && set({ head: barCursor }));

  lines.addEventListener('pointermove', (event) => {
    if (!data || !scales?.lines) return;
    const d = Math.round(scales.lines.invert(event.clientX - lines.getBoundingClientRect().left));
    if (d >= 0 && d < data.shown.length && d !== distanceCursor) showDistance(d);
  });
  lines.addEventListener(
    'keydown',
    indexStepper({
      get: () => distanceCursor,
      apply: (d) => data && showDistance(d),
      max: () => data.shown.length - 1,
      vertical: true,
    }),
  );
  lines.addEventListener('focus', () => data && distanceCursor === null && showDistance(0));

  canvas.addEventListener('pointermove', (event) => {
    if (!data) return;
    const rect = canvas.getBoundingClientRect();
    const { length } = data.shown;
    const j = Math.floor(((event.clientX - rect.left) / rect.width) * length);
    const i = Math.floor(((event.clientY - rect.top) / rect.height) * length);
    if (i >= 0 && j >= 0 && i < length && j < length && (i !== cell?.i || j !== cell?.j)) showCell(i, j);
  });
  canvas.addEventListener('keydown', (event) => {
    if (!data) return;
    const move = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    if (!move) return;
    event.preventDefault();
    const { length } = data.shown;
    const { i, j } = cell ?? { i: 0, j: 0 };
    showCell(Math.min(length - 1, Math.max(0, i + move[0])), Math.min(length - 1, Math.max(0, j + move[1])));
  });
  canvas.addEventListener('focus', () => data && !cell && showCell(0, 0));

  function tableData() {
    const { heads, length } = data.shown;
    const columns = ['head', 'slope', ...Array.from({ length }, (_, d) => `distance ${d}`)];
    const rows = [];
    for (let k = 1; k <= heads; k += 1) {
      rows.push([
        k,
        formatValue(data.slopes[k - 1]),
        ...Array.from({ length }, (_, d) => formatValue(biasAt(k, d))),
      ]);
    }
    return { columns, rows, note: 'Bias added to a score for each head and query\u2013key distance.' };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      for (const key of ['heads', 'length', 'head', 'causal']) {
        if (patch[key] !== undefined) controls[key].value = patch[key];
      }
      render();
    },
    destroy() {
      resize.disconnect();
      unsubscribe();
      frame.destroy();
    },
  };
}
