// npm run bench (and by hand): a long seeded fuzz of the WASM engine's whole surface, the same fuzzer as
// tests/js/fuzz.test.mjs. Every error must follow the contract (an Error whose message starts with the
// function's name and names a parameter); known values must be exact afterwards; a second pass of the same
// calls must hold no more memory than the first left.
//   node scripts/fuzz-engine.mjs [--calls 200000] [--seed 1]
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { fuzzSurface, runFuzz } from '../tests/js/fuzz.mjs';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '200000' }, seed: { type: 'string', default: '1' } },
});
const calls = Number(values.calls);
const seed = Number(values.seed);
const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const load = async (name) => (await import(pathToFileURL(path.resolve(dir, `${name}.js`)).href)).default();
const pe = await load('pe-engine');
const labModule = await load('pe-lab');
const models = await load('pe-models');
const { functions, parameters } = fuzzSurface(pe, models);

const known = () => ({
  table: pe.sinusoidalTable(16, 32),
  ranges: pe.dimensionRanges(64, 512),
  pooled: pe.attendSentence('the dog chased the cat', 'rope', 64, 3).pooled,
  rounded: pe.roundToFormat([1.1, 2.2, 65504], 'float16'),
  spectrum: models.ropeSpectrum(128, 500000, 131072, {
    ropeType: 'llama3',
    factor: 8,
    lowFreqFactor: 1,
    highFreqFactor: 4,
    originalMaxPositionEmbeddings: 8192,
  }).scaledInvFreq,
});
const reference = known();
const usage = () => {
  const all = [pe, labModule, models].map((module) => module.memoryUsage());
  return {
    heapBytes: all.reduce((sum, u) => sum + u.heapBytes, 0),
    allocatedBytes: all.reduce((sum, u) => sum + u.allocatedBytes, 0),
  };
};
const start = usage();
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);

const warm = performance.now();
const first = runFuzz(functions, labModule, parameters, { calls: Math.min(calls, 20000), seed });
const afterWarm = usage();
const t0 = performance.now();
const run = runFuzz(functions, labModule, parameters, { calls, seed });
const seconds = (performance.now() - t0) / 1000;
const end = usage();
const problems = [...first.problems, ...run.problems];
const exact = isDeepStrictEqual(known(), reference);

console.log(
  `fuzz-engine: ${calls} calls (seed ${seed}) in ${seconds.toFixed(1)} s (${Math.round(calls / seconds)} calls/s), ` +
    `${run.threw} threw; slowest ${run.slowest.ms.toFixed(0)} ms (${run.slowest.name}); ` +
    `${((t0 - warm) / 1000).toFixed(1)} s warm-up of ${first.calls} calls`,
);
console.log(
  `fuzz-engine: heaps (engine and lab) ${mib(start.heapBytes)} MiB at start, ${mib(afterWarm.heapBytes)} MiB after warm-up, ` +
    `${mib(end.heapBytes)} MiB after; allocated ${start.allocatedBytes} -> ${afterWarm.allocatedBytes} -> ` +
    `${end.allocatedBytes} bytes; known values ${exact ? 'exact' : 'CHANGED'}; ${problems.length} contract problems`,
);
for (const problem of problems) console.log(`  ${problem}`);
const grew = end.allocatedBytes !== afterWarm.allocatedBytes;
if (problems.length > 0 || !exact || grew) process.exit(1);
