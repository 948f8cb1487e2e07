// The article's math: fixed formulas arrive typeset in the HTML (scripts/vite/typeset-math.js), KaTeX's code is
// fetched only after the page has loaded, for the live formulas, and a live formula shows its TeX as text when
// KaTeX cannot load.
import { test, expect } from './fixtures.js';

test.describe('with JavaScript off', () => {
  test.use({
    javaScriptEnabled: false,
    // The page's module preloads are refused when scripts are off.
    expectedProblems: { preload: /^request failed: .*\/assets\/[\w-]+\.js \(csp\)$/ },
  });

  test('every fixed formula of the article is typeset already, none with an error', async ({ page }) => {
    await page.goto('index.html');
    const formulas = page.locator('[data-tex-source]');
    const count = await formulas.count();
    expect(count).toBeGreaterThanOrEqual(30);
    await expect(page.locator('[data-tex-source] > .katex, [data-tex-source] > .katex-display')).toHaveCount(
      count,
    );
    await expect(page.locator('.katex-error')).toHaveCount(0);
    // Inline formulas stay inline, display formulas display.
    await expect(page.locator('span[data-tex-source][data-inline] > .katex-display')).toHaveCount(0);
    await expect(page.locator('#formula div.math[data-tex-source] > .katex-display').first()).toBeVisible();
  });
});

test("KaTeX's code is fetched after the page's load event, and the live formula is then typeset", async ({
  page,
}) => {
  await page.goto('index.html');
  const formula = page.locator('#formula [data-live-tex="formula"] .katex-mathml');
  await expect(formula).toContainText('10000');
  const timing = await page.evaluate(() => ({
    load: performance.getEntriesByType('navigation')[0].loadEventStart,
    katex: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/katex-[\w-]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(timing.katex).toHaveLength(1);
  expect(timing.katex[0]).toBeGreaterThanOrEqual(timing.load);
});

test.describe("with KaTeX's code blocked", () => {
  test.use({
    expectedProblems: {
      request: /^request failed: .*\/assets\/katex-[\w-]+\.js \(net::ERR_FAILED\)$/,
      log: /^console error: Failed to load resource/,
    },
  });

  test('the live formula shows its TeX as text, and the fixed formulas stay typeset', async ({ page }) => {
    await page.route(/\/assets\/katex-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('index.html');
    const formula = page.locator('#formula [data-live-tex="formula"]');
    await expect(formula).toContainText('PE_{(pos,');
    await expect(formula.locator('.katex')).toHaveCount(0);
    await expect(page.locator('#naive [data-tex-source] .katex').first()).toBeVisible();
  });
});
