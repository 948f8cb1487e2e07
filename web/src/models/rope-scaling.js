// RoPE scaling's fields, as rope_scaling or rope_parameters name them (transformers' modeling_rope_utils.py,
// the _validate_*_rope_parameters functions): rope_type (or the old "type"), factor,
// original_max_position_embeddings, low_freq_factor and high_freq_factor (llama3), beta_fast, beta_slow,
// attention_factor, mscale, mscale_all_dim (yarn), short_factor and long_factor (longrope).

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
 * @param {ReturnType<typeof import('./config.js').fieldsOf>} f
 * @param {Record<string, unknown>} params
 * @param {string} where the field's path, for messages
 * @returns {import('./config.js').RopeScaling | null} null for plain RoPE
 */
export function readRopeScaling(f, params, where) {
  // The same fields under their paths (rope_scaling.factor), so that a message names the field in full.
  const named = Object.fromEntries(Object.entries(params).map(([key, value]) => [`${where}.${key}`, value]));
  const type = f.string(named, `${where}.rope_type`) ?? f.string(named, `${where}.type`) ?? 'default';
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
