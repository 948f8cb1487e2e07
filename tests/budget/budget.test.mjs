// Size budgets of the built site (npm test runs this after the build): the engine's WebAssembly, which the
// article and every embed load, at most 60 KB gzipped; the training lab's, which only the lab's figures load, at
// most 63 KB; the models' analyses, which only the figure of real models loads, at most 34 KB; the JavaScript and CSS the article loads, lazily loaded figures and both modules' glue
// included, at most 350 KB; and the article's text face, at most 66 KB for the Latin files every reader
// downloads and 150 KB for every file the site declares.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';

import { faceFiles, measure, reachedFiles } from './sizes.mjs';

const KB = 1000;
/**
 * Each WebAssembly module's gzipped budget: the engine's 55.5 KB, the lab's 61.4 KB (with checked saved states
 * and sliced evaluation) and the models' 30.9 KB (ropeSpectrum and the four table analyses, kept out of the
 * engine every reader downloads), with a little room. The scalar modules, which only browsers without
 * WebAssembly SIMD download instead, get the same.
 */
export const WASM_BUDGETS = {
  'pe-engine.wasm': 60 * KB,
  'pe-lab.wasm': 63 * KB,
  'pe-models.wasm': 34 * KB,
  'pe-engine.scalar.wasm': 60 * KB,
  'pe-lab.scalar.wasm': 63 * KB,
  'pe-models.scalar.wasm': 34 * KB,
};
export const CODE_BUDGET = 350 * KB;
/**
 * The text face, Source Serif 4 (web/src/styles.css), as served (WOFF2, not gzipped): its Latin files, regular,
 * italic and bold, which every reader of the article downloads, 61.9 KB; with the Latin Extended and Greek files,
 * which a browser only downloads for a character of theirs on screen, 141.2 KB.
 */
export const FACE = 'Source Serif 4';
export const FACE_LATIN_BUDGET = 66 * KB;
export const FACE_BUDGET = 150 * KB;
const dist = process.env.PE_DIST_DIR ?? 'dist';

test('the crawl follows preloads, dynamic imports and new URL, and leaves out fonts and unreferenced files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pe-budget-'));
  const write = (name, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  };
  write(
    'index.html',
    '<script type="module" src="./assets/index-a.js"></script><link href="./assets/a.css">',
  );
  write(
    'assets/index-a.js',
    'const f=()=>import(`./figure-b.js`);new Worker(new URL(`worker-c.js`,import.meta.url))',
  );
  write('assets/figure-b.js', 'export const x = 1;');
  write('assets/worker-c.js', 'import(new URL(`../engine/pe-engine.js`, self.location).href)');
  write('engine/pe-engine.js', 'fetch(new URL("pe-engine.wasm", import.meta.url))');
  write('engine/pe-engine.wasm', 'wasm');
  write('assets/a.css', '@font-face{src:url(./font-d.woff2)}');
  write('assets/font-d.woff2', 'font');
  write('assets/unused-e.js', 'never loaded');
  const reached = reachedFiles(dir).map((f) => path.relative(dir, f));
  assert.deepEqual(reached, [
    'assets/a.css',
    'assets/figure-b.js',
    'assets/index-a.js',
    'assets/worker-c.js',
    'engine/pe-engine.js',
    'engine/pe-engine.wasm',
  ]);
  fs.rmSync(dir, { recursive: true });
});

test('the engine and the article stay within their gzipped size budgets', () => {
  assert.ok(
    fs.existsSync(path.join(dist, 'index.html')),
    `no built site in ${dist}: run npm run build first`,
  );
  const { code, files } = measure(dist);
  for (const f of files) console.log(`${(f.gzip / KB).toFixed(1).padStart(7)} KB  ${f.file}`);
  console.log(`JavaScript and CSS: ${(code / KB).toFixed(1)} KB gzipped (budget ${CODE_BUDGET / KB} KB)`);
  const modules = files.filter((f) => f.file.endsWith('.wasm'));
  assert.deepEqual(
    modules.map((f) => path.basename(f.file)).sort(),
    Object.keys(WASM_BUDGETS).sort(),
    'the WebAssembly modules reached from index.html',
  );
  for (const { file, gzip } of modules) {
    const budget = WASM_BUDGETS[path.basename(file)];
    console.log(`${path.basename(file)}: ${(gzip / KB).toFixed(1)} KB gzipped (budget ${budget / KB} KB)`);
    assert.ok(gzip <= budget, `${file} is ${gzip} bytes gzipped, over its budget of ${budget}`);
  }
  assert.ok(
    code <= CODE_BUDGET,
    `the article's JavaScript and CSS are ${code} bytes gzipped, over ${CODE_BUDGET}`,
  );
});

test('the text face stays within its budgets: the Latin files every reader downloads, and every file', () => {
  assert.ok(fs.existsSync(path.join(dist, 'assets')), `no built site in ${dist}: run npm run build first`);
  const files = faceFiles(dist, FACE);
  for (const f of files) console.log(`${(f.bytes / KB).toFixed(1).padStart(7)} KB  ${f.file}`);
  const sum = (list) => list.reduce((total, f) => total + f.bytes, 0);
  const latin = files.filter((f) => f.subset === 'latin');
  console.log(`${FACE}, Latin: ${(sum(latin) / KB).toFixed(1)} KB (budget ${FACE_LATIN_BUDGET / KB} KB)`);
  console.log(`${FACE}, every file: ${(sum(files) / KB).toFixed(1)} KB (budget ${FACE_BUDGET / KB} KB)`);
  assert.ok(latin.length > 0, `the site's stylesheet declares no Latin file of ${FACE}`);
  assert.ok(
    sum(latin) <= FACE_LATIN_BUDGET,
    `the Latin files of ${FACE} are ${sum(latin)} bytes, over ${FACE_LATIN_BUDGET}`,
  );
  assert.ok(sum(files) <= FACE_BUDGET, `the files of ${FACE} are ${sum(files)} bytes, over ${FACE_BUDGET}`);
});
