// Keyboard stepping along one axis of a chart: the arrow keys move one step (ten with Shift), Page Up/Down ten,
// Home and End go to the ends. One handler for every chart whose readout follows a cursor over an index range.

/**
 * Returns a keydown listener that moves an index in 0..max() and hands it to apply.
 * @param {{ get: () => number | null, apply: (index: number) => void, max: () => number,
 *   vertical?: boolean }} options `get` gives the current index (null before the first move, read as 0);
 *   `vertical` also maps Up/Down to +1/-1 (for bar and line charts; a grid uses its own keys).
 */
export function indexStepper({ get, apply, max, vertical = false }) {
  const steps = { ArrowLeft: -1, ArrowRight: 1, PageDown: -10, PageUp: 10 };
  if (vertical) Object.assign(steps, { ArrowDown: -1, ArrowUp: 1 });
  return (event) => {
    let next;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = max();
    else if (steps[event.key]) {
      const step = steps[event.key] * (event.shiftKey && Math.abs(steps[event.key]) === 1 ? 10 : 1);
      next = Math.min(max(), Math.max(0, (get() ?? 0) + step));
    } else return;
    event.preventDefault();
    apply(next);
  };
}

/**
 * Wires a chart whose readout follows one index along its x axis: the pointer picks the index under it, the
 * keyboard steps it (indexStepper), focus shows the current one, and leaving or blurring ends the hover.
 * @param {Element} target the focusable chart
 * @param {{ at: (event: PointerEvent) => number | null, get: () => number | null, show: (index: number) => void,
 *   leave: () => void, max: () => number, ready: () => boolean }} options `at` gives the index under the
 *   pointer (null outside the data); nothing happens until `ready()` is true.
 */
export function indexCursor(target, { at, get, show, leave, max, ready }) {
  target.addEventListener('pointermove', (event) => {
    if (!ready()) return;
    const index = at(event);
    if (index !== null && index >= 0 && index <= max()) show(index);
  });
  target.addEventListener('pointerleave', leave);
  target.addEventListener('blur', leave);
  target.addEventListener('focus', () => {
    if (ready()) show(get() ?? 0);
  });
  target.addEventListener(
    'keydown',
    indexStepper({ get, apply: (index) => ready() && show(index), max, vertical: true }),
  );
}
