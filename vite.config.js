import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const web = resolve(import.meta.dirname, 'web');

/**
 * The article is long, so each section lives in web/sections/<name>.html and index.html pulls them in with
 * `<!-- @include name -->`. This keeps one file per section without a templating dependency.
 */
function includeSections() {
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

export default defineConfig({
  root: web,
  // Relative asset URLs: the built site works under any path on any static host.
  base: './',
  publicDir: resolve(web, 'public'),
  plugins: [includeSections()],
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
