// The npm package as blogs install it (scripts/test-package.sh packs it, installs the tarball into a VitePress
// site and a Vite app, builds both and serves the builds): figures drawn in a VitePress post, following its
// dark-mode switch, and the engine and lab imported by a Vite app. fixtures.js fails a test on any console
// error, failed request or request that leaves the site.
import { test, expect, sinusoid, watchWorkers } from '../e2e/fixtures.js';

const APP = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 21}`;
const [LIGHT, DARK] = ['rgb(251,250,247)', 'rgb(20,23,31)'];

test('two figures draw in a VitePress post and follow its dark-mode switch', async ({ page }) => {
  const workers = watchWorkers(page);
  await page.goto('posts/encodings.html');
  const heatmap = page.locator('#heatmap [data-figure="heatmap"]');
  const ranges = page.locator('#ranges [data-figure="ranges"]');
  const timeout = 30_000;
  await expect(heatmap.locator('.pe-summary')).toContainText('Heatmap of 50 positions by 128 dimensions', {
    timeout,
  });
  await expect(ranges.locator('.pe-summary')).toContainText('dimensions change by less than 0.1', {
    timeout,
  });
  await expect(heatmap.locator('canvas').first()).toBeVisible();
  await expect(ranges.locator('svg').first()).toBeVisible();
  // The site's stylesheet, copied by VitePress's build, styles the figures in their shadow roots.
  expect(await heatmap.evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
  // A picture of a million cells is painted by the engine's worker, which VitePress's Vite built from the
  // package: it starts, loads its own engine from the blog's files, and paints.
  await page.locator('#heatmap').evaluate((el) => {
    el.setAttribute('positions', '2048');
    el.setAttribute('d-model', '512');
  });
  await expect(heatmap.locator('.pe-summary')).toContainText('Heatmap of 2,048 positions by 512 dimensions');
  await expect.poll(() => workers.length).toBeGreaterThan(0);
  await expect(heatmap.locator('.pe-error')).toBeHidden();

  const background = (id) =>
    page.locator(id).evaluate((el) => getComputedStyle(el).backgroundColor.replace(/\s/g, ''));
  expect(await background('#heatmap')).toBe(LIGHT);
  const toggle = page.locator('.VPNavBarAppearance .VPSwitchAppearance');
  await toggle.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect.poll(() => background('#heatmap')).toBe(DARK);
  await expect.poll(() => background('#ranges')).toBe(DARK);
  await toggle.click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect.poll(() => background('#heatmap')).toBe(LIGHT);
  await expect.poll(() => background('#ranges')).toBe(LIGHT);
});

test.describe('a Vite app', () => {
  test.use({ otherOrigins: [APP] });

  test('imports the engine, the lab and the models; the table and frequencies match closed forms', async ({
    page,
  }) => {
    await page.goto(`${APP}/index.html`);
    const result = page.locator('#result');
    await expect(result).not.toBeEmpty({ timeout: 30_000 });
    const { length, cells, loss, invFreq, error } = JSON.parse((await result.textContent()) ?? '');
    expect(error).toBeUndefined();
    expect(length).toBe(64 * 512);
    for (const { pos, dim, value } of cells) {
      expect(Math.abs(value - sinusoid(pos, dim, 512)), `position ${pos}, dimension ${dim}`).toBeLessThan(
        1e-6,
      );
    }
    expect(loss).toHaveLength(2);
    for (const value of loss) expect(value).toBeGreaterThan(0);
    expect(invFreq).toHaveLength(64);
    for (const [i, value] of invFreq.entries()) {
      expect(Math.abs(value / 10000 ** (-(2 * i) / 128) - 1), `pair ${i}`).toBeLessThan(1e-12);
    }
  });
});
