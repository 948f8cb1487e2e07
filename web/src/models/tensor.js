// Reading one tensor's values: its bytes alone, decoded to float32 and checked for NaN and infinity.

import { decodeBF16, decodeF16, decodeF32, decodeQ8_0, MAX_DECODED_ELEMENTS, nonFinite } from './decode.js';
import { ModelFileError } from './errors.js';

const DECODERS = /** @type {Record<string, (bytes: Uint8Array, count: number) => Float32Array>} */ ({
  F32: decodeF32,
  F16: decodeF16,
  BF16: decodeBF16,
  Q8_0: decodeQ8_0,
});

/** The dtypes (safetensors) and ggml types (GGUF) that decode. */
export const DECODED_TYPES = Object.keys(DECODERS);

/**
 * @typedef {object} DecodedTensor
 * @property {string} name
 * @property {string} dtype
 * @property {number[]} shape rows first
 * @property {Float32Array} values row-major
 * @property {{ count: number, first: number } | null} nonFinite with `allowNonFinite`, what was not finite
 */

/**
 * @param {import('./source.js').ByteSource} source the file that holds the tensor
 * @param {import('./safetensors.js').TensorEntry} entry from a header
 * @param {{ allowNonFinite?: boolean, maxElements?: number }} [options]
 * @returns {Promise<DecodedTensor>}
 */
export async function readTensor(source, entry, options = {}) {
  const { name, dtype, shape } = entry;
  const decode = DECODERS[dtype];
  if (!decode)
    throw new ModelFileError(
      source.name,
      `tensor ${name} is ${dtype}`,
      `a tensor in ${DECODED_TYPES.join(', ')} to decode`,
    );
  const count = shape.reduce((a, b) => a * b, 1);
  const maxElements = options.maxElements ?? MAX_DECODED_ELEMENTS;
  if (count > maxElements)
    throw new ModelFileError(
      source.name,
      `tensor ${name} has ${count} values`,
      `at most ${maxElements} to decode`,
    );
  const bytes = await source.read(entry.begin, entry.end - entry.begin);
  const values = decode(bytes, count);
  const report = nonFinite(values, { file: source.name, name, shape, allow: options.allowNonFinite });
  return { name, dtype, shape: [...shape], values, nonFinite: report };
}
