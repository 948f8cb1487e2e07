// npm run bench: sinusoidalTable(2048, 512) through the WASM engine, side by side in one process with a plain
// JavaScript loop (frequencies hoisted, Math.sin/Math.cos per value) and with the memory-write floor: a fresh
// Float32Array of the same size filled with a constant. Medians of interleaved runs; ratios; accuracy.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const { default: createEngine } = await import(pathToFileURL(path.resolve(dir, 'pe-engine.js')).href);
const pe = await createEngine();

const POSITIONS = 2048;
const D_MODEL = 512;
const BASE = 10000;
const RUNS = Number(process.env.BENCH_RUNS ?? 41);

function jsTable(positions, dModel, base) {
  const out = new Float32Array(positions * dModel);
  const half = dModel / 2;
  const freq = new Float64Array(half);
  for (let i = 0; i < half; i += 1) freq[i] = base ** ((-2 * i) / dModel);
  for (let pos = 0; pos < positions; pos += 1) {
    const row = pos * dModel;
    for (let i = 0; i < half; i += 1) {
      const angle = pos * freq[i];
      out[row + 2 * i] = Math.sin(angle);
      out[row + 2 * i + 1] = Math.cos(angle);
    }
  }
  return out;
}

function fill(n) {
  return new Float32Array(n).fill(0.5);
}

const contenders = {
  engine: () => pe.sinusoidalTable(POSITIONS, D_MODEL, BASE, 'interleaved'),
  'JS loop': () => jsTable(POSITIONS, D_MODEL, BASE),
  'fill floor': () => fill(POSITIONS * D_MODEL),
};

let sink = 0;
/**
 * Times each contender `runs` times, interleaved so that a noisy moment falls on all of them alike, after
 * `warmup` untimed rounds; returns { name: [ms, ...] }.
 */
function interleaved(contenders, runs, warmup) {
  const times = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (let run = 0; run < runs + warmup; run += 1) {
    for (const [name, fn] of Object.entries(contenders)) {
      const t0 = performance.now();
      const result = fn();
      const t1 = performance.now();
      sink += result[result.length - 1];
      if (run >= warmup) times[name].push(t1 - t0);
    }
  }
  return times;
}
const times = interleaved(contenders, RUNS, 5);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));

const table = pe.sinusoidalTable(POSITIONS, D_MODEL, BASE, 'interleaved');
let maxError = 0;
for (let pos = 0; pos < POSITIONS; pos += 1) {
  for (let d = 0; d < D_MODEL; d += 1) {
    const angle = pos / BASE ** ((2 * Math.floor(d / 2)) / D_MODEL);
    const exact = d % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
    maxError = Math.max(maxError, Math.abs(table[pos * D_MODEL + d] - exact));
  }
}

const ms = (x) => `${x.toFixed(3)} ms`;
process.stdout.write(
  [
    `sinusoidalTable(${POSITIONS}, ${D_MODEL}), median of ${RUNS} interleaved runs (Node ${process.version}):`,
    `  engine (WASM)      ${ms(m.engine)}`,
    `  plain JS loop      ${ms(m['JS loop'])}`,
    `  Float32Array fill  ${ms(m['fill floor'])}`,
    `  engine is ${(m['JS loop'] / m.engine).toFixed(1)}x faster than the JS loop (target >= 10x)`,
    `  engine takes ${(m.engine / m['fill floor']).toFixed(2)}x the fill floor (target <= 3x)`,
    `  max |error| against double: ${maxError.toExponential(2)} (target <= 2e-6)`,
    `  (checksum ${sink.toFixed(3)})`,
    '',
  ].join('\n'),
);

// The heatmap's picture at the size it is shown (420 rows for 2048 positions, one column per dimension): the
// engine colours and area-averages inside WebAssembly; the JavaScript contender does the same from the engine's
// own table (so only the colouring and averaging are compared), and their pixels are checked against each other.
const ROWS = 420;
const palette = new Uint32Array(256).map((_, i) => (0xff000000 | (i << 16) | ((255 - i) << 8) | i) >>> 0);

function jsPicture(values, positions, dModel, rows) {
  const channels = new Float64Array(palette.length * 4);
  palette.forEach((c, k) => {
    for (let ch = 0; ch < 4; ch += 1) channels[4 * k + ch] = (c >>> (8 * ch)) & 0xff;
  });
  const top = palette.length - 1;
  const sums = new Float64Array(rows * dModel * 4);
  for (let p = 0; p < positions; p += 1) {
    // Position p covers [p, p + 1) * rows / positions of the picture's rows.
    const a = (p * rows) / positions;
    const b = ((p + 1) * rows) / positions;
    const r = Math.floor(a);
    const split = Math.min(b, r + 1) - a;
    for (let j = 0; j < dModel; j += 1) {
      const k = Math.min(top, Math.max(0, Math.floor((1 - values[p * dModel + j]) * 0.5 * top + 0.5)));
      for (let ch = 0; ch < 4; ch += 1) {
        const c = channels[4 * k + ch];
        sums[(r * dModel + j) * 4 + ch] += c * split;
        if (b > r + 1) sums[((r + 1) * dModel + j) * 4 + ch] += c * (b - r - 1);
      }
    }
  }
  const out = new Uint8ClampedArray(sums.length);
  for (let i = 0; i < sums.length; i += 1) out[i] = Math.round(sums[i]);
  return out;
}

const picture = {
  'engine picture': () => pe.sinusoidalImage(POSITIONS, D_MODEL, BASE, 'interleaved', palette, ROWS, D_MODEL),
  'JS picture': () => jsPicture(table, POSITIONS, D_MODEL, ROWS),
  'engine, every cell': () => pe.sinusoidalImage(POSITIONS, D_MODEL, BASE, 'interleaved', palette),
};
const pictureRuns = Math.max(5, Math.round(RUNS / 4));
const pictureTimes = interleaved(picture, pictureRuns, 2);
const pm = Object.fromEntries(Object.entries(pictureTimes).map(([k, v]) => [k, median(v)]));
const fromEngine = picture['engine picture']();
const fromJs = picture['JS picture']();
let worstChannel = 0;
for (let i = 0; i < fromEngine.length; i += 1)
  worstChannel = Math.max(worstChannel, Math.abs(fromEngine[i] - fromJs[i]));
process.stdout.write(
  [
    `heatmap picture of ${POSITIONS} x ${D_MODEL} cells at ${ROWS} x ${D_MODEL} pixels, median of ${pictureRuns} runs:`,
    `  engine (WASM, values, colours and averages)  ${ms(pm['engine picture'])}`,
    `  JS colouring and averaging the engine table  ${ms(pm['JS picture'])}`,
    `  engine picture at one pixel per cell         ${ms(pm['engine, every cell'])}`,
    `  engine is ${(pm['JS picture'] / pm['engine picture']).toFixed(1)}x faster than the JS loop; ` +
      `largest channel difference between them ${worstChannel} of 255`,
    '',
  ].join('\n'),
);
