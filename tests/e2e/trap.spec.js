// A WebAssembly trap never leaves a figure dead (ui/recover.js, engine/lost.js): tests/trap/hook.js makes chosen
// engine calls throw a WebAssembly.RuntimeError, as a fault would. One trap: the page starts a fresh instance of
// the module and the figure asks again, drawing what the reader asked for. Two within seconds: the figure's
// failure box names the call, the controls keep what the reader set, "Try again" draws again, and the rest of the
// page goes on. A trap in a lab worker: the lab names the runs it lost, and Reset trains again.
import { readFile } from 'node:fs/promises';
import { expect, openArticleFigure, openFigure, pressKey, settings, test } from './fixtures.js';
import { openLab } from './lab-helpers.js';

test.beforeEach(async ({ page }) => {
  await page.addInitScript({ path: 'tests/trap/hook.js' });
});

const drawn = (figure) => expect(figure.locator('path.pe-naive-line')).toHaveCount(3);
const instances = (page) => page.evaluate(() => window.__peInstances);
const arm = (page, traps) => page.evaluate((n) => (window.__peTraps = n), traps);
/** What the naive figure says of offset k in a sentence of 10 words: exactly k / 9. */
const offsetBar = (figure, k) =>
  expect(figure.locator('g.pe-naive-bar').nth(1)).toHaveAttribute(
    'aria-label',
    new RegExp(`offset ${k} in a 10-word sentence: ${(k / 9).toFixed(6).replace('.', '\\.')}`),
  );

test('one trap: a fresh engine answers the same change; a second within seconds shows the failure box', async ({
  page,
}) => {
  const figure = await openFigure(page, 'naive', '', { ready: drawn });
  const offset = (await settings(figure)).getByLabel('Offset k');
  await offsetBar(figure, 3);
  const before = await instances(page);

  await arm(page, 1);
  await pressKey(offset, 'ArrowRight');
  await offsetBar(figure, 4);
  expect(await instances(page)).toBe(before + 1);
  expect(await page.evaluate(() => window.__peTraps)).toBe(0);
  await expect(figure.locator('.pe-load-failure')).toHaveCount(0);
  await expect(figure.locator('.pe-error')).toBeHidden();

  await arm(page, 2);
  await pressKey(offset, 'ArrowRight');
  const box = figure.locator('.pe-load-failure[data-failure="stopped"]');
  await expect(box).toBeVisible();
  await expect(box.locator('.pe-load-what')).toContainText('naiveOffsetMeaning');
  await expect(box.locator('.pe-load-what')).toContainText('stopped again');
  await expect(figure.locator('.pe-plot')).toBeHidden();
  await expect(offset).toHaveValue('5');

  await box.getByRole('button', { name: 'Try again' }).click();
  await expect(box).toHaveCount(0);
  await expect(figure.locator('.pe-plot')).toBeVisible();
  await offsetBar(figure, 5);
  await pressKey(offset, 'ArrowRight');
  await offsetBar(figure, 6);
});

test('in the article, a figure stopped by two traps leaves every other figure working', async ({ page }) => {
  const naive = await openArticleFigure(page, 'naive', { ready: drawn });
  await arm(page, 2);
  await pressKey((await settings(naive)).getByLabel('Offset k'), 'ArrowRight');
  await expect(naive.locator('.pe-load-failure[data-failure="stopped"]')).toBeVisible();

  const alibi = page.locator('[data-mount="alibi"]');
  await alibi.scrollIntoViewIfNeeded();
  await expect(alibi).toHaveAttribute('data-figure', 'alibi');
  const summary = alibi.locator('.pe-summary');
  await expect(summary).not.toBeEmpty();
  const text = await summary.textContent();
  await pressKey((await settings(alibi)).getByLabel('Heads', { exact: true }), 'ArrowRight', 4);
  await expect(summary).not.toHaveText(text ?? '');
  await expect(summary).toContainText('12 ALiBi heads');
  await expect(alibi.locator('.pe-load-failure')).toHaveCount(0);
  await expect(naive.locator('.pe-load-failure[data-failure="stopped"]')).toBeVisible();
});

test('a trap in a training worker: the lab names the runs it lost, and Reset trains again', async ({
  page,
}) => {
  // The first training worker's script starts with the hook, set to trap at its 30th call into the module.
  const hook = await readFile('tests/trap/hook.js', 'utf8');
  let hooked = 0;
  await page.route(/\/assets\/worker-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    hooked += 1;
    const prelude = hooked === 1 ? `self.__peTrapAt = 30;\n${hook}\n` : '';
    await route.fulfill({ response, body: prelude + body });
  });
  const figure = await openLab(page, '&schemes=none,rope&seeds=1&workers=1&steps=300');
  await figure.getByRole('button', { name: 'Play' }).click();
  const status = figure.locator('.pe-lab-status');
  await expect(status).toContainText('stopped in a worker', { timeout: 60_000 });
  await expect(status).toContainText('Lost with it: none from seed 1, rope from seed 1.');
  await figure.getByRole('button', { name: 'Reset' }).click();
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect(figure.locator('.pe-lab-counter')).toContainText(/Step [1-9]/, { timeout: 60_000 });
  await expect(status).not.toContainText('stopped');
});

test('a trap in the engine worker: the heatmap asks again and draws its picture', async ({ page }) => {
  // The engine worker's script starts with the hook, set to trap at its first call into the module: the first
  // picture is painted on the page, the next large one in the worker.
  const hook = await readFile('tests/trap/hook.js', 'utf8');
  let trapAt = 1;
  await page.route(/\/assets\/engine-worker-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const prelude = `${hook}\nself.__peTrapAt = ${trapAt};\nself.__peTraps = ${trapAt ? 0 : 1e9};\n`;
    await route.fulfill({ response, body: prelude + (await response.text()) });
  });
  const figure = await openFigure(page, 'heatmap', 'positions=1024&dModel=256');
  const positions = (await settings(figure)).getByLabel('Positions');
  await pressKey(positions, 'ArrowRight');
  const value = await positions.inputValue();
  const canvas = figure.locator(`canvas[data-positions="${value}"][data-dimensions="256"]`);
  await expect(canvas).toHaveCount(1, { timeout: 20_000 });
  await expect(figure.locator('.pe-load-failure')).toHaveCount(0);
  await expect(figure.locator('.pe-error')).toBeHidden();

  // A worker whose every call traps: the figure stops, naming the call, and keeps the reader's value.
  trapAt = 0;
  await page.reload();
  await expect(figure.locator('canvas[data-positions="1024"]')).toHaveCount(1);
  await pressKey(positions, 'ArrowRight');
  const box = figure.locator('.pe-load-failure[data-failure="stopped"]');
  await expect(box.locator('.pe-load-what')).toContainText('sinusoidalImage');
  await expect(positions).toHaveValue(value);
});
