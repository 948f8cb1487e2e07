// Figure `learned` (section "Learned position tables"): the published Table 3 numbers, and a learned table that
// the page trains in a worker beside the sinusoidal formula's. Every trained value read here is compared with the
// same run trained by the test's own engine instance in the page.
import { readFile } from 'node:fs/promises';
import {
  test,
  expect,
  sinusoid,
  expectNumberAfter,
  openFigure,
  openArticleFigure,
  shareMenu,
} from './fixtures.js';
import { live, expectLiveTexts, engineInPage, hoverCell, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow, openDataTable, watchWorkers } from './fixtures.js';
import { tablePattern } from '../js/table-pattern.mjs';

/** The run the figure trains, as the engine's Lab configuration (the lab's small model). */
const RUN = {
  task: 'previous',
  scheme: 'learned',
  dModel: 32,
  nHeads: 4,
  nLayers: 1,
  length: 16,
  lr: 0.01,
  steps: 300,
  seed: 1,
  batch: 32,
};
const SETUP =
  'task copy the previous token; learned; training length 16; small model (width 32); learning rate 0.01; ' +
  '300 steps; seed 1';

/** The figure is ready once both tables are drawn: the learned one when its training has finished. */
const drawn = async (figure) => {
  await expect(figure.locator('.pe-learned-status')).toContainText('trained by this page', {
    timeout: 60_000,
  });
  await expect(figure.locator('canvas.pe-learned-canvas:visible')).toHaveCount(2);
};
const openLearned = (page, query) => openFigure(page, 'learned', query, { ready: drawn });

/** The same run trained by the test's own engine in the page: its table (T x d) and last batch accuracy. */
const trainedHere = (page, config = RUN) =>
  engineInPage(
    page,
    (pe, c, labModule) => {
      const lab = new labModule.Lab(c);
      const { accuracy } = lab.train(c.steps);
      const table = Array.from(lab.positionTable());
      lab.delete();
      return { table, accuracy: accuracy[accuracy.length - 1] };
    },
    config,
  );

test('the published Table 3 numbers are shown with their source', async ({ page }) => {
  const figure = await openLearned(page);
  const paper = figure.locator('table.pe-learned-paper');
  await expect(paper).toContainText('Vaswani et al. (2017), Table 3');
  await expect(paper.locator('tbody tr').nth(0)).toHaveText(/base \(sinusoidal\)\s*4\.92\s*25\.8/);
  await expect(paper.locator('tbody tr').nth(1)).toHaveText(/\(E\) learned positions\s*4\.92\s*25\.7/);
  await figure.locator('.pe-learned-bar-row').nth(1).focus();
  await expect(figure.locator('.pe-readout')).toContainText('(E) learned positions: BLEU 25.7');
});

test('the table trains with progress shown, and the keyboard reads the engine\u2019s trained values', async ({
  page,
}) => {
  // Every text the status line shows, in order.
  await page.addInitScript(() => {
    const seen = [];
    Object.assign(window, { learnedStatus: seen });
    new MutationObserver(() => {
      const text = document.querySelector('.pe-learned-status')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const figure = await openLearned(page);
  const status = figure.locator('.pe-learned-status');
  await expect(status).toHaveText(
    `Learned table trained by this page: ${SETUP}; accuracy on the last training batch 100%.`,
  );
  const seen = await page.evaluate(() => /** @type {any} */ (window).learnedStatus);
  expect(seen[0]).toMatch(/^Training the learned table: step 0 of 300\u2026 \(Task copy the previous token;/);
  const steps = seen
    .map((text) => text.match(/step (\d+) of 300/)?.[1])
    .filter(Boolean)
    .map(Number);
  expect(
    steps.some((s) => s > 0 && s < 300),
    `progress shown: ${steps.join(' ')}`,
  ).toBe(true);
  const expected = await trainedHere(page);
  expect(expected.accuracy).toBe(1);

  const learned = figure.locator('canvas.pe-learned-canvas').first();
  const readout = figure.locator('.pe-readout');
  await learned.focus();
  await expect(readout).toContainText('learned table, position 0, dimension 0: value');
  await expectNumberAfter(readout, 'value', expected.table[0], 1e-5);
  await pressKey(learned, 'ArrowDown', 7);
  await pressKey(learned, 'ArrowRight', 3);
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  await expectNumberAfter(readout, 'value', expected.table[7 * 32 + 3], 1e-5);
  await pressKey(learned, 'End');
  await expect(readout).toContainText('learned table, position 31, dimension 3: no value');
  await learned.press('Shift+End');
  await pressKey(learned, 'ArrowUp', 16);
  await expect(readout).toContainText('learned table, position 15, dimension 31: value');
  await expectNumberAfter(readout, 'value', expected.table[15 * 32 + 31], 1e-5);
});

test('the worker that trained the table is terminated once the table is back', async ({ page }) => {
  const workers = watchWorkers(page);
  await openLearned(page);
  expect(workers.length).toBeGreaterThan(0);
  await expect.poll(() => workers.every((w) => w.closed)).toBe(true);
});

test('destroying the figure while it trains terminates its worker', async ({ page }) => {
  await page.addInitScript(() => {
    const terminate = Worker.prototype.terminate;
    Object.assign(window, { terminated: 0 });
    Worker.prototype.terminate = function () {
      /** @type {any} */ (window).terminated += 1;
      return terminate.call(this);
    };
  });
  const workers = watchWorkers(page);
  await openLearned(page);
  const first = workers.length;
  // A second copy of the figure, mounted from the module the page loaded, and destroyed while it trains.
  await page.evaluate(async () => {
    const url = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => /\/learned-[\w-]+\.js$/.test(name));
    const { default: figure } = await import(url);
    const element = document.createElement('div');
    document.body.append(element);
    Object.assign(window, { second: { element, handle: figure.mount(element, { seed: 2 }) } });
  });
  await expect.poll(() => workers.length).toBe(first + 1);
  const { status, terminated } = await page.evaluate(() => {
    const { second } = /** @type {any} */ (window);
    const text = second.element.querySelector('.pe-learned-status').textContent;
    const before = /** @type {any} */ (window).terminated;
    second.handle.destroy();
    return { status: text, terminated: /** @type {any} */ (window).terminated - before };
  });
  expect(status).toContain('Training the learned table: step');
  expect(terminated).toBe(1);
  await expect.poll(() => workers[first].closed).toBe(true);
});

test('past its last row the learned table has no value; the formula does', async ({ page }) => {
  const figure = await openLearned(page, 'length=64');
  const [learned, sinus] = [0, 1].map((i) => figure.locator('canvas.pe-learned-canvas').nth(i));
  await expect(learned).toHaveAttribute('height', '64');
  await expect(figure.locator('.pe-learned-edge').first()).toBeVisible();
  await expect(figure.locator('.pe-learned-edge').first()).toHaveText('no rows after position 15');
  const readout = figure.locator('.pe-readout');

  await hoverCell(page, learned, 50, 5, 64, 32);
  await expect(readout).toContainText('learned table, position 50, dimension 5: no value');
  await hoverCell(page, learned, 16, 5, 64, 32);
  await expect(readout).toContainText('learned table, position 16, dimension 5: no value');

  await hoverCell(page, sinus, 50, 5, 64, 32);
  await expect(readout).toContainText('sinusoidal, position 50, dimension 5');
  await expectNumberAfter(readout, 'value', sinusoid(50, 5, 32), 1e-5);

  // A cell inside the learned table reads the trained row.
  await hoverCell(page, learned, 7, 3, 64, 32);
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  const expected = await trainedHere(page);
  await expectNumberAfter(readout, 'value', expected.table[7 * 32 + 3], 1e-5);
});

test('the length slider moves past the table and the keyboard reads cells', async ({ page }) => {
  const figure = await openLearned(page, 'length=14');
  await expect(figure.locator('.pe-learned-edge').first()).toBeHidden();
  await expect(figure.locator('.pe-summary')).not.toContainText('has nothing');
  await pressKey(figure.getByLabel('Sequence length'), 'ArrowRight', 5);
  await expect(figure.locator('canvas.pe-learned-canvas').first()).toHaveAttribute('height', '19');
  await expect(figure.locator('.pe-summary')).toContainText(
    'supplies 16 rows and has nothing for the last 3',
  );
  const learned = figure.locator('canvas.pe-learned-canvas').first();
  await pressKey(learned, 'End');
  await expect(figure.locator('.pe-readout')).toContainText('position 18, dimension 0: no value');
  const sinus = figure.locator('canvas.pe-learned-canvas').nth(1);
  await pressKey(sinus, 'ArrowRight');
  await expect(figure.locator('.pe-readout')).toContainText('sinusoidal, position 18, dimension 1');
  await expectNumberAfter(figure.locator('.pe-readout'), 'value', sinusoid(18, 1, 32), 1e-5);
});

test('the summary, the data table and the CSV give the trained table and its run', async ({ page }) => {
  const figure = await openLearned(page, 'length=20');
  const expected = await trainedHere(page);
  await expect(figure.locator('.pe-summary')).toContainText(
    `Learned table trained by this page: ${SETUP}; accuracy on the last training batch 100%. For 20 ` +
      'positions at width 32, the learned table supplies 16 rows and has nothing for the last 4; the ' +
      'sinusoidal formula supplies all 20.',
  );
  const { rows, note } = await openDataTable(figure);
  await expect(rows).toHaveCount(20);
  await expect(note).toContainText('Showing dimensions 0\u20137 of 32');
  await expect(note).toContainText(SETUP);
  const cells = (row) => rows.nth(row).locator('td').allTextContents();
  const seven = await cells(7);
  expect(Math.abs(Number(seven[1 + 2 * 3].replace('\u2212', '-')) - expected.table[7 * 32 + 3])).toBeLessThan(
    1e-5,
  );
  expect(Math.abs(Number(seven[2 + 2 * 3].replace('\u2212', '-')) - sinusoid(7, 3, 32))).toBeLessThan(1e-5);
  const past = await cells(17);
  expect(past.filter((_, i) => i % 2 === 1)).toEqual(Array(8).fill('none'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (await shareMenu(figure)).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(lines).toHaveLength(21);
  const header = lines[0].split(',');
  expect(header).toHaveLength(1 + 2 * 32);
  const row = lines[1 + 15].split(',');
  const column = header.indexOf('learned 31');
  expect(Math.abs(Number(row[column].replace('\u2212', '-')) - expected.table[15 * 32 + 31])).toBeLessThan(
    1e-5,
  );
  expect(lines[1 + 16].split(',')[column]).toBe('none');
});

test('a seed out of range from the URL is brought to 0 with a note, and the formula\u2019s side works', async ({
  page,
}) => {
  const figure = await openFigure(page, 'learned', 'seed=-1&length=20');
  await expect(figure.locator('.pe-url-notes')).toHaveText(
    'seed "-1" is below the least this figure draws, 0: showing 0.',
  );
  await pressKey(figure.getByLabel('Sequence length'), 'ArrowRight');
  const sinus = figure.locator('canvas.pe-learned-canvas').nth(1);
  await expect(sinus).toHaveAttribute('height', '21');
  await pressKey(sinus, 'End');
  await expect(figure.locator('.pe-readout')).toContainText('sinusoidal, position 20, dimension 0');
  await expectNumberAfter(figure.locator('.pe-readout'), 'value', sinusoid(20, 0, 32), 1e-5);
  await expect(figure.locator('.pe-url-notes')).toBeVisible();
  await expect(figure.locator('.pe-error')).toBeHidden();
});

test('another seed trains another table', async ({ page }) => {
  const figure = await openLearned(page, 'seed=7');
  await expect(figure.locator('.pe-learned-status')).toContainText('seed 7');
  const expected = await trainedHere(page, { ...RUN, seed: 7 });
  const learned = figure.locator('canvas.pe-learned-canvas').first();
  await pressKey(learned, 'ArrowDown', 4);
  await expect(figure.locator('.pe-readout')).toContainText('learned table, position 4, dimension 0: value');
  await expectNumberAfter(figure.locator('.pe-readout'), 'value', expected.table[4 * 32], 1e-5);
  await expect(figure.locator('a.pe-learned-lab')).toHaveAttribute('href', /seed=7/);
});

test('on the article the prose numbers are live and its claims about the trained table hold', async ({
  page,
}) => {
  const figure = await openArticleFigure(page, 'learned', { ready: drawn });
  const expected = await trainedHere(page);
  expect(expected.accuracy).toBe(1);
  await expectLiveTexts(page, 'learned', {
    'learned-dmodel': '32',
    'learned-steps': '300',
    'learned-seed': '1',
    'learned-accuracy': '100%',
    'learned-last': '15',
    'learned-length': '32',
    'learned-missing': '16',
  });
  // The training length is quoted three times: the sequences, the rows, and the lab's setting.
  await expect(live(page, 'learned', 'learned-rows')).toHaveText(['16', '16', '16']);
  await pressKey(figure.getByLabel('Sequence length'), 'ArrowRight');
  await expect(live(page, 'learned', 'learned-missing')).toHaveText('17');

  // "in some tables the colour of a few columns flips from each position to the next, in others it drifts from
  // one end of the table to the other": columns of the test's own run whose sign changes at every step, and
  // columns that follow the position (correlation above 0.75) with opposite signs at the two ends.
  const [T, d] = [RUN.length, RUN.dModel];
  const { flipping, drifting } = tablePattern(expected.table, T, d);
  // Seed 1's table has both; "which dimensions carry it depends on the seed".
  expect(flipping).toBeGreaterThanOrEqual(3);
  expect(drifting).toBeGreaterThanOrEqual(3);
  // "each row points away from its neighbours and towards the rows two positions off (their mean cosine
  // similarity is negative for neighbours and positive two apart)": for seeds 1..10 in tests/js/claims.test.mjs.
  const cosine = (k) => {
    let sum = 0;
    for (let p = 0; p + k < T; p += 1) {
      let [ab, aa, bb] = [0, 0, 0];
      for (let j = 0; j < d; j += 1) {
        ab += expected.table[p * d + j] * expected.table[(p + k) * d + j];
        aa += expected.table[p * d + j] ** 2;
        bb += expected.table[(p + k) * d + j] ** 2;
      }
      sum += ab / Math.sqrt(aa * bb);
    }
    return sum / (T - k);
  };
  expect(cosine(1)).toBeLessThan(0);
  expect(cosine(2)).toBeGreaterThan(0);
  // The link sets the lab on the page to this run: the task and the training length of 16.
  const preset = page.locator('#learned a.lab-preset', { hasText: 'train it in the lab' });
  await expect(preset).toHaveAttribute('data-preset', `task=previous&length=${T}`);
});

test('the link opens the same run in the lab, which trains the same table', async ({ page }) => {
  test.setTimeout(180_000);
  const figure = await openLearned(page);
  const learned = figure.locator('canvas.pe-learned-canvas').first();
  await pressKey(learned, 'ArrowDown', 5);
  await pressKey(learned, 'ArrowRight', 2);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('learned table, position 5, dimension 2: value');
  const value = (await readout.textContent()).match(/value (\S+)/)[1];

  await (await shareMenu(figure)).getByRole('link', { name: 'Open this run in the lab' }).click();
  const lab = page.locator('[data-figure="lab"]');
  await expect(lab.locator('.pe-summary')).toContainText(SETUP.replace('task', 'Task'));
  await lab.getByRole('button', { name: 'Play' }).click();
  await expect(lab.locator('.pe-lab-tables .pe-lab-note').first()).toContainText('after 300 steps', {
    timeout: 150_000,
  });
  const table = lab.locator('canvas.pe-lab-table-canvas').first();
  await pressKey(table, 'ArrowDown', 5);
  await pressKey(table, 'ArrowRight', 2);
  await expect(lab.locator('.pe-readout')).toContainText(
    `trained learned table, position 5, dimension 2: value ${value}`,
  );
});

test('the figure fits 360 px without horizontal overflow, in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  await openLearned(page);
  await expectNoHorizontalOverflow(page);
});

test('the cell read in one table is marked in the other, and stays the one read as the length moves', async ({
  page,
}) => {
  const figure = await openLearned(page, 'length=20');
  const [learned, sinus] = [0, 1].map((i) => figure.locator('canvas.pe-learned-canvas').nth(i));
  await hoverCell(page, learned, 7, 3, 20, 32);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  const cursors = figure.locator('rect.pe-learned-cursor');
  await expect(cursors.nth(1)).toHaveAttribute('visibility', 'visible');
  const [a, b] = await cursors.evaluateAll((rects) => rects.map((r) => r.getAttribute('y')));
  expect(a).toBe(b);
  await pressKey(figure.getByLabel('Sequence length'), 'ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('For 21 positions');
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  await sinus.focus();
  await expect(readout).toContainText('sinusoidal, position 7, dimension 3');
});
