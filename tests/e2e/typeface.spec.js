// The article's text face (issue 21): Source Serif 4, shipped with the site (styles.css), so that every browser
// on every system sets the same lines. It loads from the site's own files and from nowhere else, the article's
// text is set in it, and its metric-matched fallback (the local serif that stands in until it has loaded) takes
// the room it takes, so that the text does not move when it swaps in.
import { test, expect } from './fixtures.js';

const FACE = 'Source Serif 4';

/**
 * The total height of the article's paragraphs of prose with no live number or formula (filled in after load),
 * each at the article's width (their sections laid out first: content-visibility skips the ones out of view):
 * enough lines that a line more or less here and there does not weigh.
 */
const paragraphsHeight = (page) =>
  page.evaluate(() => {
    const paragraphs = [...document.querySelectorAll('#article .section > p:not(:has(output, .katex))')];
    for (const p of paragraphs)
      /** @type {HTMLElement} */ (p.closest('.section')).style.contentVisibility = 'visible';
    return paragraphs.reduce((sum, p) => sum + p.getBoundingClientRect().height, 0);
  });

test('the article is set in the text face, served from the site itself', async ({ page, baseURL }) => {
  const fonts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  await page.goto('index.html');
  await page.evaluate(() => document.fonts.ready);
  const state = await page.evaluate((face) => {
    const loaded = [...document.fonts]
      .filter((f) => f.family.replace(/"/g, '') === face && f.status === 'loaded')
      .map((f) => `${f.weight} ${f.style}`);
    return {
      loaded,
      check: document.fonts.check(`16px "${face}"`),
      family: getComputedStyle(document.querySelector('#article p')).fontFamily,
      heading: getComputedStyle(document.querySelector('#article h2')).fontFamily,
    };
  }, FACE);
  expect(state.check).toBe(true);
  // The regular (the preload and the prose), the bold (the headings) and the italic (emphasis).
  expect(state.loaded).toEqual(expect.arrayContaining(['400 normal', '700 normal']));
  expect(state.family.startsWith(`"${FACE}"`), state.family).toBe(true);
  expect(state.heading.startsWith(`"${FACE}"`), state.heading).toBe(true);
  const own = `${baseURL}assets/`;
  expect(fonts.filter((url) => /source-serif-4-latin-400-normal-[\w-]+\.woff2$/.test(url))).toEqual([
    expect.stringMatching(new RegExp(`^${own.replace(/[./]/g, '\\$&')}`)),
  ]);
  // The fixture fails any request to another origin; fonts above all.
  expect(fonts.filter((url) => !url.startsWith(own))).toEqual([]);
});

test('the text face is preloaded: its regular is requested before the stylesheet has been read', async ({
  page,
}) => {
  await page.goto('index.html');
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('href')).toMatch(
    /^\.\/assets\/source-serif-4-latin-400-normal-[\w-]+\.woff2$/,
  );
  expect(await preload.getAttribute('crossorigin')).toBe('');
  // A preload the page never used is a console warning after load: the face must have taken it.
  await expect.poll(() => page.evaluate((face) => document.fonts.check(`16px "${face}"`), FACE)).toBe(true);
});

// The fallback is scaled to the face's mean width: over the whole article the two set nearly as many lines (0.2%
// apart at 1280 px in Chromium), but a narrow column breaks lines at other words, so the phone gets more room.
for (const [width, tolerance] of [
  [1280, 0.01],
  [375, 0.02],
]) {
  test.describe(`at ${width} px, with the text face's files refused`, () => {
    test.use({
      expectedProblems: {
        face: /request failed: .*source-serif-4-[\w-]+\.woff2/,
        console: /console error: Failed to load resource: net::ERR_FAILED/,
      },
    });

    test(`the metric-matched fallback takes the room of the face, within ${100 * tolerance}%`, async ({
      browser,
      page,
    }) => {
      const refuse = /source-serif-4-[\w-]+\.woff2$/;
      await page.setViewportSize({ width, height: 900 });
      await page.route(refuse, (route) => route.abort());
      await page.goto('index.html');
      await page.evaluate(() => document.fonts.ready);
      const state = await page.evaluate(() => ({
        family: getComputedStyle(document.querySelector('#article p')).fontFamily,
        loaded: [...document.fonts]
          .filter((f) => f.status === 'loaded')
          .map((f) => f.family.replace(/"/g, '')),
      }));
      expect(state.loaded).toContain(`${FACE} Fallback`);
      expect(state.loaded).not.toContain(FACE);
      const withFallback = await paragraphsHeight(page);

      const other = await browser.newPage({ viewport: { width, height: 900 } });
      await other.goto(page.url());
      await other.evaluate(() => document.fonts.ready);
      const withFace = await paragraphsHeight(other);
      await other.close();
      const message = `${withFallback} px with the fallback, ${withFace} px with the face`;
      expect(Math.abs(withFallback - withFace) / withFace, message).toBeLessThan(tolerance);
    });
  });
}
