// Where the flat dimensions are: the ranges figure and the prose of its section both say it, from the engine's
// per-dimension ranges. A cosine starts at its peak and a sine at its steepest point, so over a short window the
// cosines flatten several pairs before the sines do: the first flat dimension and the start of the run of flat
// dimensions that lasts to the end differ.
import { interleavedIndex } from '../ui/linked.js';

/** The change over the window below which the article calls a dimension flat. */
export const FLAT = 0.1;

/**
 * The first flat dimension and the start of the flat run to the end, both in the layout shown; dModel for either
 * when there is none.
 * @param {ArrayLike<number>} ranges the engine's dimensionRanges (max minus min per dimension, interleaved order)
 * @param {number} dModel
 * @param {string} [layout] 'interleaved' or 'split'
 * @returns {{ first: number, tail: number }}
 */
export function flatDimensions(ranges, dModel, layout = 'interleaved') {
  const flat = (d) => ranges[interleavedIndex(d, dModel, layout)] < FLAT;
  let first = 0;
  while (first < dModel && !flat(first)) first += 1;
  let tail = dModel;
  while (tail > 0 && flat(tail - 1)) tail -= 1;
  return { first, tail };
}
