// The one owner of KaTeX and its options. Formulas are written in the source, never taken from user input.
import katex from 'katex';
import 'katex/dist/katex.min.css';

const OPTIONS = { throwOnError: false, output: 'htmlAndMathml' };

/** Typesets TeX into an element (display mode by default). */
export function renderMath(element, tex, { display = true } = {}) {
  katex.render(tex, element, { ...OPTIONS, displayMode: display });
}

/** Typesets every element with a data-tex attribute under root (inline when data-inline is present). */
export function renderAllMath(root = document) {
  for (const element of root.querySelectorAll(/** @type {'span'} */ ('[data-tex]'))) {
    renderMath(element, element.dataset.tex, { display: !element.hasAttribute('data-inline') });
  }
}
