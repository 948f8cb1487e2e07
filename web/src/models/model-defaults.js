// The position fields a config.json may leave out because its model type's configuration class has a default for
// them: transformers writes only the fields that differ from the class's defaults (Gemma 3 12B's text_config
// names no head_dim, rope_theta or max_position_embeddings). Each value is the class's default, read from:
//   gemma3_text: src/transformers/models/gemma3/configuration_gemma3.py @ 008f5c8c29be84d4721dc6d1e0fcd72300580be4,
//     Gemma3TextConfig.__init__ (head_dim=256, max_position_embeddings=131_072, rope_theta=1_000_000.0,
//     rope_local_base_freq=10_000.0, sliding_window=4096, sliding_window_pattern=6); Gemma3Config's
//     sub_configs make its text_config a Gemma3TextConfig, so "gemma3" gets the same.
//   llama4_text: src/transformers/models/llama4/configuration_llama4.py @ 008e574391258935f3ecc3035c882e73bbcac419,
//     Llama4TextConfig (head_dim=128, max_position_embeddings=4096 * 32, num_hidden_layers=48,
//     no_rope_layer_interval=4, default_theta=500000.0); Llama4Config's text_config is one, so "llama4" too.
//   llama: src/transformers/models/llama/configuration_llama.py @ 008e574391258935f3ecc3035c882e73bbcac419,
//     LlamaConfig (max_position_embeddings=2048); its base 10,000 is the reader's own fallback, as in
//     convert_llama_weights_to_hf.py (params.get("rope_theta", 10000.0)).
//   phi3: src/transformers/models/phi3/configuration_phi3.py @ 008e574391258935f3ecc3035c882e73bbcac419,
//     Phi3Config (max_position_embeddings=4096, original_max_position_embeddings=4096).
// Only position fields are listed: widths and head counts a file leaves out are not guessed.

const GEMMA3_TEXT = Object.freeze({
  head_dim: 256,
  max_position_embeddings: 131_072,
  rope_theta: 1_000_000,
  rope_local_base_freq: 10_000,
  sliding_window: 4096,
  sliding_window_pattern: 6,
});
const LLAMA4_TEXT = Object.freeze({
  head_dim: 128,
  max_position_embeddings: 4096 * 32,
  num_hidden_layers: 48,
  no_rope_layer_interval: 4,
  rope_theta: 500_000,
});

/** @type {Readonly<Record<string, Readonly<Record<string, number>>>>} */
const DEFAULTS = Object.freeze({
  gemma3_text: GEMMA3_TEXT,
  gemma3: GEMMA3_TEXT,
  llama4_text: LLAMA4_TEXT,
  llama4: LLAMA4_TEXT,
  llama: Object.freeze({ max_position_embeddings: 2048 }),
  phi3: Object.freeze({ max_position_embeddings: 4096, original_max_position_embeddings: 4096 }),
});

/**
 * A config with its model type's defaults under it: a key the file has, even as null, wins, as it does when
 * transformers passes the file's fields to the configuration class.
 * @param {Record<string, unknown>} config
 * @param {string | null} modelType
 * @returns {Record<string, unknown>}
 */
export function withDefaults(config, modelType) {
  const defaults = modelType !== null && Object.hasOwn(DEFAULTS, modelType) ? DEFAULTS[modelType] : null;
  return defaults ? { ...defaults, ...config } : config;
}
