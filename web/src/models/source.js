// Byte sources: the only way the readers touch a file. Each read asks for exactly the bytes it needs (a Blob's
// slice, or an async read(offset, length) that a later HTTP Range reader will provide), every byte read is
// counted, and their total is capped, so a 548 MB checkpoint costs its header and the tensors asked for.

import { formatBytes, HubError, ModelFileError } from './errors.js';

/** Total bytes one source may read unless told otherwise: the position tensors of any model fit many times. */
export const DEFAULT_READ_CAP = 256 * 2 ** 20;

/**
 * @typedef {object} ByteSource
 * @property {string} name the file's name, for messages
 * @property {number} size the file's length in bytes
 * @property {number} bytesRead bytes read so far
 * @property {number} readCap the most bytes this source reads in all
 * @property {(offset: number, length: number) => Promise<Uint8Array>} read exactly `length` bytes at `offset`
 */

/**
 * A source over a Blob or File: each read is `blob.slice(offset, offset + length).arrayBuffer()`.
 * @param {Blob} blob
 * @param {{ name?: string, readCap?: number }} [options]
 * @returns {ByteSource}
 */
export function blobSource(blob, options = {}) {
  const own = /** @type {{ name?: unknown }} */ (blob).name;
  const name = options.name ?? (typeof own === 'string' && own ? own : 'file');
  return makeSource(
    name,
    blob.size,
    async (offset, length) => blob.slice(offset, offset + length).arrayBuffer(),
    options.readCap,
  );
}

/** How long a read function may take before its read is answered with an error, so that nothing waits forever. */
export const DEFAULT_READ_TIMEOUT_MS = 60_000;

/**
 * A source over an async `read(offset, length)` that resolves to an ArrayBuffer or Uint8Array of that length,
 * within `timeoutMs`.
 * @param {{ name: string, size: number, read: (offset: number, length: number) => Promise<ArrayBuffer | Uint8Array>,
 *   readCap?: number, timeoutMs?: number }} options
 * @returns {ByteSource}
 */
export function readerSource({ name, size, read, readCap, timeoutMs = DEFAULT_READ_TIMEOUT_MS }) {
  if (!Number.isSafeInteger(size) || size < 0)
    throw new ModelFileError(name, `its size is ${size}`, 'a whole number of bytes');
  /** @param {number} offset @param {number} length */
  const timed = async (offset, length) => {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return /** @type {ArrayBuffer | Uint8Array} */ (await Promise.race([read(offset, length), late]));
    } finally {
      clearTimeout(timer);
    }
  };
  return makeSource(name, size, timed, readCap);
}

/**
 * The checks every source shares (whole positions, within the file, within the cap, exactly the bytes asked), around
 * a function that fetches bytes: a Blob's slice, a reader's read, an HTTP Range request (http.js).
 * @param {string} name
 * @param {number} size
 * @param {(offset: number, length: number) => Promise<ArrayBuffer | Uint8Array>} fetchBytes
 * @param {number} [readCap]
 * @returns {ByteSource}
 */
export function makeSource(name, size, fetchBytes, readCap = DEFAULT_READ_CAP) {
  /** @type {ByteSource} */
  const source = {
    name,
    size,
    bytesRead: 0,
    readCap,
    async read(offset, length) {
      if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0)
        throw new ModelFileError(
          name,
          `a read of ${length} bytes at ${offset} was asked`,
          'whole byte positions',
        );
      if (offset + length > size)
        throw new ModelFileError(
          name,
          `the file ends at byte ${size}, before byte ${offset + length} that its layout names`,
          'a complete file (it may be truncated)',
        );
      if (source.bytesRead + length > readCap)
        throw new ModelFileError(
          name,
          `reading ${formatBytes(length)} more would pass the cap of ${formatBytes(readCap)} read from one file`,
          'a header and position tensors within that cap',
        );
      source.bytesRead += length;
      let got;
      try {
        got = await fetchBytes(offset, length);
      } catch (error) {
        // An HTTP read's own error already says which host failed and why.
        if (error instanceof HubError) throw error;
        throw new ModelFileError(name, `it could not be read (${shortMessage(error)})`, 'a readable file');
      }
      const bytes = got instanceof Uint8Array ? got : got instanceof ArrayBuffer ? new Uint8Array(got) : null;
      if (!bytes || bytes.byteLength !== length)
        throw new ModelFileError(
          name,
          `a read of ${length} bytes at ${offset} gave ${bytes?.byteLength ?? 'no'} bytes`,
          `${length} bytes`,
        );
      return bytes;
    },
  };
  return source;
}

/** @param {unknown} error */
const shortMessage = (error) => String(error instanceof Error ? error.message : error).slice(0, 120);
