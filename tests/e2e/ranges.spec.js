import {
  test,
  expect,
  sinusoid,
  expectRecoveryFromOddDModel,
  markAxes,
  axisNodesRewritten,
} from './fixtures.js';

/** The number after `label`, including the readouts' exponent form "1.6×10^−5" (U+2212 as minus). */
function numberAfter(text, label) {
  const match = new RegExp(`${label}\\s+([\\u2212\\-]?[\\d.]+)(?:\u00d710\\^([\\u2212\\-]?\\d+))?`).exec(
    text,
  );
  if (!match) throw new Error(`no "${label}" number in: ${text}`);
  const minus = (s) => s.replace('\u2212', '-');
  return Number(minus(match[1])) * 10 ** Number(match[2] ? minus(match[2]) : 0);
}

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
  await page.goto('embed.html?figure=ranges');
  const figure = page.locator('[data-figure="ranges"]');
  expect(countBelow(0.1, 64)).toBe(194);
  expect(countBelow(0.5, 64)).toBe(264);
  await expect(figure.locator('[data-stat="below-0.1"]')).toHaveText('194 of 512 dimensions');
  await expect(figure.locator('[data-stat="below-0.5"]')).toHaveText('264 of 512 dimensions');
  await expect(figure.locator('path.pe-ranges-sin')).toHaveAttribute('d', /^M/);
  await expect(figure.locator('path.pe-ranges-cos')).toHaveAttribute('d', /^M/);
  await expect(figure.locator('.pe-ranges-legend')).toContainText('sin dimensions');
});

test('hovering and the arrow keys read the range of a dimension', async ({ page }) => {
  await page.goto('embed.html?figure=ranges');
  const figure = page.locator('[data-figure="ranges"]');
  const box = await figure.locator('.pe-ranges-hit').boundingBox();
  await page.mouse.move(box.x + ((300 + 0.5) / 512) * box.width, box.y + box.height / 2);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('dimension 300 (pair 150, sin)');
  expect(Math.abs(numberAfter(await readout.textContent(), 'range') - range(300, 64))).toBeLessThan(1e-6);
  await expect(figure.locator('.pe-ranges-highlight')).toHaveAttribute('data-dimension', '300');

  const svg = figure.locator('svg.pe-ranges-svg');
  await svg.focus();
  await svg.press('Home');
  await svg.press('ArrowRight');
  await expect(readout).toContainText('dimension 1 (pair 0, cos)');
  expect(Math.abs(numberAfter(await readout.textContent(), 'range') - range(1, 64))).toBeLessThan(1e-6);
});

test('more positions change the counts to the closed-form ones', async ({ page }) => {
  await page.goto('embed.html?figure=ranges');
  const figure = page.locator('[data-figure="ranges"]');
  const slider = figure.getByLabel('Positions');
  await slider.focus();
  for (let i = 0; i < 36; i += 1) await slider.press('ArrowRight');
  await expect(figure.locator('[data-stat="below-0.1"]')).toHaveText(
    `${countBelow(0.1, 100)} of 512 dimensions`,
  );
  await expect(figure.locator('[data-stat="below-0.5"]')).toHaveText(
    `${countBelow(0.5, 100)} of 512 dimensions`,
  );
});

test('in the split layout the second half are the cosines', async ({ page }) => {
  await page.goto('embed.html?figure=ranges&dModel=128&positions=50&layout=split');
  const figure = page.locator('[data-figure="ranges"]');
  const svg = figure.locator('svg.pe-ranges-svg');
  await svg.focus();
  for (let i = 0; i < 6; i += 1) await svg.press('PageUp');
  await expect(figure.locator('.pe-readout')).toContainText('dimension 60 (pair 60, sin)');
  await svg.press('End');
  // Split dimension 127 is the cosine of pair 63, interleaved dimension 127.
  await expect(figure.locator('.pe-readout')).toContainText('dimension 127 (pair 63, cos)');
  const read = numberAfter(await figure.locator('.pe-readout').textContent(), 'range');
  expect(Math.abs(read - range(127, 50, 128))).toBeLessThan(1e-6);
});

test('ranges is usable at 360 px in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('embed.html?figure=ranges');
  await expect(page.locator('[data-figure="ranges"] [data-stat="below-0.1"]')).toHaveText(
    '194 of 512 dimensions',
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('ranges shows the engine message for a bad URL parameter and keeps working', async ({ page }) => {
  await expectRecoveryFromOddDModel(page, 'ranges');
});

/** Bar heights in pixels of one ranges path, in drawing order ("M x,bottom V top h w V bottom Z" each). */
function barHeights(d) {
  return [...d.matchAll(/M[\d.]+,([\d.]+)V([\d.]+)h[\d.]+V[\d.]+Z/g)].map((m) => Number(m[1]) - Number(m[2]));
}

test('each bar is as tall as its range, in either layout, after the positions move', async ({ page }) => {
  await page.goto('embed.html?figure=ranges&dModel=128&positions=50&layout=split');
  const figure = page.locator('[data-figure="ranges"]');
  const slider = figure.getByLabel('Positions');
  await slider.focus();
  await slider.press('ArrowRight');
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
  await page.goto('embed.html?figure=ranges');
  const figure = page.locator('[data-figure="ranges"]');
  const labels = (axis) => figure.locator('svg g.pe-axis').nth(axis).locator('.tick text').allTextContents();
  await expect
    .poll(() => labels(0))
    .toEqual(['0', '50', '100', '150', '200', '250', '300', '350', '400', '450', '500']);
  expect(await labels(1)).toEqual(['0.0', '0.5', '1.0', '1.5', '2.0']);
  // The axes depend on dModel and the width only: a slider step writes nothing into them.
  await markAxes(figure);
  const slider = figure.getByLabel('Positions');
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('Over 65 positions');
  expect(await axisNodesRewritten(figure)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => labels(0)).toEqual(['0', '100', '200', '300', '400', '500']);
  expect(await labels(1)).toEqual(['0.0', '0.5', '1.0', '1.5', '2.0']);
});
