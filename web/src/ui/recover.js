// What a figure does when the engine stops under it (a WebAssembly trap, engine/engine.js EngineLostError, or the
// engine worker's, WorkerLostError): the page has already started a fresh instance of the module, so the figure
// waits for it and asks again, keeping every value the reader set. A second loss within STOPPED_AGAIN_MS shows
// the failure box in place of its pictures, naming the call, with "Try again"; the rest of the page goes on.
import { EngineLostError } from '../engine/engine.js';
import { WorkerLostError } from '../engine/worker-calls.js';
import { failureBox } from './failure-box.js';

/** Two losses closer than this stop the figure: a call that fails on a fresh instance too would fail forever. */
export const STOPPED_AGAIN_MS = 10_000;

/** Whether `error` says that the engine instance a call ran in was lost. */
export function isEngineLost(error) {
  return error instanceof EngineLostError || error instanceof WorkerLostError;
}

/**
 * @param {{ showFailure(box: HTMLElement | null): void }} frame
 * @param {() => void} again computes and draws the figure anew
 * @param {() => number} [now]
 */
export function engineRecovery(frame, again, now = () => performance.now()) {
  let lastLoss = -Infinity;
  let stopped = false;
  let gone = false;
  const askAgain = (error) => {
    const restarted = error instanceof EngineLostError ? error.restarted : Promise.resolve();
    restarted.then(
      () => !gone && again(),
      (loadError) => !gone && show(loadError, error),
    );
  };
  function show(cause, error) {
    stopped = true;
    const retry = () => {
      lastLoss = -Infinity;
      stopped = false;
      frame.showFailure(null);
      askAgain(error);
    };
    const detail = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    const box = failureBox({
      kind: 'stopped',
      what: `${error.message} It was restarted, and stopped again.`,
      tryThis:
        'Press Try again, or reload the page; if it keeps stopping, try another browser. The other figures ' +
        'and the values you set here are kept.',
      detail,
      retry,
    });
    frame.showFailure(box);
  }
  return {
    /**
     * Handles `error` when it is a lost engine (returns true): the figure is asked again, or stops.
     * @param {unknown} error
     */
    handle(error) {
      if (!isEngineLost(error)) return false;
      const at = now();
      const twice = at - lastLoss < STOPPED_AGAIN_MS;
      lastLoss = at;
      if (twice) show(/** @type {Error} */ (error).cause ?? error, error);
      else askAgain(error);
      return true;
    },
    /** After a drawing that succeeded: the failure box, if any, goes. */
    drew() {
      if (stopped) return;
      frame.showFailure(null);
    },
    destroy() {
      gone = true;
    },
  };
}
