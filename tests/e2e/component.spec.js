// The <pe-figure> web component and the iframe embed, as a blog on another origin uses them: the blog page
// (tests/e2e/blog/) is served here by a second server, on its own port, and loads pe-figure.js and embed.html
// from the site (the Playwright baseURL). Also: host-to-figure messages and a fixed scheme on the embed page.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { test, expect, sinusoid, settings } from './fixtures.js';

const BLOG_PORT = Number(process.env.E2E_PORT ?? 4173) + 10;
// One blog server on one port: the file's tests run in order in one worker, not spread over several.
test.describe.configure({ mode: 'default' });
const BLOG = `http://127.0.0.1:${BLOG_PORT}`;
const FILES = path.join(import.meta.dirname, 'blog');

/** @type {import('node:http').Server} */
let server;

test.use({ otherOrigins: [BLOG] });

test.beforeAll(async ({ baseURL }) => {
  const site = (baseURL ?? '').replace(/\/$/, '');
  server = createServer(async (request, response) => {
    const name = new URL(request.url ?? '/', BLOG).pathname.slice(1) || 'blog.html';
    if (!['blog.html', 'blog.js'].includes(name)) {
      response.writeHead(404).end();
      return;
    }
    const text = (await readFile(path.join(FILES, name), 'utf8')).replaceAll('SITE', site);
    const type = name.endsWith('.html') ? 'text/html' : 'text/javascript';
    response.writeHead(200, { 'Content-Type': `${type}; charset=utf-8` }).end(text);
  });
  await new Promise((resolve) => server.listen(BLOG_PORT, '127.0.0.1', () => resolve(undefined)));
});

test.afterAll(() => new Promise((resolve) => server.close(() => resolve(undefined))));

/** Dimensions of dModel whose value changes by less than `limit` over positions 0..n-1 (the paper's formula). */
function nearlyFlat(dModel, positions, limit = 0.1) {
  let count = 0;
  for (let dim = 0; dim < dModel; dim += 1) {
    const values = Array.from({ length: positions }, (_, pos) => sinusoid(pos, dim, dModel));
    if (Math.max(...values) - Math.min(...values) < limit) count += 1;
  }
  return count;
}

/** Opens the blog, counting the .wasm requests of its own page (not its iframe's), and waits for both elements. */
async function openBlog(page) {
  const wasm = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.wasm')) wasm.push(request);
  });
  await page.goto(`${BLOG}/blog.html`);
  const heatmap = page.locator('#heatmap [data-figure="heatmap"]');
  const ranges = page.locator('#ranges [data-figure="ranges"]');
  // The first figures wait for the engine and the figures' code (slow on a busy machine).
  const timeout = 30_000;
  await expect(heatmap.locator('.pe-summary')).toContainText('Heatmap of 50 positions by 128 dimensions', {
    timeout,
  });
  await expect(ranges.locator('.pe-summary')).toContainText('dimensions change by less than 0.1', {
    timeout,
  });
  return { heatmap, ranges, wasm };
}

test('two elements and an iframe draw in a blog on another origin, with one engine for the elements', async ({
  page,
}) => {
  const { heatmap, ranges, wasm } = await openBlog(page);
  // The figures are in the elements' shadow roots, not in the blog's document.
  expect(await page.evaluate(() => document.querySelectorAll('[data-figure]').length)).toBe(0);
  // The blog's head applies no stylesheet of the site's but the font faces (its styles are in the shadow roots):
  // the figures' own, added as their code loads, are switched off.
  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')]
      .filter((link) => link.media !== 'not all')
      .map((link) => link.href.split('/').pop()),
  );
  expect(sheets).toEqual(['pe-figure-fonts.css']);
  const applied = await page.evaluate(
    () =>
      [...document.styleSheets].filter((sheet) => !sheet.disabled && sheet.media.mediaText !== 'not all')
        .length,
  );
  expect(applied).toBe(1);
  await expect(heatmap.locator('canvas').first()).toBeVisible();
  await expect(heatmap.locator('.pe-summary')).toContainText(
    `${nearlyFlat(128, 50)} of 128 dimensions change`,
  );
  await expect(ranges.locator('svg').first()).toBeVisible();
  // The site's stylesheet reaches into the shadow root: the frame is laid out by it.
  expect(await heatmap.evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
  // theme="dark" on the second element, the system's (light) scheme on the first.
  const background = (id) =>
    page.locator(id).evaluate((el) => getComputedStyle(el).backgroundColor.replace(/\s/g, ''));
  expect(await background('#ranges')).toBe('rgb(20,23,31)');
  expect(await background('#heatmap')).toBe('rgb(251,250,247)');

  const frame = page.frameLocator('#frame');
  await expect(frame.locator('[data-figure="heatmap"] .pe-summary')).toContainText(
    `Heatmap of 40 positions by 64 dimensions`,
  );
  // The blog's page (its two elements, their worker aside) fetched the engine's .wasm once.
  const onPage = wasm.filter((request) => {
    try {
      return request.frame() === page.mainFrame();
    } catch {
      return false; // a worker's request
    }
  });
  expect(onPage.length).toBe(1);
  // Nothing but the site and the blog was asked for anything (fixtures.js fails the test otherwise).
});

test('a figure whose stylesheet arrives after another figure has drawn still draws', async ({ page }) => {
  await openBlog(page);
  // The alibi figure's chunk stylesheet is held back until the naive figure, added with it, has drawn, which
  // switches the chunk stylesheets in the host page's head off; the alibi figure waits for its stylesheet's
  // load all the while.
  let release = () => {};
  const held = new Promise((resolve) => (release = resolve));
  await page.route(/\/assets\/alibi-[\w-]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => {
    for (const id of ['alibi', 'naive']) {
      const element = document.createElement('pe-figure');
      element.id = id;
      element.setAttribute('figure', id);
      document.querySelector('main').append(element);
    }
  });
  await expect(page.locator('#naive [data-figure="naive"] .pe-summary')).toHaveText(/\S/);
  release();
  await expect(page.locator('#alibi [data-figure="alibi"] .pe-summary')).toHaveText(/\S/);
});

test('an attribute change redraws in place; one out of range gets a note, a valid one clears it', async ({
  page,
}) => {
  const { heatmap } = await openBlog(page);
  const canvas = await heatmap.locator('canvas').first().elementHandle();
  await page.locator('#heatmap').evaluate((el) => el.setAttribute('positions', '64'));
  await expect(heatmap.locator('.pe-summary')).toContainText('Heatmap of 64 positions by 128 dimensions');
  await expect(heatmap.locator('.pe-summary')).toContainText(
    `${nearlyFlat(128, 64)} of 128 dimensions change`,
  );
  expect(await canvas?.evaluate((node) => node.isConnected)).toBe(true); // updated, not mounted anew
  await expect(heatmap.getByLabel('Positions', { exact: true })).toHaveValue('64');

  await page.locator('#heatmap').evaluate((el) => el.setAttribute('d-model', '7'));
  const note = page.locator('#heatmap .pe-url-notes');
  await expect(note).toHaveText('dModel "7" is not a multiple of 2: showing 8.');
  await expect(heatmap.locator('.pe-summary')).toContainText('Heatmap of 64 positions by 8 dimensions');
  await page.locator('#heatmap').evaluate((el) => el.setAttribute('d-model', '32'));
  await expect(note).toBeHidden();
  await expect(page.locator('#heatmap .pe-error')).toBeHidden();
  await expect(heatmap.locator('.pe-summary')).toContainText('Heatmap of 64 positions by 32 dimensions');
});

test('an element naming no known figure says so in its place', async ({ page }) => {
  await openBlog(page);
  await page.evaluate(() => {
    const element = document.createElement('pe-figure');
    element.id = 'unknown';
    element.setAttribute('figure', 'heatmapp');
    document.body.append(element);
  });
  await expect(page.locator('#unknown .pe-error')).toContainText('Unknown figure "heatmapp"');
  await expect(page.locator('#unknown .pe-error')).toContainText('known figures: order, naive, heatmap');
});

test('the iframe sizes itself by its height message and takes parameters from pe-explorer:set', async ({
  page,
}) => {
  await openBlog(page);
  const frame = page.frameLocator('#frame');
  const summary = frame.locator('[data-figure="heatmap"] .pe-summary');
  await expect(summary).toContainText('Heatmap of 40 positions by 64 dimensions');
  // The blog's listener set the height the embed reported: far more than the 150 px it started with.
  await expect
    .poll(() => page.locator('#frame').evaluate((el) => el.getBoundingClientRect().height))
    .toBeGreaterThan(300);
  const reported = await page.evaluate(() =>
    window.messages.filter((m) => m.type === 'pe-explorer:height').map((m) => m.height),
  );
  expect(reported.at(-1)).toBeGreaterThan(300);
  expect(await page.evaluate(() => window.messages.find((m) => m.type === 'pe-explorer:ready'))).toEqual({
    type: 'pe-explorer:ready',
    figure: 'heatmap',
  });
  // Only the height goes to any page, and it carries nothing else.
  const heights = await page.evaluate(() => window.messages.filter((m) => m.type === 'pe-explorer:height'));
  for (const message of heights) expect(Object.keys(message).sort()).toEqual(['height', 'type']);

  const send = (params) =>
    page.evaluate((message) => document.getElementById('frame').contentWindow.postMessage(message, '*'), {
      type: 'pe-explorer:set',
      params,
    });
  await send({ dModel: 96, positions: 30 });
  await expect(summary).toContainText('Heatmap of 30 positions by 96 dimensions');
  await expect(summary).toContainText(`${nearlyFlat(96, 30)} of 96 dimensions change`);
  await expect(
    (await settings(frame.locator('[data-figure="heatmap"]'))).getByLabel('Model width d_model'),
  ).toHaveValue('96');
  // Validated as the URL is: a note on what the figure shows instead.
  await send({ dModel: 7 });
  await expect(frame.locator('.pe-url-notes')).toHaveText('dModel "7" is not a multiple of 2: showing 8.');
  // Not a parameter's value at all: the reply names it.
  await send({ dModel: { width: 96 } });
  await expect
    .poll(() => page.evaluate(() => window.messages.find((m) => m.type === 'pe-explorer:error')?.message))
    .toContain('Parameter "dModel" must be a number');
});

/**
 * Adds an iframe of the ranges figure to the blog with `query` and `attributes`, waits until it has drawn and
 * until every message it posted before then has arrived (a marker posted after them, as messages from one window
 * to another arrive in order), and returns them.
 */
async function messagesOfFrame(page, site, query, attributes = {}) {
  await page.evaluate(
    ({ src, attributes }) => {
      const frame = Object.assign(document.createElement('iframe'), { id: 'other', src, title: 'Other' });
      for (const [name, value] of Object.entries(attributes)) frame.setAttribute(name, value);
      window.otherMessages = [];
      addEventListener('message', (event) => {
        if (event.source === frame.contentWindow) window.otherMessages.push(event.data);
      });
      document.body.append(frame);
    },
    { src: new URL(`embed.html?figure=ranges&${query}`, site).href, attributes },
  );
  const frame = page.frameLocator('#other');
  await expect(frame.locator('[data-figure="ranges"] .pe-summary')).toBeVisible({ timeout: 30_000 });
  await frame.locator('body').evaluate(() => window.parent.postMessage({ type: 'marker' }, '*'));
  await expect
    .poll(() => page.evaluate(() => window.otherMessages.some((m) => m.type === 'marker')))
    .toBe(true);
  return { frame, messages: await page.evaluate(() => window.otherMessages) };
}

test('an embed whose host it cannot know sends it only its height, and hears from any parent', async ({
  page,
  baseURL,
}) => {
  await openBlog(page);
  const { messages } = await messagesOfFrame(page, baseURL, '', { referrerpolicy: 'no-referrer' });
  expect(new Set(messages.map((m) => m.type))).toEqual(new Set(['pe-explorer:height', 'marker']));
});

test('an origin parameter names the host; one that is not an origin is refused with a note', async ({
  page,
  baseURL,
}) => {
  await openBlog(page);
  const named = await messagesOfFrame(page, baseURL, `origin=${encodeURIComponent(BLOG)}`, {
    referrerpolicy: 'no-referrer',
  });
  expect(named.messages).toContainEqual({ type: 'pe-explorer:ready', figure: 'ranges' });
  await page.evaluate(() => document.getElementById('other')?.remove());
  const refused = await messagesOfFrame(page, baseURL, 'origin=blog.example');
  await expect(refused.frame.locator('.pe-url-notes[role="status"]')).toHaveText(
    'origin "blog.example" is not an origin such as https://blog.example: messages go to the page that embeds ' +
      'this figure, as its address says.',
  );
  // The referrer still names the blog.
  expect(refused.messages).toContainEqual({ type: 'pe-explorer:ready', figure: 'ranges' });
});

test('theme=light on the embed page wins over a stored choice of dark', async ({ page }) => {
  await page.goto('embed.html?figure=ranges');
  await page.evaluate(() => localStorage.setItem('pe-explorer-theme', 'dark'));
  await page.goto('embed.html?figure=ranges&theme=light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.goto('embed.html?figure=ranges');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('an element follows the system scheme, the scheme the blog declares, and its theme attribute first', async ({
  page,
}) => {
  const background = (id) =>
    page.locator(id).evaluate((el) => getComputedStyle(el).backgroundColor.replace(/\s/g, ''));
  const [LIGHT, DARK] = ['rgb(251,250,247)', 'rgb(20,23,31)'];
  await page.emulateMedia({ colorScheme: 'dark' });
  await openBlog(page);
  expect(await background('#heatmap')).toBe(DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background('#heatmap')).toBe(LIGHT);

  // The blog's own dark mode, switched by a class on <html> that sets color-scheme, is followed as it switches.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'html.night { color-scheme: dark; background: #000; }';
    document.head.append(style);
    document.documentElement.classList.add('night');
  });
  await expect.poll(() => background('#heatmap')).toBe(DARK);
  await page.evaluate(() => document.documentElement.classList.remove('night'));
  await expect.poll(() => background('#heatmap')).toBe(LIGHT);

  // theme wins over the blog's scheme, and giving it up follows the blog again.
  await page.evaluate(() => document.documentElement.classList.add('night'));
  await page.locator('#heatmap').evaluate((el) => el.setAttribute('theme', 'light'));
  await expect.poll(() => background('#heatmap')).toBe(LIGHT);
  await page.locator('#heatmap').evaluate((el) => el.removeAttribute('theme'));
  await expect.poll(() => background('#heatmap')).toBe(DARK);
  expect(await background('#ranges')).toBe(DARK);
});

test('an attribute that is not a value at all gets a message naming it, and the figure its default', async ({
  page,
}) => {
  const { heatmap } = await openBlog(page);
  await page.locator('#heatmap').evaluate((el) => el.setAttribute('d-model', 'abc'));
  await expect(page.locator('#heatmap').getByRole('alert').first()).toContainText('dModel');
  await expect(page.locator('#heatmap').getByRole('alert').first()).toContainText('"abc"');
  await expect(heatmap.locator('.pe-summary')).toContainText('Heatmap of 50 positions by 512 dimensions');
});

test.describe("with the engine's .wasm blocked", () => {
  test.use({
    expectedProblems: {
      request: /^request failed: .*\/engine\/pe-engine\.wasm \(net::ERR_FAILED\)$/,
      log: /^console error: (PE Explorer: pe-engine\.wasm could not be downloaded|Failed to load resource)/,
    },
  });

  test('each element says in its place that the engine could not be downloaded', async ({ page }) => {
    await page.route('**/engine/pe-engine.wasm', (route) => route.abort());
    await page.goto(`${BLOG}/blog.html`);
    for (const id of ['#heatmap', '#ranges']) {
      const failure = page.locator(`${id} .pe-load-failure`);
      await expect(failure).toHaveAttribute('data-failure', 'download', { timeout: 20_000 });
      await expect(failure).toContainText('could not be downloaded');
      await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
    }
  });
});
