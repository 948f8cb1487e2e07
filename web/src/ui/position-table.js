// A position table as a cell map: one row per position, one column per dimension, each value in the diverging
// colours on the table's own scale. The grid may run past the table's last row (a length the table does not
// reach): those cells have no value, so they stay unpainted over a hatch and a line marks where the rows end.
// Any rows x d table fits: a formula's, or one the engine trained.
import { cellMap } from './cell-map.js';
import { diverging } from './colors.js';
import { h } from './dom.js';
import { formatInt, formatValue } from './format.js';
import { watchWidth } from './resize.js';
import './position-table.css';

/**
 * @typedef {object} PositionTable
 * @property {ArrayLike<number>} values `rows * cols` values, row-major, one row per position
 * @property {number} rows positions the table has
 * @property {number} cols dimensions
 * @property {number} length positions shown: fewer than `rows`, or more (the rest have no value)
 * @property {number} limit the value drawn full red (its negative full blue)
 */

/**
 * @param {{ name: string, title: string, subject: string, readout: (text: string) => void,
 *   onHover?: (cell: { row: number, col: number } | null) => void }} options `name` prefixes the class names
 *   (cell-map.js); `title` heads the panel and names the map; `subject` starts each readout ("learned table")
 */
export function positionTable({ name, title, subject, readout, onHover }) {
  /** @type {PositionTable | null} */
  let shown = null;
  const map = cellMap({
    name,
    label: `${title}: positions down, dimensions across; use the arrow keys to read cells`,
    xLabel: 'dimension',
    yLabel: 'position',
    readout,
    describe: (pos, dim) => {
      const { values, rows, cols } = shown;
      const cell = `${subject}, position ${pos}, dimension ${dim}`;
      if (pos < rows) return `${cell}: value ${formatValue(values[pos * cols + dim])}`;
      return `${cell}: no value (the table has ${formatInt(rows)} rows, positions 0\u2013${formatInt(rows - 1)})`;
    },
    onHover,
  });
  const element = h('div', { class: 'pe-position-table' }, h('h3', {}, title), map.element);

  function layout() {
    map.layout({
      rows: shown.length,
      cols: shown.cols,
      width: Math.max(200, watch.width() || map.element.clientWidth),
      height: Math.min(400, Math.max(140, shown.length * 5)),
    });
  }

  const watch = watchWidth(map.element, () => shown && layout());

  return {
    element,
    map,
    /** @param {PositionTable} table */
    show(table) {
      shown = table;
      const { values, rows, cols, length, limit } = table;
      map.edge(rows < length ? rows : null, `no rows after position ${formatInt(rows - 1)}`);
      layout();
      const count = Math.min(rows, length) * cols;
      map.paintCells((image) => diverging.paint(values, image, { limit, count }));
    },
    destroy: watch,
  };
}
