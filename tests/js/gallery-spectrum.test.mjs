// Every RoPE entry of the gallery through the real engine: positionSetting reads its config, spectrumArgs turns
// each RopeSetting (one per layer type for Gemma 3) into ropeSpectrum's arguments, and pe-models computes the
// spectrum without an error. Then values with a closed form, derived here from the entry's own fields: the
// llama3 bands (Llama 3.1, 3.2, 4 Scout), YaRN's ends and DeepSeek's mscale attention factor, Phi-3.5's short
// factors and longrope attention factor, GPT-J and GPT-NeoX's rotating dimensions, Gemma 3's two bases.
// tests/unit/gallery-settings.test.mjs checks the settings and argument lists without the engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { positionSetting } from '../../web/src/models/config.js';
import { gallery } from '../../web/src/models/gallery.js';
import { spectrumArgs } from '../../web/src/models/spectrum-args.js';
import { assertRelativelyClose, models } from './engine.mjs';

const RELATIVE = 1e-12;
const byId = Object.fromEntries(gallery.map((e) => [e.id, e]));
const setting = (id) => positionSetting(structuredClone(byId[id].config));
/** The spectrum of an entry's main RoPE setting, or of one layer type's. */
const spectrum = (id, layerType = null) => {
  const s = setting(id);
  const rope = layerType ? s.ropeByLayerType?.[layerType] : s.rope;
  return models.ropeSpectrum(...spectrumArgs(rope, s.contextLength));
};

test('every RoPE entry, every layer type: spectrumArgs is accepted by the engine', () => {
  let runs = 0;
  for (const entry of gallery) {
    const s = setting(entry.id);
    if (s.scheme !== 'rope') continue;
    for (const [layerType, rope] of Object.entries(s.ropeByLayerType ?? { all: s.rope })) {
      const where = `${entry.id} (${layerType})`;
      let r;
      assert.doesNotThrow(() => (r = models.ropeSpectrum(...spectrumArgs(rope, s.contextLength))), where);
      assert.equal(r.rotaryDim, rope.rotaryDim, where);
      assert.equal(r.scaledInvFreq.length, rope.rotaryDim / 2, where);
      assert.ok(
        r.scaledInvFreq.every((f) => Number.isFinite(f) && f > 0),
        `${where}: finite frequencies`,
      );
      assert.ok(Number.isFinite(r.attentionFactor) && r.attentionFactor > 0, where);
      runs += 1;
    }
  }
  assert.ok(runs >= 17, `${runs} spectra`);
});

/** llama3's bands: kept below original / high, divided by the factor above original / low, blended between. */
function assertLlama3Bands(id, factor, low, high, original = 8192) {
  const r = spectrum(id);
  const kept = [];
  const divided = [];
  r.wavelength.forEach((wavelength, i) => {
    if (wavelength < original / high) kept.push(i);
    else if (wavelength > original / low) divided.push(i);
    else {
      // original / wavelength runs from high to low across the band: the blend is 1 / ((1 - s) / f + s).
      const smooth = (original / wavelength - low) / (high - low);
      assertRelativelyClose(
        r.pairFactor[i],
        1 / ((1 - smooth) / factor + smooth),
        RELATIVE,
        `${id} pair ${i}`,
      );
    }
  });
  assert.ok(kept.length > 0 && divided.length > 0, `${id}: both bands have pairs`);
  for (const i of kept) assert.equal(r.pairFactor[i], 1, `${id}: pair ${i} kept`);
  for (const i of divided)
    assertRelativelyClose(r.pairFactor[i], factor, RELATIVE, `${id}: pair ${i} divided`);
  return { kept, divided, pairs: r.wavelength.length };
}

test('llama3 bands: Llama 3.1 (8, under 2048 kept, over 8192 divided), Llama 3.2 (32), Scout (16, no blend)', () => {
  assertLlama3Bands('llama-3.1-8b', 8, 1, 4);
  assertLlama3Bands('llama-3.2-1b', 32, 1, 4);
  assertLlama3Bands('llama-3.2-3b', 32, 1, 4);
  // Scout's low and high factors are both 1: every pair is kept or divided by 16, none blended.
  const { kept, divided, pairs } = assertLlama3Bands('llama-4-scout', 16, 1, 1);
  assert.equal(kept.length + divided.length, pairs);
});

test("YaRN: DeepSeek's ends, and its attention factor the ratio of the two mscales", () => {
  const mscaleOf = (scale, m) => (scale <= 1 ? 1 : 0.1 * m * Math.log(scale) + 1);
  for (const id of ['deepseek-v3', 'deepseek-v2-lite']) {
    const s = setting(id);
    const { factor, mscale, mscaleAllDim, betaFast, betaSlow, originalContext } = s.rope.scaling;
    const r = spectrum(id);
    assert.equal(r.rotaryDim, byId[id].config.qk_rope_head_dim, `${id}: the rotary head`);
    assertRelativelyClose(
      r.attentionFactor,
      mscaleOf(factor, mscale) / mscaleOf(factor, mscaleAllDim),
      RELATIVE,
      `${id}: attention factor`,
    );
    // Pairs turning more than beta_fast times in the original length keep their frequency; fewer than
    // beta_slow turns, divided by the factor.
    let fast = 0;
    let slow = 0;
    r.wavelength.forEach((wavelength, i) => {
      const turns = originalContext / wavelength;
      if (turns > betaFast) ((fast += 1), assert.equal(r.pairFactor[i], 1, `${id} pair ${i}`));
      if (turns < betaSlow)
        ((slow += 1), assertRelativelyClose(r.pairFactor[i], factor, RELATIVE, `${id} pair ${i}`));
    });
    assert.ok(fast > 0 && slow > 0, `${id}: ${fast} fast and ${slow} slow pairs`);
  }
  // Without the mscales the factor is YaRN's own 0.1 ln(factor) + 1: they reached the engine.
  const s = setting('deepseek-v3');
  const bare = { ...s.rope, scaling: { ...s.rope.scaling, mscale: null, mscaleAllDim: null } };
  const plain = models.ropeSpectrum(...spectrumArgs(bare, s.contextLength));
  assertRelativelyClose(plain.attentionFactor, 0.1 * Math.log(40) + 1, RELATIVE, 'no mscale');
  assert.notEqual(spectrum('deepseek-v3').attentionFactor, plain.attentionFactor);
});

test("longrope: Phi-3.5's short factors, and sqrt(1 + ln(131072 / 4096) / ln 4096)", () => {
  const r = spectrum('phi-3.5-mini-instruct');
  const { short_factor: short } = byId['phi-3.5-mini-instruct'].config.rope_scaling;
  assert.equal(r.rotaryDim, 96);
  assertRelativelyClose(r.pairFactor, Float64Array.from(short), RELATIVE, 'short factors');
  assertRelativelyClose(
    r.attentionFactor,
    Math.sqrt(1 + Math.log(32) / Math.log(4096)),
    RELATIVE,
    'attention',
  );
});

test('partial rotary: GPT-J turns 64 of 256, GPT-NeoX-20B 24 of 96, each over its own dimensions', () => {
  for (const [id, rotary] of [
    ['gpt-j-6b', 64],
    ['gpt-neox-20b', 24],
  ]) {
    const r = spectrum(id);
    assert.equal(r.rotaryDim, rotary, id);
    const expected = Float64Array.from({ length: rotary / 2 }, (_, i) => 10000 ** ((-2 * i) / rotary));
    assertRelativelyClose(r.invFreq, expected, RELATIVE, id);
  }
  // A share whose product lands a unit short of the rotary part still turns all of it.
  const odd = models.ropeSpectrum(
    ...spectrumArgs({ theta: 1e4, headDim: 44, rotaryDim: 30, scaling: null }, 64),
  );
  assert.equal(odd.rotaryDim, 30);
});

test('Gemma 3 12B: global layers at 1,000,000 stretched 8 times, local layers at 10,000', () => {
  const global = spectrum('gemma-3-12b-it', 'full_attention');
  const local = spectrum('gemma-3-12b-it', 'sliding_attention');
  assert.equal(global.rotaryDim, 256);
  assert.ok(global.pairFactor.every((f) => Math.abs(f - 8) <= 8 * RELATIVE));
  assertRelativelyClose(global.invFreq[1], 1e6 ** (-2 / 256), RELATIVE, 'global base');
  assertRelativelyClose(local.invFreq[1], 1e4 ** (-2 / 256), RELATIVE, 'local base');
  assert.ok(local.pairFactor.every((f) => f === 1));
});
