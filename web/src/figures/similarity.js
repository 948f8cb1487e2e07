// Figure `similarity`: PE(pos)·PE(pos+k) against k from several starting positions (the curves coincide, since
// the dot product is sum_i cos(w_i k)), beside the positions-by-positions similarity matrix, whose diagonals are
// constant for the same reason.
import { scaleLinear } from 'd3-scale';
import { interpolateViridis } from 'd3-scale-chromatic';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { series } from '../ui/colors.js';
import { segmented, slider } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { downloadPng } from '../ui/export.js';
import { numberList } from '../ui/fields.js';
import { formatFixed, formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { fillLive, sectionOf } from '../ui/live.js';
import { freshest } from '../ui/offthread.js';
import { watchWidth } from '../ui/resize.js';
import { scientific, scientificText } from '../ui/scientific.js';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';
import './similarity.css';

/** Title shown when the figure stands alone. */
export const title = 'Similarity depends only on distance';

/** URL parameters accepted on embed.html, with their types. */
export const params = {
  ...SINUSOIDAL_PARAMS,
  starts: 'numbers',
  maxOffset: 'number',
  metric: 'string',
};

/** The engine computes the similarity matrix for at most this many positions. */
const MATRIX_LIMIT = 1024;
/** One colour and one dash pattern per start, so coinciding curves stay distinguishable. */
const MAX_STARTS = 8;
const DASHES = ['', '8 5', '2 4', '12 4 2 4', '4 4', '1 3', '10 6', '6 2'];
/** The paper's example offset (Figure 5: 139.05 at k = 37), quoted in the prose. */
const EXAMPLE_OFFSET = 37;
/**
 * Matrices with more multiply-adds than this (size^2 * dModel) are computed by the engine worker, so a slider
 * never waits for them (1,024 positions at dModel 512 take the engine about a tenth of a second); the last
 * matrix stays, dimmed, until the newest one arrives. The first matrix, and small ones, are computed at once.
 */
const OFF_THREAD_MATRIX = 2 ** 22;

const CURVE = { top: 12, right: 14, bottom: 44, left: 56, height: 260 };
const MATRIX = { top: 8, right: 10, bottom: 44, left: 50, max: 400 };

/**
 * Mounts the similarity figure.
 * @param {HTMLElement} element
 * @param {{ dModel?: number, base?: number, positions?: number, layout?: 'interleaved'|'split',
 *   starts?: number[], maxOffset?: number, metric?: 'dot'|'cosine', controls?: boolean,
 *   highlight?: number | null }} options
 *   `layout` and `highlight` are accepted with the section's other options; a dot product sums over every
 *   dimension, so neither changes what this figure draws.
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    ...SINUSOIDAL_DEFAULTS,
    starts: [0, 100, 300],
    maxOffset: 128,
    metric: 'dot',
    highlight: null,
    controls: true,
    ...options,
  };
  let shown = null; // the curves on show: { key, dModel, base, starts, maxOffset, curves, diff }
  let matrix = null; // the matrix on show: { key, size, metric, values, low, high }
  let wantedMatrix = null; // the key of the matrix the parameters ask for
  let pendingMatrix = null; // the key of the latest matrix asked of the worker and not yet drawn
  let curveCursor = null; // k under the pointer or keyboard on the curve
  let cellCursor = null; // { a, b } on the matrix
  // Widths kept from the resize observers, so that a redraw never asks for layout.
  let curveWidth = 0;
  let matrixWidth = 0;
  // What each part was last drawn from: a redraw leaves a part alone when its inputs have not changed.
  const drawn = { curves: '', curveAxes: '', key: '', matrixAxes: '', text: '', note: '' };

  const frame = createFrame(element, {
    id: 'similarity',
    title: 'Similarity by offset',
    caption:
      'The curve plot: PE(pos)\u00b7PE(pos+k) against the offset k, one line per starting position; they lie on ' +
      'top of each other. The matrix: the similarity of every pair of positions (a, b); each diagonal ' +
      'b \u2212 a = k holds one value. Hover, or focus a plot and use the arrow keys, to read values.',
    table: tableData,
  });

  const sharedControls = sinusoidalControls(state, set);
  const ownControls = {
    starts: numberList({
      label: 'Starting positions',
      value: state.starts,
      onChange: (v) => set({ starts: v }),
    }),
    maxOffset: slider({
      label: 'Largest offset k',
      min: 1,
      max: 2048,
      value: state.maxOffset,
      format: formatInt,
      onChange: (v) => set({ maxOffset: v }),
    }),
    metric: segmented({
      label: 'Matrix',
      value: state.metric,
      options: [
        { value: 'dot', label: 'dot product' },
        { value: 'cosine', label: 'cosine' },
      ],
      onChange: (v) => set({ metric: v }),
    }),
  };
  frame.addControls(sharedControls, state.controls !== false);
  frame.addControls(ownControls);

  // Curve: one SVG path per start, with an invisible focusable overlay that takes pointer and keys.
  const curveSvg = h('svg:svg', { class: 'pe-similarity-curve-svg' });
  const curveX = h('svg:g');
  const curveY = h('svg:g');
  const lines = h('svg:g', { class: 'pe-similarity-lines' });
  const rule = h('svg:line', { class: 'pe-similarity-rule', visibility: 'hidden' });
  const markers = h('svg:g', { class: 'pe-similarity-markers' });
  const overlay = h('svg:rect', {
    class: 'pe-similarity-overlay',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Dot product against offset; use the arrow keys to move along k and read the values',
  });
  curveSvg.append(curveX, curveY, lines, rule, markers, overlay);
  const key = h('p', { class: 'pe-similarity-key' });
  const curveHost = h(
    'div',
    { class: 'pe-similarity-curve' },
    h('h3', { class: 'pe-similarity-heading' }, 'PE(pos)\u00b7PE(pos+k) against k'),
    curveSvg,
    key,
  );
  // The curves' paths and the cursor's markers, one per start, kept and reused from one redraw to the next.
  const paths = [];
  const dots = [];

  // Matrix: a canvas of engine values under an SVG of axes and the hovered diagonal.
  const canvas = h('canvas', {
    class: 'pe-similarity-canvas',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Similarity matrix of positions; use the arrow keys to move between cells and read them',
  });
  const matrixSvg = h('svg:svg', { class: 'pe-similarity-matrix-axes', 'aria-hidden': 'true' });
  const matrixX = h('svg:g');
  const matrixY = h('svg:g');
  const diagonal = h('svg:path', { class: 'pe-similarity-diagonal', visibility: 'hidden' });
  const cellMark = h('svg:rect', { class: 'pe-similarity-cell', visibility: 'hidden' });
  matrixSvg.append(matrixX, matrixY, diagonal, cellMark);
  const matrixStage = h('div', { class: 'pe-similarity-stage' }, matrixSvg, canvas);
  const legendBar = h('canvas', { class: 'pe-legend-bar', width: 256, height: 1, 'aria-hidden': 'true' });
  const legendMin = h('span');
  const legendMax = h('span');
  const legend = h('div', { class: 'pe-legend', role: 'img' }, legendMin, legendBar, legendMax);
  const matrixNote = h('p', { class: 'pe-note', hidden: true });
  const matrixHeading = h('h3', { class: 'pe-similarity-heading' });
  const matrixHost = h(
    'div',
    { class: 'pe-similarity-matrix' },
    matrixHeading,
    matrixStage,
    legend,
    matrixNote,
  );
  const maxDiff = h('p', { class: 'pe-similarity-diff' });
  frame.plot.append(h('div', { class: 'pe-similarity' }, curveHost, matrixHost), maxDiff);
  frame.actions.append(
    h(
      'button',
      {
        type: 'button',
        class: 'pe-button',
        onClick: () => downloadPng('similarity.png', canvas, Math.max(1, Math.round(1024 / canvas.width))),
      },
      'Download PNG',
    ),
  );
  paintLegend();

  const matrices = freshest({
    draw: (request, values) => {
      if (request.key === pendingMatrix) pendingMatrix = null;
      showMatrixValues(request, values);
    },
    fail: (error) => {
      pendingMatrix = null;
      frame.showError(error.message);
    },
  });
  const stopWatchingCurve = watchWidth(curveHost, (width) => {
    curveWidth = width;
    layout();
  });
  const stopWatchingMatrix = watchWidth(matrixHost, (width) => {
    matrixWidth = width;
    layout();
  });

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function render() {
    const { dModel, base, positions, metric } = state;
    const starts = state.starts.slice(0, MAX_STARTS);
    const maxOffset = state.maxOffset;
    if (starts.length === 0) {
      frame.showError('Give at least one starting position.');
      return;
    }
    // The curves depend on the starts, the offsets, dModel and base only: a change of positions reuses them.
    const reach = Math.max(maxOffset, EXAMPLE_OFFSET);
    const curvesKey = [starts.join(','), reach, dModel, base].join('|');
    let curves;
    if (shown && shown.key === curvesKey) {
      curves = shown.curves;
      frame.clearError();
    } else {
      curves = frame.attempt(() => starts.map((start) => engine.dotByOffset(start, reach, dModel, base)));
      if (!curves) return;
    }
    const size = Math.min(positions, MATRIX_LIMIT);
    wantedMatrix = [size, dModel, base, metric].join('|');
    if (matrix && matrix.key === wantedMatrix) {
      // Back at the matrix on show: results still to come from the worker are older, so they are dropped.
      if (pendingMatrix !== null) matrices.drewHere();
      pendingMatrix = null;
      matrixHost.classList.remove('is-stale');
    } else {
      const request = { key: wantedMatrix, size, dModel, base, metric };
      if (matrix && size * size * dModel > OFF_THREAD_MATRIX) {
        if (pendingMatrix !== wantedMatrix) {
          pendingMatrix = wantedMatrix;
          matrixHost.classList.add('is-stale');
          matrices.request(request, 'similarityMatrix', [size, dModel, base, metric]);
        }
      } else {
        const values = frame.attempt(() => engine.similarityMatrix(size, dModel, base, metric));
        if (!values) return;
        matrices.drewHere();
        pendingMatrix = null;
        showMatrixValues(request, values, false);
      }
    }
    // The differences of engine arrays: how far the curves from other starts stray from the first one.
    let diff = 0;
    for (const curve of curves) {
      for (let k = 0; k <= maxOffset; k += 1) diff = Math.max(diff, Math.abs(curve[k] - curves[0][k]));
    }
    shown = { key: curvesKey, dModel, base, starts, maxOffset, curves, diff };
    if (curveCursor !== null) curveCursor = Math.min(curveCursor, maxOffset);
    showMatrix();
  }

  /** Puts a matrix of engine values on show (and, unless told not to, redraws what depends on it). */
  function showMatrixValues({ key, size, metric }, values, redraw = true) {
    let low = Infinity;
    let high = -Infinity;
    // The engine stores each value at both (a, b) and (b, a), so the cells with b >= a hold every value there is.
    for (let a = 0; a < size; a += 1) {
      for (let i = a * size + a, end = (a + 1) * size; i < end; i += 1) {
        const v = values[i];
        if (v < low) low = v;
        if (v > high) high = v;
      }
    }
    matrix = { key, size, metric, values, low, high };
    matrixHost.classList.toggle('is-stale', key !== wantedMatrix);
    paintMatrix();
    if (redraw) showMatrix();
  }

  function showMatrix() {
    if (!shown || !matrix) return;
    const { size } = matrix;
    if (cellCursor) cellCursor = { a: Math.min(cellCursor.a, size - 1), b: Math.min(cellCursor.b, size - 1) };
    layout();
    writeText();
    if (cellCursor) showCell(cellCursor.a, cellCursor.b);
    else if (curveCursor !== null) showOffset(curveCursor);
  }

  function paintLegend() {
    const ctx = legendBar.getContext('2d');
    const image = ctx.createImageData(256, 1);
    new Uint32Array(image.data.buffer).set(PACKED);
    ctx.putImageData(image, 0, 0);
  }

  let image = null; // the matrix's pixels, kept while its size stays

  function paintMatrix() {
    const { size, values, low, high } = matrix;
    if (canvas.width !== size) canvas.width = size;
    if (canvas.height !== size) canvas.height = size;
    if (image?.width !== size) image = new ImageData(size, size);
    // One 32-bit write per cell (RGBA bytes in memory order on the little-endian machines browsers run on).
    const pixels = new Uint32Array(image.data.buffer);
    const scale = 255 / (high - low || 1);
    for (let i = 0; i < values.length; i += 1) pixels[i] = PACKED[Math.round((values[i] - low) * scale)];
    canvas.getContext('2d').putImageData(image, 0, 0);
    const name = matrix.metric === 'cosine' ? 'cosine similarity' : 'dot product';
    legendMin.textContent = formatValue(low);
    legendMax.textContent = formatValue(high);
    legend.setAttribute(
      'aria-label',
      `Colour legend: dark purple is ${formatValue(low)}, yellow is ${formatValue(high)} (${name})`,
    );
  }

  let curveScales = null;
  let matrixScale = null;

  function layout() {
    if (!shown || !matrix) return;
    layoutCurve();
    layoutMatrix();
  }

  function layoutCurve() {
    const { curves, maxOffset, starts } = shown;
    // The first redraw may come before the resize observer's first report: the one layout read of the figure.
    if (curveWidth === 0) curveWidth = curveHost.clientWidth;
    const width = Math.max(240, curveWidth);
    const plotWidth = width - CURVE.left - CURVE.right;
    const curvesKey = `${shown.key}|${maxOffset}|${width}`;
    if (drawn.curves !== curvesKey) {
      drawn.curves = curvesKey;
      let low = Infinity;
      let high = -Infinity;
      for (const curve of curves) {
        for (let k = 0; k <= maxOffset; k += 1) {
          const v = curve[k];
          if (v < low) low = v;
          if (v > high) high = v;
        }
      }
      const x = scaleLinear().domain([0, maxOffset]).range([0, plotWidth]);
      const y = scaleLinear()
        .domain([Math.min(0, low), high])
        .nice()
        .range([CURVE.height, 0]);
      curveScales = { x, y };
      const [y0, y1] = y.domain();
      const axesKey = `${width}|${maxOffset}|${y0}|${y1}`;
      if (drawn.curveAxes !== axesKey) {
        drawn.curveAxes = axesKey;
        curveSvg.setAttribute('width', String(width));
        curveSvg.setAttribute('height', String(CURVE.height + CURVE.top + CURVE.bottom));
        curveX.setAttribute('transform', `translate(${CURVE.left},${CURVE.top + CURVE.height})`);
        curveY.setAttribute('transform', `translate(${CURVE.left},${CURVE.top})`);
        drawAxis(curveX, 'bottom', x, {
          ticks: plotWidth < 320 ? 4 : 8,
          label: 'offset k',
          format: formatInt,
        });
        drawAxis(curveY, 'left', y, { ticks: 6, label: 'PE(pos)\u00b7PE(pos+k)' });
        const plot = `translate(${CURVE.left},${CURVE.top})`;
        for (const g of [lines, markers, rule]) g.setAttribute('transform', plot);
        overlay.setAttribute('x', String(CURVE.left));
        overlay.setAttribute('y', String(CURVE.top));
        overlay.setAttribute('width', String(plotWidth));
        overlay.setAttribute('height', String(CURVE.height));
      }
      // One path per start, its `d` built in one pass with the scales' linear maps written out.
      const xScale = plotWidth / maxOffset;
      const yScale = CURVE.height / (y1 - y0);
      curves.forEach((curve, j) => {
        let d = `M0,${round((y1 - curve[0]) * yScale)}`;
        for (let k = 1; k <= maxOffset; k += 1) {
          d += `L${round(k * xScale)},${round((y1 - curve[k]) * yScale)}`;
        }
        curvePath(j).setAttribute('d', d);
      });
      for (const path of paths.splice(curves.length)) path.remove();
    }
    const keyKey = starts.join(',');
    if (drawn.key !== keyKey) {
      drawn.key = keyKey;
      replaceChildren(
        key,
        starts.map((start, j) =>
          h(
            'span',
            { class: 'pe-similarity-key-item' },
            h('svg:svg', { width: 28, height: 10, 'aria-hidden': 'true' }, h('svg:line', style(j, 28))),
            `from pos ${formatValue(start)}`,
          ),
        ),
      );
    }
    if (curveCursor !== null) drawOffset(curveCursor);
  }

  /** The path of curve j, made the first time it is needed. */
  function curvePath(j) {
    if (!paths[j]) {
      paths[j] = h('svg:path', { class: 'pe-similarity-line', ...style(j) });
      lines.append(paths[j]);
    }
    return paths[j];
  }

  function layoutMatrix() {
    const { size } = matrix;
    if (matrixWidth === 0) matrixWidth = matrixHost.clientWidth;
    const available = Math.max(120, matrixWidth - MATRIX.left - MATRIX.right);
    const side = Math.min(MATRIX.max, available);
    const axesKey = `${size}|${side}`;
    if (drawn.matrixAxes === axesKey) return;
    drawn.matrixAxes = axesKey;
    matrixStage.style.height = `${side + MATRIX.top + MATRIX.bottom}px`;
    Object.assign(canvas.style, {
      left: `${MATRIX.left}px`,
      top: `${MATRIX.top}px`,
      width: `${side}px`,
      height: `${side}px`,
    });
    matrixSvg.setAttribute('width', String(side + MATRIX.left + MATRIX.right));
    matrixSvg.setAttribute('height', String(side + MATRIX.top + MATRIX.bottom));
    const scale = scaleLinear().domain([0, size]).range([0, side]);
    matrixScale = scale;
    matrixX.setAttribute('transform', `translate(${MATRIX.left},${MATRIX.top + side})`);
    matrixY.setAttribute('transform', `translate(${MATRIX.left},${MATRIX.top})`);
    drawAxis(matrixX, 'bottom', scale, { ticks: side < 260 ? 4 : 6, label: 'position b', format: formatInt });
    drawAxis(matrixY, 'left', scale, { ticks: side < 260 ? 4 : 6, label: 'position a', format: formatInt });
    drawDiagonal();
    drawCellMark();
  }

  function writeText() {
    const { starts, curves, diff, maxOffset } = shown;
    const { size, metric, low, high } = matrix;
    const { positions } = state;
    const note =
      positions > MATRIX_LIMIT
        ? `The matrix shows the first ${formatInt(MATRIX_LIMIT)} of ${formatInt(positions)} positions, the most ` +
          'the engine computes it for.'
        : '';
    if (drawn.note !== note) {
      drawn.note = note;
      matrixNote.hidden = note === '';
      matrixNote.textContent = note;
    }
    // Everything below follows from the curves and the matrix on show; a change of positions alone leaves it.
    const textKey = `${shown.key}|${maxOffset}|${matrix.key}|${low}|${high}`;
    if (drawn.text === textKey) return;
    drawn.text = textKey;
    matrixHeading.textContent = `${metric === 'cosine' ? 'Cosine similarity' : 'PE(a)\u00b7PE(b)'}, ${formatInt(
      size,
    )} \u00d7 ${formatInt(size)} positions`;
    replaceChildren(
      maxDiff,
      `Largest difference between the curves for k = 0\u2013${formatInt(maxOffset)}: `,
      h('strong', { class: 'pe-similarity-diff-value' }, ...scientific(diff)),
      starts.length > 1 ? ' \u2014 the same curve from every start, up to rounding.' : ' (one start only).',
    );
    const at = (k) => curves.map((curve) => formatFixed(curve[k], 2));
    frame.setSummary(
      `Dot product of position vectors against offset k = 0\u2013${formatInt(maxOffset)} from ` +
        `${listText(starts.map(formatValue))}: ${listText(at(0))} at k = 0 and ${listText(at(EXAMPLE_OFFSET))} ` +
        `at k = ${EXAMPLE_OFFSET}; the curves differ by at most ${scientificText(diff)}. The ` +
        `${formatInt(size)} \u00d7 ${formatInt(size)} ${metric === 'cosine' ? 'cosine' : 'dot-product'} ` +
        `matrix ranges from ${formatValue(low)} to ${formatValue(high)}, constant along each diagonal.`,
    );
    // The first offset after which the first curve rises again: picked from the engine array by comparison.
    let rise = -1;
    for (let k = 0; k < maxOffset && rise < 0; k += 1) if (curves[0][k + 1] > curves[0][k]) rise = k;
    const live = {
      'similarity-first-rise':
        rise >= 0 ? `after k = ${formatInt(rise)}` : `nowhere up to k = ${formatInt(maxOffset)}`,
      'similarity-starts': listText(starts.map(formatValue)),
      'similarity-k0': listText(at(0)),
      'similarity-k37': listText(at(EXAMPLE_OFFSET)),
    };
    fillLive(sectionOf(element), { ...live, 'similarity-diff': scientific(diff) });
  }

  // --- reading the curve ---------------------------------------------------------------------------------------

  function drawOffset(k) {
    const { x, y } = curveScales;
    rule.setAttribute('x1', String(x(k)));
    rule.setAttribute('x2', String(x(k)));
    rule.setAttribute('y1', '0');
    rule.setAttribute('y2', String(CURVE.height));
    rule.setAttribute('visibility', 'visible');
    shown.curves.forEach((curve, j) => {
      if (!dots[j]) {
        dots[j] = h('svg:circle', {
          r: Math.max(3, 6 - 1.5 * j),
          fill: series[j % series.length],
          class: 'pe-similarity-marker',
        });
        markers.append(dots[j]);
      }
      dots[j].setAttribute('cx', String(x(k)));
      dots[j].setAttribute('cy', String(y(curve[k])));
    });
    for (const dot of dots.splice(shown.curves.length)) dot.remove();
  }

  function hideOffset() {
    rule.setAttribute('visibility', 'hidden');
    for (const dot of dots.splice(0)) dot.remove();
  }

  function showOffset(k) {
    curveCursor = k;
    cellCursor = null;
    cellMark.setAttribute('visibility', 'hidden');
    drawOffset(k);
    drawDiagonal(k);
    const values = shown.curves.map(
      (curve, j) => `${formatValue(curve[k])} from pos ${formatValue(shown.starts[j])}`,
    );
    frame.setReadout(`k ${k}: dot product ${values.join(', ')}`);
  }

  function offsetAt(event) {
    const rect = overlay.getBoundingClientRect();
    const k = Math.round(((event.clientX - rect.left) / rect.width) * shown.maxOffset);
    return Math.min(shown.maxOffset, Math.max(0, k));
  }

  overlay.addEventListener('pointermove', (event) => {
    if (shown) showOffset(offsetAt(event));
  });
  overlay.addEventListener('focus', () => {
    if (shown && curveCursor === null) showOffset(0);
  });
  overlay.addEventListener('keydown', (event) => {
    if (!shown) return;
    const k = curveCursor ?? 0;
    const step = event.shiftKey ? 10 : 1;
    const moves = {
      ArrowLeft: -step,
      ArrowDown: -step,
      ArrowRight: step,
      ArrowUp: step,
      PageDown: -10,
      PageUp: 10,
      Home: -k,
      End: shown.maxOffset - k,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    showOffset(Math.min(shown.maxOffset, Math.max(0, k + moves[event.key])));
  });

  // --- reading the matrix --------------------------------------------------------------------------------------

  /** Marks the diagonals b - a = +-k on the matrix (the cells the curve's value at k describes). */
  function drawDiagonal(k = curveCursor) {
    if (k === null || k === undefined || !matrixScale || k >= matrix.size) {
      diagonal.setAttribute('visibility', 'hidden');
      return;
    }
    const s = matrixScale;
    const x0 = MATRIX.left;
    const y0 = MATRIX.top;
    const n = matrix.size;
    // Through cell centres: (a + 0.5, a + k + 0.5) for a = 0..n-k-1, and its mirror.
    const upper = `M${x0 + s(k + 0.5)},${y0 + s(0.5)}L${x0 + s(n - 0.5)},${y0 + s(n - k - 0.5)}`;
    const lower = `M${x0 + s(0.5)},${y0 + s(k + 0.5)}L${x0 + s(n - k - 0.5)},${y0 + s(n - 0.5)}`;
    diagonal.setAttribute('d', k === 0 ? upper : `${upper}${lower}`);
    diagonal.setAttribute('visibility', 'visible');
  }

  function drawCellMark() {
    if (!cellCursor || !matrixScale) {
      cellMark.setAttribute('visibility', 'hidden');
      return;
    }
    const s = matrixScale;
    const w = Math.max(s(1) - s(0), 3);
    cellMark.setAttribute('x', String(MATRIX.left + s(cellCursor.b) - (w - (s(1) - s(0))) / 2));
    cellMark.setAttribute('y', String(MATRIX.top + s(cellCursor.a) - (w - (s(1) - s(0))) / 2));
    cellMark.setAttribute('width', String(w));
    cellMark.setAttribute('height', String(w));
    cellMark.setAttribute('visibility', 'visible');
  }

  function showCell(a, b) {
    cellCursor = { a, b };
    const k = Math.abs(b - a);
    // Mark the same offset on the curve when it is in view, so the reader sees the diagonal's value there.
    curveCursor = null;
    if (k <= shown.maxOffset) {
      drawOffset(k);
    } else {
      hideOffset();
    }
    drawDiagonal(k);
    drawCellMark();
    const value = matrix.values[a * matrix.size + b];
    const name = matrix.metric === 'cosine' ? 'cosine' : 'dot';
    frame.setReadout(`a ${a}, b ${b} (offset ${k}): ${name} ${formatValue(value)}`);
  }

  function cellAt(event) {
    const rect = canvas.getBoundingClientRect();
    const b = Math.floor(((event.clientX - rect.left) / rect.width) * matrix.size);
    const a = Math.floor(((event.clientY - rect.top) / rect.height) * matrix.size);
    if (a < 0 || b < 0 || a >= matrix.size || b >= matrix.size) return null;
    return { a, b };
  }

  canvas.addEventListener('pointermove', (event) => {
    if (!shown) return;
    const cell = cellAt(event);
    if (cell) showCell(cell.a, cell.b);
  });
  canvas.addEventListener('focus', () => {
    if (shown && !cellCursor) showCell(0, 0);
  });
  canvas.addEventListener('keydown', (event) => {
    if (!shown) return;
    const { a, b } = cellCursor ?? { a: 0, b: 0 };
    const step = event.shiftKey ? 10 : 1;
    const moves = {
      ArrowUp: [-step, 0],
      ArrowDown: [step, 0],
      ArrowLeft: [0, -step],
      ArrowRight: [0, step],
      PageUp: [-10, 0],
      PageDown: [10, 0],
      Home: [0, -b],
      End: [0, matrix.size - 1 - b],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const clamp = (v) => Math.min(matrix.size - 1, Math.max(0, v));
    showCell(clamp(a + move[0]), clamp(b + move[1]));
  });

  function tableData() {
    const { starts, curves, maxOffset } = shown;
    const columns = ['k', ...starts.map((s) => `from pos ${formatValue(s)}`)];
    const rows = [];
    for (let k = 0; k <= maxOffset; k += 1) rows.push([k, ...curves.map((curve) => formatValue(curve[k]))]);
    return { columns, rows, note: 'Dot products PE(pos)\u00b7PE(pos+k); the matrix is in the PNG download.' };
  }

  render();

  return {
    update(patch = {}) {
      const keys = ['dModel', 'base', 'positions', 'layout', 'starts', 'maxOffset', 'metric'];
      const changed = keys.some((key) => key in patch && patch[key] !== state[key]);
      state = { ...state, ...patch };
      showParameters(sharedControls, patch);
      for (const key of Object.keys(ownControls)) {
        if (patch[key] !== undefined) ownControls[key].value = patch[key];
      }
      if (changed) render();
    },
    destroy() {
      matrices.stop();
      stopWatchingCurve();
      stopWatchingMatrix();
      frame.destroy();
    },
  };
}

/** "a", "a and b", "a, b and c". */
function listText(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Rounds a pixel coordinate to a tenth of a pixel, which keeps a curve's path string short. */
function round(v) {
  return Math.round(v * 10) / 10;
}

/** The stroke of curve j (its colour, width and dashes), for its path and its key; `length` makes a key line. */
function style(j, length) {
  return {
    ...(length ? { x1: 0, y1: 5, x2: length, y2: 5 } : {}),
    stroke: series[j % series.length],
    'stroke-width': Math.max(1.5, 5 - 1.5 * j),
    'stroke-dasharray': DASHES[j] || null,
  };
}

/** The sequential colour scale of the matrix (viridis) as 256 RGB triples, read on light and dark pages alike. */
const SEQUENTIAL = (() => {
  const lut = new Uint8ClampedArray(256 * 3);
  for (let i = 0; i < 256; i += 1) {
    const hex = interpolateViridis(i / 255); // "#rrggbb"
    lut.set(
      [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)),
      i * 3,
    );
  }
  return lut;
})();

/** The same scale as 256 opaque RGBA pixels, one 32-bit word each (little-endian: red in the low byte). */
const PACKED = (() => {
  const words = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    const [r, g, b] = SEQUENTIAL.subarray(i * 3, i * 3 + 3);
    words[i] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  return words;
})();
