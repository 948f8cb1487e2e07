// A config.json's RoPE fields read into RopeSettings (config.js's typedefs), after the model type's defaults
// (model-defaults.js) are under them. Beyond the fields config.js lists:
//   MLA (DeepSeek V2 and V3): only qk_rope_head_dim dimensions of each query and key turn, and transformers gives
//     the rotary embedding head_dim = qk_rope_head_dim (models/deepseek_v3/configuration_deepseek_v3.py @
//     001f85b38fb432858ace93f18622f07cec46d874, DeepseekV3Config.__init__), not hidden_size / heads.
//   Gemma 3 before rope_parameters: rope_theta and rope_scaling for the global layers, rope_local_base_freq with no
//     scaling for the sliding-window ones (models/gemma3/configuration_gemma3.py @
//     008f5c8c29be84d4721dc6d1e0fcd72300580be4: rope_scaling is "used in global attention",
//     rope_local_base_freq is "the base period of the RoPE embeddings for local attention").
//   longrope (Phi-3): original_max_position_embeddings sits beside rope_scaling, not in it; the scaling takes it
//     from there when it has none of its own (modeling_rope_utils.py @ 0044e3b3facff1a1ad60b235c69d5b45beae75a4,
//     _validate_longrope_parameters: "The latter lives outside `rope_scaling` and is unique to longrope").
import { readRopeScaling } from './rope-scaling.js';

const MAX_LAYERS = 10_000;
const WHOLE = { integer: true, min: 1 };
const POSITIVE = { above: 0 };

/**
 * @param {ReturnType<typeof import('./config.js').fieldsOf>} f
 * @param {Record<string, unknown>} c the config, text_config merged in, the model type's defaults under it
 * @param {import('./config.js').PositionSetting} setting filled in: rope, ropeByLayerType, noRopeLayers
 */
export function readRope(f, c, setting) {
  const { modelType } = setting;
  const headDim =
    f.number(c, 'qk_rope_head_dim', WHOLE) ??
    f.number(c, 'head_dim', WHOLE) ??
    (setting.hiddenSize !== null && setting.heads !== null
      ? Math.floor(setting.hiddenSize / setting.heads)
      : null);
  const baseTheta = f.number(c, 'rope_theta', POSITIVE) ?? f.number(c, 'rotary_emb_base', POSITIVE);
  const rotaryDim = f.number(c, 'rotary_dim', WHOLE);
  const partial = f.number(c, 'partial_rotary_factor', POSITIVE) ?? f.number(c, 'rotary_pct', POSITIVE);
  const original = f.number(c, 'original_max_position_embeddings', WHOLE);
  /**
   * @param {Record<string, unknown> | null} params
   * @param {string} where
   * @param {number | null} [theta] the base when params carries none (else rope_theta, else 10,000)
   * @returns {import('./config.js').RopeSetting}
   */
  const one = (params, where, theta = null) => {
    const own = params ? f.number(params, 'rope_theta', POSITIVE) : null;
    const ownPartial = params ? f.number(params, 'partial_rotary_factor', POSITIVE) : null;
    const factor = ownPartial ?? partial;
    const dims = rotaryDim ?? (headDim !== null && factor !== null ? Math.floor(headDim * factor) : headDim);
    const scaling = params ? readRopeScaling(f, params, where, modelType) : null;
    if (scaling?.type === 'longrope' && scaling.originalContext === null) scaling.originalContext = original;
    return { theta: own ?? theta ?? baseTheta ?? 10000, headDim, rotaryDim: dims, scaling };
  };
  const parameters = f.object(c, 'rope_parameters');
  const scaling = f.object(c, 'rope_scaling');
  const localTheta = f.number(c, 'rope_local_base_freq', POSITIVE);
  const nested =
    parameters &&
    Object.keys(parameters).length > 0 &&
    Object.values(parameters).every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  if (nested) {
    /** @type {Record<string, import('./config.js').RopeSetting>} */
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
  } else if (localTheta !== null && !parameters) {
    const global = one(scaling, 'rope_scaling');
    setting.ropeByLayerType = { full_attention: global, sliding_attention: one(null, '', localTheta) };
    setting.rope = global;
  } else {
    setting.rope = one(parameters ?? scaling, parameters ? 'rope_parameters' : 'rope_scaling');
  }
  setting.noRopeLayers = readNoRope(f, c);
}

/** @param {ReturnType<typeof import('./config.js').fieldsOf>} f @param {Record<string, unknown>} c */
function readNoRope(f, c) {
  const list = c.no_rope_layers;
  if (Array.isArray(list) && list.length > 0) {
    if (list.length > MAX_LAYERS || !list.every((x) => x === 0 || x === 1))
      f.wrong('no_rope_layers', list, 'a list of 0 (NoPE) and 1 (RoPE)');
    return list.flatMap((x, i) => (x === 0 ? [i] : []));
  }
  if (list !== undefined && list !== null && !Array.isArray(list))
    f.wrong('no_rope_layers', list, 'a list of 0 (NoPE) and 1 (RoPE)');
  const interval = f.number(c, 'no_rope_layer_interval', WHOLE);
  const layers = f.number(c, 'num_hidden_layers', { integer: true, min: 0 });
  if (interval === null || layers === null || layers > MAX_LAYERS) return null;
  const out = [];
  for (let i = 0; i < layers; i++) if ((i + 1) % interval === 0) out.push(i);
  return out;
}
