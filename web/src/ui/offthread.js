// Keeps a figure's picture following its parameters when the engine needs longer than a frame to make it. The
// work goes to the engine worker; at most one request is in flight, requests made meanwhile collapse into the
// latest, and a result is drawn only when it is newer than the picture on screen. While a slider moves, the
// picture follows as fast as the engine can make it and the page never waits for it.
import { callInWorker } from '../engine/in-worker.js';

/**
 * @param {{ draw(input: unknown, result: unknown): void, fail(error: Error): void }} handlers
 *   draw shows a result, with the input it was requested with; fail shows the engine's error
 */
export function freshest({ draw, fail }) {
  let requested = 0; // the number of the latest request (or picture drawn on the page)
  let drawn = 0; // the number of the picture on screen
  let busy = false;
  let queued = null;

  function send(job) {
    busy = true;
    callInWorker(job.name, ...job.args)
      .then(
        (result) => {
          if (job.number <= drawn) return;
          drawn = job.number;
          draw(job.input, result);
        },
        (error) => {
          if (job.number > drawn) fail(error);
        },
      )
      .finally(() => {
        busy = false;
        const next = queued;
        queued = null;
        if (next) send(next);
      });
  }

  return {
    /** Asks for engine[name](...args) in the worker; draw(input, result) follows unless something newer is drawn. */
    request(input, name, args) {
      requested += 1;
      const job = { number: requested, input, name, args };
      if (busy) queued = job;
      else send(job);
    },
    /** Records a picture drawn on the page itself as the newest: results of earlier requests are dropped. */
    drewHere() {
      requested += 1;
      drawn = requested;
      queued = null;
    },
    /** Drops every result still to come (the figure is going away). */
    destroy() {
      drawn = Infinity;
      queued = null;
    },
  };
}
