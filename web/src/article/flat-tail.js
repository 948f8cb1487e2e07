// Where the flat dimensions start: the ranges figure and the prose of its section both say it, from the engine's
// per-dimension ranges.
import { interleavedIndex } from '../ui/linked.js';

/** The change over the window below which the article calls a dimension flat. */
export const FLAT = 0.1;

/**
 * The first dimension, in the layout shown, from which every dimension to the last changes by less than FLAT over
 * the window; dModel when the last one changes by more.
 * @param {ArrayLike<number>} ranges the engine's dimensionRanges (max minus min per dimension, interleaved order)
 * @param {number} dModel
 * @param {string} [layout] 'interleaved' or 'split'
 */
export function flatTailStart(ranges, dModel, layout = 'interleaved') {
  let d = dModel;
  while (d > 0 && ranges[interleavedIndex(d - 1, dModel, layout)] < FLAT) d -= 1;
  return d;
}
