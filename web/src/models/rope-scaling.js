// RoPE scaling's fields, as rope_scaling or rope_parameters name them (transformers' modeling_rope_utils.py,
// the _validate_*_rope_parameters functions): rope_type (or the old "type"), factor,
// original_max_position_embeddings, low_freq_factor and high_freq_factor (llama3), beta_fast, beta_slow,
// attention_factor, mscale, mscale_all_dim (yarn), short_factor and long_factor (longrope).
// The type is read as transformers standardises it: Phi-3's old names "su" and "yarn" are longrope
// (models/phi3/configuration_phi3.py @ 008e574391258935f3ecc3035c882e73bbcac419, "For backward compatibility if
// previous version used "su" or "yarn""); "su" means longrope for any model (it was LongRoPE's first name), while
// "yarn" is renamed only for model_type phi3, YaRN being a type of its own everywhere else.

const NUMBERS = {
  factor: 'factor',
  original_max_position_embeddings: 'originalContext',
  low_freq_factor: 'lowFreqFactor',
  high_freq_factor: 'highFreqFactor',
  beta_fast: 'betaFast',
  beta_slow: 'betaSlow',
  attention_factor: 'attentionFactor',
  mscale: 'mscale',
  mscale_all_dim: 'mscaleAllDim',
};
const MAX_FACTORS = 4096;

/**
 * A rope type under the name transformers uses for it.
 * @param {string} type as the file spells it (rope_type, or the old type)
 * @param {string | null} [modelType]
 */
export const canonicalRopeType = (type, modelType = null) =>
  type === 'su' || (type === 'yarn' && modelType === 'phi3') ? 'longrope' : type;

/**
 * @param {ReturnType<typeof import('./config.js').fieldsOf>} f
 * @param {Record<string, unknown>} params
 * @param {string} where the field's path, for messages
 * @param {string | null} [modelType] for Phi-3's old names
 * @returns {import('./config.js').RopeScaling | null} null for plain RoPE
 */
export function readRopeScaling(f, params, where, modelType = null) {
  // The same fields under their paths (rope_scaling.factor), so that a message names the field in full.
  const named = Object.fromEntries(Object.entries(params).map(([key, value]) => [`${where}.${key}`, value]));
  const written = f.string(named, `${where}.rope_type`) ?? f.string(named, `${where}.type`) ?? 'default';
  const type = canonicalRopeType(written, modelType);
  /** @type {import('./config.js').RopeScaling} */
  const scaling = { type };
  for (const [key, out] of Object.entries(NUMBERS))
    scaling[out] = f.number(named, `${where}.${key}`, { min: 0 });
  for (const [key, out] of [
    ['short_factor', 'shortFactor'],
    ['long_factor', 'longFactor'],
  ]) {
    const list = params[key];
    if (list === undefined || list === null) continue;
    if (
      !Array.isArray(list) ||
      list.length > MAX_FACTORS ||
      !list.every((x) => typeof x === 'number' && Number.isFinite(x))
    )
      f.wrong(`${where}.${key}`, list, `a list of at most ${MAX_FACTORS} numbers`);
    scaling[out] = /** @type {number[]} */ (list);
  }
  const plain = type === 'default' && Object.keys(scaling).every((k) => k === 'type' || scaling[k] === null);
  return plain ? null : scaling;
}
