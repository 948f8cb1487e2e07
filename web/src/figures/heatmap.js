// Figure `heatmap`: the sinusoidal table, positions down and dimensions across, +1 red, 0 white, -1 blue.
import { pairOf } from '../engine/layout.js';
import { cellMap } from '../ui/cell-map.js';
import { colorLegend } from '../ui/color-legend.js';
import { diverging } from '../ui/colors.js';
import { defineFigure } from '../ui/figure.js';
import { formatInt, formatValue } from '../ui/format.js';
import { SELECT_DIMENSION } from '../ui/linked.js';
import { memo } from '../ui/memo.js';
import { freshest } from '../ui/offthread.js';
import { SINUSOIDAL } from './shared-params.js';

// From this many cells on, a new picture is painted in the engine worker (about a millisecond of engine time).
const OFF_THREAD_CELLS = 1 << 18;
const TABLE_DIMENSIONS = 16;
const LEGEND = Float64Array.from({ length: 256 }, (_, i) => -1 + (2 * i) / 255);

export default defineFigure({
  id: 'heatmap',
  title: 'The sinusoidal encoding as a heatmap',
  caption:
    'Each row is one position and each column one dimension of PE(pos): red +1, white 0, blue \u22121. The ' +
    'left columns change from row to row, the right ones hardly at all, so every row is a pattern of its own. ' +
    'Click a column to follow that dimension.',
  params: SINUSOIDAL,
  options: { onSelectDimension: null },

  compute: (engine, { positions, dModel, base }) => ({
    ranges: memo(engine, 'dimensionRanges', positions, dModel, base),
  }),

  view({ frame, engine, element, options, readout, hover, fail, watchWidth }) {
    /** @type {any} */
    const view = { engine, shown: null, stageWidth: 0 };
    /** The engine's values for the picture on the canvas. */
    const values = () => {
      const { positions, dModel, base, layout } = view.shown;
      return memo(engine, 'sinusoidalTable', positions, dModel, base, layout);
    };
    view.map = cellMap({
      name: 'heatmap',
      label: 'Heatmap of the encoding; use the arrow keys to move between cells and read their values',
      xLabel: 'dimension',
      yLabel: 'position',
      readout,
      describe: (pos, dim) => {
        const { dModel, layout } = view.shown;
        const { pair, sin } = pairOf(dim, dModel, layout);
        const value = values()[pos * dModel + dim];
        return `position ${pos}, dimension ${dim} (pair ${pair}, ${sin ? 'sin' : 'cos'}), value ${formatValue(value)}`;
      },
      // The column under the pointer or the keys is the hovered dimension, marked in linked figures too.
      onHover: (cell) => hover(cell ? cell.col : null),
      onSelect: ({ col }) => {
        view.map.highlight(col);
        options().onSelectDimension?.(col);
        element.dispatchEvent(
          new CustomEvent(SELECT_DIMENSION, { detail: { dimension: col }, bubbles: true }),
        );
      },
    });
    view.show = (params, geometry, rgba) => {
      frame.clearError();
      view.shown = params;
      view.map.paint(rgba, geometry.columns, geometry.rows);
      // Which table the picture shows, for readers of the page's markup (and the tests).
      view.map.canvas.dataset.positions = String(params.positions);
      view.map.canvas.dataset.dimensions = String(params.dModel);
      layoutMap(view, geometry);
    };
    view.pictures = freshest({
      draw: ({ params, geometry }, rgba) => view.show(params, geometry, rgba),
      fail,
    });
    view.legend = colorLegend((image) => diverging.paint(LEGEND, image));
    view.legend.show('\u22121', '+1', 'Colour legend: blue is \u22121, white is 0, red is +1');
    frame.plot.append(view.map.element, view.legend.element);
    watchWidth(view.map.element, (width) => {
      view.stageWidth = width;
      if (!view.shown) return;
      // A new size on screen needs a picture with as many pixels, from the engine; otherwise only the axes move.
      const geometry = measure(view, view.shown);
      if (geometry.rows !== view.map.canvas.height || geometry.columns !== view.map.canvas.width) {
        frame.attempt(() => paintPicture(view, view.shown, geometry));
      } else {
        layoutMap(view, geometry);
      }
    });
    return view;
  },

  draw(view, _data, params) {
    paintPicture(view, params, measure(view, params));
  },

  mark: ({ map }, dim) => map.highlight(dim),

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
});

/**
 * The plot's size in CSS pixels and the picture's in device pixels: never more than the table's cells, and
 * every column of the picture a whole number of screen pixels wide. A column stretched to 2.27 pixels is drawn
 * 2 or 3 wide in a beat pattern (a moire barcode at 512 columns); so the plot takes the widest whole multiple
 * of the columns that fits, and a table wider than the screen is averaged over whole groups of columns (two
 * neighbouring columns to a pixel, not 1.77).
 * @param {any} view
 * @param {Record<string, any>} params
 */
function measure(view, params) {
  const { positions, dModel } = params;
  if (view.stageWidth === 0) view.stageWidth = view.map.element.clientWidth;
  const stage = Math.max(200, view.stageWidth);
  const { width: room } = view.map.plotSize(stage, 0);
  const pixels = Math.max(1, Math.floor(room * devicePixelRatio));
  const group = Math.ceil(dModel / pixels);
  const columns = group > 1 ? Math.ceil(dModel / group) : dModel;
  const plotPixels = group > 1 ? columns : dModel * Math.floor(pixels / dModel);
  const plotHeight = Math.round(Math.min(420, Math.max(180, positions * 4)));
  return {
    width: stage - room + plotPixels / devicePixelRatio,
    plotHeight,
    rows: Math.min(positions, Math.max(1, Math.round(plotHeight * devicePixelRatio))),
    columns,
  };
}

function layoutMap({ map, shown }, { width, plotHeight }) {
  map.layout({ rows: shown.positions, cols: shown.dModel, width, height: plotHeight });
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
