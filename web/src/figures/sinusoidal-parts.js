// What the figures of the sinusoidal part (columns, binary, periods, ranges) say alike: how they name a dimension
// and a period.
import { pairOf } from '../engine/layout.js';
import { formatInt, formatSig } from '../ui/format.js';

/** A period in positions: whole positions from 1,000 on, four significant digits below. */
export function formatPeriod(p) {
  return p >= 1000 ? formatInt(p) : formatSig(p, 4);
}

/** "dimension 3 (pair 1, cos)": a dimension with its pair and its half in the given layout. */
export function dimensionName(dim, dModel, layout) {
  const { pair, sin } = pairOf(dim, dModel, layout);
  return `dimension ${dim} (pair ${pair}, ${sin ? 'sin' : 'cos'})`;
}
