import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { typesetMath } from './scripts/vite/typeset-math.js';

const web = resolve(import.meta.dirname, 'web');

/**
 * The article is long, so each section lives in web/sections/<name>.html and index.html pulls them in with
 * `<!-- @include name -->`. This keeps one file per section without a templating dependency.
 */
export function includeSections() {
  return {
    name: 'pe-include-sections',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        return html.replace(/<!--\s*@include\s+([\w-]+)\s*-->/g, (_, name) =>
          readFileSync(resolve(web, 'sections', `${name}.html`), 'utf8'),
        );
      },
    },
    handleHotUpdate({ file, server }) {
      if (file.startsWith(resolve(web, 'sections'))) server.ws.send({ type: 'full-reload' });
    },
  };
}

/**
 * The text face's preload (index.html) serves the built site. The dev server serves the face at another URL
 * (/@fs/...), and would answer the preload's with the page; the single file holds the face in its stylesheet (a
 * preload would make it a file of its own). There it is left out before the page is read.
 * @param {'serve' | 'build'} [apply] in which command (both when not given)
 */
export function withoutFontPreload(apply) {
  return {
    name: 'pe-without-font-preload',
    apply,
    transformIndexHtml: {
      order: /** @type {const} */ ('pre'),
      handler: (html) => html.replace(/<link\s+rel="preload"\s+as="font"[^>]*>/g, ''),
    },
  };
}

/**
 * The Content-Security-Policy of the built pages: nothing but the site's own files (and the Hub, asked only when
 * the reader presses its button), no eval (the engine is built
 * with -sDYNAMIC_EXECUTION=0), WebAssembly compiled from its own .wasm, fonts from its files or inlined by the build. Inline styles stay allowed: KaTeX and
 * the figures size and colour nodes through style attributes. Added at build only: the dev server injects
 * its own scripts and styles.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // The Hugging Face Hub and the hosts it redirects file downloads to, for "Positions in real models" reading a
  // model on request (models/hub.js); a mirror needs its own host added here.
  "connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy() {
  return {
    name: 'pe-content-security-policy',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace('<head>', `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`),
  };
}

/**
 * Link previews want absolute URLs, which only the host knows: `SITE_URL=https://example.org/pe-explorer/ npm run
 * build` writes og:url and an absolute og:image; without it the card's image stays relative (most previewers
 * resolve it against the page).
 */
export function socialCard() {
  const site = process.env.SITE_URL;
  return {
    name: 'pe-social-card',
    apply: 'build',
    transformIndexHtml(html) {
      if (!site || !html.includes('og:image')) return html;
      const base = new URL(site.endsWith('/') ? site : `${site}/`);
      return html
        .replace('content="./social-card.png"', `content="${new URL('social-card.png', base).href}"`)
        .replace('<meta property="og:type"', `<meta property="og:url" content="${base.href}" />\n    $&`);
    },
  };
}

/**
 * The stylesheet of the <pe-figure> element (web/src/component/): every stylesheet the build writes (the site's
 * first, then KaTeX's and the figures'), with `:root` written as `:host` so that the palette and the scheme rules
 * apply in the element's shadow root (`data-theme` there is the element's `theme` attribute), and the element's
 * own rules (host.css). Font faces are not read inside a shadow root: they go to a second file that the element
 * adds to the host page's head. Fixed names, next to the fonts they point at: the element finds them relative
 * to pe-figure.js.
 */
export function componentStyles() {
  // A scheme rule (`:root[data-theme=dark]`) applies to the element's `theme` attribute and to the scheme its
  // host page declares (`data-pe-scheme`, set by web/src/component/scheme.js).
  const toHost = (css) =>
    css.replace(/:root((?:\[[^\]]*\]|:not\([^)]*\))*)/g, (_, more) => {
      if (!more) return ':host';
      const host = more.replace(/(:not\()?(\[data-theme[^\]]*\])\)?/g, (_, not, attribute) => {
        const [theme, page] = ['theme', 'data-pe-scheme'].map((name) =>
          attribute.replace('data-theme', name),
        );
        return not ? `:not(${theme}):not(${page})` : `:is(${theme}, ${page})`;
      });
      return `:host(${host})`;
    });
  return {
    name: 'pe-component-styles',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const isSite = (asset) => /^assets\/styles-[\w-]+\.css$/.test(asset.fileName);
      const sheets = Object.values(bundle)
        .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
        .sort((a, b) => Number(isSite(b)) - Number(isSite(a)) || a.fileName.localeCompare(b.fileName));
      const css = sheets.map((sheet) => String(sheet.source)).join('\n');
      const faces = css.match(/@font-face\s*\{[^}]*\}/g) ?? [];
      const host = readFileSync(resolve(web, 'src/component/host.css'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'assets/pe-figure.css',
        source: `${toHost(css.replace(/@font-face\s*\{[^}]*\}/g, ''))}\n${host}`,
      });
      this.emitFile({ type: 'asset', fileName: 'assets/pe-figure-fonts.css', source: faces.join('\n') });
    },
  };
}

export default defineConfig({
  root: web,
  // Relative asset URLs: the built site works under any path on any static host.
  base: './',
  publicDir: resolve(web, 'public'),
  plugins: [
    includeSections(),
    withoutFontPreload('serve'),
    typesetMath(),
    contentSecurityPolicy(),
    socialCard(),
    componentStyles(),
  ],
  // The engine worker imports the engine loader, so it is bundled as an ES module worker.
  worker: { format: 'es' },
  server: {
    host: '0.0.0.0',
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        index: resolve(web, 'index.html'),
        embed: resolve(web, 'embed.html'),
        // The <pe-figure> web component: one script at the site's root, pe-figure.js, for other pages to load.
        'pe-figure': resolve(web, 'src/component/pe-figure.js'),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'pe-figure' ? 'pe-figure.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
