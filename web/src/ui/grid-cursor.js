// One key map for every chart a reader can walk with the keyboard. On a grid (rows by columns): the arrows move
// one cell, ten with Shift; Page Up and Page Down move ten rows; Home and End go to the first and last row
// (with Shift, the first and last column). Along one index (bars, curves): Left/Down and Right/Up move one step,
// ten with Shift; Page Down and Page Up ten; Home and End go to the ends.

/**
 * The cell a key moves to from `at` on a rows x cols grid, or null when the key is not one of the map's.
 * @param {KeyboardEvent} event
 * @param {{ row: number, col: number }} at
 * @param {{ rows: number, cols: number }} size
 */
export function gridMove(event, at, { rows, cols }) {
  const step = event.shiftKey ? 10 : 1;
  const { row, col } = at;
  const moves = {
    ArrowUp: [row - step, col],
    ArrowDown: [row + step, col],
    ArrowLeft: [row, col - step],
    ArrowRight: [row, col + step],
    PageUp: [row - 10, col],
    PageDown: [row + 10, col],
    Home: event.shiftKey ? [row, 0] : [0, col],
    End: event.shiftKey ? [row, cols - 1] : [rows - 1, col],
  };
  const move = moves[event.key];
  if (!move) return null;
  return { row: clamp(move[0], rows - 1), col: clamp(move[1], cols - 1) };
}

/**
 * The index a key moves to from `at` in 0..max, or null when the key is not one of the map's.
 * @param {KeyboardEvent} event
 * @param {number} at
 * @param {number} max
 */
export function indexMove(event, at, max) {
  const step = event.shiftKey ? 10 : 1;
  const moves = {
    ArrowLeft: at - step,
    ArrowDown: at - step,
    ArrowRight: at + step,
    ArrowUp: at + step,
    PageDown: at - 10,
    PageUp: at + 10,
    Home: 0,
    End: max,
  };
  return event.key in moves ? clamp(moves[event.key], max) : null;
}

function clamp(value, max) {
  return Math.min(max, Math.max(0, value));
}

/**
 * Wires a focusable grid: the pointer picks the cell under it, the keys walk it (gridMove), focus shows the
 * current cell, Enter or Space (and a click) select it, leaving or blurring ends the hover.
 * @param {HTMLElement|SVGElement} target the focusable element covering the grid
 * @param {{ size: () => { rows: number, cols: number } | null, show: (cell: { row: number, col: number },
 *   source: 'pointer'|'focus'|'key') => void, leave?: () => void, select?: (cell: { row: number, col: number })
 *   => void, start?: () => { row: number, col: number } }} handlers `size` is null until there is something to
 *   read; `show` is told what moved the cursor (a figure may let only the keys move a choice); `start` is where
 *   focus and the keys begin before the cursor has moved (the first cell by default)
 * @returns {{ get: () => { row: number, col: number } | null, set: (cell: { row: number, col: number } | null)
 *   => void }} the cursor, which a figure keeps inside a grid that changes size
 */
export function gridCursor(
  target,
  { size, show, leave = () => {}, select, start = () => ({ row: 0, col: 0 }) },
) {
  let cursor = null;
  const at = (event) => {
    const grid = size();
    if (!grid) return null;
    const rect = target.getBoundingClientRect();
    const col = Math.floor(((event.clientX - rect.left) / rect.width) * grid.cols);
    const row = Math.floor(((event.clientY - rect.top) / rect.height) * grid.rows);
    if (col < 0 || row < 0 || col >= grid.cols || row >= grid.rows) return null;
    return { row, col };
  };
  const go = (cell, source) => {
    cursor = cell;
    show(cell, source);
  };
  target.addEventListener('pointermove', (event) => {
    const cell = at(event);
    if (cell) go(cell, 'pointer');
  });
  target.addEventListener('pointerleave', leave);
  target.addEventListener('blur', leave);
  target.addEventListener('focus', () => {
    const grid = size();
    if (grid) go(within(cursor ?? start(), grid), 'focus');
  });
  target.addEventListener('click', (event) => {
    const cell = at(event);
    if (!cell) return;
    go(cell, 'pointer');
    select?.(cell);
  });
  target.addEventListener('keydown', (/** @type {KeyboardEvent} */ event) => {
    const grid = size();
    if (!grid) return;
    const from = within(cursor ?? start(), grid);
    if (select && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      select(from);
      return;
    }
    const next = gridMove(event, from, grid);
    if (!next) return;
    event.preventDefault();
    go(next, 'key');
  });
  return {
    get: () => cursor,
    set: (cell) => {
      cursor = cell;
    },
  };
}

function within(cell, { rows, cols }) {
  return { row: Math.min(cell.row, rows - 1), col: Math.min(cell.col, cols - 1) };
}

/**
 * Returns a keydown listener that moves an index in 0..max() (indexMove) and hands it to apply.
 * @param {{ get: () => number | null, apply: (index: number) => void, max: () => number }} options `get`
 *   gives the current index (null before the first move, read as 0)
 */
export function indexStepper({ get, apply, max }) {
  return (/** @type {KeyboardEvent} */ event) => {
    const next = indexMove(event, get() ?? 0, max());
    if (next === null) return;
    event.preventDefault();
    apply(next);
  };
}

/**
 * Wires a chart whose readout follows one index along its x axis: the pointer picks the index under it, the
 * keyboard steps it (indexMove), focus shows the current one, and leaving or blurring ends the hover (`leave`;
 * without one, the cursor stays where the reader left it, with its reading).
 * @param {Element} target the focusable chart
 * @param {{ at: (event: PointerEvent) => number | null, get: () => number | null, show: (index: number) => void,
 *   leave?: () => void, max: () => number, ready: () => boolean }} options `at` gives the index under the
 *   pointer (null outside the data); nothing happens until `ready()` is true.
 */
export function indexCursor(target, { at, get, show, leave, max, ready }) {
  target.addEventListener('pointermove', (event) => {
    if (!ready()) return;
    const index = at(/** @type {PointerEvent} */ (event));
    if (index !== null && index >= 0 && index <= max()) show(index);
  });
  if (leave) {
    target.addEventListener('pointerleave', leave);
    target.addEventListener('blur', leave);
  }
  target.addEventListener('focus', () => {
    if (ready()) show(get() ?? 0);
  });
  target.addEventListener('keydown', indexStepper({ get, apply: (index) => ready() && show(index), max }));
}
