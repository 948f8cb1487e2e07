// npm run bench (after scripts/build.sh): redraw frame times of the sinusoidal part of the article in Chromium.
// Serves dist/ (or BENCH_DIST) with scripts/serve-static.mjs, sets the section to 2048 positions by 512
// dimensions, then moves the Positions slider with key presses and measures, for each press, the main-thread
// work of the frame that redraws (from the first animation-frame callback after the input to the end of that
// frame's rendering) and the latency from the input event to the end of that frame. The heatmap's picture of a
// large table is made by the engine worker and shown in a later frame, so that frame is measured too: its work
// from the start of the code that draws the picture to the end of its rendering, and the time from the input to
// its end. Runs: the heatmap in view with every linked figure mounted and with only those near it, then each
// other linked figure in view with the section bar docked above it, and the heatmap in view again while the
// training lab (figure `lab`, far below) trains its default race in its workers. Prints p50 and p95 (target p95
// <= 16 ms).
import { BASE_PATH, freePort, launchChromium, startServer } from './serve.mjs';

const PRESSES = Number(process.env.BENCH_PRESSES ?? 100);
const TARGET_MS = 16;
const LINKED = ['heatmap', 'columns', 'binary', 'periods', 'ranges', 'rotation', 'similarity'];

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

/**
 * Runs in the page before its scripts: times every handler of a message from a worker, since the heatmap's
 * picture may arrive that way, and the frame that follows is the one that shows it.
 */
function timeWorkerMessages() {
  window.__handlers = [];
  const add = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function addTimed(type, listener, options) {
    if (type !== 'message') return add.call(this, type, listener, options);
    return add.call(
      this,
      type,
      (event) => {
        const start = performance.now();
        listener.call(this, event);
        window.__handlers.push({ start, end: performance.now() });
      },
      options,
    );
  };
}

/**
 * Records, for every input event on a slider, the work and the latency of the frame that follows it, and for
 * every picture the heatmap draws, the work from the start of the code that draws it (a worker message handler,
 * or the input's own frame) to the end of the frame that shows it, and the time from the input to that end.
 */
function instrument() {
  window.__frames = [];
  window.__pictures = [];
  let input = 0;
  let frameStart = 0;
  const afterFrame = (record) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => record(performance.now());
    channel.port2.postMessage(null);
  };
  document.addEventListener(
    'input',
    () => {
      input = performance.now();
      // Registered before the section's own animation-frame callback (this listener runs first, in capture), so
      // it marks the start of the frame's work; a message posted from it is handled only after the frame's
      // style, layout and paint, which marks the end.
      const at = input;
      requestAnimationFrame(() => {
        const start = performance.now();
        frameStart = start;
        afterFrame((end) => window.__frames.push({ work: end - start, latency: end - at }));
      });
    },
    { capture: true },
  );
  const canvas = document.querySelector('[data-figure="heatmap"] canvas.pe-heatmap-canvas');
  new MutationObserver(() => {
    // Runs right after the code that drew the picture. Drawn by a worker message handler (and the promise
    // callbacks it settles): that code's time, plus the rendering of the next frame, which shows it. Drawn in
    // the input's own frame: that frame is the one that shows it, already measured.
    const handler = window.__handlers.at(-1);
    const script = handler && handler.start > frameStart ? performance.now() - handler.start : null;
    const at = input;
    if (script === null) {
      afterFrame((end) => window.__pictures.push({ work: null, latency: end - at }));
      return;
    }
    requestAnimationFrame(() => {
      const start = performance.now();
      afterFrame((end) => window.__pictures.push({ work: script + (end - start), latency: end - at }));
    });
  }).observe(canvas, { attributes: true, attributeFilter: ['data-positions'] });
}

/** Starts the lab's default race with the longest schedule, so that it trains through all the presses. */
async function startLab(page) {
  await page.locator('#lab').scrollIntoViewIfNeeded();
  const lab = page.locator('[data-figure="lab"]');
  const steps = lab.getByLabel('Steps', { exact: true });
  await steps.focus();
  await steps.press('End');
  // The workers start once the controls rest.
  await page.waitForTimeout(1000);
  await lab.getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(
    () => /Step [1-9]/.test(document.querySelector('[data-figure="lab"] .pe-lab-counter')?.textContent ?? ''),
    null,
    { timeout: 60_000 },
  );
}

async function labState(page) {
  return page.locator('[data-figure="lab"] .pe-lab-counter').textContent();
}

async function run(browser, url, { mountAll = false, view = 'heatmap', presses = PRESSES, lab = false }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.addInitScript(timeWorkerMessages);
  await page.goto(url);
  if (mountAll) {
    for (const id of LINKED) {
      const slot = page.locator(`[data-linked="${id}"]`);
      if ((await slot.count()) === 0) continue;
      await slot.scrollIntoViewIfNeeded();
      await page.locator(`[data-figure="${id}"]`).waitFor({ timeout: 15_000 });
    }
  }
  if (lab) await startLab(page);
  const bar = page.locator('.pe-section-bar');
  await page.locator('[data-section-controls]').scrollIntoViewIfNeeded();
  await page.locator('[data-figure="heatmap"]').waitFor({ timeout: 15_000 });
  const positions = bar.getByLabel('Positions');
  await positions.focus();
  await positions.press('End');
  await page.waitForFunction(
    () => document.querySelector('#formula output[data-live="positions"]')?.textContent === '2,048',
  );
  // The figure measured is in the middle of the window (the reader has scrolled to it); below the formula the
  // section bar is docked above it. Figures outside the window wait until they come into view.
  await page.locator(`[data-linked="${view}"]`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.locator(`[data-figure="${view}"]`).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  const mounted = await page.locator('[data-figure]').evaluateAll((els) => els.map((e) => e.dataset.figure));
  await page.evaluate(instrument);
  const heatmapInView = view === 'heatmap';
  for (let i = 0; i < presses; i += 1) {
    await positions.press('ArrowLeft');
    await page.waitForFunction(
      ([n, picture]) => window.__frames.length >= n && (!picture || window.__pictures.length >= n),
      [i + 1, heatmapInView],
      { timeout: 30_000 },
    );
  }
  const { frames, pictures } = await page.evaluate(() => ({
    frames: window.__frames,
    pictures: window.__pictures,
  }));
  const last = await page.locator('#formula output[data-live="positions"]').textContent();
  const training = lab ? await labState(page) : null;
  await page.close();
  return { frames, pictures: heatmapInView ? pictures : null, mounted, last, errors, training };
}

const ms = (v) => `${v.toFixed(1)} ms`;
const line = (name, s) =>
  `  ${name.padEnd(26)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}  mean ${ms(s.mean)}\n`;

function report(label, { frames, pictures, mounted, last, errors, training }) {
  const work = stats(frames.map((f) => f.work));
  const latency = stats(frames.map((f) => f.latency));
  const pictureWork = pictures && stats(pictures.map((f, i) => f.work ?? frames[i].work));
  const pictureLatency = pictures && stats(pictures.map((f) => f.latency));
  const worst = Math.max(work.p95, pictureWork?.p95 ?? 0);
  process.stdout.write(
    `\n${label}\n` +
      `  figures mounted: ${mounted.join(', ')}\n` +
      `  ${frames.length} redraws (positions 2,048 -> ${last}, dModel 512, base 10000)\n` +
      line('frame after the input', work) +
      (pictures ? line('frame showing the heatmap', pictureWork) : '') +
      line('input to frame', latency) +
      (pictures ? line('input to heatmap shown', pictureLatency) : '') +
      `  target p95 <= ${TARGET_MS} ms${pictures ? ' for both frames' : ''}: ` +
      `${worst <= TARGET_MS ? 'met' : 'NOT met'}\n` +
      (training ? `  the lab after the presses: ${training}\n` : '') +
      (errors.length ? `  page errors: ${errors.join(' | ')}\n` : ''),
  );
  return worst;
}

const port = await freePort();
const server = await startServer(port);
let browser;
try {
  browser = await launchChromium();
  const url = `http://127.0.0.1:${port}${BASE_PATH}index.html`;
  process.stdout.write(`Frame times of the sinusoidal section, ${PRESSES} Positions key presses each run\n`);
  // BENCH_VIEWS=columns,similarity runs only the views named (heatmap is the first two runs, lab the last).
  const views = process.env.BENCH_VIEWS?.split(',') ?? [...LINKED, 'lab'];
  if (views.includes('heatmap')) {
    report('Heatmap in view, all linked figures mounted', await run(browser, url, { mountAll: true }));
    report('Heatmap in view, only the figures near the controls mounted', await run(browser, url, {}));
  }
  // The same slider, moved from the docked section bar while each of the other figures is the one in view.
  const presses = Math.max(10, Math.round(PRESSES / 3));
  for (const view of views.filter((id) => id !== 'heatmap' && id !== 'lab')) {
    report(
      `${view} in view (section bar docked), ${presses} presses`,
      await run(browser, url, { view, presses }),
    );
  }
  if (views.includes('lab')) {
    report(
      'Heatmap in view while the lab trains its default race (longest schedule)',
      await run(browser, url, { lab: true }),
    );
  }
} finally {
  await browser?.close();
  server.kill();
}
