// Figure `heatmap`: the sinusoidal table, positions down and dimensions across, +1 red, 0 white, -1 blue.
import { defineFigure } from '../app/figure.js';
import { cellMap } from '../ui/cell-map.js';
import { diverging } from '../ui/colors.js';
import { h } from '../ui/dom.js';
import { downloadPng } from '../ui/export.js';
import { formatInt, formatValue } from '../ui/format.js';
import { hoverAnnouncer, pairOf, SELECT_DIMENSION } from '../ui/linked.js';
import { memo } from '../ui/memo.js';
import { freshest } from '../ui/offthread.js';
import { watchWidth } from '../ui/resize.js';
import { SINUSOIDAL } from './shared-params.js';

// From this many cells on, a new picture is painted in the engine worker (about a millisecond of engine time).
const OFF_THREAD_CELLS = 1 << 18;
const TABLE_DIMENSIONS = 16;

export default defineFigure({
  id: 'heatmap',
  title: 'The sinusoidal encoding as a heatmap',
  caption:
    'Each row is one position and each column one dimension of PE(pos). Red is +1, white 0, blue \u22121. ' +
    'Hover, or focus the map and use the arrow keys, to read a cell; click a column to follow that dimension.',
  params: SINUSOIDAL,
  options: { highlight: null, onSelectDimension: null },

  compute: (engine, { positions, dModel, base }) => ({
    ranges: memo(engine, 'dimensionRanges', positions, dModel, base),
  }),

  view({ frame, engine, element, options }) {
    const announce = hoverAnnouncer(element);
    const view = { engine, frame, shown: null, stageWidth: 0, map: null, pictures: null, stopWatching: null };
    /** The engine's values for the picture on the canvas. */
    const values = () => {
      const { positions, dModel, base, layout } = view.shown;
      return memo(engine, 'sinusoidalTable', positions, dModel, base, layout);
    };
    const select = (dim) => {
      view.map.highlight(dim);
      options().onSelectDimension?.(dim);
      element.dispatchEvent(new CustomEvent(SELECT_DIMENSION, { detail: { dimension: dim }, bubbles: true }));
    };
    view.map = cellMap({
      name: 'heatmap',
      label: 'Heatmap of the encoding; use the arrow keys to move between cells and read their values',
      xLabel: 'dimension',
      yLabel: 'position',
      readout: (text) => frame.setReadout(text),
      describe: (pos, dim) => {
        const { dModel, layout } = view.shown;
        const { pair, sin } = pairOf(dim, dModel, layout);
        const value = values()[pos * dModel + dim];
        return `position ${pos}, dimension ${dim} (pair ${pair}, ${sin ? 'sin' : 'cos'}), value ${formatValue(value)}`;
      },
      // The column under the pointer or the keyboard cursor is the hovered dimension: marked here and announced
      // so that linked figures mark it too.
      onHover: (cell) => {
        const dim = cell ? cell.col : null;
        view.map.highlight(dim ?? options().highlight);
        announce(dim);
      },
      onSelect: (cell) => select(cell.col),
    });
    view.values = values;
    view.show = (params, geometry, rgba) => {
      frame.clearError();
      view.shown = params;
      view.map.paint(rgba, geometry.columns, geometry.rows);
      // Which table the picture shows, for readers of the page's markup (and the tests).
      view.map.canvas.dataset.positions = String(params.positions);
      view.map.canvas.dataset.dimensions = String(params.dModel);
      view.map.layout({
        rows: params.positions,
        cols: params.dModel,
        width: geometry.width,
        height: geometry.plotHeight,
      });
    };
    view.pictures = freshest({
      draw: ({ params, geometry }, rgba) => view.show(params, geometry, rgba),
      fail: (error) => frame.showError(error.message),
    });
    frame.plot.append(view.map.element, legend());
    frame.actions.append(
      h('button', { type: 'button', class: 'pe-button', onClick: () => downloadFull(view) }, 'Download PNG'),
    );
    view.stopWatching = watchWidth(view.map.element, (width) => {
      view.stageWidth = width;
      if (!view.shown) return;
      // A new size on screen needs a picture with as many pixels, from the engine; otherwise only the axes move.
      const geometry = measure(view, view.shown);
      if (geometry.rows !== view.map.canvas.height || geometry.columns !== view.map.canvas.width) {
        frame.attempt(() => paintPicture(view, view.shown, geometry));
      } else {
        view.map.layout({
          rows: view.shown.positions,
          cols: view.shown.dModel,
          width: geometry.width,
          height: geometry.plotHeight,
        });
      }
    });
    view.map.highlight(options().highlight);
    return view;
  },

  draw(view, _data, params) {
    paintPicture(view, params, measure(view, params));
  },

  onOptions(view, { highlight }) {
    view.map.highlight(highlight);
  },

  summary: ({ ranges }, { positions, dModel, base, layout }) => {
    const nearlyFlat = ranges.filter((r) => r < 0.1).length;
    return (
      `Heatmap of ${formatInt(positions)} positions by ${formatInt(dModel)} dimensions (base ${formatValue(base)}, ` +
      `${layout} layout). Values lie between \u22121 and +1; the leftmost columns alternate fastest, and ` +
      `${formatInt(nearlyFlat)} of ${formatInt(dModel)} dimensions change by less than 0.1 over these positions.`
    );
  },

  table(_data, { positions, dModel, base, layout }, engine) {
    const table = memo(engine, 'sinusoidalTable', positions, dModel, base, layout);
    const dims = Math.min(dModel, TABLE_DIMENSIONS);
    const columns = ['position', ...Array.from({ length: dModel }, (_, d) => `dim ${d}`)];
    const rows = [];
    for (let p = 0; p < positions; p += 1) {
      rows.push([p, ...Array.from(table.subarray(p * dModel, (p + 1) * dModel), (v) => formatValue(v))]);
    }
    return {
      columns: columns.slice(0, dims + 1),
      rows: rows.map((r) => r.slice(0, dims + 1)),
      note: `Showing dimensions 0\u2013${dims - 1} of ${dModel}.`,
      csv: { columns, rows },
    };
  },

  destroy(view) {
    view.pictures.stop();
    view.stopWatching();
  },
});

/**
 * The plot's size in CSS pixels and the picture's in device pixels: never more than the table's cells.
 * @param {any} view
 * @param {Record<string, any>} params
 */
function measure(view, params) {
  const { positions, dModel } = params;
  if (view.stageWidth === 0) view.stageWidth = view.map.element.clientWidth;
  const width = Math.max(200, view.stageWidth);
  const { width: plotWidth } = view.map.plotSize(width, 0);
  const plotHeight = Math.round(Math.min(420, Math.max(180, positions * 4)));
  return {
    width,
    plotHeight,
    rows: Math.min(positions, Math.max(1, Math.round(plotHeight * devicePixelRatio))),
    columns: Math.min(dModel, Math.max(1, Math.round(plotWidth * devicePixelRatio))),
  };
}

function imageArgs({ positions, dModel, base, layout }, { rows, columns }) {
  return [positions, dModel, base, layout, diverging.packed, rows, columns];
}

/**
 * The engine paints the picture itself, with as many pixels as the screen shows (every cell averaged in, none
 * skipped), in one pass with no per-pixel JavaScript. A large table is painted by the engine worker, so a
 * slider moving over 2048 x 512 cells never holds up the page; the picture follows as each one arrives. The
 * first picture, and small ones, are painted at once; the engine's error then propagates to the caller.
 */
function paintPicture(view, params, geometry) {
  if (view.shown && params.positions * params.dModel >= OFF_THREAD_CELLS) {
    view.pictures.request({ params, geometry }, 'sinusoidalImage', imageArgs(params, geometry));
    return;
  }
  const rgba = view.engine.sinusoidalImage(...imageArgs(params, geometry));
  view.pictures.drewHere();
  view.show(params, geometry, rgba);
}

/** The PNG has one pixel per cell, whatever the screen shows, enlarged to about 1024 pixels wide. */
function downloadFull({ engine, frame, shown }) {
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

function legend() {
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
