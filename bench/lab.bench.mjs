// The lab's training speed in WebAssembly under Node: steps per second of the standard configuration (d 64,
// 2 layers, 4 heads, length 32, batch 32) for four schemes, with randomized positions, and of the contract's
// defaults. Medians of several runs after
// a warm-up, in this process's CPU time (process.cpuUsage), which a busy machine inflates less than wall time.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const { default: createLab } = await import(pathToFileURL(path.resolve(dir, 'pe-lab.js')).href);
const { Lab } = await createLab();

const STEPS = Number(process.env.BENCH_STEPS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function bench(name, config) {
  const lab = new Lab(config);
  try {
    lab.train(2);
    const rates = [];
    for (let r = 0; r < RUNS; r += 1) {
      const t0 = cpuSeconds();
      lab.train(STEPS);
      rates.push(STEPS / (cpuSeconds() - t0));
    }
    rates.sort((a, b) => a - b);
    const rate = rates[Math.floor(RUNS / 2)];
    const c = lab.config;
    console.log(
      `${name.padEnd(9)} ${c.scheme.padEnd(8)} d ${c.dModel} L ${c.nLayers} h ${c.nHeads} T ${c.length} ` +
        `B ${c.batch}: ${rate.toFixed(1)} steps/s (${(1000 / rate).toFixed(1)} ms/step)`,
    );
  } finally {
    lab.delete();
  }
}

for (const scheme of ['rope', 'alibi', 'learned', 't5']) bench('standard', { length: 32, scheme });
bench('random', { length: 32, scheme: 'rope', randomizedPositions: 128 });
bench('default', {});
