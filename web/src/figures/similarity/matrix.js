// The positions-by-positions similarity matrix as a square cell map (ui/cell-map.js), its viridis legend and the
// diagonal b - a = ±k marked through the map's `marks`. Small matrices are computed at once; big ones by the
// engine worker, the last one staying, dimmed, until the newest arrives.
import { interpolateViridis } from 'd3-scale-chromatic';
import { cellMap } from '../../ui/cell-map.js';
import { colorLegend } from '../../ui/color-legend.js';
import { h } from '../../ui/dom.js';
import { formatInt, formatValue } from '../../ui/format.js';
import { freshest } from '../../ui/offthread.js';

/** The engine computes the similarity matrix for at most this many positions. */
export const MATRIX_LIMIT = 1024;
/** The head width of the seeded W_q and W_k (dModel x HEAD_DIM) in the projected views. */
export const HEAD_DIM = 64;
/** The projected matrices show at most this many positions (the engine caps their work at 2^26). */
export const PROJECTED_LIMIT = 256;
/** What the matrix compares: the raw encodings, or queries and keys after the projections. */
export const MODES = {
  raw: 'raw encodings',
  projected: 'through W_q and W_k',
  rope: 'RoPE after W_q and W_k',
};
/**
 * Matrices with more multiply-adds than this (size^2 * dModel) are computed by the engine worker, so a slider
 * never waits for them (1,024 positions at dModel 512 take the engine about a tenth of a second). The first
 * matrix, and small ones, are computed at once.
 */
const OFF_THREAD_MATRIX = 2 ** 22;
const MAX_SIDE = 400;

/**
 * @param {{ engine: import('../../../../cpp/bindings/pe-engine.d.ts').PeEngine, frame: any, fail: (error: unknown) => void, onCell: () => void, onArrive: () => void }} options onCell when the
 *   reader moves to a cell; onArrive when a matrix from the worker is put on show
 */
export function similarityMatrix({ engine, frame, fail, onCell, onArrive }) {
  let matrix = null; // on show: { key, size, metric, values, low, high }
  let wanted = null; // the key of the matrix the parameters ask for
  let pending = null; // the key of the latest matrix asked of the worker and not yet shown
  let pixels = null; // the picture's RGBA bytes, kept while its size stays
  let width = 0; // kept from the figure's resize observer
  let laidOut = '';
  const describe = (a, b) =>
    `${matrix.mode === 'raw' ? '' : 'query '}a ${a}, ${matrix.mode === 'raw' ? '' : 'key '}b ${b} ` +
    `(offset ${matrix.mode === 'raw' ? Math.abs(b - a) : b - a}): ${matrix.metric === 'cosine' ? 'cosine' : 'dot'} ` +
    formatValue(matrix.values[a * matrix.size + b]);

  const map = cellMap({
    name: 'similarity',
    label: 'Similarity matrix of positions; use the arrow keys to move between cells and read them',
    xLabel: 'position b',
    yLabel: 'position a',
    readout: (text) => frame.setReadout(text),
    describe,
    onHover: (cell) => cell && onCell(),
  });
  const diagonal = h('svg:path', { class: 'pe-similarity-diagonal', visibility: 'hidden' });
  map.marks.append(diagonal);
  const legend = colorLegend((image) => new Uint32Array(image.data.buffer).set(VIRIDIS));
  const heading = h('h3', { class: 'pe-similarity-heading' });
  const note = h('p', { class: 'pe-note', hidden: true });
  const element = h('div', { class: 'pe-similarity-matrix' }, heading, map.element, legend.element, note);

  const worker = freshest({
    draw: (/** @type {any} */ request, values) => {
      if (request.key === pending) pending = null;
      show(request, values);
      onArrive();
    },
    fail: (error) => {
      pending = null;
      fail(error);
    },
  });

  /** Puts a matrix of engine values on show: its picture, legend and heading. */
  function show({ key, size, metric, mode }, values) {
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
    // The raw matrix is symmetric; the projected ones are not, so every cell counts.
    if (mode !== 'raw') for (const v of values) [low, high] = [Math.min(low, v), Math.max(high, v)];
    matrix = { key, size, metric, mode, values, low, high };
    element.classList.toggle('is-stale', key !== wanted);
    if (pixels?.length !== size * size * 4) pixels = new Uint8ClampedArray(size * size * 4);
    // One 32-bit write per cell (RGBA bytes in memory order on the little-endian machines browsers run on).
    const words = new Uint32Array(pixels.buffer);
    const scale = 255 / (high - low || 1);
    for (let i = 0; i < values.length; i += 1) words[i] = VIRIDIS[Math.round((values[i] - low) * scale)];
    map.paint(pixels, size, size);
    const name = metric === 'cosine' ? 'cosine similarity' : 'dot product';
    const [lowText, highText] = [formatValue(low), formatValue(high)];
    legend.show(
      lowText,
      highText,
      `Colour legend: dark purple is ${lowText}, yellow is ${highText} (${name})`,
    );
    const title = {
      raw: metric === 'cosine' ? 'Cosine similarity' : 'PE(a)\u00b7PE(b)',
      projected: `${metric === 'cosine' ? 'cos' : ''}(W_q PE(a))\u00b7(W_k PE(b))`,
      rope: `${metric === 'cosine' ? 'cos' : ''}(R(a) W_q x)\u00b7(R(b) W_k x)`,
    }[mode];
    heading.textContent = `${title}, ${formatInt(size)} \u00d7 ${formatInt(size)} positions`;
    layout();
  }

  /** A square map as wide as there is room for, up to MAX_SIDE; laid out again only when that changes. */
  function layout() {
    if (!matrix) return;
    if (width === 0) width = element.clientWidth;
    const { left, right } = map.margin;
    const side = Math.min(MAX_SIDE, Math.max(120, width - left - right));
    const next = `${matrix.size}|${side}`;
    if (laidOut === next) return;
    laidOut = next;
    const ticks = side < 260 ? 4 : 6;
    map.layout({
      rows: matrix.size,
      cols: matrix.size,
      width: side + left + right,
      height: side,
      xTicks: ticks,
      yTicks: ticks,
    });
  }

  return {
    element,
    /** The matrix on show, or null before the first. */
    shown: () => matrix,
    /**
     * Asks for the matrix of these parameters: at once when small (or the first), else from the worker.
     * Throws the engine's error for a matrix computed at once.
     */
    want({ size, dModel, base, metric, mode }) {
      wanted = [size, dModel, base, metric, mode].join('|');
      if (matrix?.key === wanted) {
        // Back at the matrix on show: results still to come from the worker are older, so they are dropped.
        if (pending !== null) worker.drewHere();
        pending = null;
        element.classList.remove('is-stale');
        return;
      }
      const request = { key: wanted, size, metric, mode };
      const [name, args, work] =
        mode === 'raw'
          ? ['similarityMatrix', [size, dModel, base, metric], size * size * dModel]
          : [
              'projectedSimilarity',
              [size, dModel, HEAD_DIM, base, mode, metric],
              size * HEAD_DIM * (2 * dModel + size),
            ];
      if (matrix && work > OFF_THREAD_MATRIX) {
        if (pending === wanted) return;
        pending = wanted;
        element.classList.add('is-stale');
        worker.request(request, name, args);
        return;
      }
      const values = engine[name](...args);
      worker.drewHere();
      pending = null;
      show(request, values);
    },
    /** Marks the diagonals b - a = ±k (the cells the curve's value at k describes), or none. */
    markDiagonal(k) {
      const n = matrix?.size ?? 0;
      if (k === null || k >= n) {
        diagonal.setAttribute('visibility', 'hidden');
        return;
      }
      // Corner to corner of the diagonal's cells, through every cell centre on it; and its mirror.
      const corner = (row, col) => {
        const { x, y } = map.cellRect(row, col);
        return `${x},${y}`;
      };
      const upper = `M${corner(0, k)}L${corner(n - k, n)}`;
      diagonal.setAttribute('d', k === 0 ? upper : `${upper}M${corner(k, 0)}L${corner(n, n - k)}`);
      diagonal.setAttribute('visibility', 'visible');
    },
    /** The offset b - a of the cell under the map's cursor and its reading, or null before there is one. */
    cursor() {
      const cell = map.cursor();
      if (!cell || !matrix) return null;
      return { k: Math.abs(cell.col - cell.row), text: describe(cell.row, cell.col) };
    },
    note(text) {
      if (note.textContent === text) return;
      note.textContent = text;
      note.hidden = text === '';
    },
    resize(next) {
      width = next;
      layout();
    },
    destroy: () => worker.destroy(),
  };
}

/** Viridis as 256 opaque RGBA pixels, one 32-bit word each (little-endian: red in the low byte). */
const VIRIDIS = (() => {
  const words = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    const hex = interpolateViridis(i / 255); // "#rrggbb"
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    words[i] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  return words;
})();
