// The gallery's RoPE models, part 1 of 2 (gallery.js gathers them): the position-related fields of each model's
// config.json, verbatim, with where each was checked.
import { MLC, LLAMA_CONVERT, LLAMA_MODELS } from './gallery-sources.js';

/** @type {import('./gallery.js').GalleryEntry[]} */
export const ropeModels = [
  {
    id: 'llama-2-7b',
    name: 'Llama 2 7B',
    family: 'rope',
    config: {
      model_type: 'llama',
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
      model_type: 'llama',
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
      model_type: 'llama',
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
      model_type: 'llama',
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
      model_type: 'llama',
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
      model_type: 'llama',
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
      model_type: 'mistral',
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
      model_type: 'mistral',
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
      model_type: 'qwen2',
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
];
