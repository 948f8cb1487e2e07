import {
  test,
  expect,
  sinusoid,
  expectNumberAfter,
  openFigure,
  openArticleFigure,
  settings,
} from './fixtures.js';
import { expectOddDModelMessage, hoverCell, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow } from './fixtures.js';

/** Opens the heatmap alone and returns it with its canvas. */
async function openHeatmap(page, query) {
  const figure = await openFigure(page, 'heatmap', query);
  return { figure, canvas: figure.locator('canvas.pe-heatmap-canvas') };
}

/** Hovers cell (position, dimension) of a positions x dModel heatmap and checks the readout against the formula. */
async function expectHoveredValue(page, figure, [position, dimension], [positions, dModel], reads = '') {
  await hoverCell(page, figure.locator('canvas.pe-heatmap-canvas'), position, dimension, positions, dModel);
  const readout = figure.locator('.pe-readout');
  if (reads) await expect(readout).toContainText(reads);
  await expectNumberAfter(readout, 'value', sinusoid(position, dimension, dModel), 1e-5);
}

test('the article shows the heatmap at the paper defaults and reads a hovered cell', async ({ page }) => {
  const figure = await openArticleFigure(page, 'heatmap');
  await expect(page).toHaveTitle(/PE Explorer/);
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  await expect(canvas).toHaveAttribute('width', '512');
  await expect(canvas).toHaveAttribute('height', '64');
  await expect(figure.locator('.pe-summary')).toContainText('194 of 512 dimensions');

  await expectHoveredValue(page, figure, [10, 6], [64, 512], 'position 10, dimension 6 (pair 3, sin)');

  // The canvas pixels are the diverging colour of the engine's value: position 0, dimension 1 is cos 0 = +1.
  const topLeftCos = await canvas.evaluate((c) =>
    Array.from(c.getContext('2d').getImageData(1, 0, 1, 1).data),
  );
  expect(topLeftCos[0]).toBeGreaterThan(90);
  expect(topLeftCos[2]).toBeLessThan(60);
});

test('changing dModel redraws the heatmap with the new width', async ({ page }) => {
  const { figure, canvas } = await openHeatmap(page);
  const slider = (await settings(figure)).getByLabel('Model width d_model');
  await pressKey(slider, 'Home');
  await expect(canvas).toHaveAttribute('width', '2');
  await pressKey(slider, 'ArrowRight', 63);
  await expect(canvas).toHaveAttribute('width', '128');
  await expect(figure.locator('.pe-summary')).toContainText('by 128 dimensions');
  await expectHoveredValue(page, figure, [20, 9], [64, 128]);
});

test('the keyboard moves a cursor over the cells and reads them', async ({ page }) => {
  const figure = await openArticleFigure(page, 'heatmap');
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  await pressKey(canvas, 'ArrowDown', 2);
  await canvas.press('ArrowRight');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 2, dimension 1 (pair 0, cos)');
  await expectNumberAfter(readout, 'value', Math.cos(2), 1e-6);
});

test('the heatmap stands alone on the embed page with parameters from the URL', async ({ page }) => {
  const { figure, canvas } = await openHeatmap(page, 'dModel=128&positions=50');
  await expect(canvas).toHaveAttribute('width', '128');
  await expect(canvas).toHaveAttribute('height', '50');
  await expectHoveredValue(page, figure, [49, 127], [50, 128]);
});

test('an odd dModel from the URL gets a note and nothing breaks', async ({ page }) => {
  await expectOddDModelMessage(page, 'heatmap');
});

test('an unknown figure id is reported as text', async ({ page }) => {
  await page.goto('embed.html?figure=%3Cimg%20src%3Dx%3E');
  await expect(page.locator('.pe-error')).toContainText('Unknown figure "<img src=x>"');
  expect(await page.locator('img').count()).toBe(0);
});

test('the heatmap is usable at 360 px width and in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openArticleFigure(page, 'heatmap');
  const canvas = figure.locator('canvas.pe-heatmap-canvas');
  // 512 columns do not fit: the picture has one column per screen pixel, each the average of the dimensions
  // it covers, and the readout still names single cells with their exact values.
  const shown = await canvas.evaluate((c) => Math.round(c.getBoundingClientRect().width * devicePixelRatio));
  expect(shown).toBeLessThan(512);
  await expect(canvas).toHaveAttribute('width', String(shown));
  await expect(canvas).toHaveAttribute('height', '64');
  await expectHoveredValue(page, figure, [33, 301], [64, 512], 'position 33, dimension 301');
  await expectNoHorizontalOverflow(page);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(20, 23, 31)');
});

test("at 2048 positions the picture has the screen's rows, each column whole pixels wide", async ({
  page,
}) => {
  const { figure, canvas } = await openHeatmap(page, 'positions=2048');
  const box = await canvas.boundingBox();
  expect(box.height).toBe(420);
  await expect(canvas).toHaveAttribute('height', '420');
  await expect(canvas).toHaveAttribute('width', '512');
  // The last rows are still under the pointer, with exact values.
  await expectHoveredValue(page, figure, [2047, 4], [2048, 512], 'position 2047, dimension 4');
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

  // No moire: the 512 columns fill a whole number of pixels each (a column 2.27 pixels wide beats).
  expect(box.width % 512).toBe(0);
  expect(box.width).toBeGreaterThanOrEqual(512);
});

test('a slider moving over a large table: the engine worker paints, the picture follows to the last value', async ({
  page,
}) => {
  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const { figure, canvas } = await openHeatmap(page, 'positions=512');
  await expect(canvas).toHaveAttribute('data-positions', '512');
  const slider = (await settings(figure)).getByLabel('Positions');
  await pressKey(slider, 'End');
  await pressKey(slider, 'ArrowLeft', 12);
  const last = await slider.inputValue();
  expect(Number(last)).toBeLessThan(2048);
  await expect(canvas).toHaveAttribute('data-positions', last);
  await expect(canvas).toHaveAttribute('height', '420');
  expect(workers.some((url) => url.includes('engine-worker'))).toBe(true);
  await expect(figure.locator('.pe-summary')).toContainText(
    `Heatmap of ${Number(last).toLocaleString('en-US')}`,
  );
  const positions = Number(last);
  await expectHoveredValue(
    page,
    figure,
    [positions - 1, 3],
    [positions, 512],
    `position ${positions - 1}, dimension 3`,
  );
});

test('where the engine worker cannot start, the page paints large tables itself', async ({ page }) => {
  await page.route('**/engine-worker*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'throw new Error("workers are not allowed here");',
    }),
  );
  const { figure, canvas } = await openHeatmap(page, 'positions=1024');
  await expect(canvas).toHaveAttribute('data-positions', '1024');
  const slider = (await settings(figure)).getByLabel('Positions');
  await pressKey(slider, 'End');
  await expect(canvas).toHaveAttribute('data-positions', '2048');
  await slider.press('ArrowLeft');
  const last = await slider.inputValue();
  await expect(canvas).toHaveAttribute('data-positions', last);
  await expect(figure.locator('.pe-error')).toBeHidden();
});
