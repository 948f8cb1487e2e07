// Seeds as an axis of the lab: a race trains every scheme on several seeds, and what the page draws and quotes
// of a scheme is the spread across them, the median as the line and the lowest to the highest seed as a band.
// Pure (no DOM, no engine), so that Node's tests check the aggregation the charts, the prose and the table use.
import { spread } from './verdict.js';

/** The most seeds a race trains per scheme: 10 runs of each of five schemes stay within a few seconds each. */
export const MAX_SEEDS = 10;

/**
 * The seeds of a race: `first`, `first + 1`, ..., `first + count - 1`.
 * @param {number} first
 * @param {number} count
 */
export function seedsOf(first, count) {
  return Array.from({ length: count }, (_, i) => first + i);
}

/** The name of one run in its worker (and in the race): `rope:3` is RoPE trained from seed 3. */
export const runKey = (scheme, seed) => `${scheme}:${seed}`;

/**
 * The runs of a race by scheme, in the order the schemes first appear, each scheme's runs in seed order.
 * @template {{ scheme: string }} R
 * @param {R[]} runs
 * @returns {{ scheme: string, runs: R[] }[]}
 */
export function groupRuns(runs) {
  /** @type {Map<string, R[]>} */
  const groups = new Map();
  for (const run of runs) {
    if (!groups.has(run.scheme)) groups.set(run.scheme, []);
    groups.get(run.scheme).push(run);
  }
  return [...groups].map(([scheme, members]) => ({ scheme, runs: members }));
}

/**
 * @typedef {{ median: number[], min: number[], max: number[] }} Band one entry per index: the median across
 *   seeds (the mean of the middle two for an even count), and the lowest and highest seed
 */

/**
 * The band of several seeds' curves over the indices every one of them has reached: entry i aggregates
 * `curves[s][i]` over s, for i below the shortest curve (a scheme's line stops where its slowest seed is).
 * @param {ArrayLike<number>[]} curves one per seed
 * @param {Band} [into] a band of the same curves computed earlier, extended in place from where it stopped (the
 *   curves only grow while a race trains, so a redraw aggregates only the new steps)
 * @returns {Band}
 */
export function bandOf(curves, into = { median: [], min: [], max: [] }) {
  if (curves.length === 0) throw new Error('bandOf: curves must hold at least one seed.');
  const reached = Math.min(...curves.map((c) => c.length));
  for (let i = into.median.length; i < reached; i += 1) {
    const { median, min, max } = spread(curves.map((c) => c[i]));
    into.median.push(median);
    into.min.push(min);
    into.max.push(max);
  }
  return into;
}

/**
 * The spread across seeds of each scheme's value at one index (a step, or a length's position in the
 * evaluation), for the schemes whose every seed has it: [{ scheme, median, min, max, seeds }].
 * @param {{ scheme: string, runs: unknown[] }[]} groups from groupRuns
 * @param {(run: any) => ArrayLike<number> | undefined} pick the curve of a run
 * @param {number} i
 */
export function spreadAt(groups, pick, i) {
  const out = [];
  for (const { scheme, runs } of groups) {
    const values = runs.map((run) => pick(run)?.[i]);
    if (values.some((v) => v === undefined)) continue;
    out.push({ scheme, seeds: values.length, ...spread(/** @type {number[]} */ (values)) });
  }
  return out;
}

/**
 * Keeps each scheme's band of one measure across redraws of one race: `get(group)` extends the cached band by
 * the steps trained since, and starts again for a new race (the runs are new objects).
 * @param {(run: any) => ArrayLike<number>} pick
 */
export function bandCache(pick) {
  /** @type {WeakMap<object, Band>} keyed by a scheme's first run */
  let bands = new WeakMap();
  return {
    /** @param {{ runs: object[] }} group */
    get(group) {
      const key = group.runs[0];
      const band = bandOf(
        group.runs.map((run) => pick(run)),
        bands.get(key),
      );
      bands.set(key, band);
      return band;
    },
    clear() {
      bands = new WeakMap();
    },
  };
}
