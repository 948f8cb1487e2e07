// Mounts figures as they near the viewport, so the article loads fast however many figures it has.
import { loadEngine } from '../engine.js';
import { h, replaceChildren } from '../ui/dom.js';
import { loadFigure } from './registry.js';

const MARGIN = '600px 0px';

/**
 * Mounts figure `id` into element when it comes within MARGIN of the viewport (at once if
 * IntersectionObserver is missing). Resolves to the figure's { update, destroy } handle.
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

/** Loads the engine and the figure module, then mounts; failures are shown in place of the figure. */
export async function mountNow(element, id, options = {}) {
  element.setAttribute('aria-busy', 'true');
  try {
    const [, figure] = await Promise.all([loadEngine(), loadFigure(id)]);
    const handle = figure.mount(element, options);
    element.removeAttribute('aria-busy');
    return handle;
  } catch (error) {
    element.removeAttribute('aria-busy');
    replaceChildren(
      element,
      h('p', { class: 'pe-error', role: 'alert' }, error instanceof Error ? error.message : String(error)),
    );
    throw error;
  }
}
