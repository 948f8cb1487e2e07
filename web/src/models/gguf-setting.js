// A GGUF file's position setting, from the metadata llama.cpp writes (gguf-py/gguf/constants.py, Keys.LLM,
// Keys.Attention and Keys.Rope): general.architecture, then {arch}.context_length, {arch}.embedding_length,
// {arch}.attention.head_count, {arch}.rope.dimension_count, {arch}.rope.freq_base and {arch}.rope.scaling.*;
// {arch}.attention.relative_buckets_count (T5), {arch}.attention.max_alibi_bias (ALiBi) and
// {arch}.attention.sliding_window.

import { blankSetting } from './config.js';
import { ModelFileError, shown } from './errors.js';

const ALIBI_ARCHES = new Set(['bloom', 'mpt']);

/**
 * @param {import('./gguf.js').GgufHeader} header
 * @returns {import('./config.js').PositionSetting}
 */
export function ggufPositionSetting({ file, metadata, tensors }) {
  const arch = metadata['general.architecture'] ?? 'unknown';
  if (typeof arch !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(arch))
    throw new ModelFileError(
      file,
      `general.architecture is ${shown(arch)}`,
      'an architecture name such as "llama"',
    );
  /** @param {string} key @returns {number | null} */
  const num = (key) => {
    let value = metadata[`${arch}.${key}`];
    // A per-layer list (head counts vary by layer in some models): its first item stands for all.
    if (typeof value === 'object' && value !== null && Array.isArray(value.values))
      value = /** @type {any} */ (value.values[0]);
    if (value === undefined) return null;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new ModelFileError(file, `${arch}.${key} is ${shown(value)}`, 'a number');
    return value;
  };
  const heads = num('attention.head_count');
  const hiddenSize = num('embedding_length');
  const setting = blankSetting({
    modelType: arch === 'unknown' ? null : arch,
    contextLength: num('context_length'),
    slidingWindow: num('attention.sliding_window'),
    hiddenSize,
    heads,
    padTokenId: null,
  });
  const buckets = num('attention.relative_buckets_count');
  const table = tensors.find((t) => t.name === 'position_embd.weight');
  if (table) {
    setting.scheme = 'learned';
    setting.learned = { positions: table.shape[0] };
  } else if (buckets !== null) {
    setting.scheme = 't5';
    setting.t5 = { buckets, maxDistance: 128 };
  } else if (ALIBI_ARCHES.has(arch) || num('attention.max_alibi_bias') !== null) {
    setting.scheme = 'alibi';
    setting.alibi = { biasMax: num('attention.max_alibi_bias') ?? 8 };
  } else if (num('rope.freq_base') !== null || num('rope.dimension_count') !== null) {
    setting.scheme = 'rope';
    const headDim =
      num('attention.key_length') ?? (hiddenSize !== null && heads ? Math.floor(hiddenSize / heads) : null);
    setting.rope = {
      theta: num('rope.freq_base') ?? 10000,
      headDim,
      rotaryDim: num('rope.dimension_count') ?? headDim,
      scaling: scalingOf(metadata, arch),
    };
  }
  return setting;
}

/** llama.cpp's rope.scaling keys (gguf-py/gguf/constants.py, Keys.Rope) under config.js's names. */
const SCALING_NAMES = /** @type {Record<string, string>} */ ({
  factor: 'factor',
  original_context_length: 'originalContext',
  attn_factor: 'attentionFactor',
  yarn_beta_fast: 'betaFast',
  yarn_beta_slow: 'betaSlow',
  yarn_log_multiplier: 'yarnLogMultiplier',
  finetuned: 'finetuned',
});

/** @param {Record<string, import('./gguf.js').GgufValue>} metadata @param {string} arch */
function scalingOf(metadata, arch) {
  const prefix = `${arch}.rope.scaling.`;
  /** @type {import('./config.js').RopeScaling} */
  const scaling = { type: 'default' };
  for (const [key, value] of Object.entries(metadata)) {
    if (!key.startsWith(prefix)) continue;
    const field = key.slice(prefix.length);
    if (field === 'type' && typeof value === 'string') scaling.type = value;
    else if (typeof value === 'number' && Object.hasOwn(SCALING_NAMES, field))
      scaling[SCALING_NAMES[field]] = value;
  }
  return scaling.type === 'none' || (scaling.type === 'default' && Object.keys(scaling).length === 1)
    ? null
    : scaling;
}
