// The run the `learned` figure trains, in the lab's own parameters, so that the lab repeats it from the link under
// the figure: copy the previous token on sequences of 16 tokens, learned positions only, everything else at the
// lab's defaults (model size, learning rate, steps, batch), as the article says ("leave the rest as it starts").
// Apart from learned.js so that Node's tests of the article's claims (tests/js/lab-claims.mjs) train it too.
import { defaultsOf } from '../core/params.js';
import { PARAMS as LAB_PARAMS } from './lab/params.js';

/**
 * @typedef {{ task: string, schemes: string, length: number, size: string, lr: number, steps: number,
 *   seed: number, batch: number } & Record<string, any>} LabRun
 */

// One run from one seed: the lab opened from the link trains this table alone, not the lab's default seeds.
const run = { ...defaultsOf(LAB_PARAMS), task: 'previous', schemes: 'learned', length: 16, seeds: 1 };
export const LEARNED_RUN = /** @type {Readonly<LabRun>} */ (/** @type {unknown} */ (Object.freeze(run)));
