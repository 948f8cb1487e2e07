// The article as a whole: every figure slot mounts its figure as the reader scrolls to it, every live number in
// the prose is filled by the engine, every in-page link lands on something, and the page fits a phone.
import { figures } from '../../web/src/app/registry.js';
import { test, expect, useNarrowScreen, expectNoHorizontalOverflow, scrollThrough } from './fixtures.js';

test('every figure of the article mounts as the reader scrolls, without errors', async ({ page }) => {
  await page.goto('index.html');
  const count = await scrollThrough(page);
  const mounted = await page
    .locator('[data-mount]')
    .evaluateAll((slots) => slots.map((s) => s.dataset.mount));
  expect(count).toBeGreaterThan(0);
  for (const id of Object.keys(figures)) expect(mounted, `figure ${id} is on the article`).toContain(id);
  await expect(page.locator('.pe-error:visible')).toHaveCount(0);
});

test('every live number in the prose is filled in', async ({ page }) => {
  await page.goto('index.html');
  await scrollThrough(page);
  const empty = await page
    .locator('output.live')
    .evaluateAll((outputs) => outputs.filter((o) => o.textContent.trim() === '').map((o) => o.dataset.live));
  expect(empty).toEqual([]);
});

test('every in-page link points at an element of the page', async ({ page }) => {
  await page.goto('index.html');
  const missing = await page.evaluate(() =>
    [...document.querySelectorAll('a[href^="#"]')]
      .map((a) => a.getAttribute('href').slice(1))
      .filter((id) => id && !document.getElementById(decodeURIComponent(id))),
  );
  expect(missing).toEqual([]);
});

test('the whole article fits a 360 px screen in dark mode', async ({ page }) => {
  await useNarrowScreen(page, { height: 740 });
  await page.goto('index.html');
  await scrollThrough(page);
  await expectNoHorizontalOverflow(page);
});

test('the theme toggle switches schemes and remembers the choice', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('index.html');
  const toggle = page.locator('#theme-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 23, 31)');
  // Let the first load finish (the engine is still downloading) so the reload cancels no request.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.locator('#theme-toggle')).toHaveAttribute('aria-pressed', 'true');
});

test('the palette follows the system scheme unless the reader chose one, and reads back as rgb() colours', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('index.html');
  const colours = () =>
    page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      muted: getComputedStyle(document.documentElement).getPropertyValue('--muted').trim(),
    }));
  expect(await colours()).toEqual({ body: 'rgb(20, 23, 31)', muted: 'rgb(163, 169, 183)' });
  await page.locator('#theme-toggle').click();
  expect(await colours()).toEqual({ body: 'rgb(251, 250, 247)', muted: 'rgb(91, 99, 117)' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.locator('#theme-toggle').click();
  expect(await colours()).toEqual({ body: 'rgb(20, 23, 31)', muted: 'rgb(163, 169, 183)' });
});
