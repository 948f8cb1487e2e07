// A cell map: a picture of rows x columns cells on a canvas, with axes, a cursor the pointer and the keyboard
// move (one key map, grid-cursor.js), a readout of the cell under it and an optional highlighted column. The
// figure paints the picture (pixels from the engine, or one colour per cell) and says what a cell is; the map
// owns the layout, the axes and the reading. A small map whose cells are worth an element each (a few hundred,
// each styled by a class) can draw them as SVG rects instead of a canvas.
import { scaleBand, scaleLinear } from 'd3-scale';
import { drawAxis } from './axes.js';
import { cssVar, diverging } from './colors.js';
import { changeWriter, h } from './dom.js';
import { formatInt } from './format.js';
import { gridCursor } from './grid-cursor.js';
import { onThemeChange } from './theme.js';
import './cell-map.css';

const MARGIN = { top: 10, right: 10, bottom: 46, left: 54 };

/**
 * @param {{ name: string, label: string, xLabel: string, yLabel: string, describe: (row: number, col: number)
 *   => string, readout: (text: string) => void, onHover?: (cell: { row: number, col: number } | null,
 *   source?: 'pointer'|'focus'|'key') => void, onSelect?: (cell: { row: number, col: number }) => void,
 *   start?: () => { row: number, col: number }, margin?: typeof MARGIN, picture?: 'canvas'|'svg' }} options
 *   `name` prefixes the class names (`pe-<name>`, `pe-<name>-canvas`, `-axes`, `-cursor`, `-column`, `-edge`);
 *   `label` is the picture's accessible name; `start` is the cell focus begins at (see gridCursor); `picture`
 *   "svg" draws the cells as rects (drawCells) on an <svg> in place of the canvas
 */
export function cellMap({
  name,
  label,
  xLabel,
  yLabel,
  describe,
  readout,
  onHover,
  onSelect,
  start,
  margin = MARGIN,
  picture = 'canvas',
}) {
  const vector = picture === 'svg';
  const canvas = h(vector ? 'svg:svg' : 'canvas', {
    class: `pe-cellmap-canvas pe-${name}-canvas`,
    tabindex: 0,
    role: 'img',
    'aria-label': label,
  });
  const svg = h('svg:svg', { class: `pe-cellmap-axes pe-${name}-axes`, 'aria-hidden': 'true' });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const marks = h('svg:g');
  const column = h('svg:rect', { class: `pe-cellmap-column pe-${name}-column`, visibility: 'hidden' });
  const mark = h('svg:rect', { class: `pe-cellmap-cursor pe-${name}-cursor`, visibility: 'hidden' });
  svg.append(xAxis, yAxis, column, marks, mark);
  const edge = h('div', { class: `pe-cellmap-edge pe-${name}-edge`, hidden: true }, h('span'));
  // Rects are drawn below the axes' layer, so that the cursor shows above them; that layer lets the pointer
  // through to the cells.
  const element = h('div', { class: `pe-cellmap pe-${name}` }, vector ? [canvas, svg] : [svg, canvas], edge);
  const write = changeWriter();

  let grid = null; // { rows, cols } of cells
  let plot = { width: 0, height: 0 };
  let highlight = null;
  let edgeRow = null;
  // Whether the reader moved this map's cursor last: only then does a new layout read the cell out again (a map
  // that merely follows another one's cursor, setCursor, must not take the readout from it).
  let reading = false;

  let scores = null; // what paintScores last painted, painted again when the scheme changes its masked colour
  let stopTheme = null;

  const cursor = gridCursor(canvas, {
    size: () => grid,
    show: (cell, source) => {
      reading = true;
      showCell(cell);
      onHover?.(cell, source);
    },
    leave: () => onHover?.(null),
    select: onSelect,
    start,
  });

  function showCell(cell) {
    cursor.set(cell);
    readout(describe(cell.row, cell.col));
    placeCursor();
  }

  function cellRect(row, col) {
    const w = plot.width / grid.cols;
    const hgt = plot.height / grid.rows;
    return { x: margin.left + col * w, y: margin.top + row * hgt, w: Math.max(w, 2), h: Math.max(hgt, 2) };
  }

  function placeCursor() {
    const cell = cursor.get();
    if (!cell || !grid) return;
    const r = cellRect(cell.row, cell.col);
    setRect(mark, r.x, r.y, r.w, r.h);
    mark.setAttribute('visibility', 'visible');
  }

  function placeColumn() {
    if (highlight === null || !grid || highlight >= grid.cols) {
      column.setAttribute('visibility', 'hidden');
      delete column.dataset.dimension;
      return;
    }
    const r = cellRect(0, highlight);
    setRect(column, r.x, margin.top, r.w, plot.height);
    column.setAttribute('visibility', 'visible');
    column.dataset.dimension = String(highlight);
  }

  function placeEdge() {
    edge.hidden = edgeRow === null || !grid || edgeRow >= grid.rows;
    if (edge.hidden) return;
    Object.assign(edge.style, {
      left: `${margin.left}px`,
      top: `${margin.top + (edgeRow * plot.height) / grid.rows}px`,
      width: `${plot.width}px`,
    });
  }

  /**
   * Paints one colour per cell: `fill(image)` writes rows x cols RGBA pixels (for example palette.paint).
   * @param {(image: ImageData) => void} fill
   */
  function paintCells(fill) {
    const { rows, cols } = grid;
    if (canvas.width !== cols) canvas.width = cols;
    if (canvas.height !== rows) canvas.height = rows;
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(cols, rows);
    fill(image);
    ctx.putImageData(image, 0, 0);
  }

  /**
   * Paints one diverging colour per cell of the laid-out grid: +limit red, 0 white, −limit blue. With
   * `masked`, cells holding −Infinity (attention entries a causal mask removes) take the page's rule colour,
   * and follow it when the colour scheme changes.
   * @param {ArrayLike<number>} values rows x cols, row-major
   * @param {{ limit?: number, masked?: boolean }} [options]
   */
  function paintScores(values, { limit = 1, masked = false } = {}) {
    scores = { values, limit, masked };
    if (masked) stopTheme ??= onThemeChange(() => scores.masked && paintScores(scores.values, scores));
    const colour = masked ? ruleColour(element) : null;
    paintCells((image) => diverging.paint(values, image, { limit, masked: colour }));
  }

  return {
    element,
    canvas,
    /** An SVG group above the picture, for a figure's own marks (in the map's coordinates, see cellRect). */
    marks,
    margin,
    /** The size of the plot in CSS pixels for a stage `width` wide and `height` tall (without the margins). */
    plotSize: (width, height) => ({ width: width - margin.left - margin.right, height }),
    /**
     * Lays the map out for a grid of rows x cols cells shown `width` CSS pixels wide with a plot `height` tall,
     * and draws its axes. The picture is painted separately (paint, paintCells, drawCells).
     * @param {{ rows: number, cols: number, width: number, height: number, xTicks?: number, yTicks?: number,
     *   format?: (v: number) => string, rowNames?: string[], colNames?: string[] }} layout `rowNames` and
     *   `colNames` label each row and column at its middle (words, say) in place of numbered ticks
     */
    layout({
      rows,
      cols,
      width,
      height,
      xTicks = width < 400 ? 4 : 8,
      yTicks = 6,
      format = formatInt,
      rowNames,
      colNames,
    }) {
      grid = { rows, cols };
      plot = { width: width - margin.left - margin.right, height };
      const total = height + margin.top + margin.bottom;
      element.style.height = `${total}px`;
      Object.assign(canvas.style, {
        left: `${margin.left}px`,
        top: `${margin.top}px`,
        width: `${plot.width}px`,
        height: `${plot.height}px`,
      });
      svg.setAttribute('width', String(width));
      svg.setAttribute('height', String(total));
      xAxis.setAttribute('transform', `translate(${margin.left},${margin.top + plot.height})`);
      yAxis.setAttribute('transform', `translate(${margin.left},${margin.top})`);
      drawAxis(
        xAxis,
        'bottom',
        ...axisOf(colNames, cols, plot.width, { ticks: xTicks, label: xLabel, format }),
      );
      drawAxis(
        yAxis,
        'left',
        ...axisOf(rowNames, rows, plot.height, { ticks: yTicks, label: yLabel, format }),
      );
      // Names under columns are words, wider than a cell: they are tilted so that neighbours do not overlap.
      if (colNames) for (const text of xAxis.querySelectorAll('.tick text')) tilt(text);
      placeColumn();
      placeEdge();
      const cell = cursor.get();
      if (!cell) return;
      const kept = { row: Math.min(cell.row, rows - 1), col: Math.min(cell.col, cols - 1) };
      if (reading) showCell(kept);
      else {
        cursor.set(kept);
        placeCursor();
      }
    },
    /** Puts an RGBA picture of width x height pixels on the canvas (any size: the page scales it). */
    paint(rgba, width, height) {
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      canvas.getContext('2d').putImageData(new ImageData(rgba, width, height), 0, 0);
    },
    paintCells,
    paintScores,
    /**
     * Draws one rect per cell on a map made with `picture: "svg"`, after layout; `style(row, col)` gives each
     * cell's class and fill (null leaves the fill to the class). The rects carry data-row and data-col.
     * @param {(row: number, col: number) => { class: string, fill?: string | null }} style
     */
    drawCells(style) {
      const { rows, cols } = grid;
      const w = plot.width / cols;
      const hgt = plot.height / rows;
      while (canvas.childElementCount > rows * cols) canvas.lastChild.remove();
      while (canvas.childElementCount < rows * cols) canvas.append(h('svg:rect'));
      // A one-pixel gap between cells, unless the cells are too small to spare it.
      const gap = Math.min(w, hgt) > 6 ? 1 : 0;
      let rect = canvas.firstElementChild;
      for (let row = 0; row < rows; row += 1) {
        for (let col = 0; col < cols; col += 1) {
          const cell = style(row, col);
          write.put(rect, 'class', cell.class);
          if (cell.fill) write.put(rect, 'fill', cell.fill);
          else write.drop(rect, 'fill');
          write.put(rect, 'data-row', row);
          write.put(rect, 'data-col', col);
          write.put(rect, 'x', col * w);
          write.put(rect, 'y', row * hgt);
          write.put(rect, 'width', Math.max(0, w - gap));
          write.put(rect, 'height', Math.max(0, hgt - gap));
          rect = rect.nextElementSibling;
        }
      }
    },
    /** Marks a column (a dimension followed across figures), or none. */
    highlight(col) {
      highlight = col ?? null;
      placeColumn();
    },
    /**
     * Marks where a table's rows end: a labelled line above row `row`, when the grid goes on past it (the rows
     * below have no values); null removes it.
     * @param {number | null} row
     * @param {string} [text]
     */
    edge(row, text = '') {
      edgeRow = row;
      if (edge.firstChild.textContent !== text) edge.firstChild.textContent = text;
      placeEdge();
    },
    cellRect,
    /** The cell under the cursor, or null before the reader has pointed at one. */
    cursor: () => cursor.get(),
    /**
     * Puts the cursor on a cell without reading it out: a map beside another shows where the reader is there,
     * and the keys go on from that cell when the reader comes to this one.
     * @param {{ row: number, col: number }} cell
     */
    setCursor(cell) {
      reading = false;
      cursor.set(
        grid ? { row: Math.min(cell.row, grid.rows - 1), col: Math.min(cell.col, grid.cols - 1) } : cell,
      );
      placeCursor();
    },
    destroy() {
      stopTheme?.();
    },
  };
}

let probe = null;

/**
 * The --rule colour where `element` is, as [r, g, b]: canvas pixels take numbers, the scheme gives any CSS colour.
 * Read from the element, not the page's root: inside a <pe-figure> the palette is the shadow root's.
 */
function ruleColour(element) {
  probe ??= h('canvas', { width: 1, height: 1 }).getContext('2d', { willReadFrequently: true });
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = cssVar('--rule', element);
  probe.fillRect(0, 0, 1, 1);
  return Array.from(probe.getImageData(0, 0, 1, 1).data.subarray(0, 3));
}

/**
 * The scale and axis options of one side: numbered edges, or one name at the middle of each row or column.
 * @returns {[any, object]}
 */
function axisOf(names, count, length, options) {
  if (!names) return [scaleLinear().domain([0, count]).range([0, length]), options];
  const band = scaleBand()
    .domain(names.map((_, i) => i))
    .range([0, length]);
  // Crowded names are thinned to every n-th, about one per 12 pixels.
  const every = Math.max(1, Math.ceil(12 / Math.max(band.bandwidth(), 1e-9)));
  return [band, { ...options, format: (i) => (i % every === 0 ? names[i] : '') }];
}

function tilt(text) {
  text.setAttribute('transform', 'rotate(-45)');
  text.setAttribute('text-anchor', 'end');
  text.setAttribute('dx', '-0.4em');
  text.setAttribute('dy', '0.6em');
}

function setRect(node, x, y, w, hgt) {
  node.setAttribute('x', String(x));
  node.setAttribute('y', String(y));
  node.setAttribute('width', String(w));
  node.setAttribute('height', String(hgt));
}
