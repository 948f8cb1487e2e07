import { test, expect, sinusoid, numberAfter, expectRecoveryFromOddDModel } from './fixtures.js';

const figureOf = (page) => page.locator('[data-figure="columns"]');

test('columns draws the five default dimensions with a dot at every position', async ({ page }) => {
  await page.goto('embed.html?figure=columns');
  const figure = figureOf(page);
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(5);
  for (const d of [0, 32, 128, 256, 500]) {
    await expect(figure.locator(`.pe-columns-chip[data-dimension="${d}"]`)).toBeVisible();
  }
  await expect(figure.locator('.pe-columns-curve[data-dimension="128"] circle')).toHaveCount(64);
  await expect(figure.locator('.pe-summary')).toContainText('over 64 positions, dModel 512');
});

test('hovering a dot reads position, dimension and the value of the formula', async ({ page }) => {
  await page.goto('embed.html?figure=columns');
  const figure = figureOf(page);
  const dot = figure.locator('.pe-columns-curve[data-dimension="128"] circle').nth(30);
  const box = await dot.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 30, dimension 128 (pair 64, sin)');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - sinusoid(30, 128, 512))).toBeLessThan(
    1e-5,
  );
  await expect(figure.locator('.pe-columns-curve[data-dimension="128"]')).toHaveClass(/is-highlight/);
});

test('the keyboard walks along a curve and between curves', async ({ page }) => {
  await page.goto('embed.html?figure=columns');
  const figure = figureOf(page);
  const svg = figure.locator('svg.pe-columns-svg');
  await svg.focus();
  for (let i = 0; i < 10; i += 1) await svg.press('ArrowRight');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 10, dimension 0 (pair 0, sin)');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - Math.sin(10))).toBeLessThan(1e-6);
  await svg.press('ArrowDown');
  await expect(readout).toContainText('position 10, dimension 32 (pair 16, sin)');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - sinusoid(10, 32, 512))).toBeLessThan(
    1e-5,
  );
});

test('dimensions can be added by number and removed with their chip button', async ({ page }) => {
  await page.goto('embed.html?figure=columns');
  const figure = figureOf(page);
  await figure.getByLabel('Dimension', { exact: true }).fill('77');
  await figure.getByRole('button', { name: 'Add' }).click();
  await expect(figure.locator('.pe-columns-curve[data-dimension="77"]')).toHaveCount(1);
  await figure.getByRole('button', { name: 'Remove dimension 32' }).click();
  await expect(figure.locator('.pe-columns-chip[data-dimension="32"]')).toHaveCount(0);
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(5);
  await figure.getByLabel('Dimension', { exact: true }).fill('600');
  await figure.getByRole('button', { name: 'Add' }).click();
  await expect(figure.locator('.pe-columns-message')).toContainText('from 0 to 511; received "600"');
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(5);
});

test('many positions draw curves without dots; a smaller model hides dimensions beyond it', async ({
  page,
}) => {
  await page.goto('embed.html?figure=columns');
  const figure = figureOf(page);
  const positions = figure.getByLabel('Positions');
  await positions.focus();
  await positions.press('End');
  await expect(figure.locator('.pe-summary')).toContainText('over 2,048 positions');
  await expect(figure.locator('.pe-columns-curve circle')).toHaveCount(0);

  await page.goto('embed.html?figure=columns&dModel=128&positions=50&dimensions=0,3,127,500');
  await expect(figure.locator('.pe-columns-curve')).toHaveCount(3);
  await expect(figure.locator('.pe-columns-chip.is-outside')).toHaveText(/dim 500 \(beyond dModel\)/);
  const svg = figure.locator('svg.pe-columns-svg');
  await svg.focus();
  await svg.press('End');
  await svg.press('ArrowDown');
  await svg.press('ArrowDown');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 49, dimension 127 (pair 63, cos)');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - sinusoid(49, 127, 128))).toBeLessThan(
    1e-5,
  );
});

test('columns is usable at 360 px in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('embed.html?figure=columns');
  await expect(figureOf(page).locator('.pe-columns-curve')).toHaveCount(5);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('columns shows the engine message for a bad URL parameter and keeps working', async ({ page }) => {
  await expectRecoveryFromOddDModel(page, 'columns');
});
