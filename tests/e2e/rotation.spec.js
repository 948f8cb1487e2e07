import { test, expect, numberAfter } from './fixtures.js';

/** R(k) of pair i in double precision, independent of the engine: [[cos t, sin t], [-sin t, cos t]], t = w_i k. */
function rotation(pair, offset, dModel, base = 10000) {
  const t = offset / base ** ((2 * pair) / dModel);
  return [Math.cos(t), Math.sin(t), -Math.sin(t), Math.cos(t)];
}

/** The angle of pair i at pos, in double precision. */
function angle(pair, pos, dModel, base = 10000) {
  return pos / base ** ((2 * pair) / dModel);
}

async function matrixOf(figure) {
  const raw = await figure.locator('.pe-rotation-matrix').getAttribute('data-matrix');
  return raw.split(' ').map(Number);
}

function expectClose(actual, expected, tolerance) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => expect(Math.abs(value - expected[i])).toBeLessThan(tolerance));
}

/** "8.68×10−16" (or "0") -> 8.68e-16. */
function parseScientific(text) {
  if (text.trim() === '0') return 0;
  const match = /([\u2212-]?[\d.]+)\u00d710\^?([\u2212-]?\d+)/.exec(text);
  if (!match) throw new Error(`not in exponent form: ${text}`);
  return Number(match[1].replace('\u2212', '-')) * 10 ** Number(match[2].replace('\u2212', '-'));
}

async function openArticleFigure(page) {
  await page.goto('index.html');
  await page.locator('#rotation .figure-slot').scrollIntoViewIfNeeded();
  const figure = page.locator('[data-figure="rotation"]');
  // The figure mounts lazily once the engine has loaded: allow for a slow machine.
  await expect(figure.locator('.pe-rotation-matrix')).toHaveAttribute('data-matrix', /\d/, {
    timeout: 15_000,
  });
  return figure;
}

test('the article shows R(k) for the default pair with the engine residual and fills its live numbers', async ({
  page,
}) => {
  const figure = await openArticleFigure(page);
  expectClose(await matrixOf(figure), rotation(16, 3, 512), 1e-13);
  await expect(figure.locator('.pe-rotation-matrix')).toContainText('0.993253');
  await expect(figure.locator('.pe-rotation-matrix')).toContainText('0.115966');

  const residual = parseScientific(await figure.locator('.pe-rotation-residual-value').textContent());
  expect(residual).toBeLessThan(1e-12);
  await expect(figure.locator('.pe-rotation-residual')).toContainText('over all 256 pairs');

  const section = page.locator('section#rotation');
  await expect(section.locator('[data-live="rotation-pair"]')).toHaveText('16');
  await expect(section.locator('[data-live="rotation-offset"]')).toHaveText('3');
  await expect(section.locator('[data-live="rotation-pos"]')).toHaveText('10');
  await expect(section.locator('[data-live="rotation-pairs"]')).toHaveText('256');
  const turn = (angle(16, 3, 512) * 180) / Math.PI;
  await expect(section.locator('[data-live="rotation-turn"]')).toHaveText(`${Number(turn.toFixed(2))}\u00b0`);
  expect(
    parseScientific(await section.locator('[data-live="rotation-residual"]').textContent()),
  ).toBeLessThan(1e-12);
});

test('the pair and offset sliders change the matrix to cos and sin of w_i k', async ({ page }) => {
  const figure = await openArticleFigure(page);
  const pair = figure.getByLabel('Pair i');
  await pair.focus();
  await pair.press('Home');
  for (let i = 0; i < 5; i += 1) await pair.press('ArrowRight');
  await expect(page.locator('section#rotation [data-live="rotation-pair"]')).toHaveText('5');
  expectClose(await matrixOf(figure), rotation(5, 3, 512), 1e-13);

  const offset = figure.getByLabel('Offset k');
  await offset.focus();
  for (let i = 0; i < 4; i += 1) await offset.press('ArrowRight');
  await expect(page.locator('section#rotation [data-live="rotation-offset"]')).toHaveText('7');
  expectClose(await matrixOf(figure), rotation(5, 7, 512), 1e-13);
  await expect(figure.locator('.pe-rotation-matrix')).toContainText('R(7)');
});

test('one R(k) maps PE(pos) to PE(pos+k) at every sampled position', async ({ page }) => {
  const figure = await openArticleFigure(page);
  const rows = figure.locator('.pe-rotation-table tbody tr');
  await expect(rows).toHaveCount(5);
  for (const row of await rows.all()) {
    const pos = Number(await row.getAttribute('data-pos'));
    const cells = await row.locator('td').allTextContents();
    // R(k)·PE(pos) (engine) and PE(pos+k) (engine table) print the same to six digits...
    expect(cells[1]).toBe(cells[2]);
    // ...and PE(pos+k) is the paper's formula at pos+3.
    const [s, c] = cells[2]
      .slice(1, -1)
      .split(', ')
      .map((v) => Number(v.replace('\u2212', '-')));
    const t = angle(16, pos + 3, 512);
    expect(Math.abs(s - Math.sin(t))).toBeLessThan(1e-5);
    expect(Math.abs(c - Math.cos(t))).toBeLessThan(1e-5);
    // ...and the engine's double-precision check at this pos is zero up to rounding.
    expect(parseScientific(cells[3])).toBeLessThan(1e-12);
  }
});

test('hovering or focusing a point reads its exact coordinates', async ({ page }) => {
  const figure = await openArticleFigure(page);
  const readout = figure.locator('.pe-readout');
  await figure.locator('.pe-rotation-point[data-which="pos"] .pe-rotation-dot').hover();
  await expect(readout).toContainText('PE(pos) at position 10, pair 16 (dims 32, 33)');
  let text = await readout.textContent();
  expect(Math.abs(numberAfter(text, 'sin') - Math.sin(angle(16, 10, 512)))).toBeLessThan(1e-6);
  expect(Math.abs(numberAfter(text, 'cos') - Math.cos(angle(16, 10, 512)))).toBeLessThan(1e-6);

  await figure.locator('.pe-rotation-point[data-which="shifted"]').focus();
  await expect(readout).toContainText('PE(pos+k) at position 13, pair 16');
  text = await readout.textContent();
  expect(Math.abs(numberAfter(text, 'sin') - Math.sin(angle(16, 13, 512)))).toBeLessThan(1e-6);
  expect(Math.abs(numberAfter(text, 'cos') - Math.cos(angle(16, 13, 512)))).toBeLessThan(1e-6);
});

test('the figure stands alone on the embed page with its parameters from the URL', async ({ page }) => {
  await page.goto('embed.html?figure=rotation&dModel=128&base=1000&pair=5&offset=7&pos=2');
  const figure = page.locator('[data-figure="rotation"]');
  await expect(figure.locator('.pe-rotation-matrix')).toHaveAttribute('data-matrix', /\d/);
  expectClose(await matrixOf(figure), rotation(5, 7, 128, 1000), 1e-13);
  await expect(figure.getByLabel('Model width dModel')).toBeVisible();
  await expect(figure.locator('.pe-rotation-residual')).toContainText('over all 64 pairs');
  expect(parseScientific(await figure.locator('.pe-rotation-residual-value').textContent())).toBeLessThan(
    1e-12,
  );
});

test('a bad URL parameter shows the engine message', async ({ page }) => {
  await page.goto('embed.html?figure=rotation&dModel=7');
  await expect(page.locator('.pe-error')).toContainText('dModel must be an even integer');
  await expect(page.locator('.pe-error')).toContainText('received 7');
});

test('the figure fits 360 px in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const figure = await openArticleFigure(page);
  await expect(figure.locator('.pe-rotation-svg')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('hovering a point announces its sine dimension, and a dimension hovered elsewhere shows its pair', async ({
  page,
}) => {
  const figure = await openArticleFigure(page);
  await page.evaluate(() => {
    window.hovered = [];
    document.addEventListener('pe:hover-dimension', (event) => window.hovered.push(event.detail.dimension));
  });
  await figure.locator('.pe-rotation-point[data-which="pos"] .pe-rotation-dot').hover();
  await expect.poll(() => page.evaluate(() => window.hovered)).toContain(32);
  await page.mouse.move(1, 1);
  await expect.poll(() => page.evaluate(() => window.hovered.at(-1))).toBeNull();

  // The heatmap announces the column under the pointer; while it lasts, this figure shows that column's pair.
  await page.locator('#formula .figure-slot').scrollIntoViewIfNeeded();
  const heatmap = page.locator('[data-figure="heatmap"] canvas.pe-heatmap-canvas');
  await expect(heatmap).toHaveAttribute('width', '512');
  await heatmap.scrollIntoViewIfNeeded();
  const box = await heatmap.boundingBox();
  await page.mouse.move(box.x + (6.5 / 512) * box.width, box.y + box.height / 2);
  await expect(figure.locator('.pe-rotation-matrix')).toContainText('R(3)');
  expectClose(await matrixOf(figure), rotation(3, 3, 512), 1e-13);
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 400);
  await expect(figure.getByLabel('Pair i')).toHaveValue('16');
  expectClose(await matrixOf(figure), rotation(16, 3, 512), 1e-13);
});

test('in the split layout a pair is read from dimensions i and i + dModel/2', async ({ page }) => {
  await page.goto('embed.html?figure=rotation&layout=split&dModel=64&pair=3&pos=5&offset=2');
  const figure = page.locator('[data-figure="rotation"]');
  await figure.locator('.pe-rotation-point[data-which="shifted"]').focus();
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('PE(pos+k) at position 7, pair 3 (dims 3, 35)');
  const text = await readout.textContent();
  expect(Math.abs(numberAfter(text, 'sin') - Math.sin(angle(3, 7, 64)))).toBeLessThan(1e-6);
  expect(Math.abs(numberAfter(text, 'cos') - Math.cos(angle(3, 7, 64)))).toBeLessThan(1e-6);
  expectClose(await matrixOf(figure), rotation(3, 2, 64), 1e-13);
});
