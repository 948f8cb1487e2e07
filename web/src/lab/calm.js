// The reader's input elsewhere on the page, watched so that training yields to it. On a machine with two
// cores the lab's workers take both, and a slider moved in another figure then waits for the main thread. Before
// each chunk the race asks `wait()`: after input outside the lab it returns a promise that resolves once the
// page has been quiet for QUIET_MS (or after MAX_WAIT_MS, so that training never stops for good), else null.

const QUIET_MS = 300;
const MAX_WAIT_MS = 3000;
const EVENTS = ['keydown', 'pointerdown', 'input', 'wheel'];

/**
 * @param {Element} own the lab's element: input inside it (Play, its own controls) does not count
 * @param {{ now?: () => number, target?: EventTarget }} [options]
 */
export function inputCalm(own, { now = () => performance.now(), target = document } = {}) {
  let last = -Infinity;
  const inside = (node) => {
    try {
      return own.contains(node);
    } catch {
      return false; // not a node (the window, say): outside the lab
    }
  };
  const note = (event) => {
    if (!inside(event.target)) last = now();
  };
  // A pointer moving with a button down is a drag (a slider, a chart's cursor); one moving freely is reading.
  const drag = (event) => {
    if (event.buttons) note(event);
  };
  const listening = { capture: true, passive: true };
  for (const type of EVENTS) target.addEventListener(type, note, listening);
  target.addEventListener('pointermove', drag, listening);

  const remaining = (since) => Math.min(last + QUIET_MS, since + MAX_WAIT_MS) - now();
  async function settle(since) {
    for (let left = remaining(since); left > 0; left = remaining(since)) {
      await new Promise((resolve) => setTimeout(resolve, left));
    }
  }
  return {
    /** @returns {Promise<void> | null} */
    wait() {
      const since = now();
      return remaining(since) > 0 ? settle(since) : null;
    },
    destroy() {
      for (const type of EVENTS) target.removeEventListener(type, note, listening);
      target.removeEventListener('pointermove', drag, listening);
    },
  };
}
