// The gallery of "Positions in real models": the position settings of published models, each entry's `config`
// holding the position-related fields of the model's own config.json with the file's key names and nesting, so
// that the normaliser that reads a reader's config.json reads these too. A key the file does not have is left
// out rather than filled in with a default (Llama 2's config.json, for one, has no rope_theta; the note says
// which default applies). Every value was checked against a retrieved text, named in `source.checked`; what
// could not be checked is not here (docs/model-gallery.md lists it, and why). No imports: plain data.

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

const MLC = 'mlc-ai/mlc-llm python/mlc_llm/model/model_preset.py @ 79d603f085f50500e9509fa01785ffa7ecfaaa93';
const HF = 'huggingface/transformers src/transformers/models';
const LLAMA_CONVERT = `${HF}/llama/convert_llama_weights_to_hf.py @ 01cc9cd9d804d368d553c093c4eb0646320545bb`;
const LLAMA_MODELS = 'meta-llama/llama-models @ a9c89c471f793423afd4cc3ca8671d6e56fe64cb';
const DEEPSEEK = 'deepseek-ai/DeepSeek-V3 @ 9b4e9788e4a3a731f7567338ed15d3ec549ce03b';

/** @type {GalleryEntry[]} */
export const gallery = [
  {
    id: 'gpt2',
    name: 'GPT-2 (124M)',
    family: 'learned',
    config: { n_positions: 1024, n_ctx: 1024, n_embd: 768, n_head: 12, n_layer: 12 },
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
    config: { n_embed: 1024, n_layer: 24, num_attention_heads: 16, seq_length: 2048 },
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
    config: { n_positions: 2048, n_embd: 4096, n_head: 16, n_layer: 28, rotary: true, rotary_dim: 64 },
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
  {
    id: 'llama-2-7b',
    name: 'Llama 2 7B',
    family: 'rope',
    config: {
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 32,
      num_hidden_layers: 32,
      max_position_embeddings: 4096,
      rope_scaling: null,
    },
    source: {
      url: 'https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json',
      checked:
        'the meta-llama/Llama-2-7b-hf config.json ("transformers_version": "4.31.0.dev0") reproduced in public ' +
        `repositories (code index file ids 1861906191, 5842727729, 22156638872); ${LLAMA_CONVERT} ` +
        '(CONTEXT_LENGTH_FOR_VERSION["2"] = 4096)',
    },
    note: {
      text: 'The file has no rope_theta: the default base 10,000 applies.',
      source: `${LLAMA_CONVERT}: base = params.get("rope_theta", 10000.0)`,
    },
  },
  {
    id: 'codellama-7b',
    name: 'Code Llama 7B',
    family: 'rope',
    config: {
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 32,
      num_hidden_layers: 32,
      max_position_embeddings: 16384,
      rope_theta: 1000000,
      rope_scaling: null,
    },
    source: {
      url: 'https://huggingface.co/codellama/CodeLlama-7b-hf/blob/main/config.json',
      checked:
        `${MLC} ("codellama_7b", _name_or_path codellama/CodeLlama-7b-hf); ${LLAMA_CONVERT} (a base above ` +
        '10000 before Llama 3 gives max_position_embeddings 16384)',
    },
  },
  {
    id: 'llama-3-8b',
    name: 'Llama 3 8B',
    family: 'rope',
    config: {
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      num_hidden_layers: 32,
      max_position_embeddings: 8192,
      rope_theta: 500000.0,
      rope_scaling: null,
    },
    source: {
      url: 'https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json',
      checked:
        'the meta-llama/Meta-Llama-3-8B config.json reproduced in public repositories (code index file ids ' +
        `40509427921, 6718446181, 71581043308); ${LLAMA_CONVERT} (CONTEXT_LENGTH_FOR_VERSION["3"] = 8192); ` +
        `${LLAMA_MODELS} models/llama3/args.py (rope_theta: float = 500000)`,
    },
  },
  {
    id: 'llama-3.1-8b',
    name: 'Llama 3.1 8B',
    family: 'rope',
    config: {
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      num_hidden_layers: 32,
      max_position_embeddings: 131072,
      rope_theta: 500000.0,
      rope_scaling: {
        factor: 8.0,
        low_freq_factor: 1.0,
        high_freq_factor: 4.0,
        original_max_position_embeddings: 8192,
        rope_type: 'llama3',
      },
    },
    source: {
      url: 'https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json',
      checked:
        `${MLC} ("llama3_1_8b"); ${LLAMA_MODELS} models/llama3/model.py apply_scaling (scale_factor = 8, ` +
        `low_freq_factor = 1, high_freq_factor = 4, old_context_len = 8192); ${LLAMA_CONVERT} ` +
        '(CONTEXT_LENGTH_FOR_VERSION["3.1"] = 131072)',
    },
    note: {
      text: 'Frequencies of wavelength over 8192 are divided by 8, those under 8192 / 4 = 2048 kept, the rest blended.',
      source: `${LLAMA_MODELS} models/llama3/model.py apply_scaling`,
    },
  },
  {
    id: 'llama-3.2-1b',
    name: 'Llama 3.2 1B',
    family: 'rope',
    config: {
      head_dim: 64,
      hidden_size: 2048,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      num_hidden_layers: 16,
      max_position_embeddings: 131072,
      rope_theta: 500000.0,
      rope_scaling: {
        factor: 32.0,
        high_freq_factor: 4.0,
        low_freq_factor: 1.0,
        original_max_position_embeddings: 8192,
        rope_type: 'llama3',
      },
    },
    source: {
      url: 'https://huggingface.co/meta-llama/Llama-3.2-1B/blob/main/config.json',
      checked:
        `${MLC} ("llama3_2_1b"); kevinstephano/thunder_model_blocks hf_llama/llama_config.py (the ` +
        'meta-llama/Llama-3.2-1B-Instruct config.json, _commit_hash 4e20de362430cd3b72f300e6b0f18e50e7166e08)',
    },
  },
  {
    id: 'llama-3.2-3b',
    name: 'Llama 3.2 3B',
    family: 'rope',
    config: {
      head_dim: 128,
      hidden_size: 3072,
      num_attention_heads: 24,
      num_key_value_heads: 8,
      num_hidden_layers: 28,
      max_position_embeddings: 131072,
      rope_theta: 500000.0,
      rope_scaling: {
        factor: 32.0,
        high_freq_factor: 4.0,
        low_freq_factor: 1.0,
        original_max_position_embeddings: 8192,
        rope_type: 'llama3',
      },
    },
    source: {
      url: 'https://huggingface.co/meta-llama/Llama-3.2-3B/blob/main/config.json',
      checked: `${MLC} ("llama3_2_3b", a copy of the config.json, "transformers_version": "4.45.0.dev0")`,
    },
  },
  {
    id: 'mistral-7b-v0.1',
    name: 'Mistral 7B v0.1',
    family: 'rope',
    config: {
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      num_hidden_layers: 32,
      max_position_embeddings: 32768,
      rope_theta: 10000.0,
      sliding_window: 4096,
    },
    source: {
      url: 'https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json',
      checked:
        'the MistralConfig of "mistralai/Mistral-7B-v0.1" printed by transformers in public repositories (code ' +
        `index file ids 1843041453, 1901522917); ${MLC} ("mistral_7b": the same values, with the window under ` +
        'its own key sliding_window_size)',
    },
  },
  {
    id: 'mistral-7b-v0.3',
    name: 'Mistral 7B v0.3',
    family: 'rope',
    config: {
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      num_hidden_layers: 32,
      max_position_embeddings: 32768,
      rope_theta: 1000000.0,
      sliding_window: null,
    },
    source: {
      url: 'https://huggingface.co/mistralai/Mistral-7B-v0.3/blob/main/config.json',
      checked: `${MLC} ("mistral_7b_v03", "transformers_version": "4.42.0.dev0")`,
    },
  },
  {
    id: 'qwen2.5-7b-instruct',
    name: 'Qwen2.5 7B Instruct',
    family: 'rope',
    config: {
      hidden_size: 3584,
      num_attention_heads: 28,
      num_key_value_heads: 4,
      num_hidden_layers: 28,
      max_position_embeddings: 32768,
      rope_theta: 1000000.0,
      sliding_window: 131072,
      use_sliding_window: false,
      max_window_layers: 28,
    },
    source: {
      url: 'https://huggingface.co/Qwen/Qwen2.5-7B-Instruct/blob/main/config.json',
      checked:
        'a Qwen2 7B config.json ("transformers_version": "4.43.1") reproduced in two public repositories (code ' +
        'index file ids 42115133049, 57427858732); the Qwen2Config loaded from a local Qwen2.5-7B-Instruct/' +
        'config.json in a training log (file id 66843975241: the same heads, layers, 32768 and 1000000.0)',
    },
  },
  {
    id: 'gemma-3-1b-it',
    name: 'Gemma 3 1B',
    family: 'rope',
    config: {
      head_dim: 256,
      hidden_size: 1152,
      num_attention_heads: 4,
      num_key_value_heads: 1,
      num_hidden_layers: 26,
      max_position_embeddings: 32768,
      rope_theta: 1000000,
      rope_local_base_freq: 10000,
      rope_scaling: null,
      sliding_window: 512,
      sliding_window_pattern: 6,
    },
    source: {
      url: 'https://huggingface.co/google/gemma-3-1b-it/blob/main/config.json',
      checked:
        `${MLC} ("gemma3_1b_it"); ${HF}/gemma3/convert_gemma3_weights_orbax_to_hf.py @ ` +
        '0d914582a9c9cdbbf4e23d9bf3175dec5e5493de (1B: 26 layers, 4 heads, sliding_window 512, rope_theta ' +
        '1_000_000 "used for global RoPE only", rope_local_base_freq 10_000, 32_768 positions)',
    },
    note: {
      text: 'Local layers (a 512-token window) turn with base 10,000; the global layers with base 1,000,000.',
      source: `${HF}/gemma3/convert_gemma3_weights_orbax_to_hf.py, the 1B variant's comments`,
    },
  },
  {
    id: 'gemma-3-12b-it',
    name: 'Gemma 3 12B',
    family: 'rope',
    config: {
      text_config: {
        hidden_size: 3840,
        num_attention_heads: 16,
        num_key_value_heads: 8,
        num_hidden_layers: 48,
        rope_scaling: { factor: 8.0, rope_type: 'linear' },
        sliding_window: 1024,
      },
    },
    source: {
      url: 'https://huggingface.co/google/gemma-3-12b-it/blob/main/config.json',
      checked:
        'the text_config of google/gemma-3-12b-it config.json, embedded in a public repository ("Source: ' +
        'google/gemma-3-12b-it config.json"; code index file id 52647932717) and the same six values as ' +
        '"the official 12B" in another (file id 68347257580); the 4B\'s text_config has the same rope_scaling ' +
        'and window (file id 61312419200)',
    },
    note: {
      text:
        'The file names only what differs from the defaults: head_dim 256, global base 1,000,000 (stretched ' +
        '8 times), local base 10,000, one global layer in 6.',
      source:
        `${HF}/gemma3/configuration_gemma3.py @ 008f5c8c29be84d4721dc6d1e0fcd72300580be4 (Gemma3TextConfig: ` +
        'head_dim=256, rope_theta=1_000_000.0, rope_local_base_freq=10_000.0, sliding_window_pattern=6; ' +
        'rope_scaling is "used in global attention")',
    },
  },
  {
    id: 'phi-3.5-mini-instruct',
    name: 'Phi-3.5-mini',
    family: 'rope',
    config: {
      hidden_size: 3072,
      num_attention_heads: 32,
      num_key_value_heads: 32,
      num_hidden_layers: 32,
      max_position_embeddings: 131072,
      original_max_position_embeddings: 4096,
      rope_theta: 10000.0,
      rope_scaling: {
        long_factor: [
          1.0800000429153442, 1.1100000143051147, 1.1399999856948853, 1.340000033378601, 1.5899999141693115,
          1.600000023841858, 1.6200000047683716, 2.620000123977661, 3.2300000190734863, 3.2300000190734863,
          4.789999961853027, 7.400000095367432, 7.700000286102295, 9.09000015258789, 12.199999809265137,
          17.670000076293945, 24.46000099182129, 28.57000160217285, 30.420001983642578, 30.840002059936523,
          32.590003967285156, 32.93000411987305, 42.320003509521484, 44.96000289916992, 50.340003967285156,
          50.45000457763672, 57.55000305175781, 57.93000411987305, 58.21000289916992, 60.1400032043457,
          62.61000442504883, 62.62000274658203, 62.71000289916992, 63.1400032043457, 63.1400032043457,
          63.77000427246094, 63.93000411987305, 63.96000289916992, 63.970001220703125, 64.02999877929688,
          64.06999969482422, 64.08000183105469, 64.12000274658203, 64.41000366210938, 64.4800033569336,
          64.51000213623047, 64.52999877929688, 64.83999633789062,
        ],
        short_factor: [
          1.0, 1.0199999809265137, 1.0299999713897705, 1.0299999713897705, 1.0499999523162842,
          1.0499999523162842, 1.0499999523162842, 1.0499999523162842, 1.0499999523162842, 1.0699999332427979,
          1.0999999046325684, 1.1099998950958252, 1.1599998474121094, 1.1599998474121094, 1.1699998378753662,
          1.2899998426437378, 1.339999794960022, 1.679999828338623, 1.7899998426437378, 1.8199998140335083,
          1.8499997854232788, 1.8799997568130493, 1.9099997282028198, 1.9399996995925903, 1.9899996519088745,
          2.0199997425079346, 2.0199997425079346, 2.0199997425079346, 2.0199997425079346, 2.0199997425079346,
          2.0199997425079346, 2.0299997329711914, 2.0299997329711914, 2.0299997329711914, 2.0299997329711914,
          2.0299997329711914, 2.0299997329711914, 2.0299997329711914, 2.0299997329711914, 2.0299997329711914,
          2.0799996852874756, 2.0899996757507324, 2.189999580383301, 2.2199995517730713, 2.5899994373321533,
          2.729999542236328, 2.749999523162842, 2.8399994373321533,
        ],
        type: 'longrope',
      },
      sliding_window: 262144,
    },
    source: {
      url: 'https://huggingface.co/microsoft/Phi-3.5-mini-instruct/blob/main/config.json',
      checked: `${MLC} ("phi-3_5", _name_or_path Phi-3.5-mini-instruct, "transformers_version": "4.43.3")`,
    },
    note: {
      text: 'One rescale factor per rotating pair: 48 for heads of 3072 / 32 = 96 dimensions.',
      source: `${MLC} ("phi-3_5": 48 long and 48 short factors)`,
    },
  },
  {
    id: 'deepseek-v2-lite',
    name: 'DeepSeek-V2-Lite',
    family: 'rope',
    config: {
      hidden_size: 2048,
      num_attention_heads: 16,
      num_hidden_layers: 27,
      max_position_embeddings: 163840,
      kv_lora_rank: 512,
      qk_nope_head_dim: 128,
      qk_rope_head_dim: 64,
      v_head_dim: 128,
      rope_theta: 10000,
      rope_scaling: {
        beta_fast: 32,
        beta_slow: 1,
        factor: 40,
        mscale: 0.707,
        mscale_all_dim: 0.707,
        original_max_position_embeddings: 4096,
        type: 'yarn',
      },
    },
    source: {
      url: 'https://huggingface.co/deepseek-ai/DeepSeek-V2-Lite/blob/main/config.json',
      checked:
        `${MLC} ("deepseek_v2_lite"); ${DEEPSEEK} inference/configs/config_16B.json (n_heads 16, ` +
        'qk_rope_head_dim 64, mscale 0.707) and inference/model.py ModelArgs (original_seq_len 4096, ' +
        'rope_factor 40, beta_fast 32, beta_slow 1)',
    },
    note: {
      text: "Only 64 of each head's 192 query-key dimensions turn; the other 128 carry no position.",
      source: `${DEEPSEEK} inference/model.py ModelArgs: qk_nope_head_dim 128, qk_rope_head_dim 64`,
    },
  },
  {
    id: 'deepseek-v3',
    name: 'DeepSeek-V3',
    family: 'rope',
    config: {
      hidden_size: 7168,
      num_attention_heads: 128,
      num_hidden_layers: 61,
      max_position_embeddings: 163840,
      q_lora_rank: 1536,
      kv_lora_rank: 512,
      qk_nope_head_dim: 128,
      qk_rope_head_dim: 64,
      v_head_dim: 128,
      rope_theta: 10000,
      rope_scaling: {
        beta_fast: 32,
        beta_slow: 1,
        factor: 40,
        mscale: 1.0,
        mscale_all_dim: 1.0,
        original_max_position_embeddings: 4096,
        type: 'yarn',
      },
    },
    source: {
      url: 'https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json',
      checked:
        'the deepseek_v3 config.json reproduced in public repositories (code index file ids 51774936285, from ' +
        'DeepSeek-V3-0324; 58291722525; 57945318647; 67632248730, for V3, V3-0324, V3.1 and R1 alike); ' +
        `${DEEPSEEK} inference/configs/config_671B.json (dim 7168, 61 layers, 128 heads, q_lora_rank 1536, ` +
        'qk_rope_head_dim 64) and inference/model.py ModelArgs (original_seq_len 4096, rope_theta 10000.0, ' +
        'rope_factor 40, beta_fast 32, beta_slow 1, mscale 1.)',
    },
  },
  {
    id: 'llama-4-scout',
    name: 'Llama 4 Scout (17B-16E-Instruct)',
    family: 'nope-mixed',
    config: {
      text_config: {
        hidden_size: 5120,
        head_dim: 128,
        num_attention_heads: 40,
        num_key_value_heads: 8,
        num_hidden_layers: 48,
        max_position_embeddings: 10485760,
        rope_theta: 500000.0,
        rope_scaling: {
          factor: 16.0,
          high_freq_factor: 1.0,
          low_freq_factor: 1.0,
          original_max_position_embeddings: 8192,
          rope_type: 'llama3',
        },
        attention_chunk_size: 8192,
        no_rope_layers: [
          1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1,
          1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0,
        ],
      },
    },
    source: {
      url: 'https://huggingface.co/meta-llama/Llama-4-Scout-17B-16E-Instruct/blob/main/config.json',
      checked:
        `${HF}/llama4/configuration_llama4.py @ 008e574391258935f3ecc3035c882e73bbcac419 (Llama4TextConfig ` +
        'defaults: 5120, head_dim 128, 40 heads, 8 KV heads, 48 layers, attention_chunk_size 8192, ' +
        'no_rope_layer_interval 4, no_rope_layers[i] = int((i + 1) % 4 != 0), default_theta 500000.0); ' +
        `${LLAMA_MODELS} models/llama4/args.py ("Only Llama-4-Scout uses scaled rope": rope_scaling_factor 16, ` +
        'rope_high_freq_factor 1) and models/llama4/model.py (low_freq_factor = 1, old_context_len = 8192; ' +
        'is_nope_layer = (layer_id + 1) % nope_layer_interval == 0); ' +
        `${HF}/llama4/convert_llama4_weights_to_hf.py @ 074975050c719fefd6f7bbff8152f2e5eaf2443f ` +
        "(10485760 positions for the 16-expert instruct model); Scout's rope_scaling and 10485760 in a " +
        "public repository's test config (code index file id 70166759091); the no_rope_layers list in a " +
        'printed Llama-4-Scout-17B-16E config (file id 41112263523)',
    },
    note: {
      text: 'Every fourth layer (1 in no_rope_layers means RoPE, 0 means none) attends with no position at all.',
      source: `${HF}/llama4/configuration_llama4.py, Llama4TextConfig.__post_init__`,
    },
  },
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
