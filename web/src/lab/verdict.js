// The words the lab puts beside its numbers, each chosen from the numbers by one stated rule, so that no
// sentence or table can say "works" of a run that did not, or "chance" of one that beat it. Pure: the page, the
// Node tests of the article's claims and the figure's table all decide with these functions.
//
// - A run "works" at a length when at least WORKS_AT (90%) of its held-out targets there are right.
// - A run is "at chance" when its accuracy lies inside the 95% binomial interval (normal approximation,
//   1.96 standard errors) around what a model blind to order scores on the task, for the number of held-out
//   sequences; "below chance" under that interval. Targets within one sequence are not independent, so the
//   interval counts sequences, not targets: the wider, more cautious interval.
// - Across seeds: "works" when every seed works; "mixed" when some seeds do and some do not; "chance" when no
//   seed works and every seed is at chance (or below); "fails" otherwise (no seed works, some beat chance).

/** The accuracy at or above which a run "works". */
export const WORKS_AT = 0.9;
/** Standard errors either side of chance that count as "at chance" (a 95% interval). */
const Z95 = 1.959964;

/**
 * What a model that cannot see order scores on a task: `subject` is a coin flip between its two nouns (every
 * sentence's mirror is equally likely and holds the same words); the per-token tasks draw each token uniformly
 * from 16 symbols, so a guess is right 1 time in 16. `majority` is blind to order itself: no chance level.
 * @param {string} task
 * @returns {number | null}
 */
export function chanceOf(task) {
  if (task === 'subject') return 0.5;
  if (task === 'previous' || task === 'reverse' || task === 'first') return 1 / 16;
  return null;
}

/**
 * The 95% interval around chance p0 for an accuracy measured on `sequences` held-out sequences.
 * @param {number} p0
 * @param {number} sequences
 * @returns {[number, number]}
 */
export function chanceInterval(p0, sequences) {
  if (!(sequences >= 1))
    throw new Error(`chanceInterval: sequences must be at least 1; received ${sequences}.`);
  const half = Z95 * Math.sqrt((p0 * (1 - p0)) / sequences);
  return [Math.max(0, p0 - half), Math.min(1, p0 + half)];
}

/**
 * The word for one run's accuracy: 'works', 'chance', 'below chance', or 'partial' (under 90%, above chance).
 * @param {number} accuracy
 * @param {string} task
 * @param {number} sequences held-out sequences the accuracy was measured on
 * @returns {'works' | 'chance' | 'below chance' | 'partial'}
 */
export function wordFor(accuracy, task, sequences) {
  if (accuracy >= WORKS_AT) return 'works';
  const p0 = chanceOf(task);
  if (p0 === null) return 'partial';
  const [lo, hi] = chanceInterval(p0, sequences);
  if (accuracy < lo) return 'below chance';
  return accuracy <= hi ? 'chance' : 'partial';
}

/**
 * The verdict across seeds on one scheme at one length, with the numbers it rests on.
 * @param {number[]} accuracies one per seed
 * @param {string} task
 * @param {number} sequences held-out sequences per length
 * @returns {{ word: 'works' | 'mixed' | 'chance' | 'fails', working: number, seeds: number, median: number,
 *   min: number, max: number }}
 */
export function verdictOf(accuracies, task, sequences) {
  if (accuracies.length === 0) throw new Error('verdictOf: accuracies must hold at least one seed.');
  const words = accuracies.map((a) => wordFor(a, task, sequences));
  const working = words.filter((w) => w === 'works').length;
  /** @type {'works' | 'mixed' | 'chance' | 'fails'} */
  let word;
  if (working === accuracies.length) word = 'works';
  else if (working > 0) word = 'mixed';
  else if (words.every((w) => w === 'chance' || w === 'below chance')) word = 'chance';
  else word = 'fails';
  return { word, working, seeds: accuracies.length, ...spread(accuracies) };
}

/**
 * Median (the mean of the middle two for an even count), lowest and highest of some numbers.
 * @param {number[]} values
 */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}
