// npm run bench (after scripts/build.sh): redraw frame times of the sinusoidal part of the article in Chromium.
// Serves dist/ with scripts/serve-static.mjs, sets the section to 2048 positions by 512 dimensions, then moves
// the Positions slider 100 times with key presses and measures, for each press, the main-thread work of the frame
// that redraws (from the first animation-frame callback after the input to the end of that frame's rendering)
// and the latency from the input event to the end of that frame. Two runs: every linked figure mounted, and only
// the heatmap mounted, so the figures' share of the cost is visible. Prints p50 and p95 (target p95 <= 16 ms).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PRESSES = Number(process.env.BENCH_PRESSES ?? 100);
const TARGET_MS = 16;
const BASE_PATH = '/pe-explorer/';
const LINKED = ['heatmap', 'columns', 'binary', 'periods', 'ranges', 'rotation', 'similarity'];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(port) {
  const child = spawn(process.execPath, ['scripts/serve-static.mjs', 'dist'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), BASE_PATH },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`serve-static exited with ${code}`)));
    child.stdout.once('data', resolve);
  });
  return child;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1], mean };
}

/** Records, for every input event on a slider, the work and the latency of the frame that follows it. */
function instrument() {
  window.__frames = [];
  document.addEventListener(
    'input',
    () => {
      const input = performance.now();
      // Registered before the section's own animation-frame callback (this listener runs first, in capture), so
      // it marks the start of the frame's work; a message posted from it is handled only after the frame's
      // style, layout and paint, which marks the end.
      requestAnimationFrame(() => {
        const start = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const end = performance.now();
          window.__frames.push({ work: end - start, latency: end - input });
        };
        channel.port2.postMessage(null);
      });
    },
    { capture: true },
  );
}

async function run(browser, url, { mountAll }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(url);
  if (mountAll) {
    for (const id of LINKED) {
      const slot = page.locator(`[data-linked="${id}"]`);
      if ((await slot.count()) === 0) continue;
      await slot.scrollIntoViewIfNeeded();
      await page.locator(`[data-figure="${id}"]`).waitFor({ timeout: 15_000 });
    }
  }
  const bar = page.locator('.pe-section-bar');
  await page.locator('[data-section-controls]').scrollIntoViewIfNeeded();
  await page.locator('[data-figure="heatmap"]').waitFor({ timeout: 15_000 });
  const positions = bar.getByLabel('Positions');
  await positions.focus();
  await positions.press('End');
  await page.waitForFunction(
    () => document.querySelector('#formula output[data-live="positions"]')?.textContent === '2,048',
  );
  const mounted = await page.locator('[data-figure]').evaluateAll((els) => els.map((e) => e.dataset.figure));
  await page.evaluate(instrument);
  for (let i = 0; i < PRESSES; i += 1) {
    await positions.press('ArrowLeft');
    await page.waitForFunction((n) => window.__frames.length >= n, i + 1, { timeout: 30_000 });
  }
  const frames = await page.evaluate(() => window.__frames);
  const last = await page.locator('#formula output[data-live="positions"]').textContent();
  await page.close();
  return { frames, mounted, last, errors };
}

function report(label, { frames, mounted, last, errors }) {
  const work = stats(frames.map((f) => f.work));
  const latency = stats(frames.map((f) => f.latency));
  const ms = (v) => `${v.toFixed(1)} ms`;
  process.stdout.write(
    `\n${label}\n` +
      `  figures mounted: ${mounted.join(', ')}\n` +
      `  ${frames.length} redraws (positions 2,048 -> ${last}, dModel 512, base 10000)\n` +
      `  frame work     p50 ${ms(work.p50)}  p95 ${ms(work.p95)}  max ${ms(work.max)}  mean ${ms(work.mean)}\n` +
      `  input to frame p50 ${ms(latency.p50)}  p95 ${ms(latency.p95)}  max ${ms(latency.max)}\n` +
      `  target p95 <= ${TARGET_MS} ms: ${work.p95 <= TARGET_MS ? 'met' : 'NOT met'}\n` +
      (errors.length ? `  page errors: ${errors.join(' | ')}\n` : ''),
  );
}

const port = await freePort();
const server = await startServer(port);
let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: config.use.launchOptions.args,
  });
  const url = `http://127.0.0.1:${port}${BASE_PATH}index.html`;
  process.stdout.write(`Frame times of the sinusoidal section, ${PRESSES} Positions key presses each run\n`);
  report('All linked figures mounted', await run(browser, url, { mountAll: true }));
  report('Only the figures near the controls mounted', await run(browser, url, { mountAll: false }));
} finally {
  await browser?.close();
  server.kill();
}
