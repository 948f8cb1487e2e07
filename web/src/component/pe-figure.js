// <pe-figure figure="heatmap" d-model="128" positions="50"></pe-figure>: one PE Explorer figure in any page,
// from one script tag. This file is built to pe-figure.js at the site's root; everything else it needs (the
// element's code, the figures, the engine and its worker, the stylesheet) is found relative to it, so a blog on
// another origin loads `<script type="module" src="https://HOST/PATH/pe-figure.js">` and nothing more.
// The npm package's entry is package.js.
const here = import.meta.url;

import('./element.js').then(
  ({ definePeFigure }) =>
    definePeFigure({
      styles: { href: new URL('assets/pe-figure.css', here).href },
      fonts: { href: new URL('assets/pe-figure-fonts.css', here).href },
      chunkStyles: new URL('assets/', here).href,
    }),
  (error) => showUndefined(error),
);

/**
 * The element's code could not be loaded (a host that sends Access-Control-Allow-Origin for this file but not
 * for the others, a file missing, the network): every <pe-figure> of the page says so in its place, in words
 * (this file holds nothing else to say it with: the site's messages are in the code that failed).
 */
function showUndefined(error) {
  const origin = new URL(here).origin;
  const sameSite = origin === location.origin;
  for (const element of document.querySelectorAll('pe-figure')) {
    const box = document.createElement('p');
    box.className = 'pe-load-failure';
    box.setAttribute('role', 'alert');
    box.setAttribute('style', 'border: 1px solid currentColor; padding: 0.5em 0.75em');
    box.textContent =
      'This PE Explorer figure could not load its code. ' +
      (sameSite
        ? 'Check your connection, then reload the page.'
        : `The page loads it from ${origin}, which must send the header Access-Control-Allow-Origin: * ` +
          "(or this page's origin) with every file, and .wasm files as application/wasm: see " +
          'docs/embedding.md, "What the host of PE Explorer must send". ') +
      ` (${error instanceof Error ? error.message : String(error)})`;
    element.replaceChildren(box);
  }
}
