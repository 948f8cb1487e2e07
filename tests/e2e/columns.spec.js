import { test, expect, sinusoid, expectNumberAfter, cellNumbers, openFigure, settings } from './fixtures.js';
import { openDataTable, expectRecoveryFromOddDModel, hoverCell, pressKey } from './fixtures.js';
import { useNarrowScreen, expectNoHorizontalOverflow } from './fixtures.js';

const figureOf = (page) => page.locator('[data-figure="columns"]');
const openColumns = (page, query) => openFigure(page, 'columns', query);

// The chart's geometry (columns.js): values from -1.1 to 1.1 over HEIGHT px below MARGIN.top, and path data in
// tenths of a pixel.
const TOP = 12;
const HEIGHT = 240;
const UNIT = 10;
const DOT_RADIUS = 2.5;
const valueAt = (y) => ((TOP + HEIGHT / 2 - y) * 2.2) / HEIGHT;
// A tenth of a pixel of rounding is under 1e-3 in value.
const CLOSE = 1e-3;

/** The vertices of a curve's path (M, then absolute L or relative l steps), in the chart's pixels. */
const vertices = (path) =>
  path.evaluate((p, unit) => {
    const tokens = (p.getAttribute('d') ?? '').match(/[MLl]|-?\d+(?:\.\d+)?/g) ?? [];
    const points = [];
    let command = '';
    let x = 0;
    let y = 0;
    for (let i = 0; i < tokens.length;) {
      if (/[MLl]/.test(tokens[i])) {
        command = tokens[i];
        i += 1;
        continue;
      }
      const a = Number(tokens[i]);
      const b = Number(tokens[i + 1]);
      i += 2;
      x = command === 'l' ? x + a : a;
      y = command === 'l' ? y + b : b;
      points.push({ x: x / unit, y: y / unit });
    }
    return points;
  }, UNIT);

/** The centres of a curve's dots (each a circle drawn from its leftmost point), in the chart's pixels. */
async function dotCentres(figure, dim) {
  const path = figure.locator(`.pe-columns-curve[data-dimension="${dim}"] .pe-columns-dots`);
  const d = (await path.getAttribute('d')) ?? '';
  return [...d.matchAll(/M(-?\d+),(-?\d+)/g)].map((m) => ({
    x: Number(m[1]) / UNIT + DOT_RADIUS,
    y: Number(m[2]) / UNIT,
  }));
}

test('columns draws the five default dimensions with the engine value as a dot at every position', async ({
  page,
}) => {
  const figure = await openColumns(page);
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(5);
  for (const d of [0, 32, 128, 256, 500]) {
    await expect(figure.locator(`.pe-columns-chip[data-dimension="${d}"]`)).toBeVisible();
  }
  await expect(figure.locator('.pe-summary')).toContainText('over 64 positions, d_model 512');
  for (const dim of [0, 128, 500]) {
    const dots = await dotCentres(figure, dim);
    expect(dots).toHaveLength(64);
    dots.forEach(({ y }, p) => expect(Math.abs(valueAt(y) - sinusoid(p, dim, 512))).toBeLessThan(CLOSE));
    // Evenly spaced, one per whole position.
    const step = (dots[63].x - dots[0].x) / 63;
    dots.forEach(({ x }, p) => expect(Math.abs(x - (dots[0].x + p * step))).toBeLessThan(0.15));
  }
});

test('a fast curve is smooth between whole positions and follows the formula there', async ({ page }) => {
  const figure = await openColumns(page, 'dimensions=0,1,128');
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(3);
  await expect(figure.locator('svg.pe-columns-svg')).toHaveAttribute('data-dense', 'false');
  // Pair 0 repeats every 2 pi positions: 20 samples per period need 4 per position.
  for (const dim of [0, 1]) {
    const points = await vertices(
      figure.locator(`.pe-columns-curve[data-dimension="${dim}"] .pe-columns-line`),
    );
    expect(points).toHaveLength(63 * 4 + 1);
    points.forEach(({ y }, k) =>
      expect(Math.abs(valueAt(y) - sinusoid(k / 4, dim, 512))).toBeLessThan(CLOSE),
    );
  }
  // A slow one needs only the whole positions.
  const slow = await vertices(figure.locator('.pe-columns-curve[data-dimension="128"] .pe-columns-line'));
  expect(slow).toHaveLength(64);
  slow.forEach(({ y }, p) => expect(Math.abs(valueAt(y) - sinusoid(p, 128, 512))).toBeLessThan(CLOSE));
});

test('a window of one position shows one dot per curve', async ({ page }) => {
  const figure = await openColumns(page, 'positions=1&dimensions=0,1');
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(2);
  const sine = await dotCentres(figure, 0);
  const cosine = await dotCentres(figure, 1);
  expect(sine).toHaveLength(1);
  expect(cosine).toHaveLength(1);
  expect(Math.abs(valueAt(sine[0].y) - 0)).toBeLessThan(CLOSE);
  expect(Math.abs(valueAt(cosine[0].y) - 1)).toBeLessThan(CLOSE);
});

test('hovering a dot reads position, dimension and the value of the formula', async ({ page }) => {
  const figure = await openColumns(page);
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(5);
  const dot = (await dotCentres(figure, 128))[30];
  const box = await figure.locator('svg.pe-columns-svg').boundingBox();
  await page.mouse.move(box.x + dot.x, box.y + dot.y);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 30, dimension 128 (pair 64, sin)');
  await expectNumberAfter(readout, 'value', sinusoid(30, 128, 512), 1e-5);
  await expect(figure.locator('.pe-columns-curve[data-dimension="128"]')).toHaveClass(/is-highlight/);
  await expect(figure.locator('.pe-columns-curve[data-dimension="32"]')).not.toHaveClass(/is-highlight/);
  await expect(figure.locator('.pe-columns-curves')).toHaveClass(/has-highlight/);
});

test('the keyboard walks along a curve and between curves', async ({ page }) => {
  const figure = await openColumns(page);
  const svg = figure.locator('svg.pe-columns-svg');
  await pressKey(svg, 'ArrowRight', 10);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 10, dimension 0 (pair 0, sin)');
  await expectNumberAfter(readout, 'value', Math.sin(10), 1e-6);
  await svg.press('ArrowDown');
  await expect(readout).toContainText('position 10, dimension 32 (pair 16, sin)');
  await expectNumberAfter(readout, 'value', sinusoid(10, 32, 512), 1e-5);
});

test('dimensions can be added by number and removed with their chip button', async ({ page }) => {
  const figure = await openColumns(page);
  await figure.getByLabel('Dimension', { exact: true }).fill('77');
  await figure.getByRole('button', { name: 'Add' }).click();
  await expect(figure.locator('.pe-columns-curve[data-dimension="77"]')).toHaveCount(1);
  const added = await dotCentres(figure, 77);
  expect(added).toHaveLength(64);
  expect(Math.abs(valueAt(added[20].y) - sinusoid(20, 77, 512))).toBeLessThan(CLOSE);
  await figure.getByRole('button', { name: 'Remove dimension 32' }).click();
  await expect(figure.locator('.pe-columns-chip[data-dimension="32"]')).toHaveCount(0);
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(5);
  // Curves keep the reader's order.
  expect(
    await figure.locator('.pe-columns-curve').evaluateAll((gs) => gs.map((g) => g.dataset.dimension)),
  ).toEqual(['0', '128', '256', '500', '77']);
  await figure.getByLabel('Dimension', { exact: true }).fill('600');
  await figure.getByRole('button', { name: 'Add' }).click();
  await expect(figure.locator('.pe-columns-message')).toContainText('from 0 to 511; received "600"');
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(5);
});

test('many positions draw curves without dots; a smaller model hides dimensions beyond it', async ({
  page,
}) => {
  const figure = await openColumns(page);
  const positions = (await settings(figure)).getByLabel('Positions');
  await pressKey(positions, 'End');
  await expect(figure.locator('.pe-summary')).toContainText('over 2,048 positions');
  expect(await dotCentres(figure, 0)).toHaveLength(0);
  // More positions than pixels: the lines are drawn without antialiasing (they are solid bands either way).
  await expect(figure.locator('svg.pe-columns-svg')).toHaveAttribute('data-dense', 'true');
  expect(
    await figure
      .locator('.pe-columns-line')
      .first()
      .evaluate((line) => getComputedStyle(line).shapeRendering),
  ).toBe('optimizespeed');
  const line = await vertices(figure.locator('.pe-columns-curve[data-dimension="32"] .pe-columns-line'));
  expect(line).toHaveLength(2048);
  for (const p of [0, 1000, 2047]) {
    expect(Math.abs(valueAt(line[p].y) - sinusoid(p, 32, 512))).toBeLessThan(CLOSE);
  }
  // Values at the end of the window, after it grew and after it shrank.
  const svg = figure.locator('svg.pe-columns-svg');
  const readout = figure.locator('.pe-readout');
  await pressKey(svg, 'End');
  await expect(readout).toContainText('position 2047, dimension 0 (pair 0, sin)');
  await expectNumberAfter(readout, 'value', Math.sin(2047), 1e-6);
  await pressKey(positions, 'ArrowLeft', 3);
  await expect(figure.locator('.pe-summary')).toContainText('over 2,045 positions');
  await pressKey(svg, 'End');
  await expect(readout).toContainText('position 2044, dimension 0 (pair 0, sin)');
  await expectNumberAfter(readout, 'value', Math.sin(2044), 1e-6);

  await openColumns(page, 'dModel=128&positions=50&dimensions=0,3,127,500');
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(3);
  await expect(figure.locator('.pe-columns-chip.pe-is-outside')).toHaveText(/dim 500 \(beyond d_model\)/);
  await pressKey(svg, 'End');
  await pressKey(svg, 'ArrowDown', 2);
  await expect(readout).toContainText('position 49, dimension 127 (pair 63, cos)');
  await expectNumberAfter(readout, 'value', sinusoid(49, 127, 128), 1e-5);
});

test('a dimension hovered in the heatmap is previewed as a dashed curve of its values', async ({ page }) => {
  await page.goto('index.html');
  for (const id of ['heatmap', 'columns']) {
    await page.locator(`[data-linked="${id}"]`).scrollIntoViewIfNeeded();
    await expect(page.locator(`[data-figure="${id}"]`)).toBeVisible();
  }
  const canvas = page.locator('[data-figure="heatmap"] canvas.pe-heatmap-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await hoverCell(page, canvas, 40, 77, 64, 512);
  const preview = figureOf(page).locator('.pe-columns-preview');
  await expect(preview).toHaveAttribute('data-dimension', '77');
  await expect(preview).toHaveAttribute('visibility', 'visible');
  const points = await vertices(preview);
  expect(points).toHaveLength(64);
  points.forEach(({ y }, p) => expect(Math.abs(valueAt(y) - sinusoid(p, 77, 512))).toBeLessThan(CLOSE));
  // A listed dimension is highlighted instead.
  await hoverCell(page, canvas, 40, 128, 64, 512);
  await expect(figureOf(page).locator('.pe-columns-curve[data-dimension="128"]')).toHaveClass(/is-highlight/);
  await expect(preview).toHaveAttribute('visibility', 'hidden');
});

test('the data table lists the engine values of every curve and follows the window', async ({ page }) => {
  const figure = await openColumns(page, 'positions=300&dimensions=0,33,128');
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(3);
  const { rows, note } = await openDataTable(figure);
  await expect(figure.locator('.pe-table-host thead th')).toHaveText([
    'position',
    'dim 0',
    'dim 33',
    'dim 128',
  ]);
  await expect(rows).toHaveCount(200);
  await expect(note).toContainText('Showing 200 of 300 rows');
  for (const p of [0, 7, 199]) {
    const cells = await cellNumbers(rows.nth(p));
    expect(cells[0]).toBe(p);
    [0, 33, 128].forEach((dim, i) =>
      expect(Math.abs(cells[i + 1] - sinusoid(p, dim, 512))).toBeLessThan(1e-5),
    );
  }
  await pressKey((await settings(figure)).getByLabel('Positions'), 'ArrowLeft');
  await expect(note).toContainText('Showing 200 of 299 rows');
});

test('columns is usable at 360 px in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openColumns(page);
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(5);
  await expectNoHorizontalOverflow(page);
});

test('columns notes an odd dModel from the URL and keeps working', async ({ page }) => {
  await expectRecoveryFromOddDModel(page, 'columns');
});
