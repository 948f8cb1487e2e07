import { test, expect, sinusoid, numberAfter, expectRecoveryFromOddDModel } from './fixtures.js';

const figureOf = (page) => page.locator('[data-figure="binary"]');
const bitsOf = (figure) => figure.locator('.pe-binary-bit-value').allTextContents();

test('binary shows the bits of the position beside the fastest sines and the clocks', async ({ page }) => {
  await page.goto('embed.html?figure=binary');
  const figure = figureOf(page);
  await expect(figure.locator('.pe-binary-bit')).toHaveCount(6);
  expect(await bitsOf(figure)).toEqual(['1', '0', '1', '0', '0', '0']);
  const row0 = figure.locator('.pe-binary-bar-row[data-dimension="0"] .pe-binary-bar-value');
  expect(Math.abs(Number((await row0.textContent()).replace('\u2212', '-')) - Math.sin(5))).toBeLessThan(
    1e-3,
  );
  await expect(figure.locator('.pe-binary-clock')).toHaveCount(6);
  await expect(figure.locator('.pe-binary-explain')).toContainText('repeats every 6.283 positions');
});

test('moving the position updates bits, bars and hands, and a clock reads its pair', async ({ page }) => {
  await page.goto('embed.html?figure=binary');
  const figure = figureOf(page);
  const slider = figure.getByLabel('Position', { exact: true });
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('Position 6 is 000110 in binary');
  expect(await bitsOf(figure)).toEqual(['0', '1', '1', '0', '0', '0']);

  const clock = figure.locator('.pe-binary-clock[data-pair="0"]');
  await clock.hover();
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 6, pair 0:');
  expect(Math.abs(numberAfter(await readout.textContent(), 'sin') - Math.sin(6))).toBeLessThan(1e-6);
  expect(Math.abs(numberAfter(await readout.textContent(), 'cos') - Math.cos(6))).toBeLessThan(1e-6);
  expect(Math.abs(numberAfter(await readout.textContent(), 'period') - 2 * Math.PI)).toBeLessThan(1e-4);
  // The hand points at (sin, cos) of the pair.
  const hand = await clock.locator('.pe-binary-hand').evaluate((l) => ({
    dx: l.x2.baseVal.value - l.x1.baseVal.value,
    dy: l.y1.baseVal.value - l.y2.baseVal.value,
  }));
  expect(Math.abs(Math.atan2(hand.dx, hand.dy) - Math.atan2(Math.sin(6), Math.cos(6)))).toBeLessThan(0.02);

  // Keyboard focus on a sine bar reads it too.
  await figure.locator('.pe-binary-bar-row[data-dimension="2"]').focus();
  await expect(readout).toContainText('position 6, dimension 2 (pair 1, sin)');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - sinusoid(6, 2, 512))).toBeLessThan(
    1e-6,
  );
});

test('Play advances the position and Pause stops it', async ({ page }) => {
  await page.goto('embed.html?figure=binary');
  const figure = figureOf(page);
  const play = figure.getByRole('button', { name: 'Play' });
  await play.click();
  await expect(figure.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');
  await expect(figure.locator('.pe-summary')).toContainText('Position 7 ');
  await figure.getByRole('button', { name: 'Pause' }).click();
  await expect(figure.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'false');
});

test('with reduced motion the button steps instead of playing', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('embed.html?figure=binary&position=9');
  const figure = figureOf(page);
  await expect(figure.locator('.pe-summary')).toContainText('Position 9 is 001001');
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect(figure.locator('.pe-summary')).toContainText('Position 10 is 001010');
  await expect(figure.getByRole('button', { name: 'Step' })).toBeVisible();
});

test('binary follows the URL parameters and is usable at 360 px in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('embed.html?figure=binary&dModel=128&positions=50&position=49&pairs=0,10,20');
  const figure = figureOf(page);
  await expect(figure.locator('.pe-binary-clock')).toHaveCount(3);
  expect(await bitsOf(figure)).toEqual(['1', '0', '0', '0', '1', '1']);
  const clock = figure.locator('.pe-binary-clock[data-pair="10"]');
  await clock.focus();
  const text = await figure.locator('.pe-readout').textContent();
  expect(Math.abs(numberAfter(text, 'sin') - sinusoid(49, 20, 128))).toBeLessThan(1e-6);
  expect(Math.abs(numberAfter(text, 'cos') - sinusoid(49, 21, 128))).toBeLessThan(1e-6);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('binary shows the engine message for a bad URL parameter and keeps working', async ({ page }) => {
  await expectRecoveryFromOddDModel(page, 'binary');
});
