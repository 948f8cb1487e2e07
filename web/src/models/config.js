// config.json, parsed under a byte cap and read into a position setting of plain numbers and names; the engine
// computes the mathematics from them later. Field names, each as transformers' configuration files spell them:
//   context: max_position_embeddings, n_positions, max_seq_len (MPT), n_ctx; sliding_window
//     (models/mistral/configuration_mistral.py, models/gemma3/configuration_gemma3.py)
//   learned: n_positions (models/gpt2/configuration_gpt2.py, models/gptj/configuration_gptj.py),
//     max_position_embeddings (models/bert/configuration_bert.py, models/roberta/configuration_roberta.py,
//     models/opt/configuration_opt.py), pad_token_id (RoBERTa's position ids start after it)
//   T5: relative_attention_num_buckets, relative_attention_max_distance (models/t5/configuration_t5.py)
//   ALiBi: BLOOM always (models/bloom/modeling_bloom.py, build_alibi_tensor); MPT attn_config.alibi and
//     alibi_bias_max (models/mpt/configuration_mpt.py); Falcon's alibi (models/falcon/configuration_falcon.py)
//   NoPE layers: no_rope_layers (1 = RoPE, 0 = NoPE) or every no_rope_layer_interval-th layer, default 4
//     (models/llama4/configuration_llama4.py, Llama4TextConfig.__post_init__), inside text_config for Llama 4
//   RoPE: rope_theta, or rotary_emb_base (models/gpt_neox/configuration_gpt_neox.py, with rotary_pct);
//     rotary_dim (GPT-J); partial_rotary_factor; head_dim or hidden_size / num_attention_heads; rope_scaling, or
//     rope_parameters, which carries rope_theta and may be nested per layer type ("full_attention",
//     "sliding_attention"), with the old key "type" for "rope_type" (modeling_rope_utils.py,
//     RotaryEmbeddingConfigMixin.standardize_rope_params); dim = int(head_dim * partial_rotary_factor).
import { formatBytes, ModelFileError, shown } from './errors.js';
import { withDefaults } from './model-defaults.js';
import { readRope } from './rope-setting.js';

/** The most bytes a config.json may have (real ones are a few kB). */
export const CONFIG_BYTE_CAP = 1024 * 1024;

// Whisper's decoder table has max_target_positions rows (its encoder's sinusoids, max_source_positions, are
// fixed), and WhisperConfig maps num_attention_heads to encoder_attention_heads (models/whisper/
// configuration_whisper.py @ bbc37f1adbebdf3de140688ee2f568e84e7fd662, attribute_map); BLOOM's old n_embed is
// its hidden_size (models/bloom/configuration_bloom.py @ d94ee404add5208a61220111258cbafa50aaa297) and its
// seq_length the length it was trained at, ALiBi having no table.
const CONTEXT_KEYS = [
  'max_position_embeddings',
  'n_positions',
  'max_seq_len',
  'n_ctx',
  'max_target_positions',
  'seq_length',
];
const WIDTH_KEYS = ['hidden_size', 'n_embd', 'd_model', 'n_embed'];
const HEAD_KEYS = ['num_attention_heads', 'n_head', 'n_heads', 'num_heads', 'encoder_attention_heads'];
const T5_TYPES = new Set(['t5', 'mt5', 'umt5', 'longt5', 'switch_transformers']);
const LEARNED_TYPES = new Set([
  'gpt2',
  'gpt_bigcode',
  'gpt_neo',
  'bert',
  'roberta',
  'xlm-roberta',
  'camembert',
  'distilbert',
  'electra',
  'opt',
  'bart',
  'mbart',
  'whisper',
  'biogpt',
  'xglm',
]);

/**
 * @typedef {{ type: string, [key: string]: number | string | number[] | null }} RopeScaling
 * @typedef {object} RopeSetting
 * @property {number} theta
 * @property {number | null} headDim
 * @property {number | null} rotaryDim the dimensions that rotate (all of headDim unless partial)
 * @property {RopeScaling | null} scaling
 * @typedef {object} PositionSetting
 * @property {string | null} modelType
 * @property {'learned' | 't5' | 'alibi' | 'rope' | 'unknown'} scheme
 * @property {number | null} contextLength
 * @property {number | null} slidingWindow the span of sliding-window layers, when some layers have one
 * @property {number | null} hiddenSize
 * @property {number | null} heads
 * @property {number | null} padTokenId
 * @property {{ positions: number } | null} learned
 * @property {{ buckets: number, maxDistance: number } | null} t5
 * @property {{ biasMax: number } | null} alibi
 * @property {RopeSetting | null} rope
 * @property {Record<string, RopeSetting> | null} ropeByLayerType
 * @property {number[] | null} noRopeLayers the layers without RoPE
 */

/**
 * @param {Uint8Array | string} input config.json's bytes or text
 * @param {string} [file]
 * @param {number} [cap] the most bytes it may have
 * @returns {Record<string, unknown>}
 */
export function parseConfigJson(input, file = 'config.json', cap = CONFIG_BYTE_CAP) {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > cap)
    throw new ModelFileError(
      file,
      `it is ${formatBytes(size)}`,
      `a JSON file of at most ${formatBytes(cap)}`,
    );
  let text = input;
  if (typeof text !== 'string') {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(text);
    } catch {
      throw new ModelFileError(file, 'it is not valid UTF-8', 'a UTF-8 JSON file');
    }
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ModelFileError(
      file,
      `it is not JSON (${error instanceof Error ? error.message.slice(0, 80) : ''})`,
      'a JSON object',
    );
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new ModelFileError(file, `it holds ${shown(json)}`, 'a JSON object');
  return json;
}

/** Field readers that name the field and the file when a value has the wrong type. @param {string} file */
export function fieldsOf(file) {
  /** @param {string} key @param {unknown} value @param {string} expected @returns {never} */
  const wrong = (key, value, expected) => {
    throw new ModelFileError(file, `${key} is ${shown(value)}`, expected);
  };
  return {
    wrong,
    /** @param {Record<string, unknown>} o @param {string} key @param {{ integer?: boolean, min?: number, above?: number }} [rule] */
    number(o, key, rule = {}) {
      const value = o[key];
      if (value === undefined || value === null) return null;
      if (typeof value !== 'number' || !Number.isFinite(value)) return wrong(key, value, 'a number');
      if (rule.integer && !Number.isSafeInteger(value)) return wrong(key, value, 'a whole number');
      if (rule.min !== undefined && value < rule.min)
        return wrong(key, value, `a number of at least ${rule.min}`);
      if (rule.above !== undefined && value <= rule.above)
        return wrong(key, value, `a number above ${rule.above}`);
      return value;
    },
    /** @param {Record<string, unknown>} o @param {string[]} keys @param {{ integer?: boolean, min?: number }} rule */
    first(o, keys, rule) {
      for (const key of keys) {
        const value = this.number(o, key, rule);
        if (value !== null) return value;
      }
      return null;
    },
    /** @param {Record<string, unknown>} o @param {string} key */
    string(o, key) {
      const value = o[key];
      if (value === undefined || value === null) return null;
      if (typeof value !== 'string' || value.length > 200) return wrong(key, value, 'a short string');
      return value;
    },
    /** @param {Record<string, unknown>} o @param {string} key @returns {Record<string, unknown> | null} */
    object(o, key) {
      const value = o[key];
      if (value === undefined || value === null) return null;
      if (typeof value !== 'object' || Array.isArray(value)) return wrong(key, value, 'an object');
      return /** @type {Record<string, unknown>} */ (value);
    },
  };
}

/**
 * A setting whose scheme is not known yet.
 * @param {Pick<PositionSetting, 'modelType' | 'contextLength' | 'slidingWindow' | 'hiddenSize' | 'heads' | 'padTokenId'>} sizes
 * @returns {PositionSetting}
 */
export const blankSetting = (sizes) => ({
  ...sizes,
  scheme: 'unknown',
  learned: null,
  t5: null,
  alibi: null,
  rope: null,
  ropeByLayerType: null,
  noRopeLayers: null,
});

/**
 * A config.json's position setting.
 * @param {Record<string, unknown>} top as parseConfigJson returns it
 * @param {string} [file]
 * @returns {PositionSetting}
 */
export function positionSetting(top, file = 'config.json') {
  const f = fieldsOf(file);
  const inner = f.object(top, 'text_config');
  const modelType = f.string(inner ?? {}, 'model_type') ?? f.string(top, 'model_type');
  const config = withDefaults(inner ? { ...top, ...inner } : top, modelType);
  const whole = { integer: true, min: 1 };
  const heads = f.first(config, HEAD_KEYS, whole);
  const hiddenSize = f.first(config, WIDTH_KEYS, whole);
  const contextLength = f.first(config, CONTEXT_KEYS, whole);
  const setting = blankSetting({
    modelType,
    contextLength,
    // Qwen2's window is off unless use_sliding_window is true (models/qwen2/configuration_qwen2.py @
    // caa3177646255d2cf73626315c8582722af4749c: sliding_window if self.use_sliding_window else None).
    slidingWindow: config.use_sliding_window === false ? null : f.number(config, 'sliding_window', whole),
    hiddenSize,
    heads,
    padTokenId: f.number(config, 'pad_token_id', { integer: true, min: 0 }),
  });
  readScheme(f, config, setting);
  return setting;
}

/**
 * The scheme, in this order: T5's buckets, ALiBi (BLOOM, or an alibi flag), a RoPE field (even a null
 * rope_scaling, which transformers writes only for rotary models: Llama 2's config.json has no other), a model
 * type known to learn its table, a model type known to rotate, and last a context length with no type at all.
 * The learned types are matched whole before the rotary ones by substring, so that no learned type is taken for
 * RoPE by a shared fragment of its name.
 * @param {ReturnType<typeof fieldsOf>} f
 * @param {Record<string, unknown>} config
 * @param {PositionSetting} setting
 */
function readScheme(f, config, setting) {
  const { modelType, contextLength } = setting;
  const attn = f.object(config, 'attn_config');
  const buckets = f.number(config, 'relative_attention_num_buckets', { integer: true, min: 1 });
  const alibiFlag = alibiFlagOf(f, attn ? attn.alibi : config.alibi);
  const learnedType = LEARNED_TYPES.has(modelType ?? '');
  if (buckets !== null || T5_TYPES.has(modelType ?? '')) {
    setting.scheme = 't5';
    setting.t5 = {
      buckets: buckets ?? 32,
      maxDistance: f.number(config, 'relative_attention_max_distance', { integer: true, min: 1 }) ?? 128,
    };
  } else if (modelType === 'bloom' || alibiFlag === true) {
    setting.scheme = 'alibi';
    setting.alibi = { biasMax: (attn && f.number(attn, 'alibi_bias_max', { above: 0 })) ?? 8 };
  } else if (hasRopeField(config) || (!learnedType && ROPE_TYPE.test(modelType ?? ''))) {
    setting.scheme = 'rope';
    readRope(f, config, setting);
  } else if (contextLength !== null && (modelType === null || learnedType)) {
    setting.scheme = 'learned';
    setting.learned = { positions: contextLength };
  }
}

/** MPT's attn_config.alibi or Falcon's alibi, if a boolean. @param {ReturnType<typeof fieldsOf>} f @param {unknown} flag */
function alibiFlagOf(f, flag) {
  if (flag !== undefined && flag !== null && typeof flag !== 'boolean')
    f.wrong('alibi', flag, 'true or false');
  return flag;
}

const ROPE_TYPE =
  /llama|mistral|mixtral|qwen|gemma|phi|gpt_neox|gptj|olmo|stablelm|deepseek|smollm|falcon|cohere|granite/;
const ROPE_FIELDS = [
  'rope_theta',
  'rotary_emb_base',
  'rope_parameters',
  'rotary_dim',
  'rotary_pct',
  'partial_rotary_factor',
  'qk_rope_head_dim',
];

/** A RoPE field with a value, or rope_scaling present at all. @param {Record<string, unknown>} c */
const hasRopeField = (c) =>
  Object.hasOwn(c, 'rope_scaling') || ROPE_FIELDS.some((k) => c[k] !== undefined && c[k] !== null);
