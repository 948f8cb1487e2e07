// What the built article downloads, and its gzipped size: each WebAssembly module on its own, and all the
// JavaScript and CSS that index.html loads, at once or later (figure chunks imported when a figure nears the
// viewport, workers and the engine's glue), fonts excluded; and, apart, the files of the article's text face.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Gzipped size in bytes at level 9, as `gzip -9` gives it. */
export function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

// File names of the kinds that reference others, and the kinds that count as code.
const REFERENCE = /[\w./@-]+\.(?:m?js|css|wasm)\b/g;
const CODE = /\.(?:m?js|css)$/;

/**
 * Every .js, .css and .wasm file of dist that index.html reaches through references in HTML, JavaScript and
 * CSS (static and dynamic imports, preloads, `new URL(...)` for workers and the engine). A name is resolved
 * against the referring file's folder and against the site's root.
 * @param {string} dist the built site
 * @param {string} [entry] the page, relative to dist
 * @returns {string[]} absolute paths, sorted
 */
export function reachedFiles(dist, entry = 'index.html') {
  const root = path.resolve(dist);
  const seen = new Set();
  const queue = [path.join(root, entry)];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.pop());
    const text = fs.readFileSync(file, 'utf8');
    for (const [name] of text.matchAll(REFERENCE)) {
      for (const base of [path.dirname(file), root]) {
        const candidate = path.resolve(base, name.replace(/^\//, ''));
        if (!candidate.startsWith(root) || seen.has(candidate) || !fs.existsSync(candidate)) continue;
        if (!fs.statSync(candidate).isFile()) continue;
        seen.add(candidate);
        if (!candidate.endsWith('.wasm')) queue.push(candidate);
      }
    }
  }
  return [...seen].sort();
}

/**
 * The sizes a budget is judged on.
 * @param {string} dist
 * @returns {{ code: number, files: { file: string, gzip: number }[] }}
 */
export function measure(dist) {
  const files = reachedFiles(dist).map((file) => ({ file: path.relative(dist, file), gzip: gzipSize(file) }));
  const code = files.filter((f) => CODE.test(f.file)).reduce((sum, f) => sum + f.gzip, 0);
  return { code, files };
}

/**
 * The files of a font family that the site's stylesheet (assets/styles-*.css) declares in @font-face rules,
 * each with its size in bytes (WOFF2 is compressed already, and hosts serve it as it is) and its subset, which
 * the font package's file names carry (<font>-<subset>-<weight>-<style>.woff2): a browser downloads a subset's
 * file only for a character of its unicode-range on screen.
 * @param {string} dist the built site
 * @param {string} family
 * @returns {{ file: string, bytes: number, subset: string }[]} sorted by name
 */
export function faceFiles(dist, family) {
  const assets = path.join(dist, 'assets');
  const files = new Set();
  for (const sheet of fs.readdirSync(assets).filter((name) => /^styles-[\w-]+\.css$/.test(name))) {
    const css = fs.readFileSync(path.join(assets, sheet), 'utf8');
    for (const [face] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
      if (/font-family:\s*["']?([^"';]+)/.exec(face)?.[1] !== family) continue;
      for (const [, name] of face.matchAll(/url\(\s*["']?(?:\.\/)?([\w.-]+\.woff2)/g)) files.add(name);
    }
  }
  return [...files].sort().map((name) => ({
    file: `assets/${name}`,
    bytes: fs.statSync(path.join(assets, name)).size,
    subset: /-([a-z-]+)-\d{3}-(?:normal|italic)-/.exec(name)?.[1] ?? 'unknown',
  }));
}
