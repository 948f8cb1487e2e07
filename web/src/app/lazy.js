// Mounts figures as they near the viewport, so the article loads fast however many figures it has. While the
// engine and the figure's code load, the slot says so; when either fails, the slot says what failed and what to
// try (app/load-failure.js), with a button that tries again.
import { isEngineLoaded, loadEngine, loadLab, loadModels } from '../engine/engine.js';
import { h, replaceChildren } from '../ui/dom.js';
import { FigureStartError, showLoadFailure } from './load-failure.js';
import { loadFigure } from './registry.js';

const MARGIN = '600px 0px';

/**
 * Mounts figure `id` into element when it comes within MARGIN of the viewport (at once if
 * IntersectionObserver is missing). Resolves to the figure's { update, destroy } handle, as mountNow does.
 */
export function mountWhenVisible(element, id, options = {}) {
  return new Promise((resolve, reject) => {
    const go = () => mountNow(element, id, options).then(resolve, reject);
    if (!('IntersectionObserver' in window)) {
      go();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          go();
        }
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
  });
}

/**
 * Loads the engine and the figure module, then mounts, showing a loading note meanwhile. Resolves to the
 * figure's { update, destroy } handle once it has mounted. A failed load is shown in place of the figure with a
 * "Try again" button, and the promise waits: it resolves when trying again succeeds (and stays pending while
 * the failure is on screen). Errors that are not load failures (an unknown id) are shown and reject.
 * @param {HTMLElement} element
 * @param {string} id
 * @param {Record<string, unknown>} [options]
 */
export function mountNow(element, id, options = {}) {
  return new Promise((resolve, reject) => {
    const attempt = (retry = false) => {
      waiting.delete(attempt);
      showLoading(element);
      mountOnce(element, id, options, retry).then(resolve, (error) => {
        element.removeAttribute('aria-busy');
        waiting.add(attempt);
        if (showLoadFailure(element, error, tryAgain)) return;
        waiting.delete(attempt);
        replaceChildren(
          element,
          h(
            'p',
            { class: 'pe-error', role: 'alert' },
            error instanceof Error ? error.message : String(error),
          ),
        );
        reject(error);
      });
    };
    attempt();
  });
}

/** The mounts showing a failure, each waiting to be tried again. */
const waiting = new Set();

/**
 * "Try again" in any slot: loads the engine afresh and tries every slot that failed, so that one press mends
 * every figure the one failed download left empty.
 */
function tryAgain() {
  for (const attempt of [...waiting]) attempt(true);
}

async function mountOnce(element, id, options, retry) {
  const [, figure] = await Promise.all([loadEngine({ retry }), loadFigure(id)]);
  if (figure.needsLab) await loadLab({ retry });
  if (figure.needsModels) await loadModels({ retry });
  let handle;
  try {
    handle = figure.mount(element, options);
  } catch (error) {
    throw new FigureStartError(id, error);
  }
  element.removeAttribute('aria-busy');
  return handle;
}

/** The slot while its figure loads: busy, with a note that says what it waits for. */
function showLoading(element) {
  element.setAttribute('aria-busy', 'true');
  const what = isEngineLoaded() ? 'Loading the figure\u2026' : 'Loading the engine\u2026';
  replaceChildren(element, h('p', { class: 'pe-loading' }, what));
}
