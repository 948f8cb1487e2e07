// A continuation of a load that changes the page must run in a task of its own. WebKit (WPE 2.38 at least) can
// resolve the promise of a load (a module import, a fetch, a WebAssembly compile) outside of any task, so its
// continuations wait for the next microtask checkpoint, which may be the one after a ResizeObserver's callback.
// A drawing there resizes observed elements after their observations were delivered, and the browser reports
// "ResizeObserver loop completed with undelivered notifications" (WebKit: "Script error.", with no file).

/** Resolves in a task of its own: a message on a channel of its own, closed once used (not a timer, which a
 * hidden page throttles; an open port would hold Node's event loop open). */
function nextTask() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve(undefined);
    };
    port2.postMessage(null);
  });
}

/**
 * `loading`, settled in a task of its own: what waits for it, and draws, runs there.
 * @template T
 * @param {Promise<T>} loading
 * @returns {Promise<T>}
 */
export function inTask(loading) {
  return loading.then(
    (value) => nextTask().then(() => value),
    (error) =>
      nextTask().then(() => {
        throw error;
      }),
  );
}
