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
import { readRopeScaling } from './rope-scaling.js';

/** The most bytes a config.json may have (real ones are a few kB). */
export const CONFIG_BYTE_CAP = 1024 * 1024;
const MAX_LAYERS = 10_000;

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
  const config = inner ? { ...top, ...inner } : top;
  const modelType = f.string(inner ?? {}, 'model_type') ?? f.string(top, 'model_type');
  const whole = { integer: true, min: 1 };
  const heads = f.first(config, ['num_attention_heads', 'n_head', 'n_heads', 'num_heads'], whole);
  const hiddenSize = f.first(config, ['hidden_size', 'n_embd', 'd_model'], whole);
  const contextLength = f.first(
    config,
    ['max_position_embeddings', 'n_positions', 'max_seq_len', 'n_ctx'],
    whole,
  );
  const setting = blankSetting({
    modelType,
    contextLength,
    slidingWindow: f.number(config, 'sliding_window', whole),
    hiddenSize,
    heads,
    padTokenId: f.number(config, 'pad_token_id', { integer: true, min: 0 }),
  });
  readScheme(f, config, setting);
  return setting;
}

/**
 * @param {ReturnType<typeof fieldsOf>} f
 * @param {Record<string, unknown>} config
 * @param {PositionSetting} setting
 */
function readScheme(f, config, setting) {
  const { modelType, contextLength } = setting;
  const attn = f.object(config, 'attn_config');
  const buckets = f.number(config, 'relative_attention_num_buckets', { integer: true, min: 1 });
  const alibiFlag = attn ? attn.alibi : config.alibi;
  if (alibiFlag !== undefined && alibiFlag !== null && typeof alibiFlag !== 'boolean')
    f.wrong('alibi', alibiFlag, 'true or false');
  if (buckets !== null || (modelType !== null && T5_TYPES.has(modelType))) {
    setting.scheme = 't5';
    setting.t5 = {
      buckets: buckets ?? 32,
      maxDistance: f.number(config, 'relative_attention_max_distance', { integer: true, min: 1 }) ?? 128,
    };
  } else if (modelType === 'bloom' || alibiFlag === true) {
    setting.scheme = 'alibi';
    setting.alibi = { biasMax: (attn && f.number(attn, 'alibi_bias_max', { above: 0 })) ?? 8 };
  } else if (isRope(config, modelType)) {
    setting.scheme = 'rope';
    readRope(f, config, setting);
  } else if (contextLength !== null && (modelType === null || LEARNED_TYPES.has(modelType))) {
    setting.scheme = 'learned';
    setting.learned = { positions: contextLength };
  }
}

/** @param {Record<string, unknown>} c @param {string | null} modelType */
const isRope = (c, modelType) =>
  [
    'rope_theta',
    'rotary_emb_base',
    'rope_scaling',
    'rope_parameters',
    'rotary_dim',
    'rotary_pct',
    'partial_rotary_factor',
  ].some((k) => c[k] !== undefined && c[k] !== null) ||
  (modelType !== null &&
    /llama|mistral|mixtral|qwen|gemma|phi|gpt_neox|gptj|olmo|stablelm|deepseek|smollm|falcon|cohere|granite/.test(
      modelType,
    ));

/**
 * @param {ReturnType<typeof fieldsOf>} f
 * @param {Record<string, unknown>} c
 * @param {PositionSetting} setting
 */
function readRope(f, c, setting) {
  const headDim =
    f.number(c, 'head_dim', { integer: true, min: 1 }) ??
    (setting.hiddenSize !== null && setting.heads !== null
      ? Math.floor(setting.hiddenSize / setting.heads)
      : null);
  const baseTheta = f.number(c, 'rope_theta', { above: 0 }) ?? f.number(c, 'rotary_emb_base', { above: 0 });
  const rotaryDim = f.number(c, 'rotary_dim', { integer: true, min: 1 });
  const partial =
    f.number(c, 'partial_rotary_factor', { above: 0 }) ?? f.number(c, 'rotary_pct', { above: 0 });
  /** @param {Record<string, unknown> | null} params @param {string} where @returns {RopeSetting} */
  const one = (params, where) => {
    const own = params ? f.number(params, 'rope_theta', { above: 0 }) : null;
    const ownPartial = params ? f.number(params, 'partial_rotary_factor', { above: 0 }) : null;
    const factor = ownPartial ?? partial;
    const theta = own ?? baseTheta ?? 10000;
    const dims = rotaryDim ?? (headDim !== null && factor !== null ? Math.floor(headDim * factor) : headDim);
    return { theta, headDim, rotaryDim: dims, scaling: params ? readRopeScaling(f, params, where) : null };
  };
  const parameters = f.object(c, 'rope_parameters');
  const scaling = f.object(c, 'rope_scaling');
  const nested =
    parameters &&
    Object.keys(parameters).length > 0 &&
    Object.values(parameters).every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  if (nested) {
    /** @type {Record<string, RopeSetting>} */
    const byType = Object.create(null);
    for (const key of Object.keys(/** @type {object} */ (parameters)).slice(0, 16)) {
      byType[key] = one(
        /** @type {Record<string, unknown>} */ (
          f.object(/** @type {Record<string, unknown>} */ (parameters), key)
        ),
        `rope_parameters.${key}`,
      );
    }
    setting.ropeByLayerType = byType;
    setting.rope = byType.full_attention ?? Object.values(byType)[0];
  } else {
    setting.rope = one(parameters ?? scaling, parameters ? 'rope_parameters' : 'rope_scaling');
  }
  setting.noRopeLayers = readNoRope(f, c);
}

/** @param {ReturnType<typeof fieldsOf>} f @param {Record<string, unknown>} c */
function readNoRope(f, c) {
  const list = c.no_rope_layers;
  if (Array.isArray(list) && list.length > 0) {
    if (list.length > MAX_LAYERS || !list.every((x) => x === 0 || x === 1))
      f.wrong('no_rope_layers', list, 'a list of 0 (NoPE) and 1 (RoPE)');
    return list.flatMap((x, i) => (x === 0 ? [i] : []));
  }
  if (list !== undefined && list !== null && !Array.isArray(list))
    f.wrong('no_rope_layers', list, 'a list of 0 (NoPE) and 1 (RoPE)');
  const interval = f.number(c, 'no_rope_layer_interval', { integer: true, min: 1 });
  const layers = f.number(c, 'num_hidden_layers', { integer: true, min: 0 });
  if (interval === null || layers === null || layers > MAX_LAYERS) return null;
  const out = [];
  for (let i = 0; i < layers; i++) if ((i + 1) % interval === 0) out.push(i);
  return out;
}
