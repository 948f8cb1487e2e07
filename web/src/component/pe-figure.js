// <pe-figure figure="heatmap" d-model="128" positions="50"></pe-figure>: one PE Explorer figure in any page,
// from one script tag. This file is built to pe-figure.js at the site's root; everything else it needs (the
// element's code, the figures, the engine and its worker, the stylesheet) is found relative to it, so a blog on
// another origin loads `<script type="module" src="https://HOST/PATH/pe-figure.js">` and nothing more.
// The npm package's entry is package.js.
const here = import.meta.url;

import('./element.js').then(({ definePeFigure }) =>
  definePeFigure({
    styles: { href: new URL('assets/pe-figure.css', here).href },
    fonts: { href: new URL('assets/pe-figure-fonts.css', here).href },
    chunkStyles: new URL('assets/', here).href,
  }),
);
