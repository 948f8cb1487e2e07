// Little-endian tensor bytes to Float32Array, for the dtypes a position table comes in. Every conversion here is
// exact: F16, BF16 and the Q8_0 products (an f16 scale times an int8, at most 19 significant bits) all fit a
// float32's 24-bit significand, so a decoded value is bit for bit the value the file stores.

import { ModelFileError } from './errors.js';

/** The most elements one tensor may decode to (64 MB of float32). */
export const MAX_DECODED_ELEMENTS = 16 * 2 ** 20;

/** An IEEE half's 16 bits as a number, exactly. @param {number} h */
export function halfToNumber(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1024 + fraction) * 2 ** (exponent - 25);
}

/** @param {Uint8Array} bytes @param {number} count */
export function decodeF32(bytes, count) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getFloat32(4 * i, true);
  return out;
}

/** @param {Uint8Array} bytes @param {number} count */
export function decodeF16(bytes, count) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = halfToNumber(view.getUint16(2 * i, true));
  return out;
}

/** bfloat16 is the top half of a float32. @param {Uint8Array} bytes @param {number} count */
export function decodeBF16(bytes, count) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bits = new Uint32Array(count);
  for (let i = 0; i < count; i++) bits[i] = view.getUint16(2 * i, true) << 16;
  return new Float32Array(bits.buffer);
}

/** ggml's Q8_0: blocks of 32 values, an f16 scale then 32 int8s; value = scale * q. @param {Uint8Array} bytes @param {number} count */
export function decodeQ8_0(bytes, count) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(count);
  for (let block = 0; block * 32 < count; block++) {
    const scale = halfToNumber(view.getUint16(34 * block, true));
    for (let j = 0; j < 32 && block * 32 + j < count; j++)
      out[block * 32 + j] = scale * view.getInt8(34 * block + 2 + j);
  }
  return out;
}

/**
 * The first NaN or infinity in a decoded tensor, as a ModelFileError naming its index (and row and column when
 * the tensor is 2-D), or the count and first index when `allow` is set.
 * @param {Float32Array} values
 * @param {{ file: string, name: string, shape: number[], allow?: boolean }} where
 * @returns {{ count: number, first: number } | null}
 */
export function nonFinite(values, { file, name, shape, allow = false }) {
  let count = 0;
  let first = -1;
  for (let i = 0; i < values.length; i++) {
    if (Number.isFinite(values[i])) continue;
    if (count === 0) first = i;
    count++;
  }
  if (count === 0) return null;
  if (!allow) {
    const at =
      shape.length === 2 && shape[1] > 0
        ? ` (row ${Math.floor(first / shape[1])}, column ${first % shape[1]})`
        : '';
    throw new ModelFileError(
      file,
      `tensor ${name} holds ${count} value(s) that are not finite, the first ${values[first]} at index ${first}${at}`,
      'finite numbers in a position tensor',
    );
  }
  return { count, first };
}
