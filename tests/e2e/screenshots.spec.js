// Screenshots of the article at desktop and phone widths, written to artifacts/screenshots/ on every run so a
// reviewer can look at what the tests saw. Every figure alone is shot in Chromium, Firefox and WebKitGTK, light
// and dark, by the cross-browser stage (tests/cross/shots.test.mjs, artifacts/screenshots/browsers/).
import { test, expect } from './fixtures.js';

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
