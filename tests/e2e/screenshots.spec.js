// Screenshots of the article and of every figure alone, at desktop and phone widths, written to
// artifacts/screenshots/ on every run so a reviewer can look at what the tests saw.
import { figures } from '../../web/src/app/registry.js';
import { test, expect, openFigure } from './fixtures.js';

const WIDTHS = [1280, 375];
const DIR = 'artifacts/screenshots';

test('the article renders at both widths', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('index.html');
    await expect(page.locator('#intro-title')).toBeVisible();
    await page.screenshot({ path: `${DIR}/article-${width}.png` });
    await page.locator('[data-mount="heatmap"]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-figure="heatmap"] canvas.pe-heatmap-canvas')).toBeVisible();
    await page.screenshot({ path: `${DIR}/article-heatmap-${width}.png` });
  }
});

for (const id of Object.keys(figures)) {
  test(`figure ${id} renders alone at both widths`, async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const figure = await openFigure(page, id);
      await expect(figure).toBeVisible();
      await expect(figure.locator('.pe-error')).toBeHidden();
      await figure.screenshot({ path: `${DIR}/${id}-${width}.png` });
    }
  });
}
