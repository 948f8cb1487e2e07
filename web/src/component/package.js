// <pe-figure> from the npm package: `import 'pe-explorer/element'` in a blog's own build, or a module script
// from a CDN that serves npm packages. Its stylesheet is in its code (a stylesheet file would be taken by some
// blog builds for their own: VitePress links the first one it finds). Every file the element needs (KaTeX's fonts, the
// engine's modules and .wasm, the workers) is addressed as `new URL('literal', import.meta.url)` relative to the
// module that needs it, so a bundler (Vite, webpack) copies each one into the blog's build and rewrites its URL,
// and a CDN serves it beside this file; no host is configured. vite.package.config.js builds this into
// dist-package/ (the `@vite-ignore` comments keep that build from copying the files itself; it writes them
// where these URLs point). In a server-side render (no custom elements) importing it does nothing.
import elementStyles from 'virtual:pe-element-styles';
import fontFaces from 'virtual:pe-font-faces';
import './base-styles.js';
import { definePeFigure } from './element.js';

if (typeof customElements === 'object') {
  definePeFigure({
    styles: { css: elementStyles },
    fonts: { css: fontFaces },
  });
}
