import {
  test,
  expect,
  numberAfter,
  expectNumberAfter,
  openFigure,
  openArticleFigure,
  settings,
} from './fixtures.js';
import { expectLiveTexts, engineInPage, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow } from './fixtures.js';

/** The figure is ready once its three lines are drawn. */
const drawn = (figure) => expect(figure.locator('path.pe-naive-line')).toHaveCount(3);
const openNaive = (page, query) => openFigure(page, 'naive', query, { ready: drawn });

test('the ratio chart reads exact values by keyboard and hover, against the closed forms', async ({
  page,
}) => {
  const figure = await openNaive(page, 'length=100&dModel=64');
  await expect(figure.locator('.pe-summary')).toContainText('at position 99 is 99 times');
  const chart = figure.locator('svg.pe-naive-chart');
  await pressKey(chart, 'End');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('position 99 of 100');
  const text = await readout.textContent();
  expect(numberAfter(text, 'index')).toBe(99);
  expect(numberAfter(text, 'normalised')).toBe(1);
  await expectNumberAfter(text, 'sinusoidal', Math.SQRT1_2, 1e-6);
  await pressKey(chart, 'ArrowLeft', 2);
  await expect(readout).toContainText('position 97 of 100');
  await expectNumberAfter(readout, 'normalised', 97 / 99, 1e-6);

  // Hovering the middle of the plot reads a position near the middle, with index ratio equal to p.
  const box = await chart.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(readout).toContainText('of 100: index');
  const hovered = await readout.textContent();
  const p = Number(/position (\d+) of/.exec(hovered)[1]);
  expect(p).toBeGreaterThan(30);
  expect(p).toBeLessThan(70);
  expect(numberAfter(hovered, 'index')).toBe(p);
});

test('the offset slider changes what each sentence length makes of the offset', async ({ page }) => {
  const figure = await openNaive(page);
  const bars = figure.locator('g.pe-naive-bar');
  await expect(bars).toHaveCount(4);
  await expect(bars.nth(1)).toHaveAttribute('aria-label', /offset 3 in a 10-word sentence: 0\.333333/);
  await pressKey((await settings(figure)).getByLabel('Offset k'), 'ArrowRight', 4);
  await expect(figure.locator('.pe-summary')).toContainText('an offset of 7 is');
  await bars.nth(2).focus();
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('offset 7 in a 50-word sentence');
  await expectNumberAfter(readout, 'value', 7 / 49, 1e-6);
  // An offset longer than the sentence has no meaning there.
  await bars.nth(0).hover();
  await expect(readout).toContainText('offset 7 does not fit in a 5-word sentence');
  await expect(bars.nth(0)).toContainText('does not fit');
});

test('the offsets agree with the engine for lengths from the URL', async ({ page }) => {
  const figure = await openNaive(page, 'offset=4&lengths=6,9,33');
  await expect(figure.locator('g.pe-naive-bar')).toHaveCount(3);
  const expected = await engineInPage(page, (pe) => Array.from(pe.naiveOffsetMeaning(4, [6, 9, 33])));
  for (const [i, n] of [6, 9, 33].entries()) {
    await figure.locator('g.pe-naive-bar').nth(i).focus();
    await expect(figure.locator('.pe-readout')).toContainText(`in a ${n}-word sentence`);
    await expectNumberAfter(figure.locator('.pe-readout'), 'value', expected[i], 1e-6);
  }
});

test('on the article the prose numbers are live and follow the controls', async ({ page }) => {
  const figure = await openArticleFigure(page, 'naive', { ready: drawn });
  await expectLiveTexts(page, 'naive', {
    'naive-length': '1,024',
    'naive-index-last': '1,023',
    'naive-sin': '0.707',
    'naive-offset-short': '0.75',
    'naive-offset-long-n': '100',
    'naive-offset-long': '0.0303',
  });
  await pressKey((await settings(figure)).getByLabel('Offset k'), 'ArrowRight');
  await expectLiveTexts(page, 'naive', { 'naive-offset': '4', 'naive-offset-long': '0.0404' });
});

test('the figure fits 360 px without horizontal overflow, in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  await openNaive(page);
  await expectNoHorizontalOverflow(page);
});

test('a bar row the reader tabbed to keeps the focus when the chart is drawn anew at a new width', async ({
  page,
}) => {
  const figure = await openNaive(page);
  const bars = figure.locator('g.pe-naive-bar');
  await expect(bars).toHaveCount(4);
  await page.keyboard.press('Tab');
  await bars.nth(2).focus();
  await bars.nth(2).evaluate((row) => row.setAttribute('data-old', ''));
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: size.width - 200, height: size.height });
  // The rows are drawn anew (watchWidth), and the new row for the same sentence length has the focus.
  await expect(figure.locator('g.pe-naive-bar[data-old]')).toHaveCount(0);
  await expect(bars.nth(2)).toBeFocused();
  expect(await bars.nth(2).evaluate((row) => row.matches(':focus-visible'))).toBe(true);
  await expect(figure.locator('.pe-readout')).toContainText('in a 50-word sentence');
});
