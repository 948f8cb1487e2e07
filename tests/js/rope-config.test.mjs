// ropeSpectrum against Hugging Face's RoPE parameter functions: every rope_type, at published configs and at
// other parameters, compared with tests/reference/hf_rope_utils.py (the plain-Python port of transformers'
// modeling_rope_utils.py) run under /usr/bin/python3; then bad arguments.
//
// Tolerance: a relative 1e-12 on every inverse frequency and attention factor. Both sides compute in double
// precision from the same formulas; they differ only in the order of operations (base^(-x) against
// 1 / base^x, theta / factor against 1 / (factor base^x)), a few units in the last place (2.2e-16 each). The
// worst seen is printed as a diagnostic (4.8e-16 when written), so 1e-12 leaves a margin of 2,000 while a slip
// (a ramp end off by one pair, float32 anywhere, a band boundary on the wrong side) shows at 1e-7 or more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { models, assertEngineError, assertBadCallsLeaveNoTrace, assertRelativelyClose } from './engine.mjs';
import { CASES, hfCase, phi3, ramp } from './rope-cases.mjs';

const PYTHON = '/usr/bin/python3';
const RELATIVE = 1e-12;

// Hugging Face's inverse frequencies and attention factor for each case, from the Python port.
function reference(cases) {
  const run = spawnSync(PYTHON, ['tests/reference/hf_rope_utils.py'], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

test("ropeSpectrum matches Hugging Face's functions for every rope_type, to a relative 1e-12", (t) => {
  assert.ok(existsSync(PYTHON), `${PYTHON} is missing`);
  const names = Object.keys(CASES);
  // Each case, then the same head unscaled: Hugging Face's default frequencies, which invFreq must be.
  const unscaled = (args) => [...args.slice(0, 3), null, args[4]];
  const hf = reference([
    ...names.map((n) => hfCase(CASES[n])),
    ...names.map((n) => hfCase(unscaled(CASES[n]))),
  ]);
  let worst = 0;
  names.forEach((name, c) => {
    const [scaled, plain] = [hf[c], hf[names.length + c]];
    const r = models.ropeSpectrum(...CASES[name]);
    assert.equal(r.rotaryDim, scaled.dim, `${name}: rotary dimension`);
    for (const [actual, expected, what] of [
      [r.scaledInvFreq, scaled.inv_freq, 'scaledInvFreq'],
      [r.invFreq, plain.inv_freq, 'invFreq'],
      [r.attentionFactor, scaled.attention_factor, 'attentionFactor'],
    ]) {
      worst = Math.max(worst, assertRelativelyClose(actual, expected, RELATIVE, `${name}: ${what}`));
    }
  });
  const types = new Set(hf.slice(0, names.length).map((h) => h.rope_type));
  assert.deepEqual([...types].sort(), ['default', 'dynamic', 'linear', 'llama3', 'longrope', 'yarn']);
  t.diagnostic(`${names.length} configurations; worst relative difference ${worst.toExponential(2)}`);
});

test('ropeSpectrum derives wavelengths, factors and turns from the frequencies', () => {
  const r = models.ropeSpectrum(...CASES['llama3, Llama 3.1 (8, 1, 4, 8192)']);
  for (const key of ['invFreq', 'scaledInvFreq', 'pairFactor', 'wavelength', 'scaledWavelength', 'turns']) {
    assert.ok(r[key] instanceof Float64Array, key);
    assert.equal(r[key].length, 64, key);
  }
  const twoPi = 2 * Math.PI;
  assertRelativelyClose(
    r.wavelength,
    r.invFreq.map((f) => twoPi / f),
    1e-15,
    'wavelength',
  );
  assertRelativelyClose(
    r.scaledWavelength,
    r.scaledInvFreq.map((f) => twoPi / f),
    1e-15,
    'scaledWavelength',
  );
  assertRelativelyClose(
    r.pairFactor,
    r.invFreq.map((f, i) => f / r.scaledInvFreq[i]),
    1e-15,
    'pairFactor',
  );
  assertRelativelyClose(
    r.turns,
    r.scaledWavelength.map((w) => 131072 / w),
    1e-15,
    'turns',
  );
  // Pairs 0-28 kept, 35-63 interpolated 8 times; within 131072 tokens the slowest pairs never turn once.
  assert.equal(r.pairFactor[28], 1);
  assert.ok(Math.abs(r.pairFactor[35] - 8) < 1e-14);
  assert.ok(r.turns[63] < 1);
  assert.equal(r.longFactor, false);
  assert.equal(models.ropeSpectrum(...CASES['longrope, Phi-3, past it (long)']).longFactor, true);
  assert.notEqual(
    r.invFreq,
    models.ropeSpectrum(...CASES['llama3, Llama 3.1 (8, 1, 4, 8192)']).invFreq,
    'fresh arrays',
  );
});

const llama3 = {
  ropeType: 'llama3',
  factor: 8,
  lowFreqFactor: 1,
  highFreqFactor: 4,
  originalMaxPositionEmbeddings: 8192,
};

// Each bad call, and what its message must say: the parameter, the value received and what is allowed.
const BAD = [
  [() => models.ropeSpectrum(NaN, 10000, 4096), /headDim must be an integer from 2 to 4096; received NaN/],
  [() => models.ropeSpectrum(-128, 10000, 4096), /headDim .* received -128/],
  [() => models.ropeSpectrum('128', 10000, 4096), /headDim .* received "128"/],
  [() => models.ropeSpectrum(128, 1, 4096), /base must be a finite number greater than 1/],
  [
    () => models.ropeSpectrum(128, 10000, 1e10),
    /contextLength must be an integer from 1 to 1000000000; received 1e\+10/,
  ],
  [() => models.ropeSpectrum(128, 10000, 4096, 'llama3'), /scaling must be an object such as/],
  [() => models.ropeSpectrum(128, 10000, 4096, [1]), /scaling must be an object/],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ropeType: 'su' }),
    /scaling\.ropeType must be one of "default", .*"llama3"; received "su"/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { type: 'linear', factor: 2 }),
    /scaling must be an object with no keys but ropeType, .*received an object with the key "type"/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ropeType: 'linear' }),
    /scaling\.factor must be given for ropeType "linear"; received undefined/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ropeType: 'linear', factor: 0.5 }),
    /scaling\.factor must be a finite number from 1 to 1e\+06; received 0\.5/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ropeType: 'yarn', factor: Infinity }),
    /scaling\.factor .* received Infinity/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ropeType: 'yarn', factor: 4, betaFast: -1 }),
    /scaling\.betaFast must be a finite number greater than 0/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ropeType: 'yarn', factor: 4, truncate: 'no' }),
    /scaling\.truncate must be true or false; received "no"/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ropeType: 'yarn', factor: 4, mscale: 10n }),
    /scaling\.mscale .* received a BigInt/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ...llama3, originalMaxPositionEmbeddings: undefined }),
    /scaling\.originalMaxPositionEmbeddings must be given for ropeType "llama3"/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ...llama3, highFreqFactor: 0.5 }),
    /scaling\.highFreqFactor must be at least scaling\.lowFreqFactor \(1\); received 0\.5/,
  ],
  [
    () => models.ropeSpectrum(128, 10000, 4096, { ...llama3, originalMaxPositionEmbeddings: 8192.5 }),
    /originalMaxPositionEmbeddings must be an integer/,
  ],
  [
    () => models.ropeSpectrum(96, 10000, 4096, { ...phi3, shortFactor: ramp(47, 1, 2) }),
    /scaling\.shortFactor must be an array or typed array of exactly 48 finite numbers; received an array of length 47/,
  ],
  [
    () => models.ropeSpectrum(96, 10000, 4096, { ...phi3, longFactor: undefined }),
    /scaling\.longFactor must be an array/,
  ],
  [
    () => models.ropeSpectrum(96, 10000, 4096, { ...phi3, longFactor: ramp(48, 0, 2) }),
    /scaling\.longFactor must be numbers greater than 0 .* received item 0 = 0/,
  ],
  [
    () => models.ropeSpectrum(96, 10000, 4096, { ...phi3, shortFactor: [...ramp(47, 1, 2), NaN] }),
    /scaling\.shortFactor must hold finite numbers only; item 47 is NaN/,
  ],
  [
    () => models.ropeSpectrum(64, 10000, 4096, undefined, { partialRotaryFactor: 0.4 }),
    /headDim \* options\.partialRotaryFactor must be an even rotary dimension of at least 2; received 64 \* 0\.4, a rotary dimension of 25/,
  ],
  [
    () => models.ropeSpectrum(64, 10000, 4096, undefined, { partialRotaryFactor: 1.5 }),
    /options\.partialRotaryFactor must be a finite number greater than 0 and at most 1; received 1\.5/,
  ],
  [
    () =>
      models.ropeSpectrum(8, 10000, 4096, { ropeType: 'dynamic', factor: 2 }, { partialRotaryFactor: 0.25 }),
    /at least 4 for ropeType "dynamic"/,
  ],
  [
    () => models.ropeSpectrum(64, 10000, 4096, undefined, { seqLen: 0 }),
    /options\.seqLen must be an integer from 1 to 1000000000; received 0/,
  ],
  [
    () => models.ropeSpectrum(64, 10000, 4096, undefined, { seq_len: 10 }),
    /options must be an object with no keys but partialRotaryFactor, seqLen/,
  ],
];

test('ropeSpectrum rejects bad arguments with messages that name them, and keeps working', () => {
  for (const [call, pattern] of BAD) assertEngineError(call, /^ropeSpectrum: /, pattern);
  assertBadCallsLeaveNoTrace(
    BAD.map(([call]) => call),
    2000,
    () => models.ropeSpectrum(...CASES['llama3, Llama 3.1 (8, 1, 4, 8192)']).scaledInvFreq,
  );
});
