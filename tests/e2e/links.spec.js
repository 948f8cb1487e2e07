// Links into the article (a shared figure's address, the contents, a heading's link) keep what they point at
// where they put it while the layout above settles: sections not yet seen take an estimated height until they
// render, and figures grow as they mount. Scroll anchoring hides most of that in Chromium, so these tests turn
// it off (`overflow-anchor: none`, as in browsers without it) and then change a section above the target.
import { test, expect } from './fixtures.js';

/**
 * Turns off the browser's scroll anchoring, then makes the first section `extra` pixels taller. `everywhere`
 * turns it off on every element: on the root alone, Chromium still anchors to an element inside, which is
 * enough to keep a figure in place while the hold is on, but would hide a hold that never ended.
 */
async function growFirstSection(page, extra, { everywhere = false } = {}) {
  const style = everywhere ? '* { overflow-anchor: none !important; }' : 'html { overflow-anchor: none; }';
  await page.addStyleTag({ content: style });
  await page.locator('#intro').evaluate((section, px) => {
    section.style.minHeight = `${section.getBoundingClientRect().height + px}px`;
  }, extra);
}

/** Opens the article at a link to the heatmap (the query before the fragment) and waits until it has mounted. */
async function openHeatmapLink(page, query = '') {
  await page.goto(`index.html${query}#heatmap`);
  const heatmap = page.locator('[data-mount="heatmap"]');
  await expect(heatmap).toHaveAttribute('data-figure', 'heatmap');
  return heatmap;
}

/** The element's top in the window; a hold keeps it to within a few pixels (scrolling is by whole pixels). */
const top = (locator) => locator.evaluate((element) => element.getBoundingClientRect().top);

/**
 * Grows the first section and expects the element to move with the layout while nothing scrolls the page: no
 * hold is left. (How far it moves depends on the sections that come into view and render at their own height.)
 */
async function expectLayoutToMovePage(page, element) {
  const [before, scrolled] = [await top(element), await page.evaluate(() => window.scrollY)];
  await growFirstSection(page, 2000, { everywhere: true });
  await expect.poll(async () => Math.abs((await top(element)) - before)).toBeGreaterThan(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
}

test('a shared figure link keeps the figure in place while the sections above change height', async ({
  page,
}) => {
  const heatmap = await openHeatmapLink(page, '?heatmap.positions=100');
  await expect(heatmap).toBeInViewport();
  const before = await top(heatmap);
  await growFirstSection(page, 2000);
  await expect.poll(() => top(heatmap)).toBeCloseTo(before, -1);
  await expect(heatmap).toBeInViewport();
});

test('a link in the contents holds its section the same way', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('index.html');
  await page.locator('nav#toc a[href="#alibi"]').click();
  await expect(page).toHaveURL(/#alibi$/);
  const heading = page.locator('#alibi-title');
  await expect(heading).toBeInViewport();
  const before = await top(heading);
  await growFirstSection(page, 2000);
  await expect.poll(() => top(heading)).toBeCloseTo(before, -1);
});

test('the hold ends at the reader’s first key, wheel, touch or pointer press: the layout then moves the page', async ({
  page,
}) => {
  const heatmap = await openHeatmapLink(page);
  await page.keyboard.press('Shift');
  await expectLayoutToMovePage(page, heatmap);
});

test('a scroll by anything else (a script, assistive technology) ends the hold too', async ({ page }) => {
  const heatmap = await openHeatmapLink(page);
  const held = await top(heatmap);
  // Down, not up: a section above that was skipped stays skipped (and a rendered one keeps its size when it is
  // skipped again), so nothing but the grown section moves the figure after the hold; scrolling up could bring
  // a section above into view, and its real height would move the figure too.
  await page.evaluate(() => window.scrollBy(0, 300));
  await expect.poll(() => top(heatmap)).toBeLessThan(held - 250);
  await expectLayoutToMovePage(page, heatmap);
});

test('a fragment that names nothing, is not valid percent-encoding or is very long leaves the page at the top', async ({
  page,
}) => {
  for (const fragment of ['nothing-here', '%E0%A4%A', 'x'.repeat(5000)]) {
    await page.goto(`index.html#${fragment}`);
    await expect(page.locator('#intro')).toBeInViewport();
    expect(await page.evaluate(() => scrollY)).toBe(0);
  }
});
