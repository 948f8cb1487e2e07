// Figure `heatmap`: the sinusoidal table, positions down and dimensions across, +1 red, 0 white, -1 blue.
import { scaleLinear } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { diverging } from '../ui/colors.js';
import { h } from '../ui/dom.js';
import { downloadPng } from '../ui/export.js';
import { formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { memo } from '../ui/memo.js';
import { freshest } from '../ui/offthread.js';
import { hoverAnnouncer, pairOf, SELECT_DIMENSION } from '../ui/linked.js';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';

/** Title shown when the figure stands alone. */
export const title = 'The sinusoidal encoding as a heatmap';

/** URL parameters accepted on embed.html, with their types. */
export const params = SINUSOIDAL_PARAMS;

const MARGIN = { top: 10, right: 10, bottom: 46, left: 54 };
// From this many cells on, a new picture is painted in the engine worker (about a millisecond of engine time).
const OFF_THREAD_CELLS = 1 << 18;

/**
 * Mounts the heatmap.
 * @param {HTMLElement} element
 * @param {{ dModel?: number, positions?: number, base?: number, layout?: 'interleaved'|'split',
 *   controls?: boolean, highlight?: number | null, onSelectDimension?: (dim: number) => void }} options
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    ...SINUSOIDAL_DEFAULTS,
    highlight: null,
    controls: true,
    ...options,
  };
  let shown = null; // the parameters of the picture on the canvas
  let cursor = null;
  const announce = hoverAnnouncer(element);

  const frame = createFrame(element, {
    id: 'heatmap',
    title: 'Sinusoidal encoding heatmap',
    caption:
      'Each row is one position and each column one dimension of PE(pos). Red is +1, white 0, blue \u22121. ' +
      'Hover, or focus the map and use the arrow keys, to read a cell; click a column to follow that dimension.',
    table: tableData,
  });

  const controls = sinusoidalControls(state, set);
  frame.addControls(controls, state.controls !== false);

  const canvas = h('canvas', {
    class: 'pe-heatmap-canvas',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Heatmap of the encoding; use the arrow keys to move between cells and read their values',
  });
  const svg = h('svg:svg', { class: 'pe-heatmap-axes', 'aria-hidden': 'true' });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const mark = h('svg:rect', { class: 'pe-heatmap-cursor', visibility: 'hidden' });
  const column = h('svg:rect', { class: 'pe-heatmap-column', visibility: 'hidden' });
  svg.append(xAxis, yAxis, column, mark);
  const stage = h('div', { class: 'pe-heatmap' }, svg, canvas);
  const legend = buildLegend();
  frame.plot.append(stage, legend);
  frame.actions.append(
    h('button', { type: 'button', class: 'pe-button', onClick: downloadFull }, 'Download PNG'),
  );

  let size = { width: 0, height: 0 };
  let stageWidth = 0; // kept from the resize observer, so a redraw never has to ask for layout
  const pictures = freshest({
    draw: (input, rgba) => show(input, rgba),
    fail: (error) => frame.showError(error.message),
  });
  const resize = new ResizeObserver(([entry]) => {
    stageWidth = entry.contentRect.width;
    if (!shown) return;
    const geometry = measure(shown);
    // A new size on screen needs a picture with as many pixels, from the engine; otherwise only the axes move.
    if (geometry.rows !== canvas.height || geometry.columns !== canvas.width) draw(shown, geometry);
    else place(geometry);
  });
  resize.observe(stage);

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function render() {
    const { positions, dModel, base, layout: tableLayout } = state;
    const next = { positions, dModel, base, layout: tableLayout };
    const ranges = frame.attempt(() => memo(engine, 'dimensionRanges', positions, dModel, base));
    if (!ranges) return;
    draw(next, measure(next));
    const nearlyFlat = ranges.filter((r) => r < 0.1).length;
    frame.setSummary(
      `Heatmap of ${formatInt(positions)} positions by ${formatInt(dModel)} dimensions (base ${formatValue(base)}, ` +
        `${tableLayout} layout). Values lie between \u22121 and +1; the leftmost columns alternate fastest, and ` +
        `${formatInt(nearlyFlat)} of ${formatInt(dModel)} dimensions change by less than 0.1 over these positions.`,
    );
  }

  /**
   * The engine paints the picture itself, with as many pixels as the screen shows (every cell averaged in, none
   * skipped), in one pass with no per-pixel JavaScript. A large table is painted by the engine worker, so a
   * slider moving over 2048 x 512 cells never holds up the page; the picture follows as each one arrives. The
   * first picture, and small ones, are painted at once.
   */
  function draw(params, geometry) {
    if (shown && params.positions * params.dModel >= OFF_THREAD_CELLS) {
      pictures.request({ params, geometry }, 'sinusoidalImage', imageArgs(params, geometry));
      return;
    }
    const rgba = frame.attempt(() => engine.sinusoidalImage(...imageArgs(params, geometry)));
    if (!rgba) return;
    pictures.drewHere();
    show({ params, geometry }, rgba);
  }

  function show({ params, geometry }, rgba) {
    frame.clearError();
    shown = params;
    paint(rgba, geometry);
    place(geometry);
    if (cursor) showCell(Math.min(cursor.pos, shown.positions - 1), Math.min(cursor.dim, shown.dModel - 1));
  }

  /** The plot's size in CSS pixels and the picture's in device pixels: never more than the table's cells. */
  function measure({ positions, dModel }) {
    if (stageWidth === 0) stageWidth = stage.clientWidth;
    const width = Math.max(200, stageWidth);
    const plotWidth = width - MARGIN.left - MARGIN.right;
    const plotHeight = Math.round(Math.min(420, Math.max(180, positions * 4)));
    return {
      width,
      plotWidth,
      plotHeight,
      rows: Math.min(positions, Math.max(1, Math.round(plotHeight * devicePixelRatio))),
      columns: Math.min(dModel, Math.max(1, Math.round(plotWidth * devicePixelRatio))),
    };
  }

  function imageArgs({ positions, dModel, base, layout: tableLayout }, { rows, columns }) {
    return [positions, dModel, base, tableLayout, diverging.packed, rows, columns];
  }

  function paint(rgba, { rows, columns }) {
    if (canvas.width !== columns) canvas.width = columns;
    if (canvas.height !== rows) canvas.height = rows;
    canvas.getContext('2d').putImageData(new ImageData(rgba, columns, rows), 0, 0);
    // Which table the picture shows, for readers of the page's markup (and the tests).
    canvas.dataset.positions = String(shown.positions);
    canvas.dataset.dimensions = String(shown.dModel);
  }

  /** The engine's values for the picture on the canvas. */
  function values() {
    return memo(engine, 'sinusoidalTable', shown.positions, shown.dModel, shown.base, shown.layout);
  }

  /** The PNG has one pixel per cell, whatever the screen shows, enlarged to about 1024 pixels wide. */
  function downloadFull() {
    if (!shown) return;
    const { positions, dModel } = shown;
    const rgba = frame.attempt(() =>
      engine.sinusoidalImage(...imageArgs(shown, { rows: positions, columns: dModel })),
    );
    if (!rgba) return;
    const full = h('canvas', { width: dModel, height: positions });
    full.getContext('2d').putImageData(new ImageData(rgba, dModel, positions), 0, 0);
    downloadPng('heatmap.png', full, Math.max(1, Math.round(1024 / dModel)));
  }

  /** Places the canvas and draws the axes for the given geometry. */
  function place({ width, plotWidth, plotHeight }) {
    size = { width: plotWidth, height: plotHeight };
    stage.style.height = `${plotHeight + MARGIN.top + MARGIN.bottom}px`;
    Object.assign(canvas.style, {
      left: `${MARGIN.left}px`,
      top: `${MARGIN.top}px`,
      width: `${plotWidth}px`,
      height: `${plotHeight}px`,
    });
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(plotHeight + MARGIN.top + MARGIN.bottom));
    const x = scaleLinear().domain([0, shown.dModel]).range([0, plotWidth]);
    const y = scaleLinear().domain([0, shown.positions]).range([0, plotHeight]);
    xAxis.setAttribute('transform', `translate(${MARGIN.left},${MARGIN.top + plotHeight})`);
    yAxis.setAttribute('transform', `translate(${MARGIN.left},${MARGIN.top})`);
    drawAxis(xAxis, 'bottom', x, { ticks: plotWidth < 400 ? 4 : 8, label: 'dimension', format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 6, label: 'position', format: formatInt });
    drawHighlight();
    if (cursor) drawCursor();
  }

  function cellRect(pos, dim) {
    const w = size.width / shown.dModel;
    const hgt = size.height / shown.positions;
    return { x: MARGIN.left + dim * w, y: MARGIN.top + pos * hgt, w: Math.max(w, 2), h: Math.max(hgt, 2) };
  }

  function drawCursor() {
    const r = cellRect(cursor.pos, cursor.dim);
    mark.setAttribute('x', String(r.x));
    mark.setAttribute('y', String(r.y));
    mark.setAttribute('width', String(r.w));
    mark.setAttribute('height', String(r.h));
    mark.setAttribute('visibility', 'visible');
  }

  function drawHighlight() {
    const dim = state.highlight;
    if (dim === null || dim === undefined || !shown || dim >= shown.dModel) {
      column.setAttribute('visibility', 'hidden');
      delete column.dataset.dimension;
      return;
    }
    const r = cellRect(0, dim);
    column.setAttribute('x', String(r.x));
    column.setAttribute('y', String(MARGIN.top));
    column.setAttribute('width', String(r.w));
    column.setAttribute('height', String(size.height));
    column.setAttribute('visibility', 'visible');
    column.dataset.dimension = String(dim);
  }

  function describeCell(pos, dim) {
    const { dModel, layout: tableLayout } = shown;
    const { pair, sin: isSin } = pairOf(dim, dModel, tableLayout);
    const value = values()[pos * dModel + dim];
    return `position ${pos}, dimension ${dim} (pair ${pair}, ${isSin ? 'sin' : 'cos'}), value ${formatValue(value)}`;
  }

  function showCell(pos, dim) {
    cursor = { pos, dim };
    frame.setReadout(describeCell(pos, dim));
    drawCursor();
  }

  // The column under the pointer or the keyboard cursor is the hovered dimension: marked here and announced so
  // linked figures mark it too.
  function hoverDimension(dim) {
    state.highlight = dim;
    drawHighlight();
    announce(dim);
  }

  function cellAt(event) {
    const rect = canvas.getBoundingClientRect();
    const dim = Math.floor(((event.clientX - rect.left) / rect.width) * shown.dModel);
    const pos = Math.floor(((event.clientY - rect.top) / rect.height) * shown.positions);
    if (dim < 0 || pos < 0 || dim >= shown.dModel || pos >= shown.positions) return null;
    return { pos, dim };
  }

  canvas.addEventListener('pointermove', (event) => {
    if (!shown) return;
    const cell = cellAt(event);
    if (!cell) return;
    showCell(cell.pos, cell.dim);
    hoverDimension(cell.dim);
  });
  canvas.addEventListener('pointerleave', () => hoverDimension(null));
  canvas.addEventListener('blur', () => hoverDimension(null));
  canvas.addEventListener('click', (event) => {
    if (!shown) return;
    const cell = cellAt(event);
    if (!cell) return;
    showCell(cell.pos, cell.dim);
    selectDimension(cell.dim);
  });
  canvas.addEventListener('keydown', (event) => {
    if (!shown) return;
    const { pos, dim } = cursor ?? { pos: 0, dim: 0 };
    const big = event.shiftKey ? 10 : 1;
    const moves = {
      ArrowUp: [-big, 0],
      ArrowDown: [big, 0],
      ArrowLeft: [0, -big],
      ArrowRight: [0, big],
      PageUp: [-10, 0],
      PageDown: [10, 0],
      Home: [0, -dim],
      End: [0, shown.dModel - 1 - dim],
    };
    if (event.key === 'Enter' || event.key === ' ') {
      selectDimension(dim);
      event.preventDefault();
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const nextPos = Math.min(shown.positions - 1, Math.max(0, pos + move[0]));
    const nextDim = Math.min(shown.dModel - 1, Math.max(0, dim + move[1]));
    showCell(nextPos, nextDim);
    hoverDimension(nextDim);
  });
  canvas.addEventListener('focus', () => {
    if (shown && !cursor) showCell(0, 0);
  });

  function selectDimension(dim) {
    state.highlight = dim;
    drawHighlight();
    state.onSelectDimension?.(dim);
    element.dispatchEvent(new CustomEvent(SELECT_DIMENSION, { detail: { dimension: dim }, bubbles: true }));
  }

  function tableData() {
    const { positions, dModel } = shown;
    const dims = Math.min(dModel, 16);
    const columns = ['position', ...Array.from({ length: dModel }, (_, d) => `dim ${d}`)];
    const rows = [];
    const table = values();
    for (let p = 0; p < positions; p += 1) {
      rows.push([p, ...Array.from(table.subarray(p * dModel, (p + 1) * dModel), (v) => formatValue(v))]);
    }
    return {
      columns: columns.slice(0, dims + 1),
      rows: rows.map((r) => r.slice(0, dims + 1)),
      note: `Showing dimensions 0\u2013${dims - 1} of ${dModel}.`,
      csv: { columns, rows },
    };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      if (showParameters(controls, patch)) render();
      else drawHighlight();
    },
    destroy() {
      pictures.stop();
      resize.disconnect();
      frame.destroy();
    },
  };
}

function buildLegend() {
  const gradient = h('canvas', { class: 'pe-legend-bar', width: 256, height: 1, 'aria-hidden': 'true' });
  const ctx = gradient.getContext('2d');
  const image = ctx.createImageData(256, 1);
  diverging.paint(
    Array.from({ length: 256 }, (_, i) => -1 + (2 * i) / 255),
    image,
  );
  ctx.putImageData(image, 0, 0);
  return h(
    'div',
    {
      class: 'pe-legend',
      role: 'img',
      'aria-label': 'Colour legend: blue is \u22121, white is 0, red is +1',
    },
    h('span', {}, '\u22121'),
    gradient,
    h('span', {}, '+1'),
  );
}
