import { test, expect, sinusoid, expectNumberAfter, openFigure, settings } from './fixtures.js';
import { expectRecoveryFromOddDModel, pressKey, markAxes, axisNodesRewritten } from './fixtures.js';
import { useNarrowScreen, expectNoHorizontalOverflow } from './fixtures.js';

/** Max minus min of one dimension over positions 0..positions-1, from the closed form in double precision. */
function range(dim, positions, dModel = 512, base = 10000) {
  let lo = Infinity;
  let hi = -Infinity;
  for (let p = 0; p < positions; p += 1) {
    const v = sinusoid(p, dim, dModel, base);
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return hi - lo;
}

function countBelow(threshold, positions, dModel = 512, base = 10000) {
  let n = 0;
  for (let d = 0; d < dModel; d += 1) if (range(d, positions, dModel, base) < threshold) n += 1;
  return n;
}

test('ranges reads 194 and 264 of 512 at the defaults, as the closed form does', async ({ page }) => {
  const figure = await openFigure(page, 'ranges');
  expect(countBelow(0.1, 64)).toBe(194);
  expect(countBelow(0.5, 64)).toBe(264);
  await expect(figure.locator('[data-stat="below-0.1"]')).toHaveText('194 of 512 dimensions');
  await expect(figure.locator('[data-stat="below-0.5"]')).toHaveText('264 of 512 dimensions');
  await expect(figure.locator('path.pe-ranges-sin')).toHaveAttribute('d', /^M/);
  await expect(figure.locator('path.pe-ranges-cos')).toHaveAttribute('d', /^M/);
  await expect(figure.locator('.pe-ranges-legend')).toContainText('sin dimensions');
});

test('hovering and the arrow keys read the range of a dimension', async ({ page }) => {
  const figure = await openFigure(page, 'ranges');
  const box = await figure.locator('.pe-ranges-hit').boundingBox();
  await page.mouse.move(box.x + ((300 + 0.5) / 512) * box.width, box.y + box.height / 2);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('dimension 300 (pair 150, sin)');
  await expectNumberAfter(readout, 'range', range(300, 64), 1e-6);
  await expect(figure.locator('.pe-ranges-highlight')).toHaveAttribute('data-dimension', '300');

  const svg = figure.locator('svg.pe-ranges-svg');
  await pressKey(svg, 'Home');
  await svg.press('ArrowRight');
  await expect(readout).toContainText('dimension 1 (pair 0, cos)');
  await expectNumberAfter(readout, 'range', range(1, 64), 1e-6);
});

test('more positions change the counts to the closed-form ones', async ({ page }) => {
  const figure = await openFigure(page, 'ranges');
  await pressKey((await settings(figure)).getByLabel('Positions'), 'ArrowRight', 36);
  await expect(figure.locator('[data-stat="below-0.1"]')).toHaveText(
    `${countBelow(0.1, 100)} of 512 dimensions`,
  );
  await expect(figure.locator('[data-stat="below-0.5"]')).toHaveText(
    `${countBelow(0.5, 100)} of 512 dimensions`,
  );
});

test('in the split layout the second half are the cosines', async ({ page }) => {
  const figure = await openFigure(page, 'ranges', 'dModel=128&positions=50&layout=split');
  const svg = figure.locator('svg.pe-ranges-svg');
  await pressKey(svg, 'PageUp', 6);
  await expect(figure.locator('.pe-readout')).toContainText('dimension 60 (pair 60, sin)');
  await svg.press('End');
  // Split dimension 127 is the cosine of pair 63, interleaved dimension 127.
  await expect(figure.locator('.pe-readout')).toContainText('dimension 127 (pair 63, cos)');
  await expectNumberAfter(figure.locator('.pe-readout'), 'range', range(127, 50, 128), 1e-6);
});

test('ranges is usable at 360 px in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openFigure(page, 'ranges');
  await expect(figure.locator('[data-stat="below-0.1"]')).toHaveText('194 of 512 dimensions');
  await expectNoHorizontalOverflow(page);
});

test('ranges notes an odd dModel from the URL and keeps working', async ({ page }) => {
  await expectRecoveryFromOddDModel(page, 'ranges');
});

/** Bar heights in pixels of one ranges path, in drawing order ("M x,bottom V top h w V bottom Z" each). */
function barHeights(d) {
  return [...d.matchAll(/M[\d.]+,([\d.]+)V([\d.]+)h[\d.]+V[\d.]+Z/g)].map((m) => Number(m[1]) - Number(m[2]));
}

test('each bar is as tall as its range, in either layout, after the positions move', async ({ page }) => {
  const figure = await openFigure(page, 'ranges', 'dModel=128&positions=50&layout=split');
  await pressKey((await settings(figure)).getByLabel('Positions'), 'ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('Over 51 positions');
  // 220 px for a range of 2; a bar never drops below one pixel.
  const expected = (dim) => Math.max(1, range(dim, 51, 128) * 110);
  const sin = barHeights(await figure.locator('path.pe-ranges-sin').getAttribute('d'));
  const cos = barHeights(await figure.locator('path.pe-ranges-cos').getAttribute('d'));
  expect(sin).toHaveLength(64);
  expect(cos).toHaveLength(64);
  // Split layout: dimension k < 64 is the sine of pair k (interleaved 2k), 64 + k its cosine (2k + 1).
  for (let k = 0; k < 64; k += 1) {
    expect(Math.abs(sin[k] - expected(2 * k))).toBeLessThan(0.011);
    expect(Math.abs(cos[k] - expected(2 * k + 1))).toBeLessThan(0.011);
  }
});

test('a positions step keeps the axes as they are; a narrower chart gets fewer ticks', async ({ page }) => {
  const figure = await openFigure(page, 'ranges');
  const labels = (axis) => figure.locator('svg g.pe-axis').nth(axis).locator('.tick text').allTextContents();
  await expect
    .poll(() => labels(0))
    .toEqual(['0', '50', '100', '150', '200', '250', '300', '350', '400', '450', '500']);
  expect(await labels(1)).toEqual(['0.0', '0.5', '1.0', '1.5', '2.0']);
  // The axes depend on dModel and the width only: a slider step writes nothing into them.
  await markAxes(figure);
  await pressKey((await settings(figure)).getByLabel('Positions'), 'ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('Over 65 positions');
  expect(await axisNodesRewritten(figure)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => labels(0)).toEqual(['0', '100', '200', '300', '400', '500']);
  expect(await labels(1)).toEqual(['0.0', '0.5', '1.0', '1.5', '2.0']);
});
