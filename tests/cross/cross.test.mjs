// The cross-browser stage: the article, every embed, <pe-figure>, a keyboard control, the lab, a shared link,
// the Content-Security-Policy, axe and the colour scheme, in Firefox ESR and WebKitGTK (and WPE WebKit, Safari
// 16's engine without WebAssembly SIMD), and the engine's numbers against Node's bitwise.
// Every page carries record.js, so any error a reader's console would show fails the test that caused it.
// Run: `npm run test:cross` after `npm run build` (E2E_PORT, CROSS_ENGINES=firefox,webkit,wpe to choose).
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { figures } from '../../web/src/app/registry.js';
import { ENGINES } from './drivers.mjs';
import {
  afterSteps,
  axeViolations,
  blogFigures,
  embedDrawn,
  engineNumbers,
  inView,
  keyboardRedraws,
  restoredValue,
  scrollThroughArticle,
  textFace,
  trapAndStep,
  wasmLoaded,
} from './page.mjs';
import { encodePng, inkPixels } from './png.mjs';
import { replay } from '../../scripts/replay-calls.mjs';
import { serve } from './server.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173) + 20;
const names = (process.env.CROSS_ENGINES ?? 'firefox,webkit,wpe').split(',').filter(Boolean);
const IDS = Object.keys(figures);
const SHOTS = 'test-results/cross';
const DARK_BACKGROUND = 'rgb(20, 23, 31)';
const LIGHT_BACKGROUND = 'rgb(251, 250, 247)';

const servers = await serve(PORT);
after(() => servers.close());
const expectedNumbers = engineNumbers(pathToFileURL('dist/engine/').href);
const axeSource = readFile('node_modules/axe-core/axe.min.js', 'utf8');

/** Asserts that a figure report says it drew something. */
function assertDrawn(figure, where) {
  const { id, canvases, marks, cells, width, height, unmounted } = figure;
  assert.equal(unmounted, undefined, `${where}: figure ${id} did not mount`);
  assert.ok(width > 0 && height > 0, `${where}: figure ${id} has no size (${width} x ${height})`);
  assert.ok(
    canvases + marks + cells > 0,
    `${where}: figure ${id} drew nothing (no canvas, SVG mark or cell)`,
  );
}

/** Asserts that the article's report has every figure, each drawn. */
function assertEveryFigureDrawn(report, where) {
  const ids = report.figures.map((f) => f.id);
  assert.deepEqual(ids.filter((id) => IDS.includes(id)).sort(), [...IDS].sort(), `${where}: the figures`);
  for (const figure of report.figures) assertDrawn(figure, where);
}

const CIRCLE = '[data-figure="rotation"] .pe-rotation-stack';

/**
 * A canvas painted ahead of the reader shows its pixels: the article mounts figures before their section renders
 * (content-visibility: auto), and WebKit once showed none of the rotation dots painted then. With the article
 * open and every figure mounted, its circle and the embed's (same parameters and size) must match.
 */
async function sameCircleAsAlone(browser, name) {
  await browser.run(inView, CIRCLE);
  const inArticle = await browser.screenshot(CIRCLE);
  await browser.open(`${servers.site}embed.html?figure=rotation`, { width: 800, height: 900 });
  await browser.run(embedDrawn, 30_000);
  await browser.run(inView, CIRCLE);
  const alone = await browser.screenshot(CIRCLE);
  // Without its dots the circle has 5% less ink; the same drawing a fraction of a pixel off, 0.4%.
  const [inkArticle, inkAlone] = [inkPixels(inArticle), inkPixels(alone)];
  const share = Math.abs(inkArticle - inkAlone) / inkAlone;
  if (share >= 0.025) {
    await mkdir(SHOTS, { recursive: true });
    await writeFile(`${SHOTS}/${name}-rotation-article.png`, encodePng(inArticle));
    await writeFile(`${SHOTS}/${name}-rotation-embed.png`, encodePng(alone));
  }
  assert.ok(
    share < 0.025,
    `the rotation circle: ink in the article ${inkArticle} px, in the embed ${inkAlone} px (${SHOTS})`,
  );
}

for (const name of names.filter((n) => n !== 'wpe')) {
  const engine = ENGINES[name];
  describe(engine.label, { concurrency: false }, () => {
    let light;
    let dark;
    before(async () => {
      [light, dark] = [await engine.start({ dark: false }), await engine.start({ dark: true })];
      process.stdout.write(`# ${engine.label} ${light.version}\n`);
    });
    after(async () => {
      await light?.close();
      await dark?.close();
    });
    const open = (browser, page, size) =>
      browser.open(servers.site + page, { ...size, frame: servers.frame });

    test('the article at 1280 px, light: every figure draws, no error, axe finds nothing, the circle as alone', async () => {
      await open(light, 'index.html', { width: 1280, height: 900 });
      const report = await light.run(scrollThroughArticle, 60_000);
      assertEveryFigureDrawn(report, '1280 px');
      assert.equal(report.contents[0], report.contents[1], 'the contents list has every section');
      assert.ok(report.contents[0] > 5);
      assert.deepEqual(report.emptyLive, [], 'live numbers left empty');
      assert.equal(report.dark, false);
      assert.equal(report.background, LIGHT_BACKGROUND);
      await light.inject(await axeSource);
      assert.deepEqual(await light.run(axeViolations), []);
      assert.deepEqual(report.problems.concat(await light.run(async () => window.__crossProblems)), []);
      await sameCircleAsAlone(light, name);
    });

    test('the article at 375 px in the dark scheme: every figure draws, nothing overflows, no error', async () => {
      await open(dark, 'index.html', { width: 375, height: 740 });
      const report = await dark.run(scrollThroughArticle, 60_000);
      for (const figure of report.figures) assertDrawn(figure, '375 px');
      assert.equal(report.dark, true, 'prefers-color-scheme: dark');
      assert.equal(report.background, DARK_BACKGROUND);
      assert.ok(report.overflow <= 0, `the page scrolls sideways by ${report.overflow} px`);
      assert.deepEqual(report.problems, []);
    });

    test('every figure alone (embed.html) draws with no error', async () => {
      for (const id of IDS) {
        await open(light, `embed.html?figure=${id}`, { width: 800, height: 600 });
        const report = await light.run(embedDrawn, 30_000);
        assertDrawn({ id, ...report }, `embed (${report.page}; ${report.holds})`);
        assert.deepEqual(report.problems, [], `embed ${id}`);
      }
    });

    test('<pe-figure> on another origin draws both of its figures', async () => {
      await light.open(servers.blog, { width: 1000, height: 900 });
      const report = await light.run(blogFigures, 30_000);
      for (const figure of report.figures) assertDrawn(figure, 'pe-figure');
      assert.equal(report.figures.length, 2);
      assert.deepEqual(report.problems, []);
    });

    test('a slider moved by keyboard redraws its figure and its numbers', async () => {
      await open(light, 'embed.html?figure=naive', { width: 800, height: 600 });
      await light.run(embedDrawn, 30_000);
      const before = await light.run(keyboardRedraws, 'naive', 'Offset k', null, 10_000);
      await light.press('[data-cross-slider]', 'ArrowRight');
      const changed = await light.run(keyboardRedraws, 'naive', 'Offset k', before, 10_000);
      assert.equal(changed.value, String(Number(before.value) + 1));
      assert.notEqual(changed.text, before.text, 'the numbers changed');
      assert.notEqual(changed.picture, before.picture, 'the drawing changed');
      assert.deepEqual(changed.problems, []);
    });

    // Two runs of 300 steps: a race that its first chunks say will be long stops to ask first (lab/race.js,
    // ASK_ABOVE_SECONDS), which 10 runs of 3,000 steps reached on a loaded machine.
    test('the lab trains a few steps in its workers, counts them and draws its curves', async () => {
      await open(light, 'embed.html?figure=lab&schemes=none,rope&seeds=1', { width: 1000, height: 800 });
      const report = await light.run(afterSteps, 20, 2, 120_000);
      assert.ok(report.step >= 20, `step counter at ${report.step}`);
      assert.deepEqual(report.curves, ['none', 'rope']);
      assert.deepEqual(report.problems, []);
    });

    test('a shared link restores the figure it names', async () => {
      await open(light, 'index.html?naive.offset=5#naive', { width: 1280, height: 900 });
      const report = await light.run(restoredValue, 'naive', 30_000);
      assert.equal(report.value, '5');
      assert.deepEqual(report.problems, []);
    });

    test('the engine computes bitwise what it computes in Node', async () => {
      await open(light, 'embed.html?figure=order', { width: 800, height: 600 });
      const got = await light.run(engineNumbers, `${servers.site}engine/`);
      assert.deepEqual(got, await expectedNumbers);
    });

    test('the article is set in its own text face, loaded from the site', async () => {
      await open(light, 'index.html', { width: 1280, height: 900 });
      const report = await light.run(textFace, 'Source Serif 4', 20_000);
      // The height to compare by eye with other engines' and Chromium's (tests/e2e/typeface.spec.js).
      process.stdout.write(
        `# ${engine.label}: ten paragraphs ${report.height.toFixed(1)} px high at 1280 px\n`,
      );
      assert.ok(report.loaded.includes('400 normal'), `faces loaded: ${report.loaded.join(', ')}`);
      assert.match(report.family, /^["']?Source Serif 4["']?,/);
      assert.deepEqual(report.problems, []);
    });
  });
}

/**
 * What the page's engine calls say (tests/cross/calls.js): each replayed in Node on the build the page ran, and
 * any call that lost its module (a trap) or answered otherwise than in Node, as problems; the record is saved
 * under test-results/cross/ when there is one.
 */
const replayed = { pages: 0, calls: 0 };
after(() => {
  if (replayed.pages > 0) {
    process.stdout.write(
      `# WPE: ${replayed.calls} engine calls of ${replayed.pages} pages replayed in Node\n`,
    );
  }
});

async function engineCallProblems(browser, page) {
  const record = await browser.run(async () => window.__peCalls);
  const lost = record.calls.filter((call) => /EngineLostError/.test(call.error ?? ''));
  const { calls, differences } = await replay([{ page, ...record }]);
  replayed.pages += 1;
  replayed.calls += calls;
  if (lost.length === 0 && differences.length === 0) return [];
  await mkdir(SHOTS, { recursive: true });
  const file = `${SHOTS}/calls-${page.replace(/\W+/g, '-')}.json`;
  await writeFile(file, JSON.stringify([{ page, ...record }]));
  return [
    `${page}: ${lost.length} calls lost the module (${lost.map((c) => c.error).join('; ')}); ` +
      `${calls} calls replayed in Node (${record.simd ? 'SIMD' : 'scalar'}), ${differences.length} answered ` +
      `otherwise: ${differences.slice(0, 3).join('; ')} (the record: ${file})`,
  ];
}

// WPE WebKit 2.38, the engine of Safari 16.0-16.3: no WebAssembly SIMD, so every figure must come from the scalar
// modules, computing the same numbers. Its headless window is fixed at 800 x 600.
if (names.includes('wpe')) {
  describe(ENGINES.wpe.label, { concurrency: false }, () => {
    let browser;
    before(async () => {
      browser = await ENGINES.wpe.start({ dark: false });
      process.stdout.write(`# ${ENGINES.wpe.label} ${browser.version}\n`);
    });
    after(() => browser?.close());
    const size = { width: 800, height: 600 };

    test('it has no WebAssembly SIMD, and the article\u2019s figures all draw from the scalar modules', async () => {
      await browser.open(`${servers.site}index.html`, size);
      const report = await browser.run(scrollThroughArticle, 60_000);
      assertEveryFigureDrawn(report, 'WPE');
      const loaded = await browser.run(wasmLoaded);
      assert.ok(
        loaded.length > 0 && loaded.every((file) => file.endsWith('.scalar.wasm')),
        loaded.join(', '),
      );
      assert.deepEqual(report.problems.concat(await engineCallProblems(browser, 'index.html')), []);
    });

    test('every figure alone draws', async () => {
      for (const id of IDS) {
        await browser.open(`${servers.site}embed.html?figure=${id}`, size);
        const report = await browser.run(embedDrawn, 30_000);
        const calls = await engineCallProblems(browser, `embed-${id}`);
        assertDrawn({ id, ...report }, `embed (${report.page}; ${report.holds}; ${calls.join(' ')})`);
        assert.deepEqual(report.problems.concat(calls), [], `embed ${id}`);
      }
    });

    test('a trap: a fresh instance answers; a second within seconds shows the failure box', async () => {
      await browser.open(`${servers.site}embed.html?figure=naive`, size);
      await browser.run(embedDrawn, 30_000);
      const start = await browser.run(async () => window.__peInstances);
      const once = await browser.run(trapAndStep, 1, 20_000);
      assert.match(once.bar, /offset 4 in a 10-word sentence: 0\.444444/);
      assert.equal(once.stopped, null);
      assert.equal(once.instances, start + 1, 'a fresh instance');
      assert.equal(once.trapsLeft, 0);
      assert.deepEqual(once.problems, []);
      // On a page of its own: a trap within 10 s of the one above would stop the figure at once, and the second
      // trap asked for would stay armed for whatever call came next.
      await browser.open(`${servers.site}embed.html?figure=naive`, size);
      await browser.run(embedDrawn, 30_000);
      const twice = await browser.run(trapAndStep, 2, 20_000);
      assert.match(twice.stopped ?? '', /naiveOffsetMeaning.*stopped again/);
      assert.equal(twice.value, '4', 'the slider keeps the reader\u2019s value');
      assert.equal(twice.trapsLeft, 0, 'both traps were met by the figure\u2019s own call');
      assert.deepEqual(twice.problems, []);
    });

    test('the scalar modules compute bitwise what the SIMD modules compute in Node', async () => {
      await browser.open(`${servers.site}embed.html?figure=order`, size);
      assert.deepEqual(
        await browser.run(engineNumbers, `${servers.site}engine/`, '.scalar'),
        await expectedNumbers,
      );
    });
  });
}
