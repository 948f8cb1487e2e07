// What a position setting does, asked of the engine: a RoPE setting's spectrum (every rotary pair's wavelength,
// before and after its scaling, against the context window) per layer type, ALiBi's slopes from the head count,
// and the facts of a learned table or T5's buckets. The setting comes from a gallery entry's config.json fields
// or from the reader's own config.json (models/config.js); every number shown here is one of its fields or the
// engine's answer.
import { positionSetting } from '../../models/config.js';
import { spectrumArgs } from '../../models/spectrum-args.js';
import { formatInt, formatSig, formatValue } from '../../ui/format.js';

/** A pair is "kept" by its scaling when its frequency moved by less than this, relative. */
const KEPT = 1e-9;

/**
 * @typedef {object} Spectrum
 * @property {string} type the layer type ('all layers', or a rope_parameters key such as 'sliding_attention')
 * @property {import('../../models/config.js').RopeSetting} rope
 * @property {ReturnType<import('../../../../cpp/bindings/pe-models.d.ts').PeModels['ropeSpectrum']>} result
 * @property {number | null} window the tokens a layer of this type sees: the sliding window for
 *   sliding-window layers, else the context length
 * @property {number} noTurn pairs whose scaled wavelength exceeds that window (turns < 1)
 * @property {number} slowed pairs the scaling slows (pairFactor > 1)
 * @typedef {object} Analysis
 * @property {import('../../models/config.js').PositionSetting} setting
 * @property {Spectrum[]} spectra
 * @property {Float64Array | null} slopes ALiBi's, one a head
 * @property {{ maxOffset: number, both: Int32Array, causal: Int32Array } | null} buckets T5's bucket of every
 *   signed offset -maxOffset..maxOffset, for the encoder (both directions) and the decoder (causal)
 */

/** The largest offset T5's charts show: 1.5 times the max distance, past which every offset shares a bucket. */
export const t5Reach = (maxDistance) => Math.min(65536, Math.ceil(1.5 * maxDistance));

/**
 * @param {import('../../../../cpp/bindings/pe-engine.d.ts').PeEngine} engine
 * @param {import('../../../../cpp/bindings/pe-models.d.ts').PeModels} models
 * @param {import('../../models/config.js').PositionSetting} setting
 * @returns {Analysis}
 */
export function analyseSetting(engine, models, setting) {
  /** @type {Analysis} */
  const out = { setting, spectra: [], slopes: null, buckets: null };
  if (setting.scheme === 'rope' && setting.rope) {
    /** @type {[string, import('../../models/config.js').RopeSetting][]} */
    const types = setting.ropeByLayerType
      ? Object.entries(setting.ropeByLayerType)
      : [['all layers', setting.rope]];
    out.spectra = types.map(([type, rope]) => {
      // A sliding-window layer sees its window, not the context (its RoPE is plain: the scalings measure
      // against the context length, so a scaled layer keeps it).
      const local = type === 'sliding_attention' && setting.slidingWindow !== null && !rope.scaling;
      const window = local ? setting.slidingWindow : setting.contextLength;
      const [headDim, base, context, scaling, options] = spectrumArgs(rope, window);
      const result = models.ropeSpectrum(headDim, base, context, scaling, options);
      return {
        type,
        rope,
        window,
        result,
        noTurn: result.turns.filter((t) => t < 1).length,
        slowed: result.pairFactor.filter((f) => f > 1 + KEPT).length,
      };
    });
  } else if (setting.scheme === 'alibi' && setting.heads !== null) {
    out.slopes = engine.alibiSlopes(setting.heads);
  } else if (setting.scheme === 't5' && setting.t5) {
    const { buckets, maxDistance } = setting.t5;
    const maxOffset = t5Reach(maxDistance);
    out.buckets = {
      maxOffset,
      both: models.t5Buckets(buckets, maxDistance, maxOffset, true),
      causal: models.t5Buckets(buckets, maxDistance, maxOffset, false),
    };
  }
  return out;
}

/** A gallery entry's setting, read from its config.json fields as a reader's file would be. */
export const entrySetting = (/** @type {import('../../models/gallery.js').GalleryEntry} */ entry) =>
  positionSetting(entry.config, `${entry.name}: config.json`);

/** The name of a layer type as the figure writes it. */
export const layerName = (type) =>
  ({
    'all layers': 'every layer',
    full_attention: 'global layers',
    sliding_attention: 'local (sliding-window) layers',
  })[type] ?? type.replace(/_/g, ' ');

/**
 * The sentences about a setting, each chosen from its numbers by a rule stated beside it.
 * @param {Analysis} analysis
 * @returns {string[]}
 */
export function sentences({ setting, spectra, slopes }) {
  const out = [];
  if (setting.scheme === 'learned' && setting.learned) {
    out.push(
      `A learned table of ${formatInt(setting.learned.positions)} positions` +
        (setting.hiddenSize !== null ? ` \u00d7 ${formatInt(setting.hiddenSize)} dimensions.` : '.'),
    );
  }
  if (setting.scheme === 't5' && setting.t5) {
    const { buckets, maxDistance } = setting.t5;
    out.push(
      `A learned bias per head for each of ${buckets} buckets of relative distance; every distance ` +
        `of ${formatInt(maxDistance)} or more shares the last bucket.`,
    );
  }
  if (slopes) {
    out.push(
      `${formatInt(slopes.length)} heads, slopes from ${formatValue(slopes[0])} down to ` +
        `${formatValue(slopes[slopes.length - 1])}: the bias falls by that much per token of distance.`,
    );
  }
  for (const { type, rope, window, result, noTurn, slowed } of spectra) {
    const pairs = result.invFreq.length;
    const where = spectra.length > 1 ? `In the ${layerName(type)}, ` : '';
    const head = rope.headDim ?? 2 * pairs;
    const rotating =
      result.rotaryDim < head ? ` (${result.rotaryDim} of the head\u2019s ${head} dimensions rotate)` : '';
    // Rule: a pair "never completes a turn" when its wavelength after scaling exceeds the window its layers see.
    out.push(
      `${where}${noTurn} of ${pairs} rotary pairs${rotating} never complete a turn inside the ` +
        `${formatInt(window ?? 0)}-token window.`,
    );
    // Rule: a pair is slowed when the scaling divides its frequency by more than 1 + 1e-9.
    if (rope.scaling) {
      const kind = rope.scaling.type;
      out.push(
        `Its ${kind} scaling slows ${slowed} of them and keeps ${pairs - slowed}` +
          (result.attentionFactor !== 1
            ? `; the logits are scaled by ${formatSig(result.attentionFactor ** 2, 4)}.`
            : '.'),
      );
    }
  }
  if (setting.noRopeLayers && setting.noRopeLayers.length > 0) {
    out.push(`${setting.noRopeLayers.length} layers have no position encoding at all (NoPE).`);
  }
  if (setting.slidingWindow !== null) {
    out.push(
      `Some layers attend only to the last ${formatInt(setting.slidingWindow)} tokens (sliding window).`,
    );
  }
  if (setting.scheme === 'unknown') out.push('No position scheme was recognised in this config.');
  return out;
}
