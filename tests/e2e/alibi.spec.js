import { test, expect, numberAfter, hoverCell } from './fixtures.js';

/** The article mounts figures as they near the viewport: scroll to the slot and wait for the mount. */
async function articleFigure(page) {
  const slot = page.locator('[data-mount="alibi"]');
  await slot.scrollIntoViewIfNeeded();
  await expect(slot).toHaveAttribute('data-figure', 'alibi');
  return slot;
}

async function setSlider(slider, value, from) {
  await slider.focus();
  const key = value > from ? 'ArrowRight' : 'ArrowLeft';
  for (let i = 0; i < Math.abs(value - from); i += 1) await slider.press(key);
}

test('eight heads have the slopes 2^-1 .. 2^-8, read from the bars with the keyboard', async ({ page }) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  await expect(figure.locator('rect.pe-alibi-bar')).toHaveCount(8);
  await expect(page.locator('#alibi [data-live="alibi-steepest"]')).toHaveText('0.5');
  await expect(page.locator('#alibi [data-live="alibi-gentlest"]')).toHaveText('0.00390625');
  const bars = figure.locator('svg.pe-alibi-bars');
  await bars.focus();
  const readout = figure.locator('.pe-readout');
  for (let head = 1; head <= 8; head += 1) {
    if (head > 1) await bars.press('ArrowRight');
    await expect(readout).toContainText(`head ${head} of 8: slope`);
    const slope = numberAfter(await readout.textContent(), 'slope');
    expect(Math.abs(slope - 2 ** -head)).toBeLessThan(1e-12);
    await expect(readout).toContainText(`= 2^\u2212${head} = 1/${2 ** head}`);
  }
});

test('twelve heads follow the paper rule: the 8-head slopes, then every other 16-head slope', async ({
  page,
}) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  await setSlider(figure.getByLabel('Heads', { exact: true }), 12, 8);
  await expect(figure.locator('rect.pe-alibi-bar')).toHaveCount(12);
  await expect(page.locator('#alibi [data-live="alibi-heads"]')).toHaveText('12');
  // The steepest of the twelve is head 9 (2^-0.5), not head 1.
  await expect(page.locator('#alibi [data-live="alibi-steepest"]')).toHaveText('0.707107');
  const bars = figure.locator('svg.pe-alibi-bars');
  await bars.focus();
  await bars.press('End');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('head 12 of 12');
  expect(Math.abs(numberAfter(await readout.textContent(), 'slope') - 2 ** -3.5)).toBeLessThan(1e-12);
  await expect(readout).toContainText('= 2^\u22123.5');
  await bars.press('ArrowLeft');
  await bars.press('ArrowLeft');
  await bars.press('ArrowLeft');
  await expect(readout).toContainText('head 9 of 12');
  expect(Math.abs(numberAfter(await readout.textContent(), 'slope') - 2 ** -0.5)).toBeLessThan(1e-12);
  // The summary's gentlest slope is head 12's, not the smallest: the rule interleaves the extra heads.
  await expect(figure.locator('.pe-summary')).toContainText('(head 12)');
});

test('the bias matrix reads -slope * distance and the causal toggle masks later keys', async ({ page }) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  await setSlider(figure.getByLabel('Head shown'), 3, 1);
  const canvas = figure.locator('canvas.pe-alibi-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await hoverCell(page, canvas, 10, 4, 16, 16);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('head 3, query i 10, key j 4: bias');
  expect(Math.abs(numberAfter(await readout.textContent(), 'bias') - -6 / 8)).toBeLessThan(1e-12);
  await hoverCell(page, canvas, 4, 10, 16, 16);
  await expect(readout).toContainText('head 3, query i 4, key j 10: bias');
  expect(Math.abs(numberAfter(await readout.textContent(), 'bias') - -6 / 8)).toBeLessThan(1e-12);

  await figure.getByLabel('Causal mask').check();
  await expect(figure.locator('.pe-summary')).toContainText('masked');
  await hoverCell(page, canvas, 4, 10, 16, 16);
  await expect(readout).toContainText('head 3, query i 4, key j 10: masked');
});

test('the distance chart and the live numbers follow the sequence length', async ({ page }) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  await expect(page.locator('#alibi [data-live="alibi-steepest-bias"]')).toHaveText('\u22127.5');
  await setSlider(figure.getByLabel('Sequence length'), 21, 16);
  await expect(page.locator('#alibi [data-live="alibi-distance"]')).toHaveText('20');
  await expect(page.locator('#alibi [data-live="alibi-steepest-bias"]')).toHaveText('\u221210');
  const lines = figure.locator('svg.pe-alibi-lines');
  await lines.focus();
  await lines.press('End');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('distance 20:');
  const text = await readout.textContent();
  expect(Math.abs(numberAfter(text, 'head 1 bias') - -10)).toBeLessThan(1e-12);
  expect(Math.abs(numberAfter(text, 'head 8 bias') - -20 / 256)).toBeLessThan(1e-12);
});

test('ALiBi stands alone on the embed page, fits 360 px and reads in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('embed.html?figure=alibi&heads=5&length=10&head=2&causal=1');
  const figure = page.locator('[data-figure="alibi"]');
  await expect(figure.locator('rect.pe-alibi-bar')).toHaveCount(5);
  await expect(figure.locator('canvas.pe-alibi-canvas')).toHaveAttribute('width', '10');
  await expect(figure.getByLabel('Causal mask')).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Five heads: the 4-head slopes 2^-2, 2^-4, 2^-6, 2^-8, then the first 8-head slope, 2^-1.
  const slopes = await page.evaluate(async () => {
    const m = await import('./engine/pe-engine.js');
    const pe = await m.default();
    return Array.from(pe.alibiSlopes(5));
  });
  expect(slopes).toEqual([2 ** -2, 2 ** -4, 2 ** -6, 2 ** -8, 2 ** -1]);
  await expect(figure.locator('.pe-summary')).toContainText('slopes from 0.25 (head 1) to 0.5 (head 5)');
});

test('a head count out of range from the URL shows the engine message', async ({ page }) => {
  await page.goto('embed.html?figure=alibi&heads=65');
  await expect(page.locator('[data-figure="alibi"] .pe-error')).toContainText('65');
});
