// The single-file copy of PE Explorer (npm run build:single): the article as one HTML file with everything in
// it (scripts, styles, KaTeX's fonts, the engine's code and WebAssembly, the workers), for reading offline from
// disk, archiving or sending by email. Chromium loads neither module files nor workers from file:// URLs, so
// here the scripts are one inline module, the engine is compiled from bytes held in the page (Emscripten's
// wasmBinary), and each worker is made from a blob URL of its bundled code.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { typesetMath } from './scripts/vite/typeset-math.js';
import { CSP, includeSections, withoutFontPreload } from './vite.config.js';

const web = resolve(import.meta.dirname, 'web');
const engineDir = resolve(web, 'public', 'engine');
const INLINE_ENGINE = '\0pe-inline-engine';
const FILE_NAME = 'pe-explorer.html';

/** In place of web/src/engine/engine-inline.js: each engine module's code imported, its WebAssembly as base64. */
function inlineEngine() {
  return {
    name: 'pe-inline-engine',
    enforce: /** @type {const} */ ('pre'),
    resolveId(source, importer) {
      if (importer && resolve(importer, '..', source) === resolve(web, 'src', 'engine', 'engine-inline.js')) {
        return INLINE_ENGINE;
      }
      return null;
    },
    load(id) {
      if (id !== INLINE_ENGINE) return null;
      // Static imports: the workers are classic scripts here (iife), which cannot load a chunk later.
      const names = ['pe-engine', 'pe-lab', 'pe-models'];
      const imports = names.map(
        (name, i) => `import create${i} from ${JSON.stringify(resolve(engineDir, `${name}.js`))};`,
      );
      const entries = names.map((name, i) => {
        const wasm = readFileSync(resolve(engineDir, `${name}.wasm`)).toString('base64');
        return `  ${JSON.stringify(name)}: async () => ({ default: () => create${i}({ wasmBinary: bytes(${JSON.stringify(wasm)}) }) }),`;
      });
      return `${imports.join('\n')}
const bytes = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
export const inlineModules = {
${entries.join('\n')}
};
`;
    },
  };
}

/** Each `new Worker(new URL('./x.js', import.meta.url), ...)` becomes a worker made from its inlined code. */
function inlineWorkers() {
  const pattern =
    /new Worker\(\s*new URL\(\s*'([^']+)',\s*import\.meta\.url\s*\),\s*\{\s*type:\s*'module'\s*\}\s*\)/g;
  return {
    name: 'pe-inline-workers',
    enforce: /** @type {const} */ ('pre'),
    transform(code, id) {
      if (!id.startsWith(resolve(web, 'src')) || !pattern.test(code)) return null;
      const imports = [];
      const replaced = code.replace(pattern, (_, path) => {
        const name = `PeInlineWorker${imports.length}`;
        imports.push(`import ${name} from ${JSON.stringify(`${path}?worker&inline`)};`);
        return `new ${name}()`;
      });
      return { code: `${imports.join('\n')}\n${replaced}`, map: null };
    },
  };
}

/**
 * A classic worker has no import.meta, and its blob: URL cannot be the base of a relative URL. The modules' URLs
 * only ever locate files that the single file never loads (the engine is inline), so a file: URL stands in.
 */
function classicWorkerUrls() {
  return {
    name: 'pe-classic-worker-urls',
    transform: (code) =>
      code.includes('import.meta.url')
        ? { code: code.replaceAll('import.meta.url', '"file:///pe-explorer/"'), map: null }
        : null,
  };
}

/** The built page with its script and styles inlined, its icon a data URL and its CSP allowing exactly that. */
function singleFile() {
  return {
    name: 'pe-single-file',
    enforce: /** @type {const} */ ('post'),
    // After the bundle is written (every plugin has finished its chunks): the page is written again with them
    // inlined, and the files it no longer needs are removed.
    writeBundle({ dir = '' }, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') throw new Error('pe-single-file: the build made no index.html');
      let html = String(page.source);
      const take = (href) => {
        const name = href.replace(/^\.\//, '');
        const file = bundle[name];
        if (!file) throw new Error(`pe-single-file: ${name} is not in the build`);
        return file.type === 'chunk' ? file.code : String(file.source);
      };
      const scripts = [];
      html = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src) => {
        // A script may not contain its closing tag; `<\/script` means the same to JavaScript.
        const code = take(src).replaceAll('</script', '<\\/script');
        scripts.push(code);
        return `<script type="module">${code}</script>`;
      });
      html = html.replace(
        /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
        (_, href) => `<style>${woff2Only(take(href)).replaceAll('</style', '<\\/style')}</style>`,
      );
      html = html.replace(/<link rel="modulepreload"[^>]*>/g, '');
      const icon = readFileSync(resolve(web, 'public', 'favicon.svg')).toString('base64');
      html = html.replace('href="./favicon.svg"', `href="data:image/svg+xml;base64,${icon}"`);
      const hashes = scripts.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
      const policy = CSP.replace("script-src 'self'", `script-src ${hashes.join(' ')} blob:`)
        .replace("worker-src 'self'", 'worker-src blob:')
        .replace("default-src 'self'", "default-src 'none'")
        // No connection at all: the single file is offline (the Hub's hosts go too; its button says so).
        .replace(/connect-src [^;]*/, "connect-src 'none'");
      html = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*" \/>/, '');
      html = html.replace(
        '<head>',
        `<head>\n    <meta http-equiv="Content-Security-Policy" content="${policy}" />`,
      );
      // Checked outside the inlined code, whose strings may spell such tags (the Embed dialog's snippets do).
      const tags = html.replace(/<script type="module">[\s\S]*?<\/script>/g, '');
      if (/<script[^>]+src=|<link rel="stylesheet"/.test(tags)) {
        throw new Error('pe-single-file: the page still loads a script or stylesheet from a file');
      }
      rmSync(dir, { recursive: true });
      mkdirSync(dir);
      writeFileSync(resolve(dir, FILE_NAME), html);
    },
  };
}

/** KaTeX's fonts in WOFF2 only: every browser that runs the engine reads it, and the file is a third the size. */
function woff2Only(css) {
  return css.replace(/,\s*url\(data:font\/(?:woff|ttf);base64,[^)]*\)\s*format\("(?:woff|truetype)"\)/g, '');
}

export default defineConfig({
  root: web,
  base: './',
  publicDir: false,
  plugins: [
    includeSections(),
    withoutFontPreload(),
    typesetMath(),
    inlineEngine(),
    inlineWorkers(),
    singleFile(),
  ],
  // Classic workers: a page opened from disk has no origin, and Chromium refuses it module workers (even from
  // blob URLs), while classic ones start.
  worker: { format: 'iife', plugins: () => [inlineEngine(), classicWorkerUrls()] },
  build: {
    outDir: resolve(import.meta.dirname, 'dist-single'),
    emptyOutDir: true,
    target: 'es2022',
    // Fonts and pictures as data URLs; the engine's .wasm, which its code would fetch, is already in the page.
    assetsInlineLimit: (file) => !file.endsWith('.wasm'),
    cssCodeSplit: false,
    // One script, nothing to preload (and the preload helper is not needed without chunks).
    modulePreload: false,
    chunkSizeWarningLimit: 4096,
    rollupOptions: {
      input: { index: resolve(web, 'index.html') },
      output: { codeSplitting: false },
    },
  },
});
