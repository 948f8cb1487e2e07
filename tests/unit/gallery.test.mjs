// The gallery of published position settings (web/src/models/gallery.js) keeps its shape: unique ids, a family
// from the list, a source on the Hugging Face Hub or arXiv with where it was checked, snake_case keys as in a
// config.json, finite numbers, and the arithmetic a figure relies on (even rotating dimensions, one longrope
// factor per rotating pair, a YaRN factor that spans the context, a NoPE list with one flag per layer). Each
// check is run on a broken copy too, so a malformed entry cannot pass unnoticed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { comparisons, FAMILIES, gallery } from '../../web/src/models/gallery.js';

const HUB = /^https:\/\/huggingface\.co\/[\w.-]+\/[\w.-]+\/blob\/main\/config\.json$/;
const ARXIV = /^https:\/\/arxiv\.org\/abs\/\d{4}\.\d{4,5}(v\d+)?(#.*)?$/;
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const clone = (x) => structuredClone(x);

/** Every key of a config, at any depth, with its path; every number, with its path. */
function walk(value, path, visit) {
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`, visit));
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      visit.key(key, `${path}.${key}`);
      walk(item, `${path}.${key}`, visit);
    }
  } else visit.leaf(value, path);
}

/** The text config of a model whose config.json nests it (Llama 4), else the config itself. */
const textConfig = (config) => (isObject(config.text_config) ? config.text_config : config);
const heads = (c) => c.num_attention_heads ?? c.n_head ?? c.n_heads ?? c.num_heads;
const width = (c) => c.hidden_size ?? c.n_embd ?? c.d_model ?? c.n_embed;
/** The dimensions per head that RoPE sees: head_dim when the file has it, else the width over the heads. */
const headDim = (c) => c.head_dim ?? width(c) / heads(c);
/** The dimensions that turn: MLA's rope part, or rotary_dim, or a fraction of the head, or the whole head. */
function rotaryDims(c) {
  if (c.qk_rope_head_dim !== undefined) return c.qk_rope_head_dim;
  if (c.rotary_dim !== undefined) return c.rotary_dim;
  if (c.rotary_pct !== undefined) return c.rotary_pct * headDim(c);
  return (c.partial_rotary_factor ?? 1) * headDim(c);
}

/** What is wrong with one entry; empty when nothing is. */
export function problemsOf(entry) {
  const problems = [];
  const fail = (message) => problems.push(`${entry?.id}: ${message}`);
  if (typeof entry?.id !== 'string' || !/^[a-z0-9][a-z0-9.-]*$/.test(entry.id))
    fail('id is not a lower-case slug');
  if (typeof entry?.name !== 'string' || entry.name.trim() === '') fail('no name');
  if (!FAMILIES.includes(entry?.family))
    fail(`family ${JSON.stringify(entry?.family)} is not one of ${FAMILIES}`);
  const url = entry?.source?.url;
  if (typeof url !== 'string' || !(HUB.test(url) || ARXIV.test(url)))
    fail(`source url ${url} is neither a Hub config.json nor arXiv`);
  if (typeof entry?.source?.checked !== 'string' || entry.source.checked.trim().length < 20)
    fail('no checked string');
  if (entry?.note !== undefined) {
    if (typeof entry.note?.text !== 'string' || entry.note.text.trim() === '') fail('a note without text');
    if (typeof entry.note?.source !== 'string' || entry.note.source.trim() === '')
      fail('a note without its source');
  }
  if (!isObject(entry?.config) || Object.keys(entry.config).length === 0) {
    fail('no config');
    return problems;
  }
  walk(entry.config, 'config', {
    key: (key, path) => {
      if (!/^[a-z][a-z0-9_]*$/.test(key)) fail(`${path}: not a config.json key`);
    },
    leaf: (value, path) => {
      if (typeof value === 'number' && !Number.isFinite(value)) fail(`${path} is not finite`);
      if (!['number', 'string', 'boolean'].includes(typeof value) && value !== null)
        fail(`${path} is ${typeof value}`);
    },
  });
  const c = textConfig(entry.config);
  const positive = (name, x) => {
    if (!(Number.isInteger(x) && x > 0)) fail(`${name} is ${x}, not a positive integer`);
  };
  switch (entry.family) {
    case 'learned':
      positive('the table size', c.max_position_embeddings ?? c.n_positions ?? c.max_target_positions);
      break;
    case 't5':
      positive('relative_attention_num_buckets', c.relative_attention_num_buckets);
      if (c.relative_attention_max_distance !== undefined)
        positive('the max distance', c.relative_attention_max_distance);
      break;
    case 'alibi':
      positive('the head count', heads(c));
      if (c.attn_config !== undefined && c.attn_config.alibi !== true) fail('attn_config.alibi is not true');
      break;
    case 'partial-rotary': {
      const rotary = rotaryDims(c);
      positive('the rotating dimensions', rotary);
      if (!(rotary % 2 === 0 && rotary < headDim(c)))
        fail(`${rotary} rotating of ${headDim(c)}: not a part, or odd`);
      break;
    }
    case 'rope':
    case 'nope-mixed': {
      positive('the head dimension', headDim(c));
      const rotary = rotaryDims(c);
      positive('the rotating dimensions', rotary);
      if (rotary % 2 !== 0) fail(`${rotary} rotating dimensions: RoPE turns pairs`);
      if (c.rope_theta !== undefined && !(c.rope_theta > 1)) fail(`rope_theta ${c.rope_theta}`);
      const scaling = c.rope_scaling;
      const type = scaling?.rope_type ?? scaling?.type;
      if (type === 'llama3') {
        for (const key of [
          'factor',
          'low_freq_factor',
          'high_freq_factor',
          'original_max_position_embeddings',
        ]) {
          if (!(scaling[key] > 0)) fail(`rope_scaling.${key} is ${scaling[key]}`);
        }
        // Equal factors (Llama 4 Scout's 1 and 1) leave no band to blend; above is no band at all.
        if (!(scaling.low_freq_factor <= scaling.high_freq_factor))
          fail('low_freq_factor is above high_freq_factor');
        if (!(scaling.original_max_position_embeddings < c.max_position_embeddings))
          fail('no longer context');
      }
      if (type === 'yarn') {
        for (const key of ['factor', 'beta_fast', 'beta_slow', 'original_max_position_embeddings']) {
          if (!(scaling[key] > 0)) fail(`rope_scaling.${key} is ${scaling[key]}`);
        }
        if (scaling.factor * scaling.original_max_position_embeddings !== c.max_position_embeddings) {
          fail('the YaRN factor times the original context is not max_position_embeddings');
        }
      }
      if (type === 'longrope' || type === 'su') {
        for (const key of ['long_factor', 'short_factor']) {
          const factors = scaling[key];
          if (!Array.isArray(factors) || factors.length !== rotary / 2) {
            fail(`rope_scaling.${key} has ${factors?.length} factors for ${rotary / 2} rotating pairs`);
          } else if (!factors.every((f) => typeof f === 'number' && f > 0))
            fail(`rope_scaling.${key} not all positive`);
        }
        positive('original_max_position_embeddings', c.original_max_position_embeddings);
      }
      if (entry.family === 'nope-mixed') {
        const flags = c.no_rope_layers;
        if (!Array.isArray(flags) || flags.length !== c.num_hidden_layers)
          fail('no_rope_layers is not one flag a layer');
        else if (!flags.every((f) => f === 0 || f === 1) || !flags.includes(0) || !flags.includes(1)) {
          fail('no_rope_layers does not mix RoPE (1) and NoPE (0) layers');
        }
      }
      break;
    }
  }
  return problems;
}

test('every entry is well formed', () => {
  assert.ok(gallery.length >= 20, `${gallery.length} entries`);
  assert.deepEqual(gallery.flatMap(problemsOf), []);
});

test('ids are unique and every family is represented', () => {
  const ids = gallery.map((e) => e.id);
  assert.equal(new Set(ids).size, ids.length, 'duplicate ids');
  for (const family of FAMILIES)
    assert.ok(
      gallery.some((e) => e.family === family),
      `no ${family} entry`,
    );
});

test('comparisons pair two different entries of the gallery', () => {
  const ids = new Set(gallery.map((e) => e.id));
  assert.ok(comparisons.length > 0);
  for (const pair of comparisons) {
    assert.equal(pair.length, 2);
    assert.notEqual(pair[0], pair[1]);
    for (const id of pair) assert.ok(ids.has(id), `${id} is not in the gallery`);
  }
  const keys = comparisons.map((pair) => [...pair].sort().join('|'));
  assert.equal(new Set(keys).size, keys.length, 'a pair listed twice');
});

test('the numbers a figure quotes follow from the configs', () => {
  const byId = Object.fromEntries(gallery.map((e) => [e.id, e.config]));
  assert.equal(headDim(byId['gpt-j-6b']), 256);
  assert.equal(rotaryDims(byId['gpt-j-6b']), 64);
  assert.equal(rotaryDims(byId['gpt-neox-20b']), 24);
  assert.equal(rotaryDims(byId['phi-3.5-mini-instruct']) / 2, 48);
  assert.equal(byId['roberta-base'].max_position_embeddings - byId['roberta-base'].pad_token_id - 1, 512);
  assert.equal(byId['llama-4-scout'].text_config.no_rope_layers.filter((f) => f === 0).length, 12);
});

test('a malformed entry is caught, check by check', () => {
  const base = (id) => clone(gallery.find((e) => e.id === id));
  const broken = [];
  const breaks = (id, change, why) => {
    const entry = base(id);
    change(entry);
    broken.push([why, problemsOf(entry)]);
  };
  breaks('gpt2', (e) => (e.id = 'GPT 2'), 'an id with capitals and a space');
  breaks('gpt2', (e) => delete e.name, 'no name');
  breaks('gpt2', (e) => (e.family = 'absolute'), 'a family not in the list');
  breaks('gpt2', (e) => (e.source.url = 'https://example.com/blog/gpt2'), 'a blog as the source');
  breaks(
    'gpt2',
    (e) => (e.source.url = 'https://huggingface.co/openai-community/gpt2'),
    'a model page, not its file',
  );
  breaks('gpt2', (e) => (e.source.checked = ''), 'no checked string');
  breaks('gpt2', (e) => (e.note = { text: 'a fact' }), 'a note without a source');
  breaks('gpt2', (e) => (e.config.nPositions = 1024), 'a camelCase key');
  breaks('gpt2', (e) => (e.config.n_positions = Number.NaN), 'a NaN');
  breaks('gpt2', (e) => (e.config.n_positions = Infinity), 'an infinite table');
  breaks('gpt2', (e) => (e.config = {}), 'an empty config');
  breaks('t5-small', (e) => delete e.config.relative_attention_num_buckets, 'T5 without buckets');
  breaks('mpt-7b-instruct', (e) => (e.config.attn_config.alibi = false), 'ALiBi switched off');
  breaks('gpt-j-6b', (e) => (e.config.rotary_dim = 63), 'an odd rotary_dim');
  breaks('gpt-j-6b', (e) => (e.config.rotary_dim = 256), 'a partial rotary turning the whole head');
  breaks('llama-2-7b', (e) => (e.config.num_attention_heads = 33), 'a head dimension that is not whole');
  breaks('llama-3.2-1b', (e) => (e.config.head_dim = 63), 'an odd head_dim');
  breaks(
    'llama-3.1-8b',
    (e) => (e.config.rope_scaling.low_freq_factor = 8),
    'low above high frequency factor',
  );
  breaks('llama-3.1-8b', (e) => delete e.config.rope_scaling.factor, 'llama3 scaling without a factor');
  breaks('phi-3.5-mini-instruct', (e) => e.config.rope_scaling.long_factor.pop(), '47 long factors');
  breaks('phi-3.5-mini-instruct', (e) => e.config.rope_scaling.short_factor.push(1), '49 short factors');
  breaks('phi-3.5-mini-instruct', (e) => (e.config.rope_scaling.short_factor[3] = -1), 'a negative factor');
  breaks(
    'deepseek-v3',
    (e) => (e.config.rope_scaling.factor = 32),
    'a YaRN factor that does not span 163840',
  );
  breaks('deepseek-v3', (e) => (e.config.qk_rope_head_dim = 63), 'an odd MLA rope dimension');
  breaks('llama-4-scout', (e) => e.config.text_config.no_rope_layers.pop(), 'a NoPE list one layer short');
  breaks(
    'llama-4-scout',
    (e) => e.config.text_config.no_rope_layers.fill(1),
    'a NoPE list with no NoPE layer',
  );
  for (const [why, problems] of broken) assert.ok(problems.length > 0, `not caught: ${why}`);
});
