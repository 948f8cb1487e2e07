// One RopeSetting (config.js's typedef, as positionSetting or ggufPositionSetting give it) as the arguments of
// pe-models' ropeSpectrum(headDim, base, contextLength, scaling, options) (cpp/bindings/pe-models.d.ts): the
// scaling's fields under the engine's camelCase names, its type under transformers' canonical name (the engine
// takes no other: "su" is longrope), and the rotating share of the head as partialRotaryFactor. Pure: no engine.
// Equal llama3 band factors (Llama 4 Scout's 1 and 1, which transformers only warns about) go to the engine as
// they are: it keeps the wavelengths under original / factor and divides those over it.
import { canonicalRopeType } from './rope-scaling.js';

/** @typedef {'default' | 'linear' | 'dynamic' | 'yarn' | 'longrope' | 'llama3'} SpectrumRopeType */
/**
 * pe-models' RopeScaling (pe-models.d.ts).
 * @typedef {object} SpectrumScaling
 * @property {SpectrumRopeType} ropeType
 * @property {number} [factor]
 * @property {number} [originalMaxPositionEmbeddings]
 * @property {number} [lowFreqFactor]
 * @property {number} [highFreqFactor]
 * @property {number} [betaFast]
 * @property {number} [betaSlow]
 * @property {number} [mscale]
 * @property {number} [mscaleAllDim]
 * @property {number} [attentionFactor]
 * @property {number[]} [shortFactor]
 * @property {number[]} [longFactor]
 */
/**
 * ropeSpectrum's arguments, in order: headDim, base, contextLength, scaling, options.
 * @typedef {[number, number, number, SpectrumScaling | null, { partialRotaryFactor?: number }]} SpectrumArgs
 */

/** @type {readonly SpectrumRopeType[]} */
const ROPE_TYPES = ['default', 'linear', 'dynamic', 'yarn', 'longrope', 'llama3'];

/** RopeScaling's fields (rope-scaling.js), the engine's name for each, and the config.json key, for messages. */
const FIELDS = /** @type {const} */ ([
  ['factor', 'factor', 'factor'],
  ['originalContext', 'originalMaxPositionEmbeddings', 'original_max_position_embeddings'],
  ['lowFreqFactor', 'lowFreqFactor', 'low_freq_factor'],
  ['highFreqFactor', 'highFreqFactor', 'high_freq_factor'],
  ['betaFast', 'betaFast', 'beta_fast'],
  ['betaSlow', 'betaSlow', 'beta_slow'],
  ['mscale', 'mscale', 'mscale'],
  ['mscaleAllDim', 'mscaleAllDim', 'mscale_all_dim'],
  ['attentionFactor', 'attentionFactor', 'attention_factor'],
  ['shortFactor', 'shortFactor', 'short_factor'],
  ['longFactor', 'longFactor', 'long_factor'],
]);

/** The fields each type cannot do without (the engine's required ones, pe-models.d.ts). */
const REQUIRED = /** @type {Record<SpectrumRopeType, string[]>} */ ({
  default: [],
  linear: ['factor'],
  dynamic: ['factor'],
  yarn: ['factor'],
  longrope: ['shortFactor', 'longFactor'],
  llama3: ['factor', 'originalContext', 'lowFreqFactor', 'highFreqFactor'],
});

/** @param {string} message @returns {never} */
const fail = (message) => {
  throw new Error(`spectrumArgs: ${message}`);
};

/**
 * ropeSpectrum's arguments for one RoPE setting.
 * @param {import('./config.js').RopeSetting | null | undefined} rope
 * @param {number | null | undefined} contextLength the setting's context window (max_position_embeddings)
 * @returns {SpectrumArgs}
 * @throws {Error} naming what is missing or what the engine cannot take
 */
export function spectrumArgs(rope, contextLength) {
  if (!rope) return fail('no RoPE setting (the config has no rotary position fields)');
  const { headDim, theta } = rope;
  if (headDim === null)
    fail('the head dimension is missing (no head_dim, and no hidden_size and num_attention_heads to divide)');
  if (contextLength === null || contextLength === undefined)
    fail('the context length is missing (no max_position_embeddings, n_positions, max_seq_len or n_ctx)');
  const rotaryDim = rope.rotaryDim ?? headDim;
  if (rotaryDim > headDim) fail(`${rotaryDim} rotating dimensions are more than the head's ${headDim}`);
  const options = rotaryDim === headDim ? {} : { partialRotaryFactor: partialFactor(rotaryDim, headDim) };
  return [headDim, theta, contextLength, scalingArg(rope.scaling), options];
}

/**
 * The share of the head that turns, such that int(headDim * share) is rotaryDim, as ropeSpectrum counts it.
 * @param {number} rotaryDim
 * @param {number} headDim
 */
function partialFactor(rotaryDim, headDim) {
  const share = rotaryDim / headDim;
  // The quotient may land one unit in the last place short, and int() would then drop a dimension.
  return Math.floor(headDim * share) === rotaryDim ? share : (rotaryDim + 0.5) / headDim;
}

/**
 * @param {import('./config.js').RopeScaling | null} scaling
 * @returns {SpectrumScaling | null}
 */
function scalingArg(scaling) {
  if (!scaling) return null;
  const type = canonicalRopeType(scaling.type);
  const ropeType = ROPE_TYPES.find((t) => t === type);
  if (!ropeType)
    return fail(`rope type "${scaling.type}" is not one the engine computes (${ROPE_TYPES.join(', ')})`);
  const missing = FIELDS.filter(([from]) => REQUIRED[ropeType].includes(from) && !present(scaling[from]));
  if (missing.length > 0)
    fail(`${ropeType} scaling needs ${missing.map(([, , key]) => `rope_scaling.${key}`).join(', ')}`);
  /** @type {Record<string, unknown>} */
  const out = { ropeType };
  for (const [from, to] of FIELDS) if (present(scaling[from])) out[to] = scaling[from];
  return /** @type {SpectrumScaling} */ (out);
}

/** @param {unknown} value */
const present = (value) =>
  (typeof value === 'number' && Number.isFinite(value)) || (Array.isArray(value) && value.length > 0);
