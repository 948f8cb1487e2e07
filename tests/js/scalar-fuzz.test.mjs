// The scalar modules (no WebAssembly SIMD: what Safari before 16.4 runs) get the SIMD modules' hostile-argument
// fuzz: every export and Lab, errors by the contract, no memory held after a second pass of the same calls,
// known values exact afterwards; the same seeded calls on both builds give bitwise the same results and the same
// errors; and out of memory is an Error in the scalar lab too. (Its own file, so node --test runs it in a process
// of its own: the allocator's test fills a module's 2 GiB.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createEngine, createLab, createModels, pe } from './engine.mjs';
import { createFuzzer, fuzzSurface, runFuzz } from './fuzz.mjs';
import { LARGEST, fillUntilRefused } from './lab-memory.mjs';

const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const scalarBytes = (name) => readFileSync(path.resolve(dir, `${name}.scalar.wasm`));
const scalar = await createEngine({ wasmBinary: scalarBytes('pe-engine') });
const scalarLab = await createLab({ wasmBinary: scalarBytes('pe-lab') });
const scalarModels = await createModels({ wasmBinary: scalarBytes('pe-models') });
const { functions: scalarFunctions, parameters } = fuzzSurface(scalar, scalarModels);

const usage = () => [scalar.memoryUsage(), scalarLab.memoryUsage(), scalarModels.memoryUsage()];
const known = (engine) => ({
  table: engine.sinusoidalTable(16, 32),
  ranges: engine.dimensionRanges(64, 512),
  pooled: engine.attendSentence('the dog chased the cat', 'rope', 64, 3).pooled,
  rounded: engine.roundToFormat([1.1, 2.2, 65504], 'float16'),
});

/** Where two call results differ, bit for bit (typed arrays by their bytes, NaN payloads and -0 included), or ''. */
function difference(a, b, where = 'result') {
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.constructor !== b.constructor)
      return `${where}: ${a?.constructor?.name} against ${b?.constructor?.name}`;
    const [x, y] = [a, b].map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength));
    return x.equals(y) ? '' : `${where}: the bytes differ (${a.length} items)`;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    if (keys.join() !== Object.keys(b).join()) return `${where}: keys ${keys} against ${Object.keys(b)}`;
    for (const key of keys) {
      const found = difference(a[key], b[key], `${where}.${key}`);
      if (found) return found;
    }
    return '';
  }
  return Object.is(a, b) ? '' : `${where}: ${String(a)} against ${String(b)}`;
}

test('a seeded fuzz of the scalar modules: 2 x 12,000 calls, errors by the contract, no growth', () => {
  const reference = known(scalar);
  const calls = 12000;
  const seed = 20261206;
  const first = runFuzz(scalarFunctions, scalarLab, parameters, { calls, seed });
  assert.deepEqual(first.problems, []);
  const before = usage();
  const second = runFuzz(scalarFunctions, scalarLab, parameters, { calls, seed });
  assert.deepEqual(usage(), before, 'memory held after the same calls again');
  assert.deepEqual(second.problems, []);
  assert.equal(second.threw, first.threw);
  assert.ok(first.threw > calls / 2 && first.threw < calls, `${first.threw} of ${calls} calls threw`);
  assert.deepEqual(known(scalar), reference);
  assert.equal(difference(known(scalar), known(pe)), '');
});

test('the same 12,000 fuzzed calls on both builds: bitwise the same results, the same errors', async () => {
  const seed = 7;
  // Fresh instances of both builds, so that both heaps have the same history (memoryUsage is a call too).
  const simd = createFuzzer(
    fuzzSurface(await createEngine(), await createModels()).functions,
    await createLab(),
    parameters,
    seed,
  );
  const plain = createFuzzer(
    fuzzSurface(
      await createEngine({ wasmBinary: scalarBytes('pe-engine') }),
      await createModels({ wasmBinary: scalarBytes('pe-models') }),
    ).functions,
    await createLab({ wasmBinary: scalarBytes('pe-lab') }),
    parameters,
    seed,
  );
  let valid = 0;
  try {
    for (let i = 0; i < 12000; i += 1) {
      const [a, b] = [simd.next(), plain.next()];
      assert.equal(b.name, a.name, `call ${i}`);
      assert.equal(b.threw, a.threw, `call ${i} (${a.name}): threw ${a.threw} against ${b.threw}`);
      if (a.threw) {
        assert.equal(b.error?.message, a.error?.message, `call ${i} (${a.name})`);
        continue;
      }
      valid += 1;
      assert.equal(difference(b.value, a.value), '', `call ${i} (${a.name})`);
    }
  } finally {
    simd.dispose();
    plain.dispose();
  }
  assert.ok(valid > 1000, `${valid} calls returned a value`);
});

test('out of memory in the scalar lab is an Error naming new Lab, and the module goes on', () => {
  const { labs, refused, Lab } = fillUntilRefused(scalarLab);
  assert.ok(labs.length >= 4, `only ${labs.length} large Labs fit`);
  assert.match(
    refused?.message ?? '',
    /^new Lab: this model needs about [\d,]+ MiB of the engine's memory, which has no room left for it/,
  );
  labs.pop().delete();
  const again = new Lab(LARGEST);
  const small = new Lab({ task: 'previous', scheme: 'rope' });
  assert.equal(small.train(2).loss.length, 2);
  for (const lab of [...labs, again, small]) lab.delete();
});
