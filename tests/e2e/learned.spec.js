import { test, expect, sinusoid, expectNumberAfter, openFigure, openArticleFigure } from './fixtures.js';
import { live, expectLiveTexts, engineInPage, hoverCell, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow } from './fixtures.js';

/** The figure is ready once both tables are drawn. */
const drawn = (figure) => expect(figure.locator('canvas.pe-learned-canvas')).toHaveCount(2);
const openLearned = (page, query) => openFigure(page, 'learned', query, { ready: drawn });

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
  const figure = await openLearned(page, 'length=64&dModel=32');
  const [learned, sinus] = [0, 1].map((i) => figure.locator('canvas.pe-learned-canvas').nth(i));
  await expect(learned).toHaveAttribute('height', '64');
  await expect(figure.locator('.pe-learned-edge').first()).toBeVisible();
  const readout = figure.locator('.pe-readout');

  await hoverCell(page, learned, 50, 5, 64, 32);
  await expect(readout).toContainText('learned table, position 50, dimension 5: no value');

  await hoverCell(page, sinus, 50, 5, 64, 32);
  await expect(readout).toContainText('sinusoidal, position 50, dimension 5');
  await expectNumberAfter(readout, 'value', sinusoid(50, 5, 32), 1e-5);

  // A cell inside the learned table reads the engine's learned row.
  await hoverCell(page, learned, 7, 3, 64, 32);
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  const expected = await engineInPage(page, (pe) => {
    const r = pe.attendSentence(Array(32).fill('the').join(' '), 'learned', 32, 1);
    return r.positions[7 * 32 + 3];
  });
  await expectNumberAfter(readout, 'value', expected, 1e-5);
});

test('the length slider moves past the table and the keyboard reads cells', async ({ page }) => {
  const figure = await openLearned(page, 'length=30');
  await expect(figure.locator('.pe-learned-edge').first()).toBeHidden();
  await expect(figure.locator('.pe-summary')).not.toContainText('has nothing');
  await pressKey(figure.getByLabel('Sequence length'), 'ArrowRight', 5);
  await expect(figure.locator('canvas.pe-learned-canvas').first()).toHaveAttribute('height', '35');
  await expect(figure.locator('.pe-summary')).toContainText(
    'supplies 32 rows and has nothing for the last 3',
  );
  const learned = figure.locator('canvas.pe-learned-canvas').first();
  await pressKey(learned, 'End');
  await expect(figure.locator('.pe-readout')).toContainText('position 34, dimension 0: no value');
  const sinus = figure.locator('canvas.pe-learned-canvas').nth(1);
  await pressKey(sinus, 'ArrowRight');
  await expect(figure.locator('.pe-readout')).toContainText('sinusoidal, position 34, dimension 1');
  await expectNumberAfter(figure.locator('.pe-readout'), 'value', sinusoid(34, 1, 64), 1e-5);
});

test('on the article the prose numbers are live', async ({ page }) => {
  const figure = await openArticleFigure(page, 'learned', { ready: drawn });
  await expectLiveTexts(page, 'learned', {
    'learned-rows': '32',
    'learned-last': '31',
    'learned-length': '48',
    'learned-missing': '16',
  });
  await pressKey(figure.getByLabel('Sequence length'), 'ArrowRight');
  await expect(live(page, 'learned', 'learned-missing')).toHaveText('17');
});

test('the figure fits 360 px without horizontal overflow, in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  await openLearned(page);
  await expectNoHorizontalOverflow(page);
});

test('the cell read in one table is marked in the other, and stays the one read as the length moves', async ({
  page,
}) => {
  const figure = await openLearned(page, 'length=40&dModel=32');
  const [learned, sinus] = [0, 1].map((i) => figure.locator('canvas.pe-learned-canvas').nth(i));
  await hoverCell(page, learned, 7, 3, 40, 32);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  const cursors = figure.locator('rect.pe-learned-cursor');
  await expect(cursors.nth(1)).toHaveAttribute('visibility', 'visible');
  const [a, b] = await cursors.evaluateAll((rects) => rects.map((r) => r.getAttribute('y')));
  expect(a).toBe(b);
  await pressKey(figure.getByLabel('Sequence length'), 'ArrowRight');
  await expect(figure.locator('.pe-summary')).toContainText('For 41 positions');
  await expect(readout).toContainText('learned table, position 7, dimension 3: value');
  await sinus.focus();
  await expect(readout).toContainText('sinusoidal, position 7, dimension 3');
});
