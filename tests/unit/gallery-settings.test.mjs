// Every gallery entry (web/src/models/gallery.js) read by the normaliser a reader's config.json goes through
// (positionSetting): the scheme its family says, and the numbers the figure shows, each derived here from the
// entry's own fields or from the transformers default that model-defaults.js cites. Then spectrumArgs: the
// exact argument list ropeSpectrum gets, and a clear error for what is missing. The engine half, the same
// arguments run through pe-models, is tests/js/gallery-spectrum.test.mjs (tests/unit stays engine-free).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { positionSetting } from '../../web/src/models/config.js';
import { gallery } from '../../web/src/models/gallery.js';
import { spectrumArgs } from '../../web/src/models/spectrum-args.js';

const byId = Object.fromEntries(gallery.map((e) => [e.id, e]));
/** A copy of a config without one key. */
const without = (config, key) => Object.fromEntries(Object.entries(config).filter(([k]) => k !== key));
const setting = (id) => positionSetting(structuredClone(byId[id].config), `${id}/config.json`);
/** What each family reads as: partial rotary and NoPE-mixed models are RoPE models with more to say. */
const SCHEME = { learned: 'learned', t5: 't5', alibi: 'alibi', rope: 'rope', 'partial-rotary': 'rope' };

test('every gallery entry reads as the scheme its family says', () => {
  assert.ok(gallery.length >= 25, `${gallery.length} entries`);
  for (const entry of gallery) {
    const s = setting(entry.id);
    const expected = SCHEME[entry.family] ?? 'rope';
    assert.equal(s.scheme, expected, `${entry.id} (${entry.family})`);
    // Each entry carries its file's model_type: BLOOM's ALiBi and Gemma 3's defaults follow from it alone.
    assert.equal(typeof entry.config.model_type, 'string', `${entry.id}: no model_type`);
    assert.equal(s.modelType, entry.config.text_config?.model_type ?? entry.config.model_type, entry.id);
    if (expected === 'rope') {
      assert.ok(s.rope && s.rope.headDim > 0 && s.rope.rotaryDim > 0, `${entry.id}: a head and rotary part`);
      assert.ok(s.contextLength > 0, `${entry.id}: a context length`);
    }
    if (entry.family === 'partial-rotary')
      assert.ok(s.rope.rotaryDim < s.rope.headDim, `${entry.id}: ${s.rope.rotaryDim} of ${s.rope.headDim}`);
    else if (expected === 'rope') assert.equal(s.rope.rotaryDim, s.rope.headDim, entry.id);
    if (entry.family === 'nope-mixed') assert.ok(s.noRopeLayers?.length > 0, `${entry.id}: NoPE layers`);
    else assert.equal(s.noRopeLayers, null, entry.id);
  }
});

test('learned, T5 and ALiBi entries: Whisper from max_target_positions, BLOOM by its model type', () => {
  const whisper = setting('whisper-tiny');
  assert.deepEqual(whisper.learned, { positions: 448 });
  assert.deepEqual([whisper.contextLength, whisper.hiddenSize, whisper.heads], [448, 384, 6]);
  const bloom = setting('bloom-560m');
  assert.deepEqual(
    [bloom.scheme, bloom.alibi, bloom.heads, bloom.hiddenSize],
    ['alibi', { biasMax: 8 }, 16, 1024],
  );
  assert.deepEqual(setting('mpt-7b-instruct').alibi, { biasMax: 8 });
  assert.deepEqual(setting('t5-small').t5, { buckets: 32, maxDistance: 128 });
  assert.deepEqual(setting('gpt2').learned, { positions: 1024 });
  assert.deepEqual(setting('roberta-base').learned, { positions: 514 });
  // A file without its model_type says nothing of BLOOM: ALiBi is the model's, not a field's.
  assert.notEqual(positionSetting(without(byId['bloom-560m'].config, 'model_type')).scheme, 'alibi');
});

test('Llama 2 has no rope_theta: RoPE from model_type llama (or its null rope_scaling), base 10,000', () => {
  const llama2 = setting('llama-2-7b');
  assert.deepEqual(llama2.rope, { theta: 10000, headDim: 128, rotaryDim: 128, scaling: null });
  assert.equal(llama2.contextLength, 4096);
  const llama = byId['llama-2-7b'].config;
  assert.equal(positionSetting(without(llama, 'rope_scaling')).scheme, 'rope', 'by model_type alone');
  assert.equal(positionSetting(without(llama, 'model_type')).scheme, 'rope', 'by the rope_scaling key alone');
  // A learned type stays learned, though its name is a prefix of a rotary one (gpt_neo, gpt_neox).
  assert.equal(positionSetting({ model_type: 'gpt_neo', max_position_embeddings: 2048 }).scheme, 'learned');
  assert.equal(positionSetting({ model_type: 'gpt_neox', max_position_embeddings: 2048 }).scheme, 'rope');
});

test("Gemma 3 12B: Gemma3TextConfig's defaults under the fields its file names", () => {
  const gemma = setting('gemma-3-12b-it');
  assert.equal(gemma.contextLength, 131072);
  assert.equal(gemma.slidingWindow, 1024, "the file's own window over the default 4096");
  const full = gemma.ropeByLayerType?.full_attention;
  const local = gemma.ropeByLayerType?.sliding_attention;
  assert.deepEqual([full?.theta, full?.headDim, full?.rotaryDim], [1e6, 256, 256]);
  assert.deepEqual([full?.scaling?.type, full?.scaling?.factor], ['linear', 8]);
  assert.deepEqual(local, { theta: 1e4, headDim: 256, rotaryDim: 256, scaling: null });
  assert.equal(gemma.rope, full);
  assert.notEqual(gemma.rope?.headDim, 3840 / 16, 'not hidden_size / heads');
  const small = setting('gemma-3-1b-it');
  assert.deepEqual(
    Object.values(small.ropeByLayerType ?? {}).map((r) => [r.theta, r.scaling]),
    [
      [1e6, null],
      [1e4, null],
    ],
  );
  assert.deepEqual([small.contextLength, small.slidingWindow], [32768, 512]);
});

test('DeepSeek: the rotary head is qk_rope_head_dim, not hidden_size / heads', () => {
  for (const id of ['deepseek-v2-lite', 'deepseek-v3']) {
    const s = setting(id);
    assert.deepEqual([s.rope?.headDim, s.rope?.rotaryDim], [64, 64], id);
    assert.equal(s.rope?.scaling?.type, 'yarn', `${id}: the old key "type"`);
    assert.equal(s.rope?.scaling?.originalContext, 4096, id);
  }
  assert.notEqual(setting('deepseek-v3').rope?.headDim, 7168 / 128);
});

test('partial rotary, longrope, NoPE layers and a window that is off', () => {
  assert.deepEqual([setting('gpt-j-6b').rope?.headDim, setting('gpt-j-6b').rope?.rotaryDim], [256, 64]);
  assert.deepEqual(
    [setting('gpt-neox-20b').rope?.headDim, setting('gpt-neox-20b').rope?.rotaryDim],
    [96, 24],
  );
  const phi = setting('phi-3.5-mini-instruct');
  assert.equal(phi.rope?.scaling?.type, 'longrope');
  assert.equal(phi.rope?.scaling?.originalContext, 4096, 'the top-level original_max_position_embeddings');
  const scout = setting('llama-4-scout');
  assert.deepEqual(
    scout.noRopeLayers,
    Array.from({ length: 12 }, (_, i) => 4 * i + 3),
  );
  assert.equal(setting('qwen2.5-7b-instruct').slidingWindow, null, 'use_sliding_window false');
  assert.equal(setting('mistral-7b-v0.1').slidingWindow, 4096);
});

test('old rope type names: "su" is longrope anywhere, "yarn" is longrope only for Phi-3', () => {
  const phi = structuredClone(byId['phi-3.5-mini-instruct'].config);
  phi.rope_scaling.type = 'su';
  assert.equal(positionSetting(phi).rope?.scaling?.type, 'longrope');
  phi.rope_scaling.type = 'yarn';
  assert.equal(positionSetting(phi).rope?.scaling?.type, 'longrope');
  const deepseek = structuredClone(byId['deepseek-v3'].config);
  assert.equal(positionSetting(deepseek).rope?.scaling?.type, 'yarn');
});

const args = (id) => {
  const s = setting(id);
  return spectrumArgs(s.rope, s.contextLength);
};

test('spectrumArgs: the exact argument list, camelCase and canonical', () => {
  assert.deepEqual(args('llama-3.1-8b'), [
    128,
    500000,
    131072,
    {
      ropeType: 'llama3',
      factor: 8,
      originalMaxPositionEmbeddings: 8192,
      lowFreqFactor: 1,
      highFreqFactor: 4,
    },
    {},
  ]);
  assert.deepEqual(args('gpt-j-6b'), [256, 10000, 2048, null, { partialRotaryFactor: 0.25 }]);
  assert.deepEqual(args('gpt-neox-20b'), [96, 10000, 2048, null, { partialRotaryFactor: 0.25 }]);
  assert.deepEqual(args('llama-2-7b'), [128, 10000, 4096, null, {}]);
  assert.deepEqual(args('deepseek-v3'), [
    64,
    10000,
    163840,
    {
      ropeType: 'yarn',
      factor: 40,
      originalMaxPositionEmbeddings: 4096,
      betaFast: 32,
      betaSlow: 1,
      mscale: 1,
      mscaleAllDim: 1,
    },
    {},
  ]);
  const phi = args('phi-3.5-mini-instruct')[3];
  assert.equal(phi?.ropeType, 'longrope');
  assert.equal(phi?.originalMaxPositionEmbeddings, 4096);
  assert.equal(phi?.shortFactor?.length, 48);
  const gemma = setting('gemma-3-12b-it');
  assert.deepEqual(spectrumArgs(gemma.ropeByLayerType?.full_attention, gemma.contextLength), [
    256,
    1e6,
    131072,
    { ropeType: 'linear', factor: 8 },
    {},
  ]);
  assert.deepEqual(spectrumArgs(gemma.ropeByLayerType?.sliding_attention, gemma.contextLength), [
    256,
    1e4,
    131072,
    null,
    {},
  ]);
  for (const entry of gallery) {
    const s = setting(entry.id);
    if (s.scheme !== 'rope') continue;
    const [, , , scaling] = spectrumArgs(s.rope, s.contextLength);
    if (scaling) assert.ok(!('type' in scaling) && !('originalContext' in scaling), entry.id);
  }
});

test("spectrumArgs: Llama 4 Scout's equal band factors go to the engine as its file has them", () => {
  const scaling = args('llama-4-scout')[3];
  assert.equal(scaling?.lowFreqFactor, 1);
  assert.equal(scaling?.highFreqFactor, 1);
});

test('spectrumArgs: a partial factor whose product lands short is nudged to the whole rotary part', () => {
  // 30 / 44 * 44 is one unit in the last place under 30, so int() would give 29.
  assert.notEqual(Math.floor(44 * (30 / 44)), 30);
  const [, , , , options] = spectrumArgs({ theta: 10000, headDim: 44, rotaryDim: 30, scaling: null }, 2048);
  assert.equal(Math.floor(44 * /** @type {number} */ (options.partialRotaryFactor)), 30);
});

test('spectrumArgs: an error names what is missing', () => {
  const rope = { theta: 10000, headDim: 128, rotaryDim: 128, scaling: null };
  const throws = (fn, pattern) => assert.throws(fn, (e) => e instanceof Error && pattern.test(e.message));
  throws(() => spectrumArgs(null, 4096), /^spectrumArgs: no RoPE setting/);
  throws(() => spectrumArgs({ ...rope, headDim: null }, 4096), /head dimension is missing.*head_dim/);
  throws(() => spectrumArgs(rope, null), /context length is missing.*max_position_embeddings/);
  throws(() => spectrumArgs({ ...rope, rotaryDim: 256 }, 4096), /256 rotating dimensions/);
  throws(
    () => spectrumArgs({ ...rope, scaling: { type: 'mrope' } }, 4096),
    /rope type "mrope" is not one the engine computes/,
  );
  throws(
    () => spectrumArgs({ ...rope, scaling: { type: 'llama3', factor: 8, lowFreqFactor: 1 } }, 4096),
    /llama3 scaling needs rope_scaling\.original_max_position_embeddings, rope_scaling\.high_freq_factor/,
  );
  throws(
    () => spectrumArgs({ ...rope, scaling: { type: 'su', factor: null } }, 4096),
    /longrope scaling needs rope_scaling\.short_factor, rope_scaling\.long_factor/,
  );
  // A Llama 2 config without a context length, read and then asked for its spectrum.
  const short = without(byId['llama-2-7b'].config, 'max_position_embeddings');
  const noContext = positionSetting({ ...short, model_type: 'mistral' });
  throws(() => spectrumArgs(noContext.rope, noContext.contextLength), /context length is missing/);
});
