// Position tensors by name: which rows hold position 0 (OPT and BART 2, RoBERTa padding_idx + 1, Whisper 0), and
// the 2-D tensors offered when no name matches.
import assert from 'node:assert/strict';
import test from 'node:test';
import { findPositionTensors } from '../../web/src/models/positions.js';

const t = (name, shape = [8, 4]) => ({ name, shape });
const rows = (tensors, hints) =>
  findPositionTensors(tensors, hints).found.map((p) => [p.name, p.firstPosition, p.role]);

test('embed_positions: OPT and BART from row 2, Whisper from row 0 (by model_type or its encoder.conv1)', () => {
  assert.deepEqual(rows([t('model.decoder.embed_positions.weight')], { modelType: 'opt' }), [
    ['model.decoder.embed_positions.weight', 2, 'decoder'],
  ]);
  assert.deepEqual(rows([t('model.encoder.embed_positions.weight')], { modelType: 'bart' }), [
    ['model.encoder.embed_positions.weight', 2, 'encoder'],
  ]);
  const whisper = [
    t('model.encoder.conv1.weight', [8, 80, 3]),
    t('model.encoder.embed_positions.weight'),
    t('model.decoder.embed_positions.weight'),
  ];
  assert.deepEqual(rows(whisper), [
    ['model.encoder.embed_positions.weight', 0, 'encoder'],
    ['model.decoder.embed_positions.weight', 0, 'decoder'],
  ]);
  assert.deepEqual(rows([t('model.decoder.embed_positions.weight')], { modelType: 'whisper' }), [
    ['model.decoder.embed_positions.weight', 0, 'decoder'],
  ]);
});

test('position_embeddings: BERT from row 0, RoBERTa from pad_token_id + 1, by model_type or name', () => {
  const name = 'embeddings.position_embeddings.weight';
  assert.deepEqual(rows([t(`bert.${name}`)], { modelType: 'bert', padTokenId: 0 }), [
    [`bert.${name}`, 0, null],
  ]);
  assert.deepEqual(rows([t(name)], { modelType: 'xlm-roberta', padTokenId: 1 }), [[name, 2, null]]);
  assert.deepEqual(rows([t(`roberta.${name}`)]), [[`roberta.${name}`, 2, null]]);
});

test('GPT-2 with and without transformer., GGUF names, and nothing matched by a near miss', () => {
  assert.deepEqual(
    rows([t('transformer.wpe.weight'), t('wpe.weight')]).map((r) => r[0]),
    ['transformer.wpe.weight', 'wpe.weight'],
  );
  assert.deepEqual(
    rows([t('dec.blk.0.attn_rel_b.weight', [32, 8]), t('rope_freqs.weight', [64])]).map((r) => r[0]),
    ['dec.blk.0.attn_rel_b.weight', 'rope_freqs.weight'],
  );
  assert.deepEqual(
    rows([
      t('h.0.wpe.weight.bias'),
      t('encoder.block.1.layer.0.SelfAttention.relative_attention_bias.weight'),
    ]),
    [],
  );
});

test('no name matches: every 2-D tensor is offered for the reader to pick', () => {
  const { found, candidates } = findPositionTensors([
    t('a', [3, 2]),
    t('b', [4]),
    t('c', [2, 2, 2]),
    t('d', [5, 6]),
  ]);
  assert.deepEqual(found, []);
  assert.deepEqual(candidates, [
    { name: 'a', shape: [3, 2] },
    { name: 'd', shape: [5, 6] },
  ]);
});

test("the lab's weights file: its PyTorch model's wpe, unprefixed, from row 0; no near miss", () => {
  const lab = [t('wte', [16, 16]), t('wpe', [8, 16]), t('l0_wq', [16, 16]), t('slopes', [2])];
  assert.deepEqual(
    findPositionTensors(lab).found.map((p) => [p.name, p.kind, p.firstPosition, p.shape]),
    [['wpe', 'learned', 0, [8, 16]]],
  );
  assert.deepEqual(rows([t('l0_wpe'), t('wpe_'), t('xwpe'), t('wpe.bias')]), []);
});
