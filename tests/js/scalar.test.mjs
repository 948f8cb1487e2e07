// The scalar modules (pe-engine.scalar.wasm, pe-lab.scalar.wasm, pe-models.scalar.wasm: no WebAssembly SIMD, for the browsers that
// have none) compute bit for bit what the SIMD modules compute, with the same glue: the sinusoidal table,
// RoPE, ALiBi, a model's RoPE spectrum, the similarity matrix and a lab run's losses and state.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createEngine, createLab, createModels, labModule, models, pe } from './engine.mjs';

const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const scalarBytes = (name) => readFileSync(path.resolve(dir, `${name}.scalar.wasm`));
const scalarEngine = await createEngine({ wasmBinary: scalarBytes('pe-engine') });
const scalarLab = await createLab({ wasmBinary: scalarBytes('pe-lab') });
const scalarModels = await createModels({ wasmBinary: scalarBytes('pe-models') });

/** The bytes of a typed array, to compare bit for bit (NaN payloads and signed zeros included). */
const bytesOf = (array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);

test('the scalar module is not the SIMD module', () => {
  assert.notDeepEqual(scalarBytes('pe-engine'), readFileSync(path.resolve(dir, 'pe-engine.wasm')));
  assert.throws(() => new WebAssembly.Module(Uint8Array.from([0, 97, 115, 109, 1, 0, 0, 0, 9])));
});

test('the scalar engine computes the SIMD engine\u2019s tables bit for bit', () => {
  for (const [positions, dModel] of [
    [16, 8],
    [100, 64],
    [1024, 512],
  ]) {
    for (const layout of ['interleaved', 'split']) {
      assert.deepEqual(
        bytesOf(scalarEngine.sinusoidalTable(positions, dModel, 10000, layout)),
        bytesOf(pe.sinusoidalTable(positions, dModel, 10000, layout)),
        `sinusoidal ${positions}x${dModel} ${layout}`,
      );
    }
    const x = new Float32Array(positions * dModel).map((_, i) => (((i * 7919) % 2001) - 1000) / 512);
    for (const convention of ['interleaved', 'half']) {
      assert.deepEqual(
        bytesOf(scalarEngine.ropeRotate(x, positions, dModel, 3, 10000, convention, 1)),
        bytesOf(pe.ropeRotate(x, positions, dModel, 3, 10000, convention, 1)),
        `rope ${positions}x${dModel} ${convention}`,
      );
    }
    assert.deepEqual(
      bytesOf(scalarEngine.dotByOffset(5, positions - 6, dModel, 10000)),
      bytesOf(pe.dotByOffset(5, positions - 6, dModel, 10000)),
    );
  }
  for (const heads of [1, 3, 8, 12]) {
    assert.deepEqual(bytesOf(scalarEngine.alibiSlopes(heads)), bytesOf(pe.alibiSlopes(heads)));
  }
  for (const scaling of [
    {
      ropeType: 'llama3',
      factor: 8,
      lowFreqFactor: 1,
      highFreqFactor: 4,
      originalMaxPositionEmbeddings: 8192,
    },
    { ropeType: 'yarn', factor: 40, originalMaxPositionEmbeddings: 4096, mscale: 1, mscaleAllDim: 0.5 },
    { ropeType: 'dynamic', factor: 4 },
  ]) {
    const [simd, scalar] = [models, scalarModels].map((module) =>
      module.ropeSpectrum(128, 500000, 131072, scaling, { seqLen: 200000 }),
    );
    for (const key of ['scaledInvFreq', 'turns']) {
      assert.deepEqual(bytesOf(scalar[key]), bytesOf(simd[key]), `ropeSpectrum ${scaling.ropeType} ${key}`);
    }
    assert.equal(scalar.attentionFactor, simd.attentionFactor);
  }
});

test('the scalar lab trains the SIMD lab\u2019s run bit for bit', () => {
  for (const scheme of ['sinusoidal', 'rope', 'alibi']) {
    const config = { scheme, dModel: 32, nHeads: 4, nLayers: 2, length: 8, batch: 8, steps: 50, warmup: 10 };
    const [a, b] = [new labModule.Lab(config), new scalarLab.Lab(config)];
    try {
      const [ra, rb] = [a.train(50), b.train(50)];
      assert.deepEqual(bytesOf(rb.loss), bytesOf(ra.loss), `${scheme}: loss`);
      assert.deepEqual(bytesOf(rb.accuracy), bytesOf(ra.accuracy), `${scheme}: accuracy`);
    } finally {
      a.delete();
      b.delete();
    }
  }
});
