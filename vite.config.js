import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

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
 * The Content-Security-Policy of the built pages: nothing but the site's own files, no eval (the engine is built
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
  "connect-src 'self'",
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

export default defineConfig({
  root: web,
  // Relative asset URLs: the built site works under any path on any static host.
  base: './',
  publicDir: resolve(web, 'public'),
  plugins: [includeSections(), contentSecurityPolicy()],
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
      },
    },
  },
});
