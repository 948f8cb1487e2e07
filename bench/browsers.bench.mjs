// npm run bench: the engine in each browser, side by side in one run (issue 21): the sinusoidal table at 2048
// positions x 512 dimensions, and one training step of the lab's default model (the engine's defaults: d 64,
// 4 heads, 2 layers, length 16, batch 32, RoPE), timed inside the page in Chromium, Firefox ESR, WebKitGTK and
// WPE WebKit 2.38 (no WebAssembly SIMD: the scalar modules), and in Node. The engines take turns, one sample
// each per round (Chromium, Firefox, WebKitGTK, WPE, Node, Chromium, ...), so that a noisy moment of the machine
// falls on all of them alike; medians after warm-up rounds, and each as a ratio to Chromium's.
// Run after `npm run build`: node bench/browsers.bench.mjs (E2E_PORT; CROSS_DRIVER_PORT for the WebDriver
// servers; BENCH_ENGINES=chromium,firefox,webkit,wpe to choose).
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENGINES } from '../tests/cross/drivers.mjs';
import { serve } from '../tests/cross/server.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173) + 70;
const SAMPLES = Number(process.env.BENCH_RUNS ?? 9);
const WARMUP = 2;
/** Tables built and steps trained per sample (a browser's clock may be coarse: 1 ms in Firefox). */
const TABLES = 5;
const STEPS = 5;
const names = (process.env.BENCH_ENGINES ?? 'chromium,firefox,webkit,wpe').split(',').filter(Boolean);

/**
 * Loads the engine and the lab from `engineDir` (the page's engine/ directory, or a file: URL in Node; `suffix`
 * '.scalar' for the modules without SIMD) and builds the default lab model, kept for benchSample. Runs in the
 * page or in Node, so it is self-contained.
 */
async function benchLoad(engineDir, suffix) {
  // The glue fetches its .wasm beside itself; `suffix` names the other file. (Each glue makes the object it is
  // given its module: one object each.)
  const where = (file) => new URL(file.replace(/\.wasm$/, `${suffix}.wasm`), engineDir).href;
  const options = () => (suffix ? { locateFile: where } : {});
  const pe = await (await import(`${engineDir}pe-engine.js`)).default(options());
  const { Lab } = await (await import(`${engineDir}pe-lab.js`)).default(options());
  globalThis.__bench = { pe, model: new Lab({}) };
  return globalThis.__bench.model.config.dModel;
}

/** One sample: ms per table (2048 x 512, interleaved) over `tables` builds, ms per step over `steps` steps. */
async function benchSample(tables, steps) {
  const { pe, model } = globalThis.__bench;
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < tables; i += 1) sink += pe.sinusoidalTable(2048, 512, 10000, 'interleaved')[1023];
  const t1 = performance.now();
  sink += model.train(steps).loss[0];
  const t2 = performance.now();
  return { table: (t1 - t0) / tables, step: (t2 - t1) / steps, sink: Number.isFinite(sink) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

const loadAtStart = load();
const servers = await serve(PORT);
/** The contenders: each { label, version, sample() }; Chromium first, Node last. */
const contenders = [];
try {
  for (const name of names) {
    const browser = await ENGINES[name].start({ dark: false });
    contenders.push({
      label: ENGINES[name].label,
      version: String(browser.version).replace(/^Chrome\/|^firefox\//, ''),
      sample: () => browser.run(benchSample, TABLES, STEPS),
      close: () => browser.close(),
    });
    await browser.open(`${servers.site}embed.html?figure=order`, { width: 800, height: 600 });
    await browser.run(benchLoad, `${servers.site}engine/`, name === 'wpe' ? '.scalar' : '');
  }
  await benchLoad(pathToFileURL(path.resolve('dist/engine')).href + '/', '');
  contenders.push({ label: 'Node', version: process.version, sample: () => benchSample(TABLES, STEPS) });

  const times = contenders.map(() => ({ table: [], step: [] }));
  for (let round = 0; round < WARMUP + SAMPLES; round += 1) {
    for (const [i, contender] of contenders.entries()) {
      const { table, step } = await contender.sample();
      if (round < WARMUP) continue;
      times[i].table.push(table);
      times[i].step.push(step);
    }
  }
  const medians = times.map(({ table, step }) => ({ table: median(table), step: median(step) }));
  const reference = medians[contenders.findIndex((c) => c.label === 'Chromium')] ?? medians[0];
  const ms = (x) => x.toFixed(x < 10 ? 2 : 1);
  const ratio = (x, ref) => `${(x / ref).toFixed(2)}\u00d7`;
  const rows = [
    ['', ...contenders.map((c) => c.label)],
    ['version', ...contenders.map((c) => c.version)],
    ['table 2048 x 512, ms', ...medians.map((m) => ms(m.table))],
    ['  to Chromium', ...medians.map((m) => ratio(m.table, reference.table))],
    ['lab step (defaults), ms', ...medians.map((m) => ms(m.step))],
    ['  to Chromium', ...medians.map((m) => ratio(m.step, reference.step))],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  console.log(
    `\nThe engine in each browser: medians of ${SAMPLES} samples after ${WARMUP} warm-up rounds, engines in turn; ` +
      `a table sample is ${TABLES} builds, a step sample ${STEPS} steps. WPE WebKit runs the scalar modules.`,
  );
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  '));
  console.log(`load average ${loadAtStart} at the start, ${load()} at the end; ${os.cpus().length} cores\n`);
} finally {
  for (const contender of contenders) await contender.close?.();
  servers.close();
}
