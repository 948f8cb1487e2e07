// Figure `rope`: rotary position embedding. A query and a key (two words' seeded embeddings) turn pair by pair
// with position; their score over every (m, n) has constant diagonals; the score against offset beside the
// sinusoidal dot product and the ALiBi bias; and the two classic mistakes (queries only, swapped conventions).
import { scaleLinear } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { diverging, series } from '../ui/colors.js';
import { select, slider, toggle } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { indexStepper } from '../ui/grid-cursor.js';
import { dimensionsOf } from '../ui/linked.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { fillLive, sectionOf } from '../ui/live.js';
import { baseSlider } from '../ui/sinusoidal-controls.js';
import { scientific } from '../ui/scientific.js';
import './rope.css';

/** Title shown when the figure stands alone. */
export const title = 'Rotary position embedding: queries and keys turn with position';

/** URL parameters accepted on embed.html, with their types. */
export const params = {
  query: 'string',
  key: 'string',
  m: 'number',
  n: 'number',
  headDim: 'number',
  base: 'number',
  convention: 'string',
  queriesOnly: 'boolean',
  positions: 'number',
};

const MAP_MARGIN = { top: 10, right: 10, bottom: 46, left: 54 };
const LINE_MARGIN = { top: 12, right: 12, bottom: 46, left: 54 };
const MAX_OFFSET = 64;
const PAIR_SIZE = 92;

/**
 * Mounts the RoPE figure.
 * @param {HTMLElement} element
 * @param {{ query?: string, key?: string, m?: number, n?: number, headDim?: number, base?: number,
 *   convention?: 'interleaved'|'half', queriesOnly?: boolean, positions?: number, controls?: boolean }} options
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    query: 'dog',
    key: 'man',
    m: 3,
    n: 7,
    headDim: 8,
    base: 10000,
    convention: 'interleaved',
    queriesOnly: false,
    positions: 32,
    controls: true,
    ...options,
  };
  let data = null; // everything the engine computed for the parameters in data.shown
  let cursor = null; // the heatmap cell under the pointer or keyboard
  let offsetCursor = null;

  const frame = createFrame(element, {
    id: 'rope',
    title: 'Rotary position embedding',
    caption:
      'Top: each pair of the query (at position m) and the key (at position n) drawn as an arrow; RoPE turns ' +
      'pair i by m\u00b7\u03b8\u1d62 and n\u00b7\u03b8\u1d62. Middle: the score of the rotated query and key ' +
      'for every m (rows) and n (columns); red positive, blue negative. Bottom: the score against the offset ' +
      'n \u2212 m for RoPE, the sinusoidal dot product PE(0)\u00b7PE(k) and the ALiBi bias, and how the two ' +
      'pairing conventions map onto each other. Hover or focus any panel to read exact values.',
    table: tableData,
  });

  const words = engine.vocabulary().map((w) => ({ value: w, label: w }));
  const controls = {
    query: select({
      label: 'Query word',
      options: words,
      value: state.query,
      onChange: (v) => set({ query: v }),
    }),
    key: select({ label: 'Key word', options: words, value: state.key, onChange: (v) => set({ key: v }) }),
    m: slider({
      label: 'Query position m',
      min: 0,
      max: state.positions - 1,
      value: state.m,
      format: formatInt,
      onChange: (v) => set({ m: v }),
    }),
    n: slider({
      label: 'Key position n',
      min: 0,
      max: state.positions - 1,
      value: state.n,
      format: formatInt,
      onChange: (v) => set({ n: v }),
    }),
    headDim: slider({
      label: 'Head width',
      min: 2,
      max: 64,
      step: 2,
      value: state.headDim,
      format: formatInt,
      onChange: (v) => set({ headDim: v }),
    }),
    base: baseSlider(state.base, (v) => set({ base: v })),
    convention: select({
      label: 'Convention',
      value: state.convention,
      options: [
        { value: 'interleaved', label: 'interleaved (pairs 2i, 2i+1)' },
        { value: 'half', label: 'half (pairs i, i + d/2)' },
      ],
      onChange: (v) => set({ convention: v }),
    }),
    queriesOnly: toggle({
      label: 'RoPE on queries only (the mistake)',
      checked: state.queriesOnly,
      onChange: (v) => set({ queriesOnly: v }),
    }),
  };
  frame.addControls(controls, state.controls !== false);

  // Panel 1: one small arrow diagram per pair.
  const pairsHost = h('div', { class: 'pe-rope-pairs', role: 'group', 'aria-label': 'Query and key pairs' });
  // Panel 2: the score matrix.
  const canvas = h('canvas', {
    class: 'pe-rope-canvas',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Score matrix, query position m down, key position n across; arrow keys move the cursor',
  });
  const mapSvg = h('svg:svg', { class: 'pe-rope-axes', 'aria-hidden': 'true' });
  const mapX = h('svg:g');
  const mapY = h('svg:g');
  const mapMark = h('svg:rect', { class: 'pe-rope-cursor', visibility: 'hidden' });
  const mapChosen = h('svg:rect', { class: 'pe-rope-chosen' });
  mapSvg.append(mapX, mapY, mapChosen, mapMark);
  const mapStage = h('div', { class: 'pe-rope-map' }, mapSvg, canvas);
  const deviation = h('p', { class: 'pe-rope-deviation', 'data-readout': 'deviation' });
  // Panel 3: score against offset.
  const lineSvg = h('svg:svg', {
    class: 'pe-rope-lines',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Score against offset for RoPE, sinusoidal and ALiBi; left and right arrow keys step',
  });
  const lineX = h('svg:g');
  const lineY = h('svg:g');
  const lineZero = h('svg:line', { class: 'pe-rope-zero' });
  const linePaths = [0, 1, 2].map((i) =>
    h('svg:path', { class: 'pe-rope-series', fill: 'none', stroke: series[i], 'stroke-width': 2 }),
  );
  const lineRule = h('svg:line', { class: 'pe-rope-rule', visibility: 'hidden' });
  lineSvg.append(lineX, lineY, lineZero, ...linePaths, lineRule);
  const lineLegend = h(
    'ul',
    { class: 'pe-rope-legend' },
    ['RoPE score', 'sinusoidal PE(0)\u00b7PE(k)', 'ALiBi bias (one head)'].map((label, i) =>
      h('li', {}, h('span', { class: 'pe-rope-swatch', style: `background:${series[i]}` }), label),
    ),
  );
  // Panel 4: conventions.
  const permSvg = h('svg:svg', {
    class: 'pe-rope-perm',
    role: 'img',
    'aria-label': 'Index diagram mapping one pairing convention onto the other',
  });
  const permText = h('p', { class: 'pe-rope-perm-text' });
  const swapText = h('p', { class: 'pe-rope-swap', 'data-readout': 'swap' });

  frame.plot.append(
    h('h3', { class: 'pe-rope-heading' }, 'Each pair turns with position'),
    pairsHost,
    h('h3', { class: 'pe-rope-heading' }, 'Score of query at m and key at n'),
    mapStage,
    deviation,
    h('h3', { class: 'pe-rope-heading' }, 'Score against offset n \u2212 m'),
    h('p', { class: 'pe-rope-note' }, 'Each curve is divided by its largest magnitude over these offsets.'),
    h('div', { class: 'pe-rope-linebox' }, lineSvg),
    lineLegend,
    h('h3', { class: 'pe-rope-heading' }, 'Interleaved and half conventions'),
    permText,
    h('div', { class: 'pe-rope-permbox' }, permSvg),
    swapText,
  );

  const resize = new ResizeObserver(() => layout());
  resize.observe(mapStage);

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  /** Largest |S(m, n) - S(m - t, n - t)| with t = min(m, n): how far each diagonal strays from its first cell. */
  function diagonalDeviation(scores, count) {
    let worst = 0;
    for (let m = 0; m < count; m += 1) {
      for (let n = 0; n < count; n += 1) {
        const t = Math.min(m, n);
        worst = Math.max(worst, Math.abs(scores[m * count + n] - scores[(m - t) * count + (n - t)]));
      }
    }
    return worst;
  }

  function largestDifference(a, b) {
    let worst = 0;
    for (let i = 0; i < a.length; i += 1) worst = Math.max(worst, Math.abs(a[i] - b[i]));
    return worst;
  }

  function compute() {
    const { query, key, headDim, base, convention, queriesOnly, positions } = state;
    const m = Math.min(state.m, positions - 1);
    const n = Math.min(state.n, positions - 1);
    const other = convention === 'interleaved' ? 'half' : 'interleaved';
    const embeddings = engine.wordEmbeddings(`${query} ${key}`, headDim);
    const q = embeddings.slice(0, headDim);
    const k = embeddings.slice(headDim, 2 * headDim);
    const qTurned = engine.ropeRotate(q, 1, headDim, m, base, convention);
    const kTurned = queriesOnly
      ? Float32Array.from(k)
      : engine.ropeRotate(k, 1, headDim, n, base, convention);
    const both = engine.ropeScores(q, k, positions, headDim, base, convention);
    const only = engine.ropeScores(q, k, positions, headDim, base, convention, { queriesOnly: true });
    const swapped = engine.ropeScores(q, k, positions, headDim, base, other);
    const perm = engine.ropePermutation(headDim, convention, other);
    const qMoved = Array.from(perm, (p) => q[p]);
    const kMoved = Array.from(perm, (p) => k[p]);
    const fixed = engine.ropeScores(qMoved, kMoved, positions, headDim, base, other);
    const maxOffset = Math.min(MAX_OFFSET, 1023);
    const sinusoidal = engine.dotByOffset(0, maxOffset, headDim, base);
    const rope = engine.ropeScoreByOffset(q, k, maxOffset, headDim, base, convention);
    const bias = engine.alibiBias(1, maxOffset + 1, false).slice(0, maxOffset + 1);
    const slope = engine.alibiSlopes(1)[0];
    const periods = engine.pairPeriods(headDim, base);
    return {
      shown: { ...state, m, n, other },
      q,
      k,
      qTurned,
      kTurned,
      scores: queriesOnly ? only : both,
      both,
      only,
      swapped,
      perm,
      fixed,
      maxOffset,
      sinusoidal,
      rope,
      bias,
      slope,
      periods,
      deviationBoth: diagonalDeviation(both, positions),
      deviationOnly: diagonalDeviation(only, positions),
      deviationSwapped: diagonalDeviation(swapped, positions),
      swapDifference: largestDifference(both, swapped),
      fixDifference: largestDifference(both, fixed),
    };
  }

  function render() {
    const next = frame.attempt(compute);
    if (!next) return;
    data = next;
    const { shown } = data;
    for (const key of ['m', 'n']) {
      controls[key].input.max = String(shown.positions - 1);
      controls[key].value = shown[key];
    }
    paintMap();
    drawPairs();
    drawPermutation();
    layout();
    const current = shown.queriesOnly ? data.deviationOnly : data.deviationBoth;
    const score = data.scores[shown.m * shown.positions + shown.n];
    deviation.textContent =
      `Max deviation along diagonals: ${formatSig(current, 4)}` +
      (shown.queriesOnly
        ? ' \u2014 the score now depends on the query position m, not only on n \u2212 m.'
        : ' \u2014 every diagonal is constant: the score depends only on n \u2212 m.');
    swapText.textContent =
      `Weights laid out for ${shown.convention} but rotated as ${shown.other}: the scores change by up to ` +
      `${formatSig(data.swapDifference, 4)}, yet each diagonal still stays constant (deviation ` +
      `${formatSig(data.deviationSwapped, 4)}), so nothing looks broken. Gathering q and k with the ` +
      `permutation first restores the scores (largest difference ${formatSig(data.fixDifference, 4)}).`;
    frame.setSummary(
      `RoPE with query "${shown.query}" at m = ${shown.m} and key "${shown.key}" at n = ${shown.n}, head width ` +
        `${shown.headDim}, base ${formatValue(shown.base)}, ${shown.convention} convention` +
        `${shown.queriesOnly ? ', queries only' : ''}: score ${formatValue(score)}. Over ` +
        `${shown.positions} positions the largest deviation along a diagonal of the score matrix is ` +
        `${formatSig(current, 4)}.`,
    );
    fillLive(sectionOf(element), {
      'rope-score': formatValue(score),
      'rope-m': formatInt(shown.m),
      'rope-n': formatInt(shown.n),
      'rope-offset': formatInt(shown.n - shown.m),
      'rope-deviation': formatSig(current, 4),
      'rope-deviation-both': scientific(data.deviationBoth),
      'rope-deviation-only': formatSig(data.deviationOnly, 3),
      'rope-swap-difference': formatSig(data.swapDifference, 3),
      'rope-swap-deviation': scientific(data.deviationSwapped),
      'rope-fix-difference': scientific(data.fixDifference),
      'rope-positions': formatInt(shown.positions),
    });
    if (cursor) showCell(Math.min(cursor.m, shown.positions - 1), Math.min(cursor.n, shown.positions - 1));
    if (offsetCursor !== null) showOffset(Math.min(offsetCursor, data.maxOffset));
  }

  /** Dimensions of pair i: RoPE's "half" convention pairs dimensions as the sinusoid's "split" layout does. */
  function pairIndices(i) {
    const { headDim, convention } = data.shown;
    const { sin, cos } = dimensionsOf(i, headDim, convention === 'half' ? 'split' : 'interleaved');
    return [sin, cos];
  }

  function drawPairs() {
    const { headDim, m, n, queriesOnly } = data.shown;
    let extent = 0;
    for (const v of [...data.q, ...data.k]) extent = Math.max(extent, Math.abs(v));
    // Rotation keeps a pair's length, so a box of half-width sqrt(2) * (largest component) holds every arrow.
    const reach = (extent || 1) * Math.SQRT2 * 1.05;
    const half = PAIR_SIZE / 2;
    const to = scaleLinear()
      .domain([-reach, reach])
      .range([-half + 4, half - 4]);
    const panels = [];
    for (let i = 0; i < headDim / 2; i += 1) {
      const [a, b] = pairIndices(i);
      const arrow = (x, y, cls) => [
        h('svg:line', { class: cls, x1: half, y1: half, x2: half + to(x), y2: half - to(y) }),
        h('svg:circle', { class: cls, cx: half + to(x), cy: half - to(y), r: 3 }),
      ];
      const svg = h(
        'svg:svg',
        {
          width: PAIR_SIZE,
          height: PAIR_SIZE,
          viewBox: `0 0 ${PAIR_SIZE} ${PAIR_SIZE}`,
          'aria-hidden': 'true',
        },
        h('svg:circle', { class: 'pe-rope-ring', cx: half, cy: half, r: half - 4 }),
        arrow(data.q[a], data.q[b], 'pe-rope-q0'),
        arrow(data.k[a], data.k[b], 'pe-rope-k0'),
        arrow(data.qTurned[a], data.qTurned[b], 'pe-rope-q'),
        arrow(data.kTurned[a], data.kTurned[b], 'pe-rope-k'),
      );
      const text =
        `pair ${i} (dims ${a}, ${b}; one turn every ${formatValue(data.periods[i])} positions): ` +
        `query at m ${m} (${formatValue(data.qTurned[a])}, ${formatValue(data.qTurned[b])}), ` +
        `key ${queriesOnly ? 'unrotated' : `at n ${n}`} (${formatValue(data.kTurned[a])}, ` +
        `${formatValue(data.kTurned[b])})`;
      const panel = h(
        'figure',
        {
          class: 'pe-rope-pair',
          tabindex: 0,
          'aria-label': text,
          onPointerenter: () => frame.setReadout(text),
          onFocus: () => frame.setReadout(text),
        },
        svg,
        h('figcaption', {}, `pair ${i}`),
      );
      panels.push(panel);
    }
    replaceChildren(
      pairsHost,
      panels,
      h(
        'p',
        { class: 'pe-rope-key' },
        h('span', { class: 'pe-rope-dot pe-rope-dot-q' }),
        `query "${data.shown.query}" at m`,
        h('span', { class: 'pe-rope-dot pe-rope-dot-k' }),
        `key "${data.shown.key}" ${queriesOnly ? '(not rotated)' : 'at n'}`,
        h('span', { class: 'pe-rope-dot pe-rope-dot-0' }),
        'before rotation',
      ),
    );
  }

  function paintMap() {
    const { positions } = data.shown;
    canvas.width = positions;
    canvas.height = positions;
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(positions, positions);
    let limit = 0;
    for (const v of data.scores) limit = Math.max(limit, Math.abs(v));
    diverging.paint(data.scores, image, { limit: limit || 1 });
    ctx.putImageData(image, 0, 0);
  }

  let mapSide = 0;
  let lineWidth = 0;

  function layout() {
    if (!data) return;
    const { positions, m, n } = data.shown;
    const width = Math.max(220, mapStage.clientWidth);
    mapSide = Math.min(380, width - MAP_MARGIN.left - MAP_MARGIN.right);
    mapStage.style.height = `${mapSide + MAP_MARGIN.top + MAP_MARGIN.bottom}px`;
    Object.assign(canvas.style, {
      left: `${MAP_MARGIN.left}px`,
      top: `${MAP_MARGIN.top}px`,
      width: `${mapSide}px`,
      height: `${mapSide}px`,
    });
    mapSvg.setAttribute('width', String(mapSide + MAP_MARGIN.left + MAP_MARGIN.right));
    mapSvg.setAttribute('height', String(mapSide + MAP_MARGIN.top + MAP_MARGIN.bottom));
    const axis = scaleLinear().domain([0, positions]).range([0, mapSide]);
    mapX.setAttribute('transform', `translate(${MAP_MARGIN.left},${MAP_MARGIN.top + mapSide})`);
    mapY.setAttribute('transform', `translate(${MAP_MARGIN.left},${MAP_MARGIN.top})`);
    drawAxis(mapX, 'bottom', axis, { ticks: 5, label: 'key position n', format: formatInt });
    drawAxis(mapY, 'left', axis, { ticks: 5, label: 'query position m', format: formatInt });
    placeRect(mapChosen, m, n);
    if (cursor) placeRect(mapMark, cursor.m, cursor.n);
    layoutLines();
    layoutPermutation();
  }

  function placeRect(rect, m, n) {
    const cell = mapSide / data.shown.positions;
    rect.setAttribute('x', String(MAP_MARGIN.left + n * cell));
    rect.setAttribute('y', String(MAP_MARGIN.top + m * cell));
    rect.setAttribute('width', String(Math.max(cell, 2)));
    rect.setAttribute('height', String(Math.max(cell, 2)));
    rect.setAttribute('visibility', 'visible');
  }

  let lineScales = null;

  function layoutLines() {
    const width = Math.max(220, lineSvg.parentElement.clientWidth || mapStage.clientWidth);
    lineWidth = width;
    const height = 240;
    lineSvg.setAttribute('width', String(width));
    lineSvg.setAttribute('height', String(height));
    const x = scaleLinear()
      .domain([0, data.maxOffset])
      .range([LINE_MARGIN.left, width - LINE_MARGIN.right]);
    const y = scaleLinear()
      .domain([-1.05, 1.05])
      .range([height - LINE_MARGIN.bottom, LINE_MARGIN.top]);
    lineScales = { x, y, height };
    lineX.setAttribute('transform', `translate(0,${height - LINE_MARGIN.bottom})`);
    lineY.setAttribute('transform', `translate(${LINE_MARGIN.left},0)`);
    drawAxis(lineX, 'bottom', x, {
      ticks: width < 400 ? 4 : 8,
      label: 'offset k = n \u2212 m',
      format: formatInt,
      length: LINE_MARGIN.left + width - LINE_MARGIN.right,
    });
    drawAxis(lineY, 'left', y, { ticks: 5, label: 'score / largest |score|' });
    lineZero.setAttribute('x1', String(x(0)));
    lineZero.setAttribute('x2', String(x(data.maxOffset)));
    lineZero.setAttribute('y1', String(y(0)));
    lineZero.setAttribute('y2', String(y(0)));
    [data.rope, data.sinusoidal, data.bias].forEach((values, s) => {
      let peak = 0;
      for (const v of values) peak = Math.max(peak, Math.abs(v));
      const points = Array.from(values, (v, k) => `${x(k).toFixed(1)},${y(v / (peak || 1)).toFixed(1)}`);
      linePaths[s].setAttribute('d', `M${points.join('L')}`);
    });
    if (offsetCursor !== null) placeRule(offsetCursor);
  }

  function placeRule(k) {
    const { x, y } = lineScales;
    lineRule.setAttribute('x1', String(x(k)));
    lineRule.setAttribute('x2', String(x(k)));
    lineRule.setAttribute('y1', String(y(1.05)));
    lineRule.setAttribute('y2', String(y(-1.05)));
    lineRule.setAttribute('visibility', 'visible');
  }

  function showOffset(k) {
    offsetCursor = k;
    frame.setReadout(
      `offset k ${k}: RoPE score ${formatValue(data.rope[k])}, sinusoidal ${formatValue(data.sinusoidal[k])}, ` +
        `ALiBi bias ${formatValue(data.bias[k])} (slope ${formatValue(data.slope)})`,
    );
    if (lineScales) placeRule(k);
  }

  lineSvg.addEventListener('pointermove', (event) => {
    if (!data || !lineScales) return;
    const rect = lineSvg.getBoundingClientRect();
    const k = Math.round(lineScales.x.invert(event.clientX - rect.left));
    if (k >= 0 && k <= data.maxOffset) showOffset(k);
  });
  lineSvg.addEventListener(
    'keydown',
    indexStepper({
      get: () => offsetCursor,
      apply: (k) => data && showOffset(k),
      max: () => data.maxOffset,
    }),
  );
  lineSvg.addEventListener('focus', () => {
    if (data && offsetCursor === null) showOffset(0);
  });

  function drawPermutation() {
    const { headDim, convention, other } = data.shown;
    const shownList = Array.from(data.perm.slice(0, 16)).join(', ');
    permText.textContent =
      `Slot j of the ${other} layout takes dimension p[j] of the ${convention} layout: p = [${shownList}` +
      `${headDim > 16 ? ', \u2026' : ''}]. Applied to the rows of W_q and W_k, it converts a checkpoint.`;
  }

  function layoutPermutation() {
    const { headDim, convention, other } = data.shown;
    const width = Math.max(220, lineWidth);
    const left = 86;
    const right = 12;
    const height = 110;
    const step = (width - left - right) / headDim;
    const xAt = (j) => left + (j + 0.5) * step;
    const labels = headDim <= 32;
    const children = [
      h('svg:text', { class: 'pe-rope-perm-label', x: 0, y: 24 }, convention),
      h('svg:text', { class: 'pe-rope-perm-label', x: 0, y: height - 12 }, other),
    ];
    for (let j = 0; j < headDim; j += 1) {
      const p = data.perm[j];
      children.push(
        h('svg:line', { class: 'pe-rope-perm-link', x1: xAt(j), y1: height - 30, x2: xAt(p), y2: 34 }),
      );
    }
    for (let j = 0; j < headDim; j += 1) {
      if (!labels) break;
      children.push(
        h('svg:text', { class: 'pe-rope-perm-index', x: xAt(j), y: 24, 'text-anchor': 'middle' }, String(j)),
        h(
          'svg:text',
          { class: 'pe-rope-perm-index', x: xAt(j), y: height - 12, 'text-anchor': 'middle' },
          String(j),
        ),
      );
    }
    permSvg.setAttribute('width', String(width));
    permSvg.setAttribute('height', String(height));
    replaceChildren(permSvg, children);
  }

  function describeCell(m, n) {
    const { positions } = data.shown;
    return (
      `query m ${m}, key n ${n}, offset n \u2212 m ${n - m}, score ${formatValue(data.scores[m * positions + n])}` +
      (data.shown.queriesOnly ? ' (queries only)' : '')
    );
  }

  function showCell(m, n) {
    cursor = { m, n };
    frame.setReadout(describeCell(m, n));
    placeRect(mapMark, m, n);
  }

  function cellAt(event) {
    const rect = canvas.getBoundingClientRect();
    const { positions } = data.shown;
    const n = Math.floor(((event.clientX - rect.left) / rect.width) * positions);
    const m = Math.floor(((event.clientY - rect.top) / rect.height) * positions);
    if (m < 0 || n < 0 || m >= positions || n >= positions) return null;
    return { m, n };
  }

  canvas.addEventListener('pointermove', (event) => {
    if (!data) return;
    const cell = cellAt(event);
    if (cell) showCell(cell.m, cell.n);
  });
  canvas.addEventListener('click', (event) => {
    if (!data) return;
    const cell = cellAt(event);
    if (cell) {
      cursor = cell;
      set(cell);
    }
  });
  canvas.addEventListener('keydown', (event) => {
    if (!data) return;
    const { positions } = data.shown;
    const { m, n } = cursor ?? { m: data.shown.m, n: data.shown.n };
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = {
      m: Math.min(positions - 1, Math.max(0, m + move[0])),
      n: Math.min(positions - 1, Math.max(0, n + move[1])),
    };
    // The keyboard moves the chosen query and key too, so the arrows above follow the cursor.
    cursor = next;
    set(next);
  });
  canvas.addEventListener('focus', () => {
    if (data && !cursor) showCell(data.shown.m, data.shown.n);
  });

  function tableData() {
    const { positions } = data.shown;
    const columns = ['query m', ...Array.from({ length: positions }, (_, n) => `key ${n}`)];
    const rows = [];
    for (let m = 0; m < positions; m += 1) {
      rows.push([m, ...Array.from(data.scores.subarray(m * positions, (m + 1) * positions), formatValue)]);
    }
    return { columns, rows, note: 'RoPE score of the rotated query at m and key at n.' };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      for (const key of ['query', 'key', 'm', 'n', 'headDim', 'base', 'convention', 'queriesOnly']) {
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
