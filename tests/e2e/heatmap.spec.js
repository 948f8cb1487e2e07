import { readFile } from 'node:fs/promises';
import { test, expect, sinusoid, numberAfter, hoverCell } from './fixtures.js';

test('the article shows the heatmap at the paper defaults and reads a hovered cell', async ({ page }) => {
  await page.goto('index.html');
  await expect(page).toHaveTitle(/PE Explorer/);
  await page.locator('[data-mount="heatmap"]').scrollIntoViewIfNeeded();
  const figure = page.locator('[data-figure="heatmap"]');
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  await expect(canvas).toHaveAttribute('width', '512');
  await expect(canvas).toHaveAttribute('height', '64');
  await expect(figure.locator('.pe-summary')).toContainText('194 of 512 dimensions');

  await hoverCell(page, canvas, 10, 6, 64, 512);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 10, dimension 6 (pair 3, sin)');
  const value = numberAfter(await readout.textContent(), 'value');
  expect(Math.abs(value - sinusoid(10, 6, 512))).toBeLessThan(1e-5);

  // The canvas pixels are the diverging colour of the engine's value: position 0, dimension 1 is cos 0 = +1.
  const topLeftCos = await canvas.evaluate((c) =>
    Array.from(c.getContext('2d').getImageData(1, 0, 1, 1).data),
  );
  expect(topLeftCos[0]).toBeGreaterThan(90);
  expect(topLeftCos[2]).toBeLessThan(60);
});

test('changing dModel redraws the heatmap with the new width', async ({ page }) => {
  await page.goto('embed.html?figure=heatmap');
  const figure = page.locator('[data-figure="heatmap"]');
  const slider = figure.getByLabel('Model width dModel');
  await slider.focus();
  await slider.press('Home');
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  await expect(canvas).toHaveAttribute('width', '2');
  for (let i = 0; i < 63; i += 1) await slider.press('ArrowRight');
  await expect(canvas).toHaveAttribute('width', '128');
  await expect(figure.locator('.pe-summary')).toContainText('by 128 dimensions');
  await hoverCell(page, canvas, 20, 9, 64, 128);
  const value = numberAfter(await figure.locator('.pe-readout').textContent(), 'value');
  expect(Math.abs(value - sinusoid(20, 9, 128))).toBeLessThan(1e-5);
});

test('the keyboard moves a cursor over the cells and reads them', async ({ page }) => {
  await page.goto('index.html');
  await page.locator('[data-mount="heatmap"]').scrollIntoViewIfNeeded();
  const canvas = page.locator('[data-figure="heatmap"] canvas.pe-heatmap-canvas');
  await canvas.focus();
  await canvas.press('ArrowDown');
  await canvas.press('ArrowDown');
  await canvas.press('ArrowRight');
  const readout = page.locator('[data-figure="heatmap"] .pe-readout');
  await expect(readout).toContainText('position 2, dimension 1 (pair 0, cos)');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - Math.cos(2))).toBeLessThan(1e-6);
});

test('the heatmap stands alone on the embed page with parameters from the URL', async ({ page }) => {
  await page.goto('embed.html?figure=heatmap&dModel=128&positions=50');
  const canvas = page.locator('[data-figure="heatmap"] canvas.pe-heatmap-canvas');
  await expect(canvas).toHaveAttribute('width', '128');
  await expect(canvas).toHaveAttribute('height', '50');
  await hoverCell(page, canvas, 49, 127, 50, 128);
  const value = numberAfter(await page.locator('[data-figure="heatmap"] .pe-readout').textContent(), 'value');
  expect(Math.abs(value - sinusoid(49, 127, 128))).toBeLessThan(1e-5);
});

test('a bad URL parameter shows the engine message and nothing breaks', async ({ page }) => {
  await page.goto('embed.html?figure=heatmap&dModel=7');
  await expect(page.locator('.pe-error')).toContainText('dModel must be an even integer');
  await expect(page.locator('.pe-error')).toContainText('received 7');
});

test('an unknown figure id is reported as text', async ({ page }) => {
  await page.goto('embed.html?figure=%3Cimg%20src%3Dx%3E');
  await expect(page.locator('.pe-error')).toContainText('Unknown figure "<img src=x>"');
  expect(await page.locator('img').count()).toBe(0);
});

test('the heatmap is usable at 360 px width and in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('index.html');
  await page.locator('[data-mount="heatmap"]').scrollIntoViewIfNeeded();
  const figure = page.locator('[data-figure="heatmap"]');
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  // 512 columns do not fit: the picture has one column per screen pixel, each the average of the dimensions
  // it covers, and the readout still names single cells with their exact values.
  const shown = await canvas.evaluate((c) => Math.round(c.getBoundingClientRect().width * devicePixelRatio));
  expect(shown).toBeLessThan(512);
  await expect(canvas).toHaveAttribute('width', String(shown));
  await expect(canvas).toHaveAttribute('height', '64');
  await hoverCell(page, canvas, 33, 301, 64, 512);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 33, dimension 301');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - sinusoid(33, 301, 512))).toBeLessThan(
    1e-5,
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(20, 23, 31)');
});

test("at 2048 positions the picture has the screen's rows, and the PNG has every cell", async ({ page }) => {
  await page.goto('embed.html?figure=heatmap&positions=2048');
  const figure = page.locator('[data-figure="heatmap"]');
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  const box = await canvas.boundingBox();
  expect(box.height).toBe(420);
  await expect(canvas).toHaveAttribute('height', '420');
  await expect(canvas).toHaveAttribute('width', '512');
  // The last rows are still under the pointer, with exact values.
  await hoverCell(page, canvas, 2047, 4, 2048, 512);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 2047, dimension 4');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - sinusoid(2047, 4, 512))).toBeLessThan(
    1e-5,
  );
  // Dimension 0 turns about once per 6.3 positions, so some whole positions sit near +1 or -1: a picture that
  // sampled one row in five would show those full colours. Each screen row averages its ~4.9 positions
  // instead, so no row of that column reaches either end of the palette.
  const ends = await figure.locator('canvas.pe-legend-bar').evaluate((c) => {
    const data = c.getContext('2d').getImageData(0, 0, c.width, 1).data;
    return [Array.from(data.slice(0, 3)), Array.from(data.slice(data.length - 4, data.length - 1))];
  });
  const column = await canvas.evaluate((c) => {
    const data = c.getContext('2d').getImageData(0, 0, 1, c.height).data;
    return Array.from({ length: c.height }, (_, y) => Array.from(data.slice(4 * y, 4 * y + 3)));
  });
  const distance = (a, b) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
  const nearest = Math.min(...column.flatMap((rgb) => ends.map((end) => distance(rgb, end))));
  expect(nearest).toBeGreaterThan(20);
  // The slowest sine column starts near 0: white.
  const slow = await canvas.evaluate((c) => Array.from(c.getContext('2d').getImageData(510, 2, 1, 1).data));
  expect(Math.min(...slow.slice(0, 3))).toBeGreaterThan(200);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    figure.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  const png = await readFile(await download.path());
  // PNG header: width and height are the big-endian words at bytes 16 and 20; one cell is 2 x 2 pixels.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 4096]);
});

test('a slider moving over a large table: the engine worker paints, the picture follows to the last value', async ({
  page,
}) => {
  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('embed.html?figure=heatmap&positions=512');
  const figure = page.locator('[data-figure="heatmap"]');
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  await expect(canvas).toHaveAttribute('data-positions', '512');
  const slider = figure.getByLabel('Positions');
  await slider.focus();
  await slider.press('End');
  for (let i = 0; i < 12; i += 1) await slider.press('ArrowLeft');
  const last = await slider.inputValue();
  expect(Number(last)).toBeLessThan(2048);
  await expect(canvas).toHaveAttribute('data-positions', last);
  await expect(canvas).toHaveAttribute('height', '420');
  expect(workers.some((url) => url.includes('engine-worker'))).toBe(true);
  await expect(figure.locator('.pe-summary')).toContainText(
    `Heatmap of ${Number(last).toLocaleString('en-US')}`,
  );
  const positions = Number(last);
  await hoverCell(page, canvas, positions - 1, 3, positions, 512);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText(`position ${positions - 1}, dimension 3`);
  expect(
    Math.abs(numberAfter(await readout.textContent(), 'value') - sinusoid(positions - 1, 3, 512)),
  ).toBeLessThan(1e-5);
});

test('where the engine worker cannot start, the page paints large tables itself', async ({ page }) => {
  await page.route('**/engine-worker*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'throw new Error("workers are not allowed here");',
    }),
  );
  await page.goto('embed.html?figure=heatmap&positions=1024');
  const figure = page.locator('[data-figure="heatmap"]');
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  await expect(canvas).toHaveAttribute('data-positions', '1024');
  const slider = figure.getByLabel('Positions');
  await slider.focus();
  await slider.press('End');
  await expect(canvas).toHaveAttribute('data-positions', '2048');
  await slider.press('ArrowLeft');
  const last = await slider.inputValue();
  await expect(canvas).toHaveAttribute('data-positions', last);
  await expect(figure.locator('.pe-error')).toBeHidden();
});
