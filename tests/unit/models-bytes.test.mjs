// A checkpoint costs its header and its position tensors: Blob.slice is counted on a 500 MB GPT-2 layout, and an
// async read(offset, length) on a 50 GB one, both sparse files (ftruncate) whose only written bytes are the header
// and the position table. (Node 20's fs.openAsBlob reports a file past 4 GB with its size modulo 2^32, so the 50 GB
// file is read through fs.read, as a later HTTP Range reader will be.)
import assert from 'node:assert/strict';
import { closeSync, ftruncateSync, mkdtempSync, openAsBlob, openSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test, { after } from 'node:test';
import { openModel } from '../../web/src/models/open.js';
import { readSafetensorsHeader } from '../../web/src/models/safetensors.js';
import { readerSource } from '../../web/src/models/source.js';
import { readTensor } from '../../web/src/models/tensor.js';
import { concat, f32s, gguf, gstr, u32, u64 } from './models-helpers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'pe-models-bytes-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Writes a safetensors header for `layout` ([name, dtype, shape]), the position table's values, and leaves the rest
 * a hole. Returns the path, the header's length and the table's values.
 */
function sparseSafetensors(name, layout, table) {
  const bytesPer = { F32: 4, F16: 2 };
  const header = {};
  let offset = 0;
  for (const [tensor, dtype, shape] of layout) {
    const bytes = shape.reduce((a, b) => a * b, 1) * bytesPer[dtype];
    header[tensor] = { dtype, shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  const json = Buffer.from(JSON.stringify(header));
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  writeSync(fd, length, 0, 8, 0);
  writeSync(fd, json, 0, json.length, 8);
  const values = new Float32Array(table.count).map((_, i) => (i % 97) / 8 - 6);
  const at = 8 + json.length + header[table.name].data_offsets[0];
  writeSync(fd, new Uint8Array(values.buffer), 0, values.byteLength, at);
  ftruncateSync(fd, 8 + json.length + offset);
  closeSync(fd);
  return { path, headerLength: json.length, values, size: 8 + json.length + offset };
}

/** A Blob whose slices are counted, named as a File would be. */
async function countedFile(path, name) {
  const blob = await openAsBlob(path);
  const counted = { name, size: blob.size, sliced: 0 };
  counted.slice = (a, b) => {
    counted.sliced += b - a;
    return blob.slice(a, b);
  };
  return counted;
}

const gpt2Layout = () => {
  const layout = [
    ['wte.weight', 'F32', [50257, 768]],
    ['wpe.weight', 'F32', [1024, 768]],
  ];
  for (let i = 0; i < 12; i++) {
    layout.push(
      [`h.${i}.attn.c_attn.weight`, 'F32', [768, 2304]],
      [`h.${i}.attn.c_proj.weight`, 'F32', [768, 768]],
    );
    layout.push(
      [`h.${i}.mlp.c_fc.weight`, 'F32', [768, 3072]],
      [`h.${i}.mlp.c_proj.weight`, 'F32', [3072, 768]],
    );
  }
  return layout;
};

test('a 500 MB GPT-2 checkpoint costs its header and the 3 MB position table, nothing more', async () => {
  const { path, headerLength, values, size } = sparseSafetensors('gpt2.safetensors', gpt2Layout(), {
    name: 'wpe.weight',
    count: 1024 * 768,
  });
  assert.ok(size > 490e6, `${size}`);
  const file = await countedFile(path, 'model.safetensors');
  const model = await openModel([file]);
  assert.deepEqual(
    model.positions.found.map((p) => p.name),
    ['wpe.weight'],
  );
  const table = await model.read('wpe.weight');
  assert.deepEqual(table.values, values);
  const budget = 8 + headerLength + 1024 * 768 * 4;
  assert.equal(file.sliced, budget);
  assert.equal(model.bytesRead(), budget);
});

test('a 50 GB checkpoint is answered correctly, its header and table read, its table from 50 GB in', async () => {
  const layout = [
    ['wte.weight', 'F16', [6_110_000, 4096]],
    ['wpe.weight', 'F32', [2048, 256]],
  ];
  const { path, headerLength, values, size } = sparseSafetensors('huge.safetensors', layout, {
    name: 'wpe.weight',
    count: 2048 * 256,
  });
  assert.ok(size > 50e9, `${size}`);
  const handle = await open(path, 'r');
  let asked = 0;
  const source = readerSource({
    name: 'model.safetensors',
    size,
    async read(offset, length) {
      asked += length;
      const bytes = new Uint8Array(length);
      await handle.read(bytes, 0, length, offset);
      return bytes;
    },
  });
  try {
    const header = await readSafetensorsHeader(source);
    const entry = header.tensors.find((t) => t.name === 'wpe.weight');
    assert.ok(entry && entry.begin > 49e9, `${entry?.begin}`);
    const table = await readTensor(source, entry);
    assert.deepEqual(table.values, values);
  } finally {
    await handle.close();
  }
  assert.equal(asked, 8 + headerLength + 2048 * 256 * 4);
  assert.equal(source.bytesRead, asked);
});

test('GGUF: a vocabulary of a million scores is stepped over, not read', async () => {
  const scores = new Uint8Array(4 * 1_000_000);
  const bytes = gguf({
    kvs: [
      ['general.architecture', 8, gstr('gpt2')],
      ['tokenizer.ggml.scores', 9, concat(u32(6), u64(1_000_000), scores)],
    ],
    tensors: [['position_embd.weight', [2, 4], 0, f32s([1, 2, 3, 4, 5, 6, 7, 8])]],
  });
  const model = await openModel([new File([bytes], 'model.gguf')]);
  assert.deepEqual([...(await model.read('position_embd.weight')).values], [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(model.metadata?.['tokenizer.ggml.scores'], {
    type: 'float32',
    length: 1_000_000,
    values: null,
  });
  assert.ok(model.bytesRead() < 3 * 64 * 1024, `${model.bytesRead()} of ${bytes.length} bytes read`);
});
