// The one owner of KaTeX on the page. The article's fixed formulas are typeset when the site is built
// (scripts/vite/typeset-math.js), so the page's first task carries no typesetting and no KaTeX code; the live
// formulas (the sinusoidal section's formula and ratio, the rotation matrix) fetch KaTeX's code once the page
// has loaded. Formulas are written in the source, never taken from user input.
import { KATEX_OPTIONS } from './katex-options.js';
import 'katex/dist/katex.min.css';

/** @type {Promise<typeof import('katex').default> | null} */
let katexLoading = null;
/** The newest text asked of each element: a slower earlier load must not overwrite a later formula. */
const wanted = new WeakMap();

/**
 * Typesets TeX into an element (display mode by default), once KaTeX has loaded. Until then the element keeps
 * what it shows; if KaTeX cannot load, it shows the TeX source as text.
 * @param {HTMLElement} element
 * @param {string} tex
 * @returns {Promise<void>} settles when the element shows this formula (or a later one was asked for)
 */
export function renderMath(element, tex, { display = true } = {}) {
  wanted.set(element, tex);
  katexLoading ??= afterLoad()
    .then(() => import('katex'))
    .then((module) => module.default);
  return katexLoading.then(
    (katex) => {
      if (wanted.get(element) === tex) katex.render(tex, element, { ...KATEX_OPTIONS, displayMode: display });
    },
    () => {
      katexLoading = null;
      if (wanted.get(element) === tex) element.textContent = tex;
    },
  );
}

/** Resolves once the page has loaded: KaTeX's code is not fetched ahead of the page's own files. */
function afterLoad() {
  if (typeof document === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}
