import {
  test,
  expect,
  expectNumberAfter,
  openFigure,
  openArticleFigure,
  live,
  settings,
} from './fixtures.js';
import { engineInPage, hoverCell, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow } from './fixtures.js';

test('eight heads have the slopes 2^-1 .. 2^-8, read from the bars with the keyboard', async ({ page }) => {
  const figure = await openArticleFigure(page, 'alibi');
  await expect(figure.locator('rect.pe-alibi-bar')).toHaveCount(8);
  await expect(live(page, 'alibi', 'alibi-steepest')).toHaveText('0.5');
  await expect(live(page, 'alibi', 'alibi-gentlest')).toHaveText('0.00390625');
  const bars = figure.locator('svg.pe-alibi-bars');
  await bars.focus();
  const readout = figure.locator('.pe-readout');
  for (let head = 1; head <= 8; head += 1) {
    if (head > 1) await bars.press('ArrowRight');
    await expect(readout).toContainText(`head ${head} of 8: slope`);
    await expectNumberAfter(readout, 'slope', 2 ** -head, 1e-12);
    await expect(readout).toContainText(`= 2^\u2212${head} = 1/${2 ** head}`);
  }
});

test('twelve heads follow the paper rule: the 8-head slopes, then every other 16-head slope', async ({
  page,
}) => {
  const figure = await openArticleFigure(page, 'alibi');
  // From 8 heads to 12.
  await pressKey((await settings(figure)).getByLabel('Heads', { exact: true }), 'ArrowRight', 4);
  await expect(figure.locator('rect.pe-alibi-bar')).toHaveCount(12);
  await expect(live(page, 'alibi', 'alibi-heads')).toHaveText('12');
  // The steepest of the twelve is head 9 (2^-0.5), not head 1.
  await expect(live(page, 'alibi', 'alibi-steepest')).toHaveText('0.707107');
  const bars = figure.locator('svg.pe-alibi-bars');
  await pressKey(bars, 'End');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('head 12 of 12');
  await expectNumberAfter(readout, 'slope', 2 ** -3.5, 1e-12);
  await expect(readout).toContainText('= 2^\u22123.5');
  await pressKey(bars, 'ArrowLeft', 3);
  await expect(readout).toContainText('head 9 of 12');
  await expectNumberAfter(readout, 'slope', 2 ** -0.5, 1e-12);
  // The summary's gentlest slope is head 12's, not the smallest: the rule interleaves the extra heads.
  await expect(figure.locator('.pe-summary')).toContainText('(head 12)');
});

test('the bias matrix reads -slope * distance and the causal toggle masks later keys', async ({ page }) => {
  const figure = await openArticleFigure(page, 'alibi');
  // From head 1 to head 3.
  await pressKey(figure.getByLabel('Head shown'), 'ArrowRight', 2);
  const canvas = figure.locator('canvas.pe-alibi-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await hoverCell(page, canvas, 10, 4, 16, 16);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('head 3, query i 10, key j 4: bias');
  await expectNumberAfter(readout, 'bias', -6 / 8, 1e-12);
  await hoverCell(page, canvas, 4, 10, 16, 16);
  await expect(readout).toContainText('head 3, query i 4, key j 10: bias');
  await expectNumberAfter(readout, 'bias', -6 / 8, 1e-12);

  await (await settings(figure)).getByLabel('Causal mask').check();
  await expect(figure.locator('.pe-summary')).toContainText('masked');
  await hoverCell(page, canvas, 4, 10, 16, 16);
  await expect(readout).toContainText('head 3, query i 4, key j 10: masked');
});

test('the distance chart and the live numbers follow the sequence length', async ({ page }) => {
  const figure = await openArticleFigure(page, 'alibi');
  await expect(live(page, 'alibi', 'alibi-steepest-bias')).toHaveText('\u22127.5');
  // From 16 positions to 21.
  await pressKey(figure.getByLabel('Sequence length'), 'ArrowRight', 5);
  await expect(live(page, 'alibi', 'alibi-distance')).toHaveText('20');
  await expect(live(page, 'alibi', 'alibi-steepest-bias')).toHaveText('\u221210');
  const lines = figure.locator('svg.pe-alibi-lines');
  await pressKey(lines, 'End');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('distance 20:');
  const text = await readout.textContent();
  await expectNumberAfter(text, 'head 1 bias', -10, 1e-12);
  await expectNumberAfter(text, 'head 8 bias', -20 / 256, 1e-12);
});

test('ALiBi stands alone on the embed page, fits 360 px and reads in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openFigure(page, 'alibi', 'heads=5&length=10&head=2&causal=1');
  await expect(figure.locator('rect.pe-alibi-bar')).toHaveCount(5);
  await expect(figure.locator('canvas.pe-alibi-canvas')).toHaveAttribute('width', '10');
  await expect((await settings(figure)).getByLabel('Causal mask')).toBeChecked();
  await expectNoHorizontalOverflow(page);
  // Five heads: the 4-head slopes 2^-2, 2^-4, 2^-6, 2^-8, then the first 8-head slope, 2^-1.
  const slopes = await engineInPage(page, (pe) => Array.from(pe.alibiSlopes(5)));
  expect(slopes).toEqual([2 ** -2, 2 ** -4, 2 ** -6, 2 ** -8, 2 ** -1]);
  await expect(figure.locator('.pe-summary')).toContainText('slopes from 0.25 (head 1) to 0.5 (head 5)');
});

test('a head count out of range from the URL is brought to the most, with a note', async ({ page }) => {
  const figure = await openFigure(page, 'alibi', 'heads=65');
  await expect(figure.locator('.pe-url-notes')).toHaveText(
    'heads "65" is above the most this figure draws, 64: showing 64.',
  );
  await expect(figure.locator('.pe-error')).toBeHidden();
});
