// Every figure in Chromium, Firefox ESR and WebKitGTK, side by side (issue 21): each figure alone (embed.html) at
// 1280 and 375 px, light and dark, shot to artifacts/screenshots/browsers/<engine>/<id>-<width>-<theme>.png, with
// an index page there (index.html) that shows them in a table, a row per figure x width x theme and a column per
// engine, for a reviewer to compare in one look. A shot fails when it is blank (shots.mjs isBlank) or its width
// or height is more than 10 % off Chromium's; the index marks the cells that failed and is written either way.
// One page load per figure and width: the dark shot follows the light one with the scheme switched in place.
// Run after `npm run build`: node --test tests/cross/shots.test.mjs (E2E_PORT; CROSS_ENGINES chooses among
// firefox and webkit; Chromium, the reference, always runs).
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { figures } from '../../web/src/app/registry.js';
import { ENGINES } from './drivers.mjs';
import { encodePng } from './png.mjs';
import { serve } from './server.mjs';
import { figureSettled, indexPage, isBlank, sizeOff } from './shots.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173) + 50;
const OUT = 'artifacts/screenshots/browsers';
const IDS = Object.keys(figures);
const WIDTHS = [1280, 375];
const THEMES = ['light', 'dark'];
const BACKGROUND = { light: 'rgb(251, 250, 247)', dark: 'rgb(20, 23, 31)' };
// Chromium's window: tall enough for the tallest figure at each width. The others' windows are as tall as the
// figure was in Chromium and a margin (a smaller window is shot faster); one that is taller gets a taller window.
const HEIGHT = { 1280: 1700, 375: 2300 };
const MARGIN = 150;
/** The bottom of each figure in Chromium's window, keyed `${id}-${width}`. */
const bottoms = new Map();
const MOST_OFF = 0.1;
const chosen = (process.env.CROSS_ENGINES ?? 'firefox,webkit').split(',');
const engines = ['chromium', ...['firefox', 'webkit'].filter((name) => chosen.includes(name))];
const rows = WIDTHS.flatMap((width) => IDS.flatMap((id) => THEMES.map((theme) => ({ id, width, theme }))));

const servers = await serve(PORT);
/** Each engine's label and version, once it has started. */
const ran = [];
/** The cells of the index, keyed `${engine}/${id}-${width}-${theme}`. */
const cells = new Map();

/** Writes the index page (with whatever has been shot so far) and returns its path. */
async function writeIndex() {
  const shown = engines.map(
    (name) => ran.find((e) => e.name === name) ?? { name, label: ENGINES[name].label, version: 'not run' },
  );
  const file = path.join(OUT, 'index.html');
  await writeFile(file, indexPage(shown, rows, cells, `Shot ${new Date().toISOString()}`));
  return file;
}

after(async () => {
  servers.close();
  process.stdout.write(`# the screenshots side by side: ${path.resolve(await writeIndex())}\n`);
});

/** Shoots figure `id` at `width` in both schemes: one load, the dark shot after switching in place. */
async function shootFigure(browser, name, id, width) {
  const open = (height) =>
    browser.open(`${servers.site}embed.html?figure=${id}&theme=light`, {
      width,
      height,
      frame: servers.frame,
    });
  const reference = bottoms.get(`${id}-${width}`);
  let height = reference === undefined ? HEIGHT[width] : reference + MARGIN;
  await open(height);
  for (const theme of THEMES) {
    const key = `${id}-${width}-${theme}`;
    const cell = { failures: [] };
    cells.set(`${name}/${key}`, cell);
    try {
      let report = await browser.run(figureSettled, 30_000, theme === 'light' ? null : theme);
      if (report.bottom > report.innerHeight) {
        // Taller than the window: again in a window that holds it.
        height = report.bottom + 100;
        await open(height);
        report = await browser.run(figureSettled, 30_000, theme === 'light' ? null : theme);
      }
      if (name === 'chromium') bottoms.set(`${id}-${width}`, report.bottom);
      const shot = await browser.shot('[data-figure]');
      cell.file = `${name}/${key}.png`;
      cell.width = shot.width;
      cell.height = shot.height;
      await writeFile(path.join(OUT, cell.file), encodePng(shot));
      if (report.background !== BACKGROUND[theme]) {
        cell.failures.push(`not ${theme}: background ${report.background}`);
      }
      if (isBlank(shot)) cell.failures.push('blank');
      const reference = cells.get(`chromium/${key}`);
      if (name !== 'chromium' && reference?.file) {
        const off = sizeOff(shot, reference);
        if (off > MOST_OFF) {
          cell.failures.push(
            `size ${Math.round(off * 100)} % off Chromium's ${reference.width} \u00d7 ${reference.height}`,
          );
        }
      }
    } catch (error) {
      cell.failures.push(
        `no shot: ${String(error?.message ?? error)
          .split('\n')[0]
          .slice(0, 200)}`,
      );
    }
  }
}

describe('every figure side by side in Chromium, Firefox ESR and WebKitGTK', { concurrency: false }, () => {
  for (const name of engines) {
    const engine = ENGINES[name];
    test(`${engine.label}: each figure at 1280 and 375 px, light and dark, drawn and sized as in Chromium`, async () => {
      await rm(path.join(OUT, name), { recursive: true, force: true });
      await mkdir(path.join(OUT, name), { recursive: true });
      const started = performance.now();
      const browser = await engine.start({ dark: false });
      ran.push({ name, label: engine.label, version: browser.version });
      try {
        for (const width of WIDTHS) for (const id of IDS) await shootFigure(browser, name, id, width);
      } finally {
        await browser.close();
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`# ${engine.label} ${browser.version}: ${rows.length} shots in ${seconds} s\n`);
      const failed = rows
        .map(({ id, width, theme }) => `${id}-${width}-${theme}`)
        .map((key) => [key, cells.get(`${name}/${key}`)?.failures ?? ['not shot']])
        .filter(([, failures]) => failures.length > 0)
        .map(([key, failures]) => `${key}: ${failures.join('; ')}`);
      await writeIndex();
      assert.deepEqual(failed, [], `${engine.label}: ${failed.length} shots failed (${OUT}/index.html)`);
    });
  }
});
