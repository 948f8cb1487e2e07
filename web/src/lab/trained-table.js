// One lab run trained to the end of its schedule for a figure that shows what it learned (the `learned` figure's
// table): the run is made in a worker of the pool (pool.js) from a configuration, trained in chunks with progress
// after each, and asked for its position table at the end; then the pool is stopped, so that no worker outlives
// the training. Pure logic over a pool, so Node's tests drive it with a stand-in pool.
import { StoppedError } from './pool.js';

/** Steps per request: about 50 ms of engine time at the small sizes, so progress moves several times a second. */
export const CHUNK = 10;

/**
 * @typedef {object} Training
 * @property {string} key what the figure trains for (its configuration), to tell a run from the next one
 * @property {number} total steps of the schedule
 * @property {number} step updates done
 * @property {'training'|'done'|'failed'|'stopped'} state
 * @property {number | null} accuracy the fraction of the last training batch's targets predicted right
 * @property {Float32Array | null} table the trained position table (T x d, row-major), once done
 * @property {Error | null} failure the engine's or the browser's error that ended the training
 * @property {() => void} stop ends the training and terminates its worker; nothing it still sends is applied
 */

/**
 * Starts training at once.
 * @param {{ run(key: string): import('./pool.js').RunHandle, stop(): void }} pool
 * @param {Record<string, unknown>} config the engine's Lab configuration, scheme included
 * @param {{ key: string, onChange: () => void }} options `onChange` runs after every chunk, at the end and on a
 *   failure (not after stop)
 * @returns {Training}
 */
export function trainTable(pool, config, { key, onChange }) {
  const handle = pool.run(String(config.scheme));
  /** @type {Training} */
  const training = {
    key,
    total: Number(config.steps),
    step: 0,
    state: 'training',
    accuracy: null,
    table: null,
    failure: null,
    stop() {
      if (training.state === 'training') training.state = 'stopped';
      pool.stop();
    },
  };
  // Read through a call: stop and failures change the state while a request is out.
  const going = () => training.state === 'training';

  async function run() {
    await handle.call('create', config);
    while (going() && training.step < training.total) {
      const { result, step } = await handle.call('train', Math.min(CHUNK, training.total - training.step));
      if (!going()) return;
      training.step = step;
      training.accuracy = result.accuracy[result.accuracy.length - 1];
      onChange();
    }
    if (!going()) return;
    const { result } = await handle.call('positionTable');
    if (!going()) return;
    training.table = result;
    training.state = 'done';
    pool.stop();
    onChange();
  }

  run().catch((error) => {
    if (!going() || error instanceof StoppedError) return;
    training.state = 'failed';
    training.failure = error instanceof Error ? error : new Error(String(error));
    pool.stop();
    onChange();
  });
  return training;
}
