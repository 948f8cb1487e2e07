import { test, expect, sinusoid, numberAfter, hoverCell } from './fixtures.js';

const FIGURE = '[data-figure="learned"]';

async function openLearned(page, query = '') {
  await page.goto(`embed.html?figure=learned${query}`);
  const figure = page.locator(FIGURE);
  await expect(figure.locator('canvas.pe-learned-canvas')).toHaveCount(2);
  return figure;
}

test('the published Table 3 numbers are shown with their source', async ({ page }) => {
  const figure = await openLearned(page);
  const paper = figure.locator('table.pe-learned-paper');
  await expect(paper).toContainText('Vaswani et al. (2017), Table 3');
  await expect(paper.locator('tbody tr').nth(0)).toHaveText(/base \(sinusoidal\)\s*4\.92\s*25\.8/);
  await expect(paper.locator('tbody tr').nth(1)).toHaveText(/\(E\) learned positions\s*4\.92\s*25\.7/);
  await figure.locator('.pe-learned-bar-row').nth(1).focus();
  await expect(figure.locator('.pe-readout')).toContainText('(E) learned positions: BLEU 25.7');
});

test('past its last row the learned table has no value; the formula does', async ({ page }) => {
  const figure = await openLearned(page, '&length=64&dModel=32');
  const [learned, sinus] = [0, 1].map((i) => figure.locator('canvas.pe-learned-canvas').nth(i));
  await expect(learned).toHaveAttribute('height', '64');
  await expect(figure.locator('.pe-learned-edge').first()).toBeVisible();
  const readout = figure.locator('.pe-readout');

  await hoverCell(page, learned, 50, 5, 64, 32);
  await expect(readout).toContainText('learned table, position 50, dimension 5: no value');

  await hoverCell(page, sinus, 50, 5, 64, 32);
  await expect(readout).toContainText('sinusoidal, position 50, dimension 5');
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - sinusoid(50, 5, 32))).toBeLessThan(
    1e-5,
  );

  // A cell inside the learned table reads the engine's learned row.
  await hoverCell(page, learned, 7, 3, 64, 32);
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  const expected = await page.evaluate(async () => {
    const m = await import('./engine/pe-engine.js');
    const pe = await m.default();
    const r = pe.attendSentence(Array(32).fill('the').join(' '), 'learned', 32, 1);
    return r.positions[7 * 32 + 3];
  });
  expect(Math.abs(numberAfter(await readout.textContent(), 'value') - expected)).toBeLessThan(1e-5);
});

test('the length slider moves past the table and the keyboard reads cells', async ({ page }) => {
  const figure = await openLearned(page, '&length=30');
  await expect(figure.locator('.pe-learned-edge').first()).toBeHidden();
  await expect(figure.locator('.pe-summary')).not.toContainText('has nothing');
  const length = figure.getByLabel('Sequence length');
  await length.focus();
  for (let i = 0; i < 5; i += 1) await length.press('ArrowRight');
  await expect(figure.locator('canvas.pe-learned-canvas').first()).toHaveAttribute('height', '35');
  await expect(figure.locator('.pe-summary')).toContainText(
    'supplies 32 rows and has nothing for the last 3',
  );
  const learned = figure.locator('canvas.pe-learned-canvas').first();
  await learned.focus();
  await learned.press('End');
  await expect(figure.locator('.pe-readout')).toContainText('position 34, dimension 0: no value');
  const sinus = figure.locator('canvas.pe-learned-canvas').nth(1);
  await sinus.focus();
  await sinus.press('ArrowRight');
  await expect(figure.locator('.pe-readout')).toContainText('sinusoidal, position 34, dimension 1');
  const value = numberAfter(await figure.locator('.pe-readout').textContent(), 'value');
  expect(Math.abs(value - sinusoid(34, 1, 64))).toBeLessThan(1e-5);
});

test('on the article the prose numbers are live', async ({ page }) => {
  await page.goto('index.html');
  const section = page.locator('#learned');
  await section.scrollIntoViewIfNeeded();
  await expect(page.locator(`${FIGURE} canvas.pe-learned-canvas`)).toHaveCount(2);
  const live = (name) => section.locator(`[data-live="${name}"]`);
  await expect(live('learned-rows')).toHaveText('32');
  await expect(live('learned-last')).toHaveText('31');
  await expect(live('learned-length')).toHaveText('48');
  await expect(live('learned-missing')).toHaveText('16');
  const length = page.locator(FIGURE).getByLabel('Sequence length');
  await length.focus();
  await length.press('ArrowRight');
  await expect(live('learned-missing')).toHaveText('17');
});

test('the figure fits 360 px without horizontal overflow, in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openLearned(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the cell read in one table is marked in the other, and stays the one read as the length moves', async ({
  page,
}) => {
  const figure = await openLearned(page, '&length=40&dModel=32');
  const [learned, sinus] = [0, 1].map((i) => figure.locator('canvas.pe-learned-canvas').nth(i));
  await hoverCell(page, learned, 7, 3, 40, 32);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  const cursors = figure.locator('rect.pe-learned-cursor');
  await expect(cursors.nth(1)).toHaveAttribute('visibility', 'visible');
  const [a, b] = await cursors.evaluateAll((rects) => rects.map((r) => r.getAttribute('y')));
  expect(a).toBe(b);
  const length = figure.getByLabel('Sequence length');
  await length.focus();
  await length.press('ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('For 41 positions');
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  await sinus.focus();
  await expect(readout).toContainText('sinusoidal, position 7, dimension 3');
});
