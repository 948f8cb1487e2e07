// The article is painted before its script runs (the page is long), so what the script adds (the table of
// contents, the links beside headings) must not move the text that is already on screen: Lighthouse counts such
// moves as layout shift. The opening of the article is compared as the browser first lays it out (no script) and
// once the script has run, on a wide screen (contents beside the article) and a phone.
import { test, expect, scrollThrough } from './fixtures.js';

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

// Sections far from the viewport skip rendering (content-visibility: auto) and take an estimated height until
// first seen, while what they hold keeps its real layout, which tools such as Lighthouse read. A section taller
// than its estimate lays its end over the next section: its links overlap the next heading's link, and
// Lighthouse's target-size fails. So, as the page first loads, nothing in a section reaches past its box, and
// with every figure mounted each section is still shorter than the estimate it starts with.

/** Each section: its id, its estimated height (px), its box and the lowest bottom of what it holds. */
function sectionExtents() {
  return [...document.querySelectorAll('main > .section')].map((section) => {
    const box = section.getBoundingClientRect();
    let bottom = box.top;
    for (const element of section.querySelectorAll('*')) {
      // A closed <details> (Going deeper) hides its content (content-visibility: hidden), which still reports a
      // layout of its own; nobody sees or targets it until the block opens, and then the section grows with it.
      if (element.closest('details:not([open]) > :not(summary)')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.height > 0) bottom = Math.max(bottom, rect.bottom);
    }
    const estimate = getComputedStyle(section).containIntrinsicHeight;
    return { id: section.id, estimate, top: box.top, bottom: box.bottom, contentBottom: bottom };
  });
}

for (const width of [360, 412, 1280]) {
  test(`as the page loads, no section's content reaches past its box (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 823 });
    await page.goto('index.html');
    await page.waitForLoadState('networkidle');
    const sections = await page.evaluate(sectionExtents);
    expect(sections.length).toBeGreaterThan(15);
    const skipped = sections.filter((s) => s.estimate !== 'none');
    expect(skipped.length, 'sections that skip rendering').toBeGreaterThan(10);
    for (const s of sections) {
      expect(s.contentBottom - s.bottom, `${s.id} (${s.estimate})`).toBeLessThan(1);
    }
  });
}

for (const width of [360, 1280]) {
  test(`with every figure mounted, each section is shorter than its estimated height (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 823 });
    await page.goto('index.html');
    await scrollThrough(page);
    const estimates = (await page.evaluate(sectionExtents)).map((s) => s.estimate);
    // Every section rendered, so that each is measured at its own height (sections past the last figure, not
    // yet seen, would still take the estimate).
    await page.addStyleTag({ content: 'main > .section { content-visibility: visible !important; }' });
    const sections = await page.evaluate(sectionExtents);
    sections.forEach((s, i) => {
      if (estimates[i] === 'none') return;
      const estimate = Number(/(\d+(?:\.\d+)?)px/.exec(estimates[i])?.[1]);
      expect(estimate, `${s.id}: ${estimates[i]}`).toBeGreaterThan(0);
      expect(s.bottom - s.top, `${s.id} (estimate ${estimate} px)`).toBeLessThan(estimate);
    });
  });
}
