import {
  test,
  expect,
  numberAfter,
  openFigure,
  expectRecoveryFromOddDModel,
  pressKey,
  settings,
} from './fixtures.js';
import { markAxes, axisNodesRewritten, useNarrowScreen, expectNoHorizontalOverflow } from './fixtures.js';

const period = (i, dModel = 512, base = 10000) => 2 * Math.PI * base ** ((2 * i) / dModel);
const firstSlower = (positions, dModel = 512, base = 10000) => {
  let i = 0;
  while (i < dModel / 2 && period(i, dModel, base) <= positions) i += 1;
  return i;
};

test('periods draws every pair and reads the paper numbers at the defaults', async ({ page }) => {
  const figure = await openFigure(page, 'periods');
  await expect(figure.locator('[data-stat="ratio"]')).toHaveText(
    String(Number((10000 ** (2 / 512)).toPrecision(5))),
  );
  await expect(figure.locator('[data-stat="ratio"]')).toHaveText('1.0366');
  await expect(figure.locator('[data-stat="last"]')).toHaveText('60,611 positions (pair 255)');
  await expect(figure.locator('[data-stat="first-slow"]')).toContainText(
    `dimension ${2 * firstSlower(64)} (pair 65`,
  );
  await expect(figure.locator('.pe-periods-fast')).toHaveAttribute('d', /^M/);
  await expect(figure.locator('.pe-periods-slow')).toHaveAttribute('d', /^M/);
});

test('hovering a bar reads that pair, and the arrow keys move between pairs', async ({ page }) => {
  const figure = await openFigure(page, 'periods');
  const hit = figure.locator('.pe-periods-hit');
  const box = await hit.boundingBox();
  await page.mouse.move(box.x + ((100 + 0.5) / 256) * box.width, box.y + box.height - 5);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('pair 100 (dimensions 200 and 201)');
  const read = numberAfter(await readout.textContent(), 'period');
  expect(Math.abs(read - period(100)) / period(100)).toBeLessThan(1e-5);
  await expect(figure.locator('.pe-periods-highlight')).toHaveAttribute('data-pair', '100');

  const svg = figure.locator('svg.pe-periods-svg');
  await pressKey(svg, 'End');
  await expect(readout).toContainText('pair 255 (dimensions 510 and 511)');
  await svg.press('ArrowLeft');
  await expect(readout).toContainText('pair 254');
  expect(
    Math.abs(numberAfter(await readout.textContent(), 'period') - period(254)) / period(254),
  ).toBeLessThan(1e-5);
});

test('moving the positions slider moves the window line and the first slow dimension', async ({ page }) => {
  const figure = await openFigure(page, 'periods');
  await pressKey((await settings(figure)).getByLabel('Positions'), 'End');
  await expect(figure.locator('.pe-periods-window-label')).toHaveText('2,048 positions');
  await expect(figure.locator('[data-stat="first-slow"]')).toContainText(
    `dimension ${2 * firstSlower(2048)} `,
  );
  await expect(figure.locator('.pe-summary')).toContainText(
    `${256 - firstSlower(2048)} pairs have a period longer`,
  );
});

test('periods takes its parameters from the URL and lays out split dimensions', async ({ page }) => {
  const figure = await openFigure(page, 'periods', 'dModel=128&base=500&positions=50&layout=split');
  const slow = firstSlower(50, 128, 500);
  await expect(figure.locator('[data-stat="first-slow"]')).toContainText(`dimension ${slow} (pair ${slow},`);
  await expect(figure.locator('[data-stat="last"]')).toContainText(
    `${Math.round(period(63, 128, 500)).toLocaleString('en-US')} positions (pair 63)`,
  );
});

test('periods is usable at 360 px in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openFigure(page, 'periods');
  await expect(figure.locator('[data-stat="ratio"]')).toHaveText('1.0366');
  await expectNoHorizontalOverflow(page);
});

test('periods notes an odd dModel from the URL and keeps working', async ({ page }) => {
  await expectRecoveryFromOddDModel(page, 'periods');
});

test('the log axis follows a window longer than every period, and shrinks back', async ({ page }) => {
  // dModel 16, base 10: periods from 2π to about 47, so the window sets the top of the axis.
  const figure = await openFigure(page, 'periods', 'dModel=16&base=10&positions=50');
  const powers = () =>
    figure
      .locator('svg g.pe-axis')
      .nth(1)
      .locator('.tick text')
      .evaluateAll((texts) => texts.map((t) => t.textContent).filter(Boolean));
  await expect.poll(powers).toEqual(['10']);
  const slider = (await settings(figure)).getByLabel('Positions');
  await pressKey(slider, 'End');
  await expect(figure.locator('.pe-periods-window-label')).toHaveText('2,048 positions');
  await expect.poll(powers).toEqual(['10', '100', '1K']);
  await slider.press('Home');
  await expect(figure.locator('.pe-periods-window-label')).toHaveText('1 positions');
  await expect.poll(powers).toEqual(['1', '10']);
  await expect(figure.locator('[data-stat="first-slow"]')).toContainText('dimension 0 (pair 0,');
});

test('a positions step inside the periods moves the window and keeps the axes as they are', async ({
  page,
}) => {
  const figure = await openFigure(page, 'periods');
  // Drawn once the chart's width is known.
  await expect(figure.locator('svg g.pe-axis .tick')).not.toHaveCount(0);
  await markAxes(figure);
  const line = figure.locator('.pe-periods-window');
  const before = Number(await line.getAttribute('y1'));
  await pressKey((await settings(figure)).getByLabel('Positions'), 'ArrowRight', 10);
  await expect(figure.locator('.pe-periods-window-label')).toHaveText('74 positions');
  // A longer window sits higher on the axis.
  expect(Number(await line.getAttribute('y1'))).toBeLessThan(before);
  await expect(figure.locator('[data-stat="first-slow"]')).toContainText(
    `dimension ${2 * firstSlower(74)} (pair ${firstSlower(74)},`,
  );
  expect(await axisNodesRewritten(figure)).toEqual([]);
});
