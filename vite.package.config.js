// The npm package (`npm pack`, scripts/build-package.sh): the <pe-figure> element, the engine and the lab as
// files a blog's bundler or a CDN serves as they are, in dist-package/:
//   assets/pe-figure.js          the element (package.json's "./element"), its chunks, its stylesheet, the
//                                workers and KaTeX's fonts (assets/fonts/)
//   engine/                      pe-engine.js/.wasm/.d.ts, pe-lab.js/.wasm/.d.ts and pe-models.js/.wasm/.d.ts
//                                ("./engine", "./lab", "./models")
// Every reference from one file to another is a relative import or `new URL('./literal', import.meta.url)`,
// the forms Vite and webpack follow (copying the file and rewriting the URL) and a browser resolves against the
// CDN's URL of the module. tests/package/ installs the packed tarball into a VitePress site and a Vite app.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, resolve } from 'node:path';
import { defineConfig } from 'vite';
import { componentStyles } from './vite.config.js';

const web = resolve(import.meta.dirname, 'web');
const engineDir = resolve(web, 'public', 'engine');
const FONTS = '\0pe-font-faces';
const STYLES = '\0pe-element-styles';
/** What the element's stylesheet module holds until the stylesheet is written (packageFiles). */
const STYLES_PLACEHOLDER = '"pe-element-styles: written at the end of the build"';
const ENGINE_FILES = [
  'pe-engine.js',
  'pe-engine.wasm',
  'pe-engine.d.ts',
  'pe-lab.js',
  'pe-lab.wasm',
  'pe-lab.d.ts',
  'pe-models.js',
  'pe-models.wasm',
  'pe-models.d.ts',
];

/**
 * `virtual:pe-element-styles`: the element's stylesheet as text (packageFiles writes it in). `virtual:pe-font-faces`: KaTeX's @font-face rules as text, each naming its woff2 file (every browser that
 * runs the engine reads woff2) by `new URL('./fonts/<file>', import.meta.url)`, then the site's own (styles.css:
 * the text face's, named the same way, and its local fallbacks as they are), and the fonts written to
 * assets/fonts/.
 */
function fontFaces() {
  const katexCss = createRequire(import.meta.url).resolve('katex/dist/katex.min.css');
  return {
    name: 'pe-font-faces',
    resolveId: (id) => ({ 'virtual:pe-font-faces': FONTS, 'virtual:pe-element-styles': STYLES })[id] ?? null,
    load(id) {
      if (id === STYLES) return `export default ${STYLES_PLACEHOLDER};\n`;
      if (id !== FONTS) return null;
      const faces = readFileSync(katexCss, 'utf8').match(/@font-face\s*\{[^}]*\}/g) ?? [];
      const rules = faces.map((face) => {
        const file = /url\(fonts\/([\w-]+\.woff2)\)/.exec(face)?.[1];
        if (!file) throw new Error(`A KaTeX font face without a woff2 file: ${face}`);
        this.emitFile({
          type: 'asset',
          fileName: `assets/fonts/${file}`,
          source: readFileSync(resolve(dirname(katexCss), 'fonts', file)),
        });
        const rule = face.replace(/src:[^;}]*/, 'font-display:swap;src:url(${url}) format("woff2")');
        return `(() => { const url = new URL(/* @vite-ignore */ './fonts/${file}', import.meta.url).href; return \`${rule}\`; })()`;
      });
      // The article's text face, which the element's own text is set in (host.css), and its local fallbacks.
      const site =
        readFileSync(resolve(web, 'src/styles.css'), 'utf8').match(/@font-face\s*\{[^}]*\}/g) ?? [];
      for (const face of site) {
        const path = /url\('([^']+\.woff2)'\)/.exec(face)?.[1];
        if (!path) {
          rules.push(JSON.stringify(face));
          continue;
        }
        const file = basename(path);
        this.emitFile({
          type: 'asset',
          fileName: `assets/fonts/${file}`,
          source: readFileSync(resolve(web, 'src', path)),
        });
        const rule = face.replace(/url\('[^']+'\)/, 'url(${url})');
        rules.push(
          `(() => { const url = new URL(/* @vite-ignore */ './fonts/${file}', import.meta.url).href; return \`${rule}\`; })()`,
        );
      }
      return `export default [\n${rules.join(',\n')}\n].join('\\n');\n`;
    },
  };
}

/**
 * The workers, bundled by this build as modules of their own, are started in the output as
 * `new Worker(new URL('./<worker>.js', import.meta.url), { type: 'module' })`, the form a blog's bundler builds
 * as a worker of its own; the engine's files are copied into engine/; the figures' stylesheets, all in
 * assets/pe-figure.css (componentStyles), and the fonts the stylesheets named (written by fontFaces instead)
 * are left out. The build fails if an output file still addresses another in a form a bundler would not follow.
 */
function packageFiles() {
  const BUILT_WORKER =
    /new Worker\(\s*new URL\(\s*(?:\/\*\s*@vite-ignore\s*\*\/\s*)?new URL\(\s*["'`]([\w.-]+\.js)["'`]\s*,\s*import\.meta\.url\s*\)\.href\s*,\s*(?:""|''|``)\s*\+\s*import\.meta\.url\s*\)/g;
  // The comment that kept this build from copying a file (web/src/engine/engine.js, component/package.js).
  const IGNORED_URL = /new URL\(\s*\/\*\s*@vite-ignore\s*\*\/\s*(?=["'`])/g;
  const UNFOLLOWED = /new Worker\((?!new URL\('\.\/)|(?:""|''|``)\s*\+\s*import\.meta\.url|new URL\(\s*\/\*/;
  return {
    name: 'pe-package-files',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const styles = bundle['assets/pe-figure.css'];
      if (styles?.type !== 'asset') throw new Error('componentStyles wrote no assets/pe-figure.css');
      const css = JSON.stringify(String(styles.source));
      for (const [name, file] of Object.entries(bundle)) {
        const stylesheetOrFont = /^assets\/(?!fonts\/)[^/]+\.(css|woff2?|ttf)$/.test(name);
        if (file.type === 'asset' && stylesheetOrFont) delete bundle[name];
        if (file.type !== 'chunk') continue;
        file.code = file.code
          .replace(STYLES_PLACEHOLDER, () => css)
          .replace(BUILT_WORKER, "new Worker(new URL('./$1', import.meta.url)")
          .replace(IGNORED_URL, 'new URL(')
          // This build's module-preload helper, under a name of its own: a blog's Vite adds its own helper,
          // named __vitePreload, to the same module.
          .replace(/\b__vite(?=Preload\b|__mapDeps\b)/g, '__pePackage');
        const left = UNFOLLOWED.exec(file.code);
        if (left) {
          const text = file.code.slice(left.index, left.index + 80);
          throw new Error(`${name}: a URL that a bundler would not follow: ${text}`);
        }
      }
      for (const name of ENGINE_FILES) {
        this.emitFile({
          type: 'asset',
          fileName: `engine/${name}`,
          source: readFileSync(resolve(engineDir, name)),
        });
      }
    },
  };
}

export default defineConfig({
  root: web,
  base: './',
  publicDir: false,
  plugins: [fontFaces(), componentStyles(), packageFiles()],
  worker: {
    format: 'es',
    rollupOptions: { output: { entryFileNames: 'assets/[name]-[hash].js' } },
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist-package'),
    emptyOutDir: true,
    target: 'es2022',
    // One stylesheet (the element's, assets/pe-figure.css): no chunk loads a stylesheet of its own.
    cssCodeSplit: false,
    modulePreload: false,
    // Readable modules, their comments kept (`webpackIgnore`, for webpack, on the engine's import); a blog's
    // build minifies them. The stylesheet is minified as the site's is.
    minify: false,
    cssMinify: true,
    rollupOptions: {
      input: { 'pe-figure': resolve(web, 'src/component/package.js') },
      output: {
        entryFileNames: 'assets/[name].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
