// Rows of a horizontal bar chart that a reader can point at or tab to. Each row is a focusable SVG group: a
// hit area across the chart, its label in the left margin and whatever marks the figure draws (bars, values,
// segments). Hover and focus mark the row and put its exact value in the readout; the row being read stays
// marked, and its text current, and a focused row focused, when the figure draws the rows anew.
import { h } from './dom.js';
import './bar-rows.css';

/**
 * @param {{ name: string, part: { write: (text: string) => void, claim: (text?: string) => void } }} options
 *   `pe-<name>` is the class of every row (besides `pe-barrow`); `part` is the charts' share of the figure's
 *   readout (ui/readouts.js)
 */
export function barRows({ name, part }) {
  let active = null; // the key of the row being read
  const drawn = new Map(); // key -> { g, said } of the rows drawn last

  function mark(key) {
    for (const [k, { g }] of drawn) g.classList.toggle('pe-barrow-active', k === key);
  }

  return {
    /**
     * Draws one row. The group is placed by the caller's coordinates: the hit area spans `hit` horizontally and
     * `top`..`top + height`, the label ends at `labelX`.
     * @param {{ key: string | number, top: number, height: number, labelX: number, hit: { x: number | string,
     *   width: number | string }, label: string, description: string, said?: string, marks: unknown }} row
     *   `description` is the row's accessible name; `said` what the readout shows (the description by default)
     * @returns {SVGGElement}
     */
    row({ key, top, height, labelX, hit, label, description, said = description, marks }) {
      const g = h(
        'svg:g',
        { class: `pe-barrow pe-${name}`, tabindex: 0, role: 'img', 'aria-label': description },
        h('svg:rect', { class: 'pe-barrow-hit', x: hit.x, y: top, width: hit.width, height }),
        h(
          'svg:text',
          { class: 'pe-barrow-text', x: labelX, y: top + height / 2, 'text-anchor': 'end' },
          label,
        ),
        marks,
      );
      const show = () => {
        active = key;
        mark(key);
        part.claim(said);
      };
      g.addEventListener('pointerenter', show);
      g.addEventListener('focus', show);
      // The row a reader has tabbed to keeps the focus when the chart is drawn anew (a width change, a new
      // value): the caller puts the new rows in place of the old within this task, so the new row takes it then.
      const focused = drawn.get(key)?.g === document.activeElement;
      if (focused) queueMicrotask(() => g.isConnected && g.focus({ preventScroll: true }));
      drawn.set(key, { g, said });
      if (key === active) {
        g.classList.add('pe-barrow-active');
        part.write(said);
      }
      return g;
    },
  };
}

/**
 * A bar inside a row from `top` to `top + height`: from x0 to x1 (either way round, at least a pixel wide),
 * `inset` pixels in from the row's top and bottom.
 */
export function bar(className, x0, x1, top, height, inset) {
  return h('svg:rect', {
    class: className,
    x: Math.min(x0, x1),
    y: top + inset,
    width: Math.max(1, Math.abs(x1 - x0)),
    height: height - 2 * inset,
  });
}

/** Text in the middle of a row's height, starting at x (or ending there, for a value left of its bar). */
export function rowText(text, x, top, height, { end = false, className = '' } = {}) {
  const attributes = { class: `pe-barrow-text ${className}`.trim(), x, y: top + height / 2 };
  return h('svg:text', end ? { ...attributes, 'text-anchor': 'end' } : attributes, text);
}
