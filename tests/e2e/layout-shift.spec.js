// The article is painted before its script runs (the page is long), so what the script adds (the table of
// contents, the links beside headings) must not move the text that is already on screen: Lighthouse counts such
// moves as layout shift. The opening of the article is compared as the browser first lays it out (no script) and
// once the script has run, on a wide screen (contents beside the article) and a phone.
import { test, expect } from './fixtures.js';

/** Where the article's column and its opening paragraph sit on the page. */
function opening() {
  const box = (selector) => {
    const rect = document.querySelector(selector).getBoundingClientRect();
    return { x: rect.x, y: rect.y + window.scrollY, width: rect.width };
  };
  return { article: box('#article'), lede: box('#intro .lede') };
}

for (const viewport of [
  { width: 1350, height: 940 },
  { width: 412, height: 823 },
]) {
  test(`the opening of the article stays in place when the script runs (${viewport.width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const still = await browser.newContext({ viewport, baseURL, javaScriptEnabled: false });
    const before = await still.newPage();
    await before.goto('index.html');
    const painted = await before.evaluate(opening);
    await still.close();

    await page.setViewportSize(viewport);
    await page.goto('index.html');
    await expect(page.locator('#toc-list li').first()).toBeAttached();
    await expect(page.locator('#intro .heading-row-h1')).toBeAttached();
    const scripted = await page.evaluate(opening);
    for (const part of /** @type {const} */ (['article', 'lede'])) {
      for (const key of /** @type {const} */ (['x', 'y', 'width'])) {
        expect(Math.abs(scripted[part][key] - painted[part][key]), `${part} ${key}`).toBeLessThan(0.5);
      }
    }
  });
}
