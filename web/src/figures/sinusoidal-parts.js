// What the figures of the sinusoidal part (columns, binary, periods, ranges) say and do alike: how they name a
// dimension and a period, and how they mark the dimension the reader points at, in them or in a linked figure.
import { formatInt, formatSig } from '../ui/format.js';
import { hoverAnnouncer, pairOf } from '../ui/linked.js';

/** A period in positions: whole positions from 1,000 on, four significant digits below. */
export function formatPeriod(p) {
  return p >= 1000 ? formatInt(p) : formatSig(p, 4);
}

/** "dimension 3 (pair 1, cos)": a dimension with its pair and its half in the given layout. */
export function dimensionName(dim, dModel, layout) {
  const { pair, sin } = pairOf(dim, dModel, layout);
  return `dimension ${dim} (pair ${pair}, ${sin ? 'sin' : 'cos'})`;
}

/**
 * The dimension a figure marks: the one the reader points at in it (announced to the figures linked with it),
 * or the one a linked figure announced (the article passes it as the `highlight` option). It is kept here so
 * that a redraw for new parameters marks it again.
 * @param {HTMLElement} element the figure's mount point
 * @param {(dim: number | null) => void} mark draws the mark, or none
 */
export function dimensionLink(element, mark) {
  const announce = hoverAnnouncer(element);
  let current = null;
  return {
    get current() {
      return current;
    },
    /** The reader points at `dim` in this figure (null: no longer). */
    hover(dim) {
      current = dim ?? null;
      mark(current);
      announce(current);
    },
    /** A linked figure marks `dim`. */
    set(dim) {
      current = dim ?? null;
      mark(current);
    },
    redraw() {
      mark(current);
    },
  };
}
