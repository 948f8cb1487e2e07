// GGUF (versions 2 and 3): "GGUF", a version, the tensor and key-value counts, the key-values, the tensor infos,
// then the tensor data from the next multiple of general.alignment. The header has no length of its own, so it is
// read in chunks as far as it goes, within a cap; big arrays of numbers (a vocabulary's scores) are stepped over
// without reading them, and only short arrays are kept.

import { formatBytes, ModelFileError, shown } from './errors.js';
import { GGML_TYPES, VALUE_TYPES } from './gguf-types.js';

/** The most bytes the key-values and tensor infos may take (a 256k-token vocabulary takes about 10 MB). */
export const GGUF_HEADER_CAP = 64 * 2 ** 20;
export const GGUF_MAX_TENSORS = 100_000;
export const GGUF_MAX_KV = 100_000;
/** The longest string (a chat template is tens of kB) and the longest array (a vocabulary). */
export const GGUF_MAX_STRING = 4 * 2 ** 20;
export const GGUF_MAX_ARRAY = 16 * 2 ** 20;
/** Arrays longer than this are stepped over and reported by length only. */
export const GGUF_KEPT_ARRAY = 1024;
const MAX_NESTING = 4;
const CHUNK = 64 * 1024;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * @typedef {number | bigint | boolean | string | { type: string, length: number, values: unknown[] | null }} GgufValue
 * @typedef {object} GgufHeader
 * @property {'gguf'} format
 * @property {string} file
 * @property {number} version
 * @property {Record<string, GgufValue>} metadata
 * @property {number} alignment
 * @property {number} dataStart
 * @property {(import('./safetensors.js').TensorEntry & { dims: number[], ggmlType: number })[]} tensors
 */

/** Reads forward through a source, fetching chunks as the parse needs them. */
class Cursor {
  /** @param {import('./source.js').ByteSource} source */
  constructor(source) {
    this.source = source;
    this.file = source.name;
    this.pos = 0;
    this.bufStart = 0;
    /** @type {Uint8Array} */
    this.buf = new Uint8Array(0);
    this.view = new DataView(this.buf.buffer);
  }

  /** @param {number} n @param {string} what */
  async need(n, what) {
    const end = this.pos + n;
    if (end > GGUF_HEADER_CAP)
      this.fail(
        `its header runs past ${formatBytes(GGUF_HEADER_CAP)} while reading ${what}`,
        `a header within ${formatBytes(GGUF_HEADER_CAP)}`,
      );
    if (end > this.source.size)
      this.fail(
        `the file ends at byte ${this.source.size}, inside ${what}`,
        'a complete GGUF header (the file may be truncated)',
      );
    if (this.pos >= this.bufStart && end <= this.bufStart + this.buf.length) return;
    const length = Math.min(Math.max(n, CHUNK), this.source.size - this.pos, GGUF_HEADER_CAP - this.pos);
    this.buf = await this.source.read(this.pos, length);
    this.bufStart = this.pos;
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
  }

  /** @param {string} problem @param {string} expected @returns {never} */
  fail(problem, expected) {
    throw new ModelFileError(this.file, problem, expected);
  }

  /** @param {number} size @param {string} what */
  async at(size, what) {
    await this.need(size, what);
    const offset = this.pos - this.bufStart;
    this.pos += size;
    return offset;
  }

  /** @param {string} what */
  async u32(what) {
    const offset = await this.at(4, what);
    return this.view.getUint32(offset, true);
  }

  /** A u64 as a number, or a message when it is past `max`. @param {string} what @param {number} max */
  async u64(what, max) {
    const offset = await this.at(8, what);
    const value = this.view.getBigUint64(offset, true);
    if (value > BigInt(max)) this.fail(`${what} is ${value}`, `at most ${max}`);
    return Number(value);
  }

  /** @param {string} what */
  async string(what) {
    const length = await this.u64(`the length of ${what}`, GGUF_MAX_STRING);
    const offset = await this.at(length, what);
    try {
      return UTF8.decode(this.buf.subarray(offset, offset + length));
    } catch {
      return this.fail(`${what} is not valid UTF-8`, 'UTF-8 strings');
    }
  }

  /** Steps over bytes without reading them. @param {number} n @param {string} what */
  skip(n, what) {
    if (this.pos + n > this.source.size)
      this.fail(
        `the file ends at byte ${this.source.size}, inside ${what}`,
        'a complete GGUF header (the file may be truncated)',
      );
    this.pos += n;
  }
}

/**
 * @param {Cursor} c
 * @param {number} type
 * @param {string} what
 * @param {number} depth
 * @returns {Promise<GgufValue>}
 */
async function readValue(c, type, what, depth) {
  const kind = VALUE_TYPES[type];
  if (!kind) c.fail(`${what} has value type ${type}`, 'a GGUF value type from 0 to 12');
  if (type === 8) return c.string(what);
  if (type === 9) return readArray(c, what, depth);
  const o = await c.at(kind.size, what);
  const v = c.view;
  switch (type) {
    case 0:
      return v.getUint8(o);
    case 1:
      return v.getInt8(o);
    case 2:
      return v.getUint16(o, true);
    case 3:
      return v.getInt16(o, true);
    case 4:
      return v.getUint32(o, true);
    case 5:
      return v.getInt32(o, true);
    case 6:
      return v.getFloat32(o, true);
    case 7:
      return v.getUint8(o) !== 0;
    case 10:
      return asNumber(v.getBigUint64(o, true));
    case 11:
      return asNumber(v.getBigInt64(o, true));
    default:
      return v.getFloat64(o, true);
  }
}

/** @param {bigint} value */
const asNumber = (value) =>
  value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value;

/** @param {Cursor} c @param {string} what @param {number} depth */
async function readArray(c, what, depth) {
  if (depth >= MAX_NESTING) c.fail(`${what} nests arrays ${depth + 1} deep`, `at most ${MAX_NESTING}`);
  const itemType = await c.u32(`the item type of ${what}`);
  const kind = VALUE_TYPES[itemType];
  if (!kind) c.fail(`${what} has item type ${itemType}`, 'a GGUF value type from 0 to 12');
  const length = await c.u64(`the length of ${what}`, GGUF_MAX_ARRAY);
  // Each item takes at least its fixed size, or 8 bytes of length (a string) or 12 of header (an array).
  const least = kind.size || (itemType === 8 ? 8 : 12);
  if (c.pos + length * least > c.source.size)
    c.fail(
      `${what} has ${length} items, more than the file's remaining bytes can hold`,
      'an array within the file',
    );
  const keep = length <= GGUF_KEPT_ARRAY;
  if (!keep && kind.size > 0) {
    c.skip(length * kind.size, what);
    return { type: kind.name, length, values: null };
  }
  const values = [];
  for (let i = 0; i < length; i++) {
    if (!keep && itemType === 8) {
      // A string that is not kept (a vocabulary's tokens): its length is read, its bytes stepped over.
      c.skip(await c.u64(`the length of ${what}[${i}]`, GGUF_MAX_STRING), `${what}[${i}]`);
      continue;
    }
    const value = await readValue(c, itemType, `${what}[${i}]`, depth + 1);
    if (keep) values.push(value);
  }
  return { type: kind.name, length, values: keep ? values : null };
}

/**
 * Reads and checks a GGUF header, its metadata and its tensor infos.
 * @param {import('./source.js').ByteSource} source
 * @returns {Promise<GgufHeader>}
 */
export async function readGgufHeader(source) {
  const c = new Cursor(source);
  if (source.size < 24) c.fail(`it is ${source.size} bytes long`, 'a GGUF file of at least 24 bytes');
  const magic = await c.u32('the magic');
  if (magic !== 0x46554747)
    c.fail(`it starts with 0x${magic.toString(16).padStart(8, '0')}`, 'the GGUF magic "GGUF"');
  const version = await c.u32('the version');
  if (version !== 2 && version !== 3) c.fail(`its GGUF version is ${version}`, 'version 2 or 3');
  const tensorCount = await c.u64('the tensor count', GGUF_MAX_TENSORS);
  const kvCount = await c.u64('the key-value count', GGUF_MAX_KV);
  // A key-value takes at least 13 bytes and a tensor info 24: counts the file cannot hold are refused now.
  if (24 + kvCount * 13 + tensorCount * 24 > source.size)
    c.fail(
      `it names ${kvCount} key-values and ${tensorCount} tensors in ${source.size} bytes`,
      'counts the file can hold',
    );
  /** @type {Record<string, GgufValue>} */
  const metadata = Object.create(null);
  for (let i = 0; i < kvCount; i++) {
    const key = await c.string(`key ${i}`);
    if (Object.hasOwn(metadata, key)) c.fail(`key ${shown(key)} appears twice`, 'each key once');
    const type = await c.u32(`the value type of ${shown(key)}`);
    metadata[key] = await readValue(c, type, `the value of ${shown(key)}`, 0);
  }
  const alignment = /** @type {number} */ (metadata['general.alignment'] ?? 32);
  if (
    typeof alignment !== 'number' ||
    !Number.isInteger(alignment) ||
    alignment < 1 ||
    alignment > 2 ** 20 ||
    (alignment & (alignment - 1)) !== 0
  )
    c.fail(`general.alignment is ${shown(alignment)}`, 'a power of two up to 1 MB');
  const infos = [];
  for (let i = 0; i < tensorCount; i++) infos.push(await readTensorInfo(c, i));
  const dataStart = Math.ceil(c.pos / alignment) * alignment;
  const tensors = infos.map((info) => placeTensor(c, info, dataStart, alignment));
  checkOverlap(c, tensors);
  return { format: 'gguf', file: source.name, version, metadata, alignment, dataStart, tensors };
}

/** @param {Cursor} c @param {number} i */
async function readTensorInfo(c, i) {
  const name = await c.string(`the name of tensor ${i}`);
  const what = `tensor ${shown(name)}`;
  const rank = await c.u32(`the dimension count of ${what}`);
  if (rank < 1 || rank > 4) c.fail(`${what} has ${rank} dimensions`, '1 to 4 dimensions');
  const dims = [];
  for (let d = 0; d < rank; d++) dims.push(await c.u64(`dimension ${d} of ${what}`, Number.MAX_SAFE_INTEGER));
  const ggmlType = await c.u32(`the type of ${what}`);
  const offset = await c.u64(`the offset of ${what}`, Number.MAX_SAFE_INTEGER);
  return { name, dims, ggmlType, offset };
}

/**
 * @param {Cursor} c
 * @param {{ name: string, dims: number[], ggmlType: number, offset: number }} info
 * @param {number} dataStart
 * @param {number} alignment
 */
function placeTensor(c, { name, dims, ggmlType, offset }, dataStart, alignment) {
  const what = `tensor ${shown(name)}`;
  const type = GGML_TYPES[ggmlType];
  if (!type)
    c.fail(
      `${what} has ggml type ${ggmlType}`,
      'a ggml type this reader knows (F32, F16, BF16, Q8_0, the K and IQ types)',
    );
  let count = 1;
  for (const dim of dims) {
    count *= dim;
    if (count > Number.MAX_SAFE_INTEGER / 512)
      c.fail(`${what} has dimensions ${shown(dims)}`, 'a tensor that fits a file');
  }
  if (dims[0] % type.block !== 0)
    c.fail(
      `${what} of ${type.name} has rows of ${dims[0]} values`,
      `rows made of whole blocks of ${type.block}`,
    );
  if (offset % alignment !== 0)
    c.fail(`${what} starts at data offset ${offset}`, `a multiple of the alignment ${alignment}`);
  const begin = dataStart + offset;
  const end = begin + (count / type.block) * type.bytes;
  if (end > c.source.size)
    c.fail(`${what} ends at byte ${end}, past the file's end at ${c.source.size}`, 'tensors within the file');
  return { name, dtype: type.name, ggmlType, dims, shape: [...dims].reverse(), begin, end, file: c.file };
}

/** @param {Cursor} c @param {{ name: string, begin: number, end: number }[]} tensors */
function checkOverlap(c, tensors) {
  const names = new Set();
  for (const { name } of tensors) {
    if (names.has(name)) c.fail(`tensor ${shown(name)} appears twice`, 'each tensor name once');
    names.add(name);
  }
  const sorted = [...tensors].sort((a, b) => a.begin - b.begin || a.end - b.end);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].begin < sorted[i - 1].end)
      c.fail(
        `tensors ${shown(sorted[i - 1].name)} and ${shown(sorted[i].name)} overlap`,
        'separate byte ranges for each tensor',
      );
  }
}
