// The gallery of "Positions in real models": the position settings of published models, each entry's `config`
// holding the position-related fields of the model's own config.json with the file's key names and nesting, so
// that the normaliser that reads a reader's config.json reads these too, model_type included (BLOOM's scheme
// and Gemma 3's defaults follow from it alone; docs/model-gallery.md says where each was checked). A key the
// file does not have is left out rather than filled in with a default (Llama 2's config.json, for one, has no
// rope_theta; the note says which default applies). Every value was checked against a retrieved text, named in
// `source.checked`; what could not be checked is not here (docs/model-gallery.md lists it, and why). Plain
// data, in three files.
import { longContextModels } from './gallery-long.js';
import { ropeModels } from './gallery-rope.js';
import { MLC, HF } from './gallery-sources.js';

/**
 * @typedef {'rope' | 'learned' | 't5' | 'alibi' | 'partial-rotary' | 'nope-mixed'} Family
 * @typedef {object} Source
 * @property {string} url the model's config.json on the Hugging Face Hub, or the paper on arXiv
 * @property {string} checked where each value was verified: repository, path and commit, or paper section
 * @typedef {object} Note
 * @property {string} text one fact the figure may show
 * @property {string} source where that fact is stated
 * @typedef {object} GalleryEntry
 * @property {string} id
 * @property {string} name
 * @property {Family} family
 * @property {Record<string, unknown>} config position-related fields, verbatim from the model's config.json
 * @property {Source} source
 * @property {Note} [note]
 */

/** @type {Family[]} */
export const FAMILIES = ['rope', 'learned', 't5', 'alibi', 'partial-rotary', 'nope-mixed'];

/** @type {GalleryEntry[]} */
export const gallery = [
  {
    id: 'gpt2',
    name: 'GPT-2 (124M)',
    family: 'learned',
    config: { model_type: 'gpt2', n_positions: 1024, n_ctx: 1024, n_embd: 768, n_head: 12, n_layer: 12 },
    source: {
      url: 'https://huggingface.co/openai-community/gpt2/blob/main/config.json',
      checked:
        `${MLC} ("gpt2", a copy of the config.json); ${HF}/gpt2/configuration_gpt2.py @ ` +
        '01ae98ae2414210efd0d9ac1ffe78ff21588f1f7 (defaults n_positions=1024, n_embd=768, n_layer=12, n_head=12 ' +
        '"similar to openai-community/gpt2")',
    },
    note: {
      text: 'One learned row per position: a 1024 × 768 table, and no position 1024.',
      source: `${HF}/gpt2/configuration_gpt2.py (attribute_map: max_position_embeddings is n_positions)`,
    },
  },
  {
    id: 'bert-base-uncased',
    name: 'BERT base (uncased)',
    family: 'learned',
    config: {
      model_type: 'bert',
      max_position_embeddings: 512,
      hidden_size: 768,
      num_attention_heads: 12,
      num_hidden_layers: 12,
      type_vocab_size: 2,
      position_embedding_type: 'absolute',
    },
    source: {
      url: 'https://huggingface.co/google-bert/bert-base-uncased/blob/main/config.json',
      checked:
        'the BertConfig of "bert-base-uncased" as printed by transformers, in three public repositories found ' +
        'by the code index (file ids 28599413534, 33124022181, 53285144708): all give these six values',
    },
  },
  {
    id: 'roberta-base',
    name: 'RoBERTa base',
    family: 'learned',
    config: {
      model_type: 'roberta',
      max_position_embeddings: 514,
      hidden_size: 768,
      num_attention_heads: 12,
      num_hidden_layers: 12,
      pad_token_id: 1,
      type_vocab_size: 1,
    },
    source: {
      url: 'https://huggingface.co/FacebookAI/roberta-base/blob/main/config.json',
      checked:
        'roberta-base configuration dicts in public repositories (code index file ids 31166713343, 59442745089, ' +
        '33238626742: 514 positions, pad_token_id 1, type_vocab_size 1); transformers ' +
        'roberta/modeling_roberta.py create_position_ids_from_input_ids, copied verbatim with its "Copied from" ' +
        'line (code index file id 118593370)',
    },
    note: {
      text: 'Positions count from padding_idx + 1 = 2, so 514 rows hold 512 positions.',
      source:
        'transformers modeling_roberta.create_position_ids_from_input_ids: "Position numbers begin at ' +
        'padding_idx+1"; padding_idx is pad_token_id = 1',
    },
  },
  {
    id: 'opt-125m',
    name: 'OPT-125M',
    family: 'learned',
    config: {
      model_type: 'opt',
      max_position_embeddings: 2048,
      hidden_size: 768,
      num_attention_heads: 12,
      num_hidden_layers: 12,
      word_embed_proj_dim: 768,
    },
    source: {
      url: 'https://huggingface.co/facebook/opt-125m/blob/main/config.json',
      checked:
        'the facebook/opt-125m config.json reproduced in public repositories (code index file ids 59461262682, ' +
        `67322646830); ${HF}/opt/configuration_opt.py @ 014674d38b61e5c7109e89d496bd699121a8aa4e ` +
        '(max_position_embeddings default 2048)',
    },
    note: {
      text: 'The table has max_position_embeddings + 2 = 2050 rows: positions are offset by 2.',
      source:
        'OPTLearnedPositionalEmbedding (transformers modeling_opt.py, and vLLM\'s opt.py): "offset the embedding ' +
        'ids by 2 and adjust num_embeddings appropriately"; self.offset = 2; num_embeddings + self.offset',
    },
  },
  {
    id: 'whisper-tiny',
    name: 'Whisper tiny (decoder)',
    family: 'learned',
    config: {
      model_type: 'whisper',
      max_target_positions: 448,
      max_source_positions: 1500,
      d_model: 384,
      decoder_attention_heads: 6,
      decoder_layers: 4,
      encoder_attention_heads: 6,
      encoder_layers: 4,
    },
    source: {
      url: 'https://huggingface.co/openai/whisper-tiny/blob/main/config.json',
      checked:
        'whisper-tiny config.json fields reproduced in public repositories (code index file ids 56905871535, ' +
        '55308438946); transformers WhisperConfig docstring (max_source_positions 1500, max_target_positions ' +
        '448; file id 2760625); openai/whisper whisper/model.py @ c0d2f624c09dc18e709e37c2ad90c039a4eb72a2',
    },
    note: {
      text: 'The decoder learns a 448-row table; the encoder adds fixed sinusoids for its 1500 positions.',
      source:
        'openai/whisper whisper/model.py: TextDecoder positional_embedding = nn.Parameter(n_ctx, n_state); ' +
        'AudioEncoder registers sinusoids(n_ctx, n_state) as a buffer',
    },
  },
  {
    id: 't5-small',
    name: 'T5-small (v1.0)',
    family: 't5',
    config: {
      model_type: 't5',
      d_model: 512,
      num_heads: 8,
      num_layers: 6,
      n_positions: 512,
      relative_attention_num_buckets: 32,
    },
    source: {
      url: 'https://huggingface.co/google-t5/t5-small/blob/main/config.json',
      checked:
        'the t5-small T5Config printed by transformers in a public repository (code index file id 28599413534); ' +
        `${HF}/t5/configuration_t5.py @ 038869d4d54db478c18dbe58a02aefc67f62beb0 (defaults reproduce ` +
        'google-t5/t5-small; relative_attention_num_buckets 32)',
    },
    note: {
      text: 'relative_attention_max_distance is not taken from the file: the code default is 128.',
      source: `${HF}/t5/configuration_t5.py: relative_attention_max_distance=128`,
    },
  },
  {
    id: 'bloom-560m',
    name: 'BLOOM-560M',
    family: 'alibi',
    config: { model_type: 'bloom', n_embed: 1024, n_layer: 24, num_attention_heads: 16, seq_length: 2048 },
    source: {
      url: 'https://huggingface.co/bigscience/bloom-560m/blob/main/config.json',
      checked:
        'bloom-560m config.json fields in public repositories (code index file ids 62111947967, a check of the ' +
        'file against these values, and 55339783202); the BloomConfig of "bigscience/bloom-560m" printed by ' +
        'transformers (file id 46750199530: hidden_size 1024, n_head 16, n_layer 24)',
    },
    note: {
      text: 'No position table and no position key: ALiBi biases each of the 16 heads by its own slope.',
      source:
        'transformers bloom/modeling_bloom.py BloomModel: word_embeddings and no position embedding; ' +
        'build_alibi_tensor(attention_mask, num_heads, dtype) (code index file ids 27400519890, 25360345498)',
    },
  },
  {
    id: 'mpt-7b-instruct',
    name: 'MPT-7B-Instruct',
    family: 'alibi',
    config: {
      model_type: 'mpt',
      d_model: 4096,
      n_heads: 32,
      n_layers: 32,
      max_seq_len: 2048,
      learned_pos_emb: true,
      attn_config: { alibi: true, alibi_bias_max: 8 },
    },
    source: {
      url: 'https://huggingface.co/mosaicml/mpt-7b-instruct/blob/main/config.json',
      checked:
        'mlc-ai/mlc-llm mlc_llm/relax_model/mpt/README.md @ f940301b5f318b2417d99b229761565fb867a29f ("The ' +
        `original config for the model"); ${HF}/mpt/configuration_mpt.py @ ` +
        '05699a763e76ee438fa65e6eeae4a294ea0026f5 (attn_config.alibi: "use the alibi bias instead of ' +
        'positional embedding"; alibi_bias_max default 8)',
    },
  },
  {
    id: 'gpt-j-6b',
    name: 'GPT-J-6B',
    family: 'partial-rotary',
    config: {
      model_type: 'gptj',
      n_positions: 2048,
      n_embd: 4096,
      n_head: 16,
      n_layer: 28,
      rotary: true,
      rotary_dim: 64,
    },
    source: {
      url: 'https://huggingface.co/EleutherAI/gpt-j-6B/blob/main/config.json',
      checked:
        `${MLC} ("gpt_j"); transformers gptj/configuration_gptj.py, @auto_docstring(checkpoint=` +
        '"EleutherAI/gpt-j-6B"): n_positions 2048, n_embd 4096, n_layer 28, n_head 16, rotary_dim 64 (code ' +
        'index file id 51966282198)',
    },
    note: {
      text: 'Heads of 4096 / 16 = 256 dimensions; rotary_dim 64 of them turn, the other 192 carry no position.',
      source:
        'transformers configuration_gptj.py: rotary_dim is the "Number of dimensions in the embedding that ' +
        'Rotary Position Embedding is applied to"',
    },
  },
  {
    id: 'gpt-neox-20b',
    name: 'GPT-NeoX-20B',
    family: 'partial-rotary',
    config: {
      model_type: 'gpt_neox',
      hidden_size: 6144,
      num_attention_heads: 64,
      num_hidden_layers: 44,
      max_position_embeddings: 2048,
      rotary_pct: 0.25,
      rotary_emb_base: 10000,
    },
    source: {
      url: 'https://huggingface.co/EleutherAI/gpt-neox-20b/blob/main/config.json',
      checked:
        `${HF}/gpt_neox/configuration_gpt_neox.py @ 008e574391258935f3ecc3035c882e73bbcac419 ` +
        '(@auto_docstring(checkpoint="EleutherAI/gpt-neox-20b"): hidden 6144, 44 layers, 64 heads, 2048 ' +
        'positions; rotary_pct read with default 0.25); a GPT-NeoX config converter listing the same six values ' +
        'with rotary_emb_base 10000 (code index file id 11340411869)',
    },
    note: {
      text: 'Heads of 96 dimensions, a quarter of them (24) rotated. Pythia uses the same rotary_pct 0.25.',
      source:
        'EleutherAI/pythia models/*/pythia-*.yml @ a19eecb807ec2c79a39ebf18108816e6ffffc1d5 ("rotary_pct": 0.25)',
    },
  },
  ...ropeModels,
  ...longContextModels,
];

/**
 * Pairs for the side-by-side view: each differs from its partner in one position setting worth seeing.
 * @type {[string, string][]}
 */
export const comparisons = [
  ['llama-2-7b', 'llama-3.1-8b'],
  ['llama-2-7b', 'codellama-7b'],
  ['llama-3-8b', 'llama-3.1-8b'],
  ['llama-3.1-8b', 'llama-3.2-1b'],
  ['gpt2', 'opt-125m'],
  ['bert-base-uncased', 'roberta-base'],
  ['gpt-j-6b', 'gpt-neox-20b'],
  ['bloom-560m', 'mpt-7b-instruct'],
  ['mistral-7b-v0.1', 'mistral-7b-v0.3'],
  ['deepseek-v2-lite', 'deepseek-v3'],
  ['phi-3.5-mini-instruct', 'llama-3.1-8b'],
  ['gemma-3-1b-it', 'gemma-3-12b-it'],
  ['gemma-3-12b-it', 'llama-4-scout'],
];
