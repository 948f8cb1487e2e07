// Shared by the model-file tests: the Python writer's checkpoints, as the File objects a reader would give.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const writer = new URL('../models/write_checkpoints.py', import.meta.url).pathname;

/** Runs tests/models/write_checkpoints.py into a fresh temp folder and returns the folder. */
export function writeCheckpoints() {
  const dir = mkdtempSync(join(tmpdir(), 'pe-models-'));
  const run = spawnSync('/usr/bin/python3', [writer, dir], { encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`write_checkpoints.py failed: ${run.stderr || run.error}`);
  return dir;
}

/** Every file of a folder as a File. @param {string} dir */
export const filesOf = (dir) =>
  readdirSync(dir).map((name) => new File([readFileSync(join(dir, name))], name));

/** @param {string} path */
export const fileAt = (path) => new File([readFileSync(path)], path.replace(/^.*\//, ''));

/** Little-endian byte builders for hand-made files. */
export const u32 = (/** @type {number} */ v) => new Uint8Array(new Uint32Array([v]).buffer);
export const u64 = (/** @type {bigint | number} */ v) =>
  new Uint8Array(new BigUint64Array([BigInt(v)]).buffer);
export const f32s = (/** @type {number[]} */ v) => new Uint8Array(new Float32Array(v).buffer);
/** @param {...(Uint8Array | number[])} parts */
export const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
export const gstr = (/** @type {string} */ s) => {
  const bytes = new TextEncoder().encode(s);
  return concat(u64(bytes.length), bytes);
};

/** A safetensors file from a header (object or raw text) and its data. */
export function safetensors(header, data = new Uint8Array(0), length = undefined) {
  const text = new TextEncoder().encode(typeof header === 'string' ? header : JSON.stringify(header));
  return concat(u64(length ?? text.length), text, data);
}

/** A valid small GPT-2-shaped safetensors file: wpe.weight [4, 2] F32 and wte.weight [3, 2] F32. */
export const validSafetensors = () =>
  safetensors(
    {
      __metadata__: { format: 'pt' },
      'wpe.weight': { dtype: 'F32', shape: [4, 2], data_offsets: [0, 32] },
      'wte.weight': { dtype: 'F32', shape: [3, 2], data_offsets: [32, 56] },
    },
    f32s([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, -1, -2, -3, -4, -5, -6]),
  );

/**
 * A GGUF file: key-values as [key, type, value bytes], tensors as [name, dims, ggml type, bytes].
 * @param {{ version?: number, kvs?: [string, number, Uint8Array][], tensors?: [string, number[], number, Uint8Array][], alignment?: number }} spec
 */
export function gguf({ version = 3, kvs = [], tensors = [], alignment = 32 }) {
  const head = [new TextEncoder().encode('GGUF'), u32(version), u64(tensors.length), u64(kvs.length)];
  for (const [key, type, value] of kvs) head.push(gstr(key), u32(type), value);
  let offset = 0;
  const data = [];
  for (const [name, dims, type, bytes] of tensors) {
    const pad = (alignment - (offset % alignment)) % alignment;
    data.push(new Uint8Array(pad), bytes);
    offset += pad;
    head.push(gstr(name), u32(dims.length), ...dims.map((d) => u64(d)), u32(type), u64(offset));
    offset += bytes.length;
  }
  const top = concat(...head);
  return concat(top, new Uint8Array((alignment - (top.length % alignment)) % alignment), ...data);
}

/** A valid small GGUF: general.architecture gpt2, a context length, an array, and position_embd [2, 4] F32. */
export const validGguf = () =>
  gguf({
    kvs: [
      ['general.architecture', 8, gstr('gpt2')],
      ['gpt2.context_length', 4, u32(4)],
      ['tokenizer.ggml.tokens', 9, concat(u32(8), u64(2), gstr('a'), gstr('b'))],
    ],
    tensors: [['position_embd.weight', [2, 4], 0, f32s([1, 2, 3, 4, 5, 6, 7, 8])]],
  });
