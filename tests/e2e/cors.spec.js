// A <pe-figure> element whose host does not let other sites read all of its files: the site's files served
// from a second origin that sends Access-Control-Allow-Origin with its scripts but not with the engine's files
// (engine/), as a host configured for scripts alone does. The blog (tests/e2e/blog/) on a third origin shows,
// in each element's place, what failed and what the host must send.
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { test, expect, openFigure, shareMenu } from './fixtures.js';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const HOST = `http://127.0.0.1:${PORT + 11}`;
const BLOG = `http://127.0.0.1:${PORT + 12}`;
/** The site again, from a host that sends no Access-Control-Allow-Origin at all. */
const CLOSED = `http://127.0.0.1:${PORT + 13}`;
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');
const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
};
test.describe.configure({ mode: 'default' });

/** @type {import('node:http').Server[]} */
const servers = [];

function listen(port, handle) {
  const server = createServer((request, response) =>
    handle(new URL(request.url ?? '/', 'http://x').pathname, response).catch(() =>
      response.writeHead(404).end(),
    ),
  );
  servers.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
}

test.beforeAll(async () => {
  /** Serves dist/, with the header for the files `open(name)` names. */
  const site = (open) => async (name, response) => {
    const file = path.join(DIST, name);
    if (!file.startsWith(DIST) || !(await stat(file)).isFile()) throw new Error('not found');
    const headers = { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' };
    if (open(name)) headers['Access-Control-Allow-Origin'] = '*';
    response.writeHead(200, headers).end(await readFile(file));
  };
  await listen(
    PORT + 11,
    site((name) => !name.startsWith('/engine/')),
  );
  await listen(
    PORT + 13,
    site(() => false),
  );
  await listen(PORT + 12, async (name, response) => {
    const file = name === '/blog.js' ? 'blog.js' : 'blog.html';
    const text = (await readFile(path.join(import.meta.dirname, 'blog', file), 'utf8')).replaceAll(
      'SITE',
      name === '/closed.html' ? CLOSED : HOST,
    );
    const type = file.endsWith('.js') ? 'text/javascript' : 'text/html';
    response.writeHead(200, { 'Content-Type': `${type}; charset=utf-8` }).end(text);
  });
});

test.afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

test.use({
  otherOrigins: [HOST, BLOG, CLOSED],
  expectedProblems: {
    blocked:
      /^console error: Access to .* at '.*\/engine\/pe-engine\.(js|wasm)' from origin '.*' has been blocked by CORS policy/,
    request: /^request failed: .*\/engine\/pe-engine\.(js|wasm) \(net::ERR_FAILED\)$/,
    log: /^console error: (PE Explorer: pe-engine\.(js|wasm) could not be (downloaded|loaded)|Failed to load resource)/,
  },
});

test('each element says in its place that the engine was blocked, and what the host must send', async ({
  page,
}) => {
  await page.goto(`${BLOG}/blog.html`);
  for (const id of ['#heatmap', '#ranges']) {
    const failure = page.locator(`${id} .pe-load-failure`);
    await expect(failure).toHaveAttribute('data-failure', 'download', { timeout: 20_000 });
    await expect(failure.locator('.pe-load-what')).toHaveText(
      'The engine that computes the figures could not be downloaded.',
    );
    const host = failure.locator('.pe-load-host');
    await expect(host).toContainText(`This page loads PE Explorer's files from ${HOST}.`);
    await expect(host).toContainText('Access-Control-Allow-Origin: *');
    await expect(host).toContainText('application/wasm');
    await expect(host).toContainText('docs/embedding.md, "What the host of PE Explorer must send"');
    await expect(failure).toBeVisible();
  }
  // The iframe needs no header: its page and its files share an origin, and it draws.
  await expect(page.frameLocator('#frame').locator('[data-figure="heatmap"] .pe-summary')).toContainText(
    'Heatmap of 40 positions by 64 dimensions',
  );
});

test.describe('a host that sends no header at all', () => {
  test.use({
    expectedProblems: {
      blocked:
        /^console error: Access to script at '.*\/pe-figure\.js' from origin '.*' has been blocked by CORS policy/,
      request: /^request failed: .*\/pe-figure\.js \(net::ERR_FAILED\)$/,
      log: /^console error: Failed to load resource/,
    },
  });

  test('the loader, a classic script, runs anyway and says in each element what the host must send', async ({
    page,
  }) => {
    await page.goto(`${BLOG}/closed.html`);
    for (const id of ['#heatmap', '#ranges']) {
      const failure = page.locator(`${id} > .pe-load-failure[role="alert"]`);
      await expect(failure).toContainText(`This PE Explorer figure could not load ${CLOSED}/pe-figure.js.`);
      await expect(failure).toContainText(
        `only if ${CLOSED} sends the header Access-Control-Allow-Origin: *`,
      );
      await expect(failure).toContainText('docs/embedding.md, "What the host of PE Explorer must send"');
      await expect(failure).toBeVisible();
    }
  });
});

test.describe('the Embed dialog', () => {
  test.use({ expectedProblems: {} });

  test('says under the web component snippet what its host must send', async ({ page }) => {
    const figure = await openFigure(page, 'ranges');
    await (await shareMenu(figure)).getByRole('button', { name: 'Embed' }).click();
    const note = page.locator('dialog .pe-embed-host');
    await expect(note).toContainText('its host must send the header Access-Control-Allow-Origin: *');
    await expect(note).toContainText('docs/embedding.md, "What the host of PE Explorer must send"');
    // Right under the snippet it is about.
    const component = page.locator('dialog .pe-embed-field', { hasText: 'Embed with the web component' });
    await expect(component.locator('+ .pe-embed-host')).toBeVisible();
  });
});
