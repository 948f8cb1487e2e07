// The single-file copy (npm run build:single) opened from disk with every request but file: refused: each figure
// of the article draws, the engine answers (the order demo's verdict follows a sentence typed in), the lab's
// workers start, and nothing fails on the console.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect } from '@playwright/test';
import { numberAfter, scrollThrough } from './fixtures.js';

const file = resolve(import.meta.dirname, '../../dist-single/pe-explorer.html');

test.beforeAll(() => {
  // scripts/test.sh builds it with the site; a run of this spec alone builds it when it is missing.
  if (!existsSync(file)) execFileSync('bash', ['scripts/build-single.sh'], { stdio: 'inherit' });
});

test('the single file works from file:// with no network', async ({ page }) => {
  test.setTimeout(300_000);
  const problems = [];
  const refused = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    if (!refused.includes(request.url())) problems.push(`request failed: ${request.url()}`);
  });
  await page.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    refused.push(url);
    return route.abort();
  });
  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  await page.goto(pathToFileURL(file).href);
  expect(await scrollThrough(page)).toBe(16);
  await expect(page.locator('.pe-figure > .pe-error:visible')).toHaveCount(0);

  // The order demo: the same words in another order pool identically without positions; other words do not.
  const order = page.locator('[data-mount="order"]');
  await order.scrollIntoViewIfNeeded();
  await order.getByRole('button', { name: 'Skip: reveal' }).click();
  const compare = order.locator('.pe-order-compare');
  const difference = async () =>
    numberAfter((await compare.textContent()) ?? '', 'Sentence vectors: max |difference| =');
  await expect(compare).toContainText('Sentence vectors: max |difference|');
  expect(await difference()).toBeLessThan(1e-6);
  const before = await compare.textContent();
  await order.getByRole('textbox', { name: 'Sentence B' }).fill('cat bites dog');
  await expect(order.locator('.pe-summary')).toContainText('cat bites dog');
  await expect(compare).not.toHaveText(before ?? '');
  expect(await difference()).toBeGreaterThan(1e-3);

  // The lab's training workers start from blob URLs (a worker file could not load from file://).
  const lab = page.locator('[data-mount="lab"]');
  await lab.scrollIntoViewIfNeeded();
  await lab.getByRole('button', { name: 'Step' }).click();
  await expect.poll(() => workers.filter((url) => url.startsWith('blob:')).length).toBeGreaterThan(0);
  await expect(lab.locator('.pe-error:visible')).toHaveCount(0);

  expect(refused, refused.join('\n')).toEqual([]);
  expect(problems, problems.join('\n')).toEqual([]);
});
