// The readers of web/src/models/ against an independent writer: tests/models/write_checkpoints.py writes small
// checkpoints with Python's struct (torch only for bfloat16 bits) and the doubles it wrote. Every decoded number
// must equal its reference exactly: each reference is a value its dtype holds exactly (a float32, a half, a
// bfloat16, a Q8_0 half scale times an int8), and each of those is a float32, so decoding loses nothing.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import test, { after } from 'node:test';
import { parseConfigJson, positionSetting } from '../../web/src/models/config.js';
import { ModelFileError } from '../../web/src/models/errors.js';
import { openModel } from '../../web/src/models/open.js';
import { fileAt, filesOf, writeCheckpoints } from './models-helpers.mjs';

const dir = writeCheckpoints();
after(() => rmSync(dir, { recursive: true, force: true }));
const reference = JSON.parse(readFileSync(join(dir, 'reference.json'), 'utf8'));

/** @param {string} folder */
const open = (folder) => openModel(filesOf(join(dir, folder)));

/** Every reference tensor of a folder decodes to exactly its values. */
async function checkValues(folder, model) {
  let checked = 0;
  for (const [file, tensors] of Object.entries(reference)) {
    if (!file.startsWith(`${folder}/`)) continue;
    for (const [name, ref] of Object.entries(tensors)) {
      const got = await model.read(name);
      assert.equal(got.dtype, ref.dtype, name);
      assert.deepEqual(got.shape, ref.shape, name);
      assert.equal(got.values.length, ref.values.length, name);
      for (let i = 0; i < ref.values.length; i++) {
        if (got.values[i] !== ref.values[i])
          assert.fail(`${file} ${name}[${i}]: ${got.values[i]} != ${ref.values[i]}`);
      }
      checked++;
    }
  }
  assert.ok(checked > 0, folder);
}

const found = (model) => model.positions.found.map((p) => [p.name, p.kind, p.firstPosition, p.role]);

test('GPT-2 (F32): wpe.weight from row 0, and the config says learned, 16 positions', async () => {
  const model = await open('gpt2');
  assert.equal(model.format, 'safetensors');
  assert.deepEqual({ ...model.metadata }, { format: 'pt' });
  assert.deepEqual(found(model), [['wpe.weight', 'learned', 0, null]]);
  assert.equal(model.setting?.scheme, 'learned');
  assert.deepEqual(model.setting?.learned, { positions: 16 });
  await checkValues('gpt2', model);
});

test('BERT (F16) from row 0, RoBERTa (BF16) from padding_idx + 1 = 2, OPT (BF16) from row 2', async () => {
  const bert = await open('bert');
  assert.deepEqual(found(bert), [['bert.embeddings.position_embeddings.weight', 'learned', 0, null]]);
  await checkValues('bert', bert);
  const roberta = await open('roberta');
  assert.deepEqual(found(roberta), [['roberta.embeddings.position_embeddings.weight', 'learned', 2, null]]);
  await checkValues('roberta', roberta);
  const opt = await open('opt');
  assert.deepEqual(found(opt), [['model.decoder.embed_positions.weight', 'learned', 2, 'decoder']]);
  await checkValues('opt', opt);
});

test('T5: the encoder (F32) and decoder (F16) relative attention biases, 32 buckets up to distance 128', async () => {
  const model = await open('t5');
  assert.deepEqual(found(model), [
    ['encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight', 't5-bias', 0, 'encoder'],
    ['decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight', 't5-bias', 0, 'decoder'],
  ]);
  assert.deepEqual(model.setting?.t5, { buckets: 32, maxDistance: 128 });
  await checkValues('t5', model);
});

test('two shards through model.safetensors.index.json, the table in the second', async () => {
  const model = await open('sharded');
  assert.deepEqual(model.tensors.map((t) => [t.name, t.file]).sort(), [
    ['ln_f.weight', 'model-00002-of-00002.safetensors'],
    ['wpe.weight', 'model-00002-of-00002.safetensors'],
    ['wte.weight', 'model-00001-of-00002.safetensors'],
  ]);
  await checkValues('sharded', model);
  const missing = filesOf(join(dir, 'sharded')).filter((f) => f.name !== 'model-00001-of-00002.safetensors');
  await assert.rejects(
    openModel(missing),
    (e) => e instanceof ModelFileError && /model-00001-of-00002\.safetensors.*not given/.test(e.message),
  );
});

test('GGUF v3: Q8_0, F32 and F16 position tensors, every metadata type, arrays stepped over', async () => {
  const model = await open('gguf');
  assert.equal(model.format, 'gguf');
  assert.deepEqual(found(model), [
    ['position_embd.weight', 'learned', 0, null],
    ['rope_freqs.weight', 'rope-freqs', 0, null],
    ['enc.blk.0.attn_rel_b.weight', 't5-bias', 0, 'encoder'],
  ]);
  const m = /** @type {Record<string, any>} */ (model.metadata);
  assert.equal(m['general.alignment'], 64);
  assert.equal(m['test.int64'], -(2 ** 40));
  assert.equal(m['test.int8'], -5);
  assert.equal(m['test.uint16'], 65535);
  assert.equal(m['test.bool'], true);
  assert.equal(m['test.float64'], 0.1);
  assert.deepEqual(m['tokenizer.ggml.tokens'], { type: 'string', length: 2000, values: null });
  assert.deepEqual(m['tokenizer.ggml.scores'], { type: 'float32', length: 2000, values: null });
  assert.deepEqual(
    m['test.nested'].values.map((a) => a.values),
    [
      [1, 2],
      [3, 4, 5],
    ],
  );
  assert.equal(model.setting?.scheme, 'learned');
  assert.equal(model.setting?.contextLength, 16);
  assert.deepEqual(model.setting?.learned, { positions: 16 });
  await checkValues('gguf', model);
  await assert.rejects(
    model.read('token_embd.weight'),
    (e) => e instanceof ModelFileError && /Q4_K/.test(e.message),
  );
});

test('GGUF v2: RoPE metadata into a setting; nothing but rope_freqs matches', async () => {
  const model = await open('gguf-v2');
  assert.deepEqual(found(model), [['rope_freqs.weight', 'rope-freqs', 0, null]]);
  assert.deepEqual(model.setting?.rope, {
    theta: 500000,
    headDim: 16,
    rotaryDim: 16,
    scaling: { type: 'yarn', factor: 4, originalContext: 8192 },
  });
  assert.equal(model.setting?.contextLength, 131072);
  await checkValues('gguf-v2', model);
});

const setting = (name) => {
  const file = fileAt(join(dir, 'configs', name));
  return positionSetting(parseConfigJson(readFileSync(join(dir, 'configs', name)), file.name), file.name);
};

test('config.json in the rope_scaling layout, with the old key "type"', () => {
  const llama = setting('llama-rope-scaling.json');
  assert.equal(llama.scheme, 'rope');
  assert.equal(llama.contextLength, 131072);
  assert.deepEqual(llama.rope, {
    theta: 500000,
    headDim: 128,
    rotaryDim: 128,
    scaling: {
      type: 'llama3',
      factor: 8,
      originalContext: 8192,
      lowFreqFactor: 1,
      highFreqFactor: 4,
      betaFast: null,
      betaSlow: null,
      attentionFactor: null,
      mscale: null,
      mscaleAllDim: null,
    },
  });
  const old = setting('old-type-key.json');
  assert.equal(old.rope?.scaling?.type, 'linear');
  assert.equal(old.rope?.scaling?.factor, 2);
  assert.equal(old.rope?.theta, 10000);
});

test('config.json in the rope_parameters layout: one dict carrying rope_theta, or one per layer type', () => {
  const qwen = setting('qwen-rope-parameters.json');
  assert.equal(qwen.rope?.theta, 1000000);
  assert.equal(qwen.rope?.scaling?.type, 'yarn');
  assert.equal(qwen.rope?.scaling?.originalContext, 32768);
  const gemma = setting('gemma3-rope-parameters.json');
  assert.deepEqual(Object.keys(gemma.ropeByLayerType ?? {}), ['full_attention', 'sliding_attention']);
  assert.equal(gemma.ropeByLayerType?.full_attention.theta, 1000000);
  assert.equal(gemma.ropeByLayerType?.full_attention.scaling?.factor, 8);
  assert.equal(gemma.ropeByLayerType?.sliding_attention.theta, 10000);
  assert.equal(gemma.ropeByLayerType?.sliding_attention.scaling, null);
  assert.equal(gemma.rope?.headDim, 256);
  assert.equal(gemma.slidingWindow, 512);
});

test('partial rotary (GPT-NeoX rotary_pct, GPT-J rotary_dim), ALiBi (BLOOM, MPT) and NoPE layers (Llama 4)', () => {
  const neox = setting('gpt-neox.json');
  assert.deepEqual([neox.rope?.theta, neox.rope?.headDim, neox.rope?.rotaryDim], [10000, 64, 16]);
  const gptj = setting('gpt-j.json');
  assert.deepEqual([gptj.rope?.headDim, gptj.rope?.rotaryDim, gptj.contextLength], [256, 64, 2048]);
  assert.deepEqual([setting('bloom.json').scheme, setting('bloom.json').alibi], ['alibi', { biasMax: 8 }]);
  const mpt = setting('mpt.json');
  assert.deepEqual(
    [mpt.scheme, mpt.alibi, mpt.contextLength, mpt.heads],
    ['alibi', { biasMax: 8 }, 2048, 32],
  );
  const llama4 = setting('llama4.json');
  assert.equal(llama4.modelType, 'llama4_text');
  assert.deepEqual(llama4.noRopeLayers, [3, 7]);
  assert.equal(llama4.rope?.theta, 500000);
});
