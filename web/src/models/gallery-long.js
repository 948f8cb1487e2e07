// The gallery's RoPE models, part 2 of 2 (gallery.js gathers them): the position-related fields of each model's
// config.json, verbatim, with where each was checked.
import { MLC, HF, LLAMA_MODELS, DEEPSEEK } from './gallery-sources.js';

/** @type {import('./gallery.js').GalleryEntry[]} */
export const longContextModels = [
  {
    id: 'gemma-3-1b-it',
    name: 'Gemma 3 1B',
    family: 'rope',
    config: {
      model_type: 'gemma3_text',
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
      model_type: 'gemma3',
      text_config: {
        model_type: 'gemma3_text',
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
      model_type: 'phi3',
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
          // eslint-disable-next-line no-loss-of-precision -- verbatim from the config.json
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
      model_type: 'deepseek_v2',
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
      model_type: 'deepseek_v3',
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
      model_type: 'llama4',
      text_config: {
        model_type: 'llama4_text',
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
