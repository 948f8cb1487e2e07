import { test, expect, live, useNarrowScreen, expectNoHorizontalOverflow } from './fixtures.js';

test('every link in the mistakes list resolves to a section that holds a figure', async ({ page }) => {
  await page.goto('index.html');
  // Links to figures; the citations (a.cite) go to the references and the heading's link to the heading.
  const links = page.locator('#mistakes a[href^="#"]:not(.cite):not(.heading-anchor)');
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThanOrEqual(5);
  expect(new Set(hrefs)).toEqual(new Set(['#order', '#learned', '#rope', '#extension']));
  for (const href of hrefs) {
    const target = page.locator(href);
    await expect(target).toHaveCount(1);
    await expect(target.locator(`.figure-slot[data-mount="${href.slice(1)}"]`)).toHaveCount(1);
  }
});

test('following a link from the mistakes list mounts the figure it names', async ({ page }) => {
  await page.goto('index.html');
  const link = page.locator('#mistakes a[href="#extension"]').first();
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await expect(page).toHaveURL(/#extension$/);
  await expect(page.locator('#extension [data-figure="extension"]')).toBeVisible();
  await expect(live(page, 'extension', 'ext-none')).toHaveText('23');
});

test('the mistakes section reads at 360 px without horizontal overflow', async ({ page }) => {
  await useNarrowScreen(page, { dark: false });
  await page.goto('index.html#mistakes');
  await expect(page.locator('#mistakes li')).toHaveCount(5);
  await expectNoHorizontalOverflow(page);
});
