// The lab's training speed against its peers, side by side in one run, on the standard configuration (d 64, 2
// layers, 4 heads, length 32, batch 32, rope half, task previous, causal): the engine's WebAssembly in this Node
// process; the same model in TensorFlow.js on its wasm backend in this process (bench/lab-tfjs.mjs); PyTorch
// eager on one thread (bench/lab_torch_bench.py, the parity reference's model and step, in a subprocess); and
// the engine's native build (pe_bench_lab --serve, a subprocess). One step is the whole of training: forward,
// backward, gradient clipping and the AdamW update.
//
// PyTorch runs twice. Debian's python3-torch is built against the generic BLAS interface and multiplies
// matrices with whichever libblas.so.3 it loads: the reference BLAS, all that the package itself brings, or
// OpenBLAS (libopenblas0-serial, single-threaded, which scripts/setup.sh installs). The PyTorch target is
// judged against OpenBLAS, the BLAS a PyTorch user would have; the reference BLAS, about six times slower in
// the products, is shown beside it so that a number taken on a machine without OpenBLAS is not mistaken for
// PyTorch's.
//
// Each contender first takes BENCH_WARMUP steps untimed, then BENCH_ROUNDS rounds of BENCH_STEPS timed steps,
// the contenders taking turns within a round (the order rotating each round), so that a change in the machine's
// load falls on all of them alike. Rates are steps per second of process CPU time (each contender's own
// process; the in-process two are timed only while they run), medians over the rounds; wall-time medians are
// printed beside them. Every contender must also train: the mean loss of its last round must be below 0.9 times
// its first step's (about ln 16 = 2.77), or the bench fails. Exit status 1 then; a missed target only prints.
//
// Before timing, the TF.js model is checked against the engine, as tests/torch/parity.py checks PyTorch's: from
// the engine's initial parameters (pe-lab-dump of the standard configuration), the loss (1e-4 relative) and
// every gradient (max |g - g_engine| <= 1e-4 max |g_engine| + 1e-7) on the dumped batch, and the losses of
// CHECK_STEPS training steps on the dumped batches (1e-3 absolute, which takes in clipping, AdamW and the
// schedule). A peer that computed something else would not be a peer; the bench fails then too.
//
//   node bench/lab-peers.bench.mjs   (after the WASM build and cmake --build build/native --target pe_bench_lab
//   pe-lab-dump)
//   PE_ENGINE_DIR (default dist/engine), PE_NATIVE_BENCH (build/native/bench/pe_bench_lab),
//   PE_LAB_DUMP (build/native/pe-lab-dump), PE_PYTHON (/usr/bin/python3), BENCH_WARMUP (3), BENCH_ROUNDS (7),
//   BENCH_STEPS (8)
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

import * as tf from '@tensorflow/tfjs';
import { getThreadsCount } from '@tensorflow/tfjs-backend-wasm';

import { LAB_DEFAULTS } from '../web/src/lab/defaults.js';
import { createTfjsLab } from './lab-tfjs.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const STEPS = Number(process.env.BENCH_STEPS ?? 8);

// The standard configuration, every field spelled out for the peers (the engine fills the same from its defaults).
const CONFIG = {
  ...LAB_DEFAULTS,
  length: 32,
  vocab: 16,
  classes: 16,
  pooled: false,
};

const TARGETS = { tfjs: 3, torch: 1, native: 1.5 };
const CHECK_STEPS = 20;

function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

// Times fn() in this process: CPU seconds, wall seconds and fn's losses.
function timed(fn) {
  const c0 = cpuSeconds();
  const w0 = performance.now();
  const losses = fn();
  return { cpu: cpuSeconds() - c0, wall: (performance.now() - w0) / 1e3, losses };
}

async function engineContender() {
  const dir = process.env.PE_ENGINE_DIR ?? path.join(ROOT, 'dist/engine');
  const { default: createLab } = await import(pathToFileURL(path.resolve(dir, 'pe-lab.js')).href);
  const { Lab } = await createLab();
  const lab = new Lab({ length: CONFIG.length, scheme: CONFIG.scheme });
  const c = lab.config;
  for (const key of [
    'task',
    'ropeConvention',
    'dModel',
    'nHeads',
    'nLayers',
    'batch',
    'causal',
    'lr',
    'warmup',
  ]) {
    if (c[key] !== CONFIG[key]) throw new Error(`engine config ${key} = ${c[key]}, expected ${CONFIG[key]}`);
  }
  return {
    name: 'engine WASM',
    note: 'this Node process, -msimd128, 1 thread',
    run: async (steps) => timed(() => Array.from(lab.train(steps).loss)),
    stop: () => lab.delete(),
  };
}

// The `previous` task's batches for TF.js from a small seeded generator: 16 symbols, target at p the token at
// p - 1, none (-1) at position 0. Drawn inside the timed loop, as the engine draws its own.
function previousBatches(seed) {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const { batch: B, length: n, vocab: V } = CONFIG;
  return () => {
    const tokens = new Int32Array(B * n);
    const targets = new Int32Array(B * n);
    for (let i = 0; i < B * n; i += 1) tokens[i] = Math.floor(uniform() * V);
    for (let b = 0; b < B; b += 1) {
      targets[b * n] = -1;
      for (let p = 1; p < n; p += 1) targets[b * n + p] = tokens[b * n + p - 1];
    }
    return [tokens, targets];
  };
}

// The TF.js model against the engine's own numbers (see the top); returns a line for the report.
function checkTfjsAgainstEngine() {
  const tool = process.env.PE_LAB_DUMP ?? path.join(ROOT, 'build/native/pe-lab-dump');
  const flags = [
    '--length',
    String(CONFIG.length),
    '--scheme',
    CONFIG.scheme,
    '--train-steps',
    String(CHECK_STEPS),
  ];
  const dump = JSON.parse(execFileSync(tool, flags, { maxBuffer: 1 << 28 }).toString());
  for (const [key, value] of Object.entries(CONFIG)) {
    if (dump.config[key] !== value)
      throw new Error(`pe-lab-dump config ${key} = ${dump.config[key]}, expected ${value}`);
  }
  const init = Object.fromEntries(dump.params.map((p) => [p.name, Float32Array.from(p.data)]));
  const flat = (rows) => Int32Array.from(rows.flat());
  const problems = [];
  let worstGrad = 0;
  const probe = createTfjsLab(CONFIG, init);
  const { value, grads } = probe.lossAndGrads(flat(dump.batch.tokens), flat(dump.batch.targets));
  const loss = value.dataSync()[0];
  if (!(Math.abs(loss - dump.loss) <= 1e-4 * Math.abs(dump.loss)))
    problems.push(`loss ${loss} vs ${dump.loss}`);
  for (const g of dump.grads) {
    const mine = grads[g.name].dataSync();
    let err = 0;
    let scale = 0;
    g.data.forEach((x, i) => {
      err = Math.max(err, Math.abs(mine[i] - x));
      scale = Math.max(scale, Math.abs(x));
    });
    worstGrad = Math.max(worstGrad, err / Math.max(scale, 1e-30));
    if (!(err <= 1e-4 * scale + 1e-7)) problems.push(`gradient ${g.name}: max error ${err} against ${scale}`);
  }
  value.dispose();
  Object.values(grads).forEach((t) => t.dispose());
  probe.dispose();
  const runner = createTfjsLab(CONFIG, init);
  let worstLoss = 0;
  dump.train.batches.forEach((b, t) => {
    const err = Math.abs(runner.train(flat(b.tokens), flat(b.targets)) - dump.train.losses[t]);
    worstLoss = Math.max(worstLoss, err);
    if (!(err <= 1e-3)) problems.push(`training loss ${t}: off by ${err}`);
  });
  runner.dispose();
  if (problems.length > 0) throw new Error(`the TF.js model is not the engine's: ${problems.join('; ')}`);
  return (
    `TF.js model = engine's: loss within ${(Math.abs(loss - dump.loss) / dump.loss).toExponential(1)} relative, ` +
    `gradients within ${worstGrad.toExponential(1)} of their largest, ${CHECK_STEPS} training losses within ` +
    `${worstLoss.toExponential(1)}`
  );
}

async function tfjsContender() {
  await tf.setBackend('wasm');
  await tf.ready();
  const agreement = checkTfjsAgainstEngine();
  const simd = await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT');
  const threads = await tf.env().getAsync('WASM_HAS_MULTITHREAD_SUPPORT');
  const lab = createTfjsLab(CONFIG);
  const next = previousBatches(CONFIG.seed);
  return {
    name: 'TF.js wasm',
    agreement,
    note:
      `@tensorflow/tfjs ${tf.version.tfjs}, backend ${tf.getBackend()}, WASM_HAS_SIMD_SUPPORT ${simd}, ` +
      `WASM_HAS_MULTITHREAD_SUPPORT ${threads}, ${getThreadsCount()} thread(s)`,
    run: async (steps) =>
      timed(() => {
        const losses = [];
        for (let i = 0; i < steps; i += 1) losses.push(lab.train(...next()));
        return losses;
      }),
    stop: () => lab.dispose(),
  };
}

// A worker process speaking bench/lab_torch_bench.py's line protocol: {"ready"...} once, then one JSON answer
// per "run S".
async function workerContender(name, command, args, env = process.env) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = [];
  const pending = [];
  lines.on('line', (line) => {
    const resolve = waiting.shift();
    if (resolve) resolve(JSON.parse(line));
    else pending.push(JSON.parse(line));
  });
  const exited = new Promise((_, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`${name}: ${command} exited with status ${code}`)));
  });
  exited.catch(() => {});
  const answer = () =>
    Promise.race([
      exited,
      new Promise((resolve) => (pending.length ? resolve(pending.shift()) : waiting.push(resolve))),
    ]);
  const ready = await answer();
  return {
    name,
    ready,
    run: async (steps) => {
      child.stdin.write(`run ${steps}\n`);
      return answer();
    },
    stop: () => {
      child.removeAllListeners('exit');
      child.stdin.end('quit\n');
    },
  };
}

// PyTorch on the BLAS in `libdir`: Debian's torch calls whichever libblas.so.3 the process loads.
async function torchContender(name, libdir) {
  const python = process.env.PE_PYTHON ?? '/usr/bin/python3';
  const env = { ...process.env, LD_LIBRARY_PATH: libdir, OPENBLAS_NUM_THREADS: '1' };
  const w = await workerContender(name, python, [path.join(ROOT, 'bench/lab_torch_bench.py')], env);
  w.note = `torch ${w.ready.torch}, subprocess, ${w.ready.threads} thread(s), ${w.ready.blas}`;
  return w;
}

async function nativeContender() {
  const binary = process.env.PE_NATIVE_BENCH ?? path.join(ROOT, 'build/native/bench/pe_bench_lab');
  const w = await workerContender('engine native', binary, ['--serve']);
  w.note = 'pe_bench_lab --serve, subprocess, 1 thread';
  return w;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;

const load0 = os.loadavg();
const LIB = '/usr/lib/x86_64-linux-gnu';
const contenders = [
  await engineContender(),
  await tfjsContender(),
  await torchContender('PyTorch OpenBLAS', `${LIB}/openblas-serial`),
  await nativeContender(),
  await torchContender('PyTorch ref BLAS', `${LIB}/blas`),
];
const [ENGINE, TFJS, TORCH, NATIVE, TORCH_REF] = contenders.keys();
const results = contenders.map(() => ({ cpu: [], wall: [], first: NaN, last: [] }));
try {
  for (const [i, c] of contenders.entries()) results[i].first = (await c.run(WARMUP)).losses[0];
  for (let r = 0; r < ROUNDS; r += 1) {
    for (let j = 0; j < contenders.length; j += 1) {
      const i = (r + j) % contenders.length;
      const { cpu, wall, losses } = await contenders[i].run(STEPS);
      results[i].cpu.push(STEPS / cpu);
      results[i].wall.push(STEPS / wall);
      results[i].last = losses;
    }
  }
} finally {
  for (const c of contenders) c.stop();
}
const load1 = os.loadavg();

console.log(
  `lab peers: d ${CONFIG.dModel}, ${CONFIG.nLayers} layers, ${CONFIG.nHeads} heads, length ${CONFIG.length}, ` +
    `batch ${CONFIG.batch}, ${CONFIG.scheme} ${CONFIG.ropeConvention}, task ${CONFIG.task}; ${WARMUP} warm-up ` +
    `steps, then ${ROUNDS} interleaved rounds of ${STEPS} steps each; load average ${load0[0].toFixed(1)} ` +
    `before, ${load1[0].toFixed(1)} after; ${os.cpus().length} CPUs (${os.cpus()[0].model})`,
);
console.log(`  ${contenders[TFJS].agreement}`);
let trains = true;
const rate = results.map((r) => median(r.cpu));
for (const [i, c] of contenders.entries()) {
  const r = results[i];
  const end = mean(r.last);
  const ok = end < 0.9 * r.first;
  trains &&= ok;
  console.log(
    `  ${c.name.padEnd(16)} ${rate[i].toFixed(2).padStart(6)} steps/s CPU (${(1e3 / rate[i]).toFixed(1)} ms/step; ` +
      `rounds ${Math.min(...r.cpu).toFixed(2)} to ${Math.max(...r.cpu).toFixed(2)}), ` +
      `${median(r.wall).toFixed(2)} steps/s wall; loss ${r.first.toFixed(3)} -> ${end.toFixed(3)} ` +
      `${ok ? 'trains' : 'DOES NOT TRAIN'} | ${c.note}`,
  );
}
// Ratios of the CPU-time medians, with the spread of the same ratio taken round by round (paired turns). The
// PyTorch target is against PyTorch on OpenBLAS; the reference BLAS (all python3-torch brings) is shown beside.
const ratio = (a, b) => rate[a] / rate[b];
const paired = (a, b) => results[a].cpu.map((x, r) => x / results[b].cpu[r]);
const spread = (xs) => `rounds ${Math.min(...xs).toFixed(2)} to ${Math.max(...xs).toFixed(2)}`;
const checks = [
  ['engine WASM / TF.js wasm', ENGINE, TFJS, (x) => x >= TARGETS.tfjs, `at least ${TARGETS.tfjs}x`],
  ['engine WASM / PyTorch OpenBLAS', ENGINE, TORCH, (x) => x >= TARGETS.torch, `at least ${TARGETS.torch}x`],
  ['native / engine WASM', NATIVE, ENGINE, (x) => x <= TARGETS.native, `at most ${TARGETS.native}x`],
  ['engine WASM / PyTorch ref BLAS', ENGINE, TORCH_REF, null, ''],
];
for (const [what, a, b, meets, target] of checks) {
  const verdict = meets ? `; target ${target}: ${meets(ratio(a, b)) ? 'met' : 'MISSED'}` : ' (no target)';
  console.log(`  ${what.padEnd(31)} ${ratio(a, b).toFixed(2)}x (${spread(paired(a, b))})${verdict}`);
}
if (!trains) {
  console.error("lab peers: a contender did not train (its last round's loss is not below 0.9x its first)");
  process.exit(1);
}
