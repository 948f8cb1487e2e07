// safetensors: an 8-byte little-endian header length, a UTF-8 JSON header naming each tensor's dtype, shape and
// byte range in the data area after it, then the data. Only the header is read here; a tensor's bytes are read
// when it is decoded (tensor.js).

import { ModelFileError, shown } from './errors.js';

/** safetensors' own cap on the header (MAX_HEADER_SIZE in safetensors/src/tensor.rs): 100 MB. */
export const SAFETENSORS_HEADER_CAP = 100_000_000;
/** The most tensors one file may name. */
export const MAX_TENSORS = 100_000;
/** The most dimensions a tensor may have. */
export const MAX_RANK = 8;

/** Bits per element of each dtype safetensors writes (safetensors/src/tensor.rs, Dtype). */
export const DTYPE_BITS = /** @type {Record<string, number>} */ ({
  BOOL: 8,
  U8: 8,
  I8: 8,
  F8_E5M2: 8,
  F8_E4M3: 8,
  F8_E8M0: 8,
  F4: 4,
  F6_E2M3: 6,
  F6_E3M2: 6,
  I16: 16,
  U16: 16,
  F16: 16,
  BF16: 16,
  I32: 32,
  U32: 32,
  F32: 32,
  C64: 64,
  F64: 64,
  I64: 64,
  U64: 64,
});

/**
 * @typedef {object} TensorEntry
 * @property {string} name
 * @property {string} dtype safetensors' dtype name, or ggml's type name in a GGUF file
 * @property {number[]} shape rows first, as PyTorch writes it
 * @property {number} begin the first byte in the file
 * @property {number} end one past the last byte in the file
 * @property {string} file the file that holds it
 */

/**
 * @typedef {object} SafetensorsHeader
 * @property {'safetensors'} format
 * @property {string} file
 * @property {number} headerLength
 * @property {number} dataStart
 * @property {Record<string, string> | null} metadata the header's __metadata__
 * @property {TensorEntry[]} tensors in the header's order
 */

const fail = (/** @type {string} */ file, /** @type {string} */ problem, /** @type {string} */ expected) => {
  throw new ModelFileError(file, problem, expected);
};

/**
 * Reads and checks a safetensors header: 8 bytes, then the header itself.
 * @param {import('./source.js').ByteSource} source
 * @returns {Promise<SafetensorsHeader>}
 */
export async function readSafetensorsHeader(source) {
  const file = source.name;
  if (source.size < 8)
    fail(
      file,
      `it is ${source.size} bytes long`,
      'a safetensors file: 8 bytes of header length, then the header',
    );
  const head = await source.read(0, 8);
  const length = new DataView(head.buffer, head.byteOffset, 8).getBigUint64(0, true);
  if (length > BigInt(SAFETENSORS_HEADER_CAP))
    fail(
      file,
      `its header length is ${length} bytes`,
      `at most ${SAFETENSORS_HEADER_CAP} bytes (safetensors' cap)`,
    );
  const headerLength = Number(length);
  if (headerLength < 2)
    fail(file, `its header length is ${headerLength} bytes`, 'a JSON object of at least 2 bytes');
  if (headerLength > source.size - 8)
    fail(
      file,
      `its header length is ${headerLength} bytes but only ${source.size - 8} follow`,
      'a header within the file',
    );
  const bytes = await source.read(8, headerLength);
  // Every object in the JSON needs a "{" byte, so counting them bounds the tensors before parsing a huge header.
  let braces = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x7b) braces++;
  if (braces > MAX_TENSORS + 1)
    fail(file, `its header holds ${braces} JSON objects`, `at most ${MAX_TENSORS} tensors`);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    fail(file, 'its header is not valid UTF-8', 'a UTF-8 JSON header');
  }
  let json;
  try {
    json = JSON.parse(/** @type {string} */ (text));
  } catch (error) {
    fail(
      file,
      `its header is not JSON (${error instanceof Error ? error.message.slice(0, 80) : ''})`,
      'a JSON object',
    );
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    fail(file, `its header is ${shown(json)}`, 'a JSON object of tensors');
  const dataStart = 8 + headerLength;
  return {
    format: 'safetensors',
    file,
    headerLength,
    dataStart,
    ...checkHeader(file, json, dataStart, source.size),
  };
}

/**
 * @param {string} file
 * @param {Record<string, unknown>} json
 * @param {number} dataStart
 * @param {number} size
 */
function checkHeader(file, json, dataStart, size) {
  const keys = Object.keys(json);
  if (keys.length > MAX_TENSORS + 1)
    fail(file, `its header names ${keys.length} tensors`, `at most ${MAX_TENSORS}`);
  /** @type {Record<string, string> | null} */
  let metadata = null;
  /** @type {TensorEntry[]} */
  const tensors = [];
  for (const key of keys) {
    if (key === '__metadata__') metadata = checkMetadata(file, json[key]);
    else tensors.push(checkTensor(file, key, json[key], dataStart, size));
  }
  const sorted = [...tensors].sort((a, b) => a.begin - b.begin || a.end - b.end);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].begin < sorted[i - 1].end)
      fail(
        file,
        `tensors ${shown(sorted[i - 1].name)} and ${shown(sorted[i].name)} overlap`,
        'separate byte ranges for each tensor',
      );
  }
  return { metadata, tensors };
}

/** @param {string} file @param {unknown} value */
function checkMetadata(file, value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(file, `its __metadata__ is ${shown(value)}`, 'an object of strings');
  /** @type {Record<string, string>} */
  const metadata = Object.create(null);
  for (const [k, v] of Object.entries(/** @type {object} */ (value))) {
    if (typeof v !== 'string') fail(file, `its __metadata__ field ${shown(k)} is ${shown(v)}`, 'a string');
    metadata[k] = v;
  }
  return metadata;
}

/**
 * @param {string} file
 * @param {string} name
 * @param {unknown} value
 * @param {number} dataStart
 * @param {number} size
 * @returns {TensorEntry}
 */
function checkTensor(file, name, value, dataStart, size) {
  const what = `tensor ${shown(name)}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(file, `${what} is ${shown(value)}`, 'an object with dtype, shape and data_offsets');
  const { dtype, shape, data_offsets: offsets } = /** @type {Record<string, unknown>} */ (value);
  if (typeof dtype !== 'string' || !Object.hasOwn(DTYPE_BITS, dtype))
    fail(file, `${what} has dtype ${shown(dtype)}`, `one of ${Object.keys(DTYPE_BITS).join(', ')}`);
  if (!Array.isArray(shape) || shape.length > MAX_RANK)
    fail(file, `${what} has shape ${shown(shape)}`, `a list of at most ${MAX_RANK} sizes`);
  let count = 1;
  for (const dim of /** @type {unknown[]} */ (shape)) {
    if (!Number.isSafeInteger(dim) || /** @type {number} */ (dim) < 0)
      fail(file, `${what} has shape ${shown(shape)}`, 'sizes that are whole numbers, 0 or more');
    count *= /** @type {number} */ (dim);
    if (count > Number.MAX_SAFE_INTEGER / 64)
      fail(file, `${what} has shape ${shown(shape)}`, 'a tensor that fits a file');
  }
  if (
    !Array.isArray(offsets) ||
    offsets.length !== 2 ||
    !offsets.every((o) => Number.isSafeInteger(o) && o >= 0)
  )
    fail(file, `${what} has data_offsets ${shown(offsets)}`, 'two whole numbers [begin, end]');
  const [begin, end] = /** @type {number[]} */ (offsets);
  if (end < begin)
    fail(file, `${what} has data_offsets [${begin}, ${end}], which run backwards`, 'begin <= end');
  if (dataStart + end > size)
    fail(
      file,
      `${what} ends at byte ${dataStart + end}, past the file's end at ${size}`,
      'tensors within the file',
    );
  const bits = count * DTYPE_BITS[/** @type {string} */ (dtype)];
  if (bits % 8 !== 0 || bits / 8 !== end - begin)
    fail(
      file,
      `${what} holds ${end - begin} bytes but its shape ${shown(shape)} of ${dtype} needs ${bits / 8}`,
      'bytes = product(shape) * dtype size',
    );
  return {
    name,
    dtype: /** @type {string} */ (dtype),
    shape: /** @type {number[]} */ (shape),
    begin: dataStart + begin,
    end: dataStart + end,
    file,
  };
}
