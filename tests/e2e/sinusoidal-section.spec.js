import { test, expect, engineInPage, hoverCell, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow } from './fixtures.js';

const live = (page, section, name) => page.locator(`#${section} output[data-live="${name}"]`).first();
const bar = (page) => page.locator('.pe-section-bar');
const figureOf = (page, id) => page.locator(`[data-figure="${id}"]`);

/** Scrolls every linked figure into view once, so all of them are mounted. */
async function mountAll(page) {
  for (const id of ['heatmap', 'columns', 'binary', 'periods', 'ranges']) {
    await page.locator(`[data-linked="${id}"]`).scrollIntoViewIfNeeded();
    await expect(figureOf(page, id)).toBeVisible();
  }
}

test('at the paper defaults the prose reads the source numbers', async ({ page }) => {
  await page.goto('index.html');
  await expect(live(page, 'ranges', 'flat01')).toHaveText('194');
  await expect(live(page, 'ranges', 'flat05')).toHaveText('264');
  await expect(live(page, 'ranges', 'dModel')).toHaveText('512');
  await expect(live(page, 'periods', 'lastPeriod')).toHaveText('60,611');
  await expect(live(page, 'periods', 'ratio')).toHaveText('1.0366');
  await expect(live(page, 'periods', 'firstSlowDim')).toHaveText('130');
  await expect(live(page, 'periods', 'firstSlowPair')).toHaveText('65');
  await expect(live(page, 'formula', 'pairs')).toHaveText('256');
  // The formula is typeset with the current values substituted.
  await expect(page.locator('#formula [data-live-tex="formula"] .katex-mathml')).toContainText('10000');
  await expect(page.locator('#formula [data-live-tex="formula"] .katex-mathml')).toContainText('512');
  // The article's figures follow the section bar and show no controls of their own.
  // (Checked once the figure has drawn: before it mounts there is no control row to be hidden.)
  await page.locator('[data-linked="heatmap"]').scrollIntoViewIfNeeded();
  const heatmap = figureOf(page, 'heatmap');
  await expect(heatmap.locator('.pe-plot canvas').first()).toBeVisible();
  const ownControls = heatmap.locator('.pe-controls[aria-label$=": controls"]');
  await expect(ownControls).toHaveCount(1);
  await expect(ownControls).toBeHidden();
  await expect(bar(page).getByLabel('Model width d_model')).toBeVisible();
});

test('the section controls change every live number and every figure', async ({ page }) => {
  await page.goto('index.html');
  await mountAll(page);
  await page.locator('[data-section-controls]').scrollIntoViewIfNeeded();
  // Sliders are set as a drag would set them, through their input event (the keyboard is tested below).
  const drag = (label, value) =>
    bar(page)
      .getByLabel(label)
      .evaluate((input, v) => {
        input.value = String(v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
  await drag('Model width d_model', 128);
  await drag('Base', Math.log10(500));
  await drag('Positions', 50);

  const expected = await engineInPage(page, (pe) => {
    const periods = pe.pairPeriods(128, 500);
    const ranges = pe.dimensionRanges(50, 128, 500);
    const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    return {
      flat01: String(ranges.filter((r) => r < 0.1).length),
      flat05: String(ranges.filter((r) => r < 0.5).length),
      lastPeriod: format.format(periods[periods.length - 1]),
      ratio: String(Number((periods[1] / periods[0]).toPrecision(5))),
      firstSlowDim: String(2 * periods.findIndex((p) => p > 50)),
    };
  });
  // Independent of the engine: the closed forms of the same quantities in double precision.
  const period = (i) => 2 * Math.PI * 500 ** ((2 * i) / 128);
  expect(expected.ratio).toBe(String(Number((500 ** (2 / 128)).toPrecision(5))));
  expect(expected.lastPeriod).toBe(Math.round(period(63)).toLocaleString('en-US'));
  let firstSlow = 0;
  while (period(firstSlow) <= 50) firstSlow += 1;
  expect(expected.firstSlowDim).toBe(String(2 * firstSlow));

  for (const [name, value] of Object.entries(expected)) {
    const section = name.startsWith('flat') ? 'ranges' : 'periods';
    await expect(live(page, section, name)).toHaveText(value);
  }
  await expect(live(page, 'ranges', 'positions')).toHaveText('50');
  await expect(live(page, 'formula', 'pairs')).toHaveText('64');
  await expect(page.locator('#formula [data-live-tex="formula"] .katex-mathml')).toContainText('500');

  // Figures outside the viewport are brought up to date as they come into view.
  const [heatmap, columns, binary, periods, ranges] = [
    'heatmap',
    'columns',
    'binary',
    'periods',
    'ranges',
  ].map((id) => figureOf(page, id));
  await heatmap.scrollIntoViewIfNeeded();
  await expect(heatmap.locator('canvas.pe-heatmap-canvas')).toHaveAttribute('width', '128');
  await expect(heatmap.locator('canvas.pe-heatmap-canvas')).toHaveAttribute('height', '50');
  await columns.scrollIntoViewIfNeeded();
  await expect(columns.locator('.pe-summary')).toContainText('over 50 positions, d_model 128');
  await binary.scrollIntoViewIfNeeded();
  await expect(binary.locator('input[type="range"]')).toHaveAttribute('max', '49');
  await periods.scrollIntoViewIfNeeded();
  await expect(periods.locator('[data-stat="first-slow"]')).toContainText(
    `dimension ${expected.firstSlowDim} `,
  );
  await ranges.scrollIntoViewIfNeeded();
  await expect(ranges.locator('[data-stat="below-0.1"]')).toHaveText(`${expected.flat01} of 128 dimensions`);
});

test('live numbers away from the viewport catch up with the slider', async ({ page }) => {
  await page.goto('index.html');
  await expect(live(page, 'ranges', 'flat01')).toHaveText('194');
  // Steps made from the docked bar while the reader is at the periods figure, far above the ranges prose.
  await page.locator('[data-linked="periods"]').scrollIntoViewIfNeeded();
  await expect(bar(page)).toHaveClass(/is-docked/);
  const positions = bar(page).getByLabel('Positions');
  await pressKey(positions, 'End');
  await pressKey(positions, 'ArrowLeft', 3);
  await expect(live(page, 'periods', 'positions')).toHaveText('2,045');
  const expected = await engineInPage(page, (pe) => {
    const ranges = pe.dimensionRanges(2045, 512, 10000);
    return [0.1, 0.5].map((t) => String(ranges.filter((r) => r < t).length));
  });
  // Filled once the slider rests, before the reader gets there; and current when they do.
  await expect(live(page, 'ranges', 'flat01')).toHaveText(expected[0]);
  await expect(live(page, 'ranges', 'flat05')).toHaveText(expected[1]);
  await live(page, 'ranges', 'flat01').scrollIntoViewIfNeeded();
  await expect(live(page, 'ranges', 'flat01')).toHaveText(expected[0]);
  await expect(live(page, 'ranges', 'positions')).toHaveText('2,045');
});

test('clicking a heatmap column adds that dimension to the columns figure', async ({ page }) => {
  await page.goto('index.html');
  await mountAll(page);
  const canvas = page.locator('[data-figure="heatmap"] canvas.pe-heatmap-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await hoverCell(page, canvas, 40, 77, 64, 512);
  await page.mouse.down();
  await page.mouse.up();
  const columns = page.locator('[data-figure="columns"]');
  await expect(columns.locator('.pe-columns-chip[data-dimension="77"]')).toBeVisible();
  await expect(columns.locator('.pe-columns-curve[data-dimension="77"]')).toHaveCount(1);
});

test('hovering a periods bar highlights the same dimension in the heatmap and the ranges', async ({
  page,
}) => {
  await page.goto('index.html');
  await mountAll(page);
  const svg = figureOf(page, 'periods').locator('.pe-periods-hit');
  await svg.scrollIntoViewIfNeeded();
  const box = await svg.boundingBox();
  const pair = 100;
  await page.mouse.move(box.x + ((pair + 0.5) / 256) * box.width, box.y + box.height / 2);
  await expect(figureOf(page, 'periods').locator('.pe-readout')).toContainText(
    'pair 100 (dimensions 200 and 201)',
  );
  const rangesMark = figureOf(page, 'ranges').locator('.pe-ranges-highlight');
  await expect(figureOf(page, 'heatmap').locator('.pe-heatmap-column')).toHaveAttribute(
    'data-dimension',
    '200',
  );
  await expect(rangesMark).toHaveAttribute('data-dimension', '200');
  await expect(figureOf(page, 'binary')).toBeAttached();
  // Leaving the chart clears the mark everywhere.
  await page.mouse.move(box.x - 40, box.y - 40);
  await expect(rangesMark).toHaveAttribute('visibility', 'hidden');
});

test('the section bar docks while reading and stays usable at 360 px', async ({ page }) => {
  await useNarrowScreen(page, { dark: false });
  await page.goto('index.html');
  await page.locator('[data-linked="periods"]').scrollIntoViewIfNeeded();
  await expect(bar(page)).toHaveClass(/is-docked/);
  await expect(bar(page).locator('.pe-section-bar-summary')).toContainText('d_model 512');
  const toggle = bar(page).getByRole('button', { name: 'Change' });
  await toggle.click();
  const positions = bar(page).getByLabel('Positions');
  await expect(positions).toBeVisible();
  await pressKey(positions, 'ArrowRight');
  await expect(live(page, 'periods', 'positions').first()).toHaveText('65');
  await expectNoHorizontalOverflow(page);
  // Back above the part, the bar returns to its place in the formula section.
  await page.locator('#intro').scrollIntoViewIfNeeded();
  await expect(bar(page)).not.toHaveClass(/is-docked/);
});
