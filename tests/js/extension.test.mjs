import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError } from './engine.mjs';

const sum = (flags) => flags.reduce((a, b) => a + b, 0);

test('contextExtension: 2048 -> 8192 leaves slow pairs out of range until interpolation or NTK scaling', () => {
  const [headDim, base, trained, target] = [128, 10000, 2048, 8192];
  const none = pe.contextExtension(headDim, base, trained, target, 'none');
  assert.equal(none.scale, 1);
  assert.equal(none.effectiveBase, base);
  assert.ok(none.wavelength instanceof Float64Array);
  assert.ok(none.fullTurn instanceof Uint8Array);
  assert.equal(none.wavelength.length, headDim / 2);
  for (let i = 0; i < headDim / 2; i += 1) {
    const theta = base ** ((-2 * i) / headDim);
    assertClose(none.wavelength[i], (2 * Math.PI) / theta, 1e-9 * none.wavelength[i]);
    assertClose(none.trainedAngle[i], trained * theta, 1e-9);
    assertClose(none.targetAngle[i], target * theta, 1e-9);
    assert.equal(none.fullTurn[i], trained * theta >= 2 * Math.PI ? 1 : 0);
    assert.equal(none.outOfRange[i], 1 - none.fullTurn[i]);
  }
  assert.ok(sum(none.outOfRange) > 0);

  const interpolated = pe.contextExtension(headDim, base, trained, target, 'interpolation');
  assert.equal(interpolated.scale, 4);
  assert.equal(sum(interpolated.outOfRange), 0);
  assertClose(interpolated.targetAngle, interpolated.trainedAngle, 1e-9);

  const ntk = pe.contextExtension(headDim, base, trained, target, 'ntk');
  assertClose(ntk.effectiveBase, pe.ntkScaledBase(base, headDim, 4), 1e-9);
  assertClose(ntk.targetAngle[headDim / 2 - 1], ntk.trainedAngle[headDim / 2 - 1], 1e-12);
  assert.ok(sum(ntk.outOfRange) < sum(none.outOfRange));
  assert.deepEqual(pe.contextExtension(headDim, undefined, trained, target), none);
});

test('roundToFormat gives the known float16, bfloat16 and float32 values bit for bit', () => {
  assert.deepEqual(
    Array.from(pe.roundToFormat([1 / 3, 65519, 65520, -65520, 65504, 2049, 2 ** -25, 1e-7], 'float16')),
    [0.333251953125, 65504, Infinity, -Infinity, 65504, 2048, 0, 2 * 2 ** -24],
  );
  assert.deepEqual(
    Array.from(pe.roundToFormat([1.00390625, Math.PI, 257, 1.01171875], 'bfloat16')),
    [1, 3.140625, 256, 1.015625],
  );
  assert.deepEqual(Array.from(pe.roundToFormat([0.1, 16777217, 1e39], 'float32')), [
    Math.fround(0.1),
    16777216,
    Infinity,
  ]);
  assert.deepEqual(Array.from(pe.roundToFormat(new Float64Array([0.1]), 'float64')), [0.1]);
});

test('phaseError in float32 exceeds a milliradian at position 1e6 and stays below 1e-5 at 100', () => {
  const [headDim, base] = [128, 10000];
  const positions = [100, 1e6];
  const { angleError, sinError } = pe.phaseError(positions, headDim, base, 'float32');
  assert.ok(angleError instanceof Float64Array);
  positions.forEach((pos, p) => {
    let worst = 0;
    let worstSin = 0;
    for (let i = 0; i < headDim / 2; i += 1) {
      const theta = base ** ((-2 * i) / headDim);
      const exact = pos * theta;
      const rounded = Math.fround(Math.fround(pos) * Math.fround(theta));
      const d = Math.abs(rounded - exact) % (2 * Math.PI);
      worst = Math.max(worst, Math.min(d, 2 * Math.PI - d));
      worstSin = Math.max(worstSin, Math.abs(Math.fround(Math.sin(rounded)) - Math.sin(exact)));
    }
    assertClose(angleError[p], worst, 1e-12, `position ${pos}`);
    assertClose(sinError[p], worstSin, 1e-12, `sin at position ${pos}`);
  });
  assert.ok(angleError[0] < 1e-5);
  assert.ok(angleError[1] > 1e-3);
});

test('phaseError: float64 is exact, bfloat16 drifts early and float16 overflows past 65504', () => {
  const positions = [0, 257, 70000];
  const f64 = pe.phaseError(positions, 64, 10000, 'float64');
  assert.deepEqual(Array.from(f64.angleError), [0, 0, 0]);
  const bf16 = pe.phaseError(positions, 64, undefined, 'bfloat16');
  assert.ok(bf16.angleError[1] >= 1 - 1e-12);
  const f16 = pe.phaseError(positions, 64, 10000, 'float16');
  assert.equal(f16.angleError[2], Infinity);
  assert.ok(Number.isNaN(f16.sinError[2]));
});

test('bad extension and precision arguments throw an Error naming the parameter', () => {
  assertEngineError(() => pe.contextExtension(127, 10000, 2048, 8192), /contextExtension/, /headDim/, /127/);
  assertEngineError(() => pe.contextExtension(2, 10000, 2048, 8192), /headDim/, /from 4/);
  assertEngineError(() => pe.contextExtension(128, 10000, 2048, 1024), /targetLength/, /from 2048/, /1024/);
  assertEngineError(() => pe.contextExtension(128, 10000, 0, 1024), /trainedLength/, /received 0/);
  assertEngineError(() => pe.contextExtension(128, 10000, NaN, 1024), /trainedLength/, /NaN/);
  assertEngineError(() => pe.contextExtension(128, 10000, 2048, 2e9), /targetLength/, /2e\+09/);
  assertEngineError(
    () => pe.contextExtension(128, 10000, 2048, 8192, 'rerope'),
    /method/,
    /"rerope"/,
    /"yarn"/,
  );
  assertEngineError(() => pe.phaseError([1, -2], 64, 10000, 'float32'), /phaseError/, /positions/, /-2/);
  assertEngineError(() => pe.phaseError([1, 2e9], 64, 10000, 'float32'), /positions/, /2e\+09/);
  assertEngineError(() => pe.phaseError(5, 64, 10000, 'float32'), /positions/, /received 5/);
  assertEngineError(() => pe.phaseError([1], 63, 10000, 'float32'), /headDim/, /63/);
  assertEngineError(() => pe.phaseError([1], 64, 10000, 'half'), /format/, /"half"/, /"bfloat16"/);
  assertEngineError(() => pe.phaseError(new Float64Array(65537), 64, 10000, 'float32'), /positions/, /65536/);
  assertEngineError(() => pe.phaseError(new Float64Array(65536), 4096, 10000, 'float32'), /cap/);
  assertEngineError(() => pe.roundToFormat([1, Infinity], 'float16'), /values/, /Infinity/);
  assertEngineError(() => pe.roundToFormat([1], undefined), /format/, /undefined/);
});

// The published formulas, written out independently in JavaScript (YaRN: Peng et al. 2023 and the reference
// code's find_correction_dim / linear ramp / mscale; Hugging Face's dynamic NTK and Llama 3.1 rules).
const frequencies = (r) => Array.from(r.targetWavelength, (w) => (2 * Math.PI) / w);

test('contextExtension: overshoot factors are target angle over trained angle', () => {
  const [headDim, base, trained, target] = [128, 10000, 2048, 8192];
  const none = pe.contextExtension(headDim, base, trained, target, 'none');
  const ntk = pe.contextExtension(headDim, base, trained, target, 'ntk');
  for (let i = 0; i < headDim / 2; i += 1) {
    assertClose(none.overshoot[i], 4, 1e-12);
    assertClose(ntk.overshoot[i], 4 ** (1 - (2 * i) / (headDim - 2)), 1e-9);
  }
});

test("contextExtension: YaRN's frequencies and temperature match the formula", () => {
  const [headDim, base, trained, target] = [128, 10000, 2048, 8192];
  const s = target / trained;
  const yarn = pe.contextExtension(headDim, base, trained, target, 'yarn');
  const pairFor = (r) => (headDim * Math.log(trained / (r * 2 * Math.PI))) / (2 * Math.log(base));
  const low = Math.max(0, Math.floor(pairFor(32)));
  const high = Math.min(headDim - 1, Math.ceil(pairFor(1)));
  assert.deepEqual([low, high], [16, 41]);
  frequencies(yarn).forEach((f, i) => {
    const theta = base ** ((-2 * i) / headDim);
    const ramp = Math.min(1, Math.max(0, (i - low) / (high - low)));
    assertClose(f, theta * (1 - ramp) + (theta / s) * ramp, 1e-15);
  });
  assertClose(yarn.attentionScale, (0.1 * Math.log(s) + 1) ** 2, 1e-15);
  assert.equal(sum(yarn.outOfRange), 0);
});

test('contextExtension: dynamic NTK, Llama 3.1 and a raised base', () => {
  const [headDim, base, trained, target] = [128, 10000, 2048, 8192];
  const s = target / trained;
  const dynamic = pe.contextExtension(headDim, base, trained, target, 'dynamic');
  assertClose(
    dynamic.effectiveBase,
    base * ((s * target) / trained - (s - 1)) ** (headDim / (headDim - 2)),
    1e-6,
  );
  const llama = pe.contextExtension(headDim, base, trained, target, 'llama3');
  frequencies(llama).forEach((f, i) => {
    const theta = base ** ((-2 * i) / headDim);
    const period = (2 * Math.PI) / theta;
    const smooth = (trained / period - 1) / 3;
    const expected =
      period < trained / 4
        ? theta
        : period > trained
          ? theta / s
          : (1 - smooth) * (theta / s) + smooth * theta;
    assertClose(f, expected, 1e-15);
  });
  const raised = pe.contextExtension(headDim, base, trained, target, 'raisedBase');
  assert.equal(raised.effectiveBase, 500000);
  assert.equal(
    pe.contextExtension(headDim, base, trained, target, 'raisedBase', { raisedBase: 1e6 }).effectiveBase,
    1e6,
  );
  assertEngineError(
    () => pe.contextExtension(headDim, base, trained, target, 'raisedBase', { raisedBase: 1 }),
    /raisedBase/,
  );
});

test('positionRounding: positions collide in bfloat16 at 257 and in float16 at 2049', () => {
  const bf = pe.positionRounding(8192, 'bfloat16');
  assert.deepEqual([bf.firstCollision, bf.collidesWith], [257, 256]);
  const half = pe.positionRounding(8192, 'float16');
  assert.deepEqual([half.firstCollision, half.collidesWith], [2049, 2048]);
  // Counted here from roundToFormat: the distinct rounded positions.
  const positions = Array.from({ length: 8192 }, (_, i) => i);
  assert.equal(bf.distinct, new Set(pe.roundToFormat(positions, 'bfloat16')).size);
  assert.equal(half.distinct, new Set(pe.roundToFormat(positions, 'float16')).size);
  assert.equal(pe.positionRounding(8192, 'float32').distinct, 8192);
  assert.equal(pe.positionRounding(16, 'float64').firstCollision, -1);
});
