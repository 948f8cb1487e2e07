// "Read from huggingface.co" in the page, against tests/models/hub-server.mjs standing in for the Hub: the page's
// requests to https://huggingface.co are answered by the local Hub (CORS headers and Range included), so the
// browser's own CORS and Content-Security-Policy checks run as on the real site. The Hub's 302 to its CDN is
// followed here, in the test, since Playwright does not intercept a request a fulfilled redirect leads to
// (tests/unit/hub.test.mjs follows it to a second origin). Nothing is fetched before the button is pressed.
import path from 'node:path';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { expect, openFigure, test } from './fixtures.js';
import { startHub } from '../models/hub-server.mjs';

const HUB = 'https://huggingface.co';
const dir = mkdtempSync(path.join(os.tmpdir(), 'pe-hub-'));
execFileSync('/usr/bin/python3', ['tests/models/write_checkpoints.py', dir]);

/** Answers the page's requests to the Hub from the local Hub, its redirects to the CDN followed. */
async function serveHub(page, hub) {
  await page.route(`${HUB}/**`, async (route) => {
    const request = route.request();
    const url = request.url().replace(HUB, hub.endpoint);
    const response = await fetch(url, { method: request.method(), headers: request.headers() });
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
}

test.describe('the Hub, on request', () => {
  test.use({ otherOrigins: [HUB] });

  test('a model read by range requests: only its config, header and position table cross the wire', async ({
    page,
  }) => {
    const hub = await startHub({ repos: { 'pe-test/gpt2-tiny': { dir: path.join(dir, 'gpt2') } } });
    try {
      await serveHub(page, hub);
      const figure = await openFigure(page, 'checkpoint');
      await expect(figure.locator('.pe-ckpt-panel').first()).toContainText('rotary pairs');
      expect(hub.requests).toEqual([]);
      await figure.getByLabel(/read a model from the Hugging Face Hub/).fill('pe-test/gpt2-tiny');
      await figure.getByRole('button', { name: 'Read from huggingface.co' }).press('Enter');
      await expect(figure.locator('.pe-ckpt-learned')).toContainText('16 positions \u00d7 8 dimensions');
      const sent = hub.requests.reduce((sum, r) => sum + r.bytes, 0);
      await expect(figure.locator('.pe-ckpt-status')).toHaveText(
        `Read ${sent} bytes from huggingface.co (the header and wpe.weight).`,
      );
      // config.json whole, then the length, the header and the table by range: nothing else was sent.
      const file = readFileSync(path.join(dir, 'gpt2', 'model.safetensors'));
      const header = Number(file.readBigUInt64LE(0));
      const config = readFileSync(path.join(dir, 'gpt2', 'config.json')).length;
      expect(sent).toBe(config + 8 + header + 16 * 8 * 4);
      expect(hub.requests.filter((r) => r.origin === 'cdn').map((r) => r.range)).toEqual([
        'bytes=0-7',
        `bytes=8-${8 + header - 1}`,
        expect.stringMatching(/^bytes=\d+-\d+$/),
      ]);
      expect(hub.requests.every((r) => r.status === 200 || r.status === 206 || r.status === 302)).toBe(true);
    } finally {
      await hub.close();
    }
  });
});

test.describe('the Hub refuses', () => {
  test.use({
    otherOrigins: [HUB],
    expectedProblems: {
      status: /^HTTP 401: https:\/\/huggingface\.co\/pe-test\/gated\//,
      console: /^console error: Failed to load resource: the server responded with a status of 401/,
    },
  });

  test('a gated model: the message names the host and why, and the figure goes on', async ({ page }) => {
    const hub = await startHub({ repos: { 'pe-test/gated': { dir: path.join(dir, 'gpt2'), gated: true } } });
    try {
      await serveHub(page, hub);
      const figure = await openFigure(page, 'checkpoint');
      await figure.getByLabel(/read a model from the Hugging Face Hub/).fill('pe-test/gated');
      await figure.getByRole('button', { name: 'Read from huggingface.co' }).click();
      await expect(figure.locator('.pe-ckpt-error')).toContainText('huggingface.co refused');
      await expect(figure.locator('.pe-ckpt-error')).toContainText('gated or private');
      await figure.getByLabel('Model', { exact: true }).selectOption('gpt2');
      await expect(figure.locator('.pe-ckpt-left')).toContainText('1,024 positions');
    } finally {
      await hub.close();
    }
  });
});

test.describe('a mirror the page may not contact', () => {
  test.use({
    expectedProblems: { csp: /Content Security Policy|Refused to connect/ },
  });

  test("the page's policy blocks it, and the message says so, naming the host", async ({ page }) => {
    const figure = await openFigure(page, 'checkpoint');
    await figure.getByText('Endpoint (a mirror)').click();
    await figure.getByLabel('Endpoint', { exact: true }).fill('https://mirror.example');
    await figure.getByLabel(/read a model from the Hugging Face Hub/).fill('gpt2');
    await figure.getByRole('button', { name: 'Read from mirror.example' }).click();
    await expect(figure.locator('.pe-ckpt-error')).toContainText('mirror.example');
    await expect(figure.locator('.pe-ckpt-error')).toContainText('Content-Security-Policy');
  });
});
