import { test, expect, sinusoid, parseNumber, expectNumberAfter, cellNumbers, settings } from './fixtures.js';
import { openFigure, openDataTable, expectRecoveryFromOddDModel, pressKey } from './fixtures.js';
import { useNarrowScreen, expectNoHorizontalOverflow } from './fixtures.js';

const openBinary = (page, query) => openFigure(page, 'binary', query);
const bitsOf = (figure) => figure.locator('.pe-binary-bit-value').allTextContents();

test('binary shows the bits of the position beside the fastest sines and the clocks', async ({ page }) => {
  const figure = await openBinary(page);
  await expect(figure.locator('.pe-binary-bit')).toHaveCount(6);
  expect(await bitsOf(figure)).toEqual(['1', '0', '1', '0', '0', '0']);
  const row0 = figure.locator('.pe-binary-bar-row[data-dimension="0"] .pe-binary-bar-value');
  expect(Math.abs(parseNumber(await row0.textContent()) - Math.sin(5))).toBeLessThan(1e-3);
  await expect(figure.locator('.pe-binary-clock')).toHaveCount(6);
  await expect(figure.locator('.pe-binary-explain')).toContainText('repeats every 6.283 positions');
});

test('moving the position updates bits, bars and hands, and a clock reads its pair', async ({ page }) => {
  const figure = await openBinary(page);
  await pressKey(figure.getByLabel('Position', { exact: true }), 'ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('Position 6 is 000110 in binary');
  expect(await bitsOf(figure)).toEqual(['0', '1', '1', '0', '0', '0']);

  const clock = figure.locator('.pe-binary-clock[data-pair="0"]');
  await clock.hover();
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 6, pair 0:');
  await expectNumberAfter(readout, 'sin', Math.sin(6), 1e-6);
  await expectNumberAfter(readout, 'cos', Math.cos(6), 1e-6);
  await expectNumberAfter(readout, 'period', 2 * Math.PI, 1e-4);
  // The hand points at (sin, cos) of the pair.
  const hand = await clock.locator('.pe-binary-hand').evaluate((l) => ({
    dx: l.x2.baseVal.value - l.x1.baseVal.value,
    dy: l.y1.baseVal.value - l.y2.baseVal.value,
  }));
  expect(Math.abs(Math.atan2(hand.dx, hand.dy) - Math.atan2(Math.sin(6), Math.cos(6)))).toBeLessThan(0.02);

  // Keyboard focus on a sine bar reads it too.
  await figure.locator('.pe-binary-bar-row[data-dimension="2"]').focus();
  await expect(readout).toContainText('position 6, dimension 2 (pair 1, sin)');
  await expectNumberAfter(readout, 'value', sinusoid(6, 2, 512), 1e-6);
});

test('Play advances the position and Pause stops it', async ({ page }) => {
  const figure = await openBinary(page);
  const play = figure.getByRole('button', { name: 'Play' });
  await play.click();
  await expect(figure.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true');
  await expect(figure.locator('.pe-summary')).toContainText('Position 7 ');
  await figure.getByRole('button', { name: 'Pause' }).click();
  await expect(figure.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'false');
});

test('with reduced motion the button steps instead of playing', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const figure = await openBinary(page, 'position=9');
  await expect(figure.locator('.pe-summary')).toContainText('Position 9 is 001001');
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect(figure.locator('.pe-summary')).toContainText('Position 10 is 001010');
  await expect(figure.getByRole('button', { name: 'Step' })).toBeVisible();
});

test('binary follows the URL parameters and is usable at 360 px in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openBinary(page, 'dModel=128&positions=50&position=49&pairs=0,10,20');
  await expect(figure.locator('.pe-binary-clock')).toHaveCount(3);
  expect(await bitsOf(figure)).toEqual(['1', '0', '0', '0', '1', '1']);
  const clock = figure.locator('.pe-binary-clock[data-pair="10"]');
  await clock.focus();
  const text = await figure.locator('.pe-readout').textContent();
  await expectNumberAfter(text, 'sin', sinusoid(49, 20, 128), 1e-6);
  await expectNumberAfter(text, 'cos', sinusoid(49, 21, 128), 1e-6);
  await expectNoHorizontalOverflow(page);
});

test('binary notes an odd dModel from the URL and keeps working', async ({ page }) => {
  await expectRecoveryFromOddDModel(page, 'binary');
});

test('binary reads the engine values far along the window and after the window changes', async ({ page }) => {
  const figure = await openBinary(page, 'positions=2048&position=300');
  await expect(figure.locator('.pe-summary')).toContainText('Position 300 is 00100101100 in binary');
  const readout = figure.locator('.pe-readout');
  const clock = figure.locator('.pe-binary-clock[data-pair="0"]');
  await clock.focus();
  await expect(readout).toContainText('position 300, pair 0:');
  await expectNumberAfter(readout, 'sin', Math.sin(300), 1e-6);
  await expectNumberAfter(readout, 'cos', Math.cos(300), 1e-6);

  await pressKey(figure.getByLabel('Position', { exact: true }), 'End');
  await expect(figure.locator('.pe-summary')).toContainText('Position 2,047 is 11111111111 in binary');
  await figure.locator('.pe-binary-bar-row[data-dimension="2"]').focus();
  await expect(readout).toContainText('position 2047, dimension 2 (pair 1, sin)');
  await expectNumberAfter(readout, 'value', sinusoid(2047, 2, 512), 1e-6);

  // A shorter window moves the position back inside it; a longer one keeps it.
  await pressKey((await settings(figure)).getByLabel('Positions'), 'ArrowLeft');
  await expect(figure.locator('.pe-summary')).toContainText('Position 2,046 is');
  await expect(figure.locator('.pe-binary-bit')).toHaveCount(11);
  await clock.focus();
  await expectNumberAfter(readout, 'sin', Math.sin(2046), 1e-6);
});

test('in the split layout bars and clocks read the sine and cosine halves', async ({ page }) => {
  const figure = await openBinary(page, 'layout=split&dModel=64&position=9');
  // Split: pair i has its sine at dimension i and its cosine at i + dModel / 2.
  await expect(figure.locator('.pe-binary-bar-row[data-dimension="3"]')).toHaveCount(1);
  const readout = figure.locator('.pe-readout');
  await figure.locator('.pe-binary-bar-row[data-dimension="3"]').focus();
  await expect(readout).toContainText('position 9, dimension 3 (pair 3, sin)');
  await expectNumberAfter(readout, 'value', sinusoid(9, 6, 64), 1e-6);
  const clock = figure.locator('.pe-binary-clock').nth(1);
  const pair = Number(await clock.getAttribute('data-pair'));
  await clock.focus();
  await expect(readout).toContainText(`position 9, pair ${pair}:`);
  const text = await readout.textContent();
  await expectNumberAfter(text, 'sin', sinusoid(9, 2 * pair, 64), 1e-6);
  await expectNumberAfter(text, 'cos', sinusoid(9, 2 * pair + 1, 64), 1e-6);
});

test('the data table lists each clock pair with its engine values at the position', async ({ page }) => {
  const figure = await openBinary(page, 'dModel=128&position=37&pairs=0,10,20');
  const { rows } = await openDataTable(figure);
  await expect(figure.locator('.pe-table-host thead th')).toHaveText([
    'pair',
    'sin dimension',
    'cos dimension',
    'period',
    'sin at 37',
    'cos at 37',
  ]);
  await expect(rows).toHaveCount(3);
  for (const [i, pair] of [0, 10, 20].entries()) {
    const cells = await cellNumbers(rows.nth(i));
    expect(cells.slice(0, 3)).toEqual([pair, 2 * pair, 2 * pair + 1]);
    expect(Math.abs(cells[3] - 2 * Math.PI * 10000 ** ((2 * pair) / 128)) / cells[3]).toBeLessThan(1e-5);
    expect(Math.abs(cells[4] - sinusoid(37, 2 * pair, 128))).toBeLessThan(1e-5);
    expect(Math.abs(cells[5] - sinusoid(37, 2 * pair + 1, 128))).toBeLessThan(1e-5);
  }
  // Closed, the table holds no rows (a long session keeps no hidden tables); opened again, it is built anew.
  await figure.locator('.pe-data summary').click();
  await expect(figure.locator('.pe-table-host table')).toHaveCount(0);
  await figure.locator('.pe-data summary').click();
  await expect(rows).toHaveCount(3);
});
