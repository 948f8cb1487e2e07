// Hostile model files: each is answered with a ModelFileError that names the file and says what is wrong and
// what was expected, quickly, and never with a TypeError or RangeError from inside a parser.
import assert from 'node:assert/strict';
import test from 'node:test';
import { parseConfigJson, positionSetting } from '../../web/src/models/config.js';
import { ModelFileError } from '../../web/src/models/errors.js';
import { readGgufHeader } from '../../web/src/models/gguf.js';
import { openModel } from '../../web/src/models/open.js';
import { readSafetensorsHeader } from '../../web/src/models/safetensors.js';
import { blobSource, readerSource } from '../../web/src/models/source.js';
import { concat, f32s, gguf, safetensors, u32, u64, validGguf, validSafetensors } from './models-helpers.mjs';

const file = (bytes, name = 'model.safetensors') => new File([bytes], name);
const rejects = async (promise, pattern) =>
  assert.rejects(promise, (error) => {
    assert.ok(error instanceof ModelFileError, `${error?.name}: ${error?.message}`);
    assert.match(error.message, pattern);
    assert.match(error.message, /^[\w.-]+: .+; expected .+\.$/s);
    return true;
  });
const header = (bytes, name = 'model.safetensors') => readSafetensorsHeader(blobSource(file(bytes, name)));
const ggufHeader = (bytes) => readGgufHeader(blobSource(file(bytes, 'model.gguf')));
const tensor = (extra) => ({
  'wpe.weight': { dtype: 'F32', shape: [2, 2], data_offsets: [0, 16] },
  ...extra,
});

test('safetensors: a valid file opens, its table decodes', async () => {
  const model = await openModel([file(validSafetensors())]);
  assert.deepEqual([...(await model.read('wpe.weight')).values], [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5]);
});

test('safetensors: truncated anywhere', async () => {
  const whole = validSafetensors();
  await rejects(header(whole.slice(0, 5)), /model\.safetensors: it is 5 bytes long/);
  await rejects(header(whole.slice(0, 40)), /header length is \d+ bytes but only 32 follow/);
  await rejects(
    header(whole.slice(0, whole.length - 1)),
    /tensor "wte\.weight" ends at byte \d+, past the file's end/,
  );
});

test('safetensors: a header length past the file or over 100 MB', async () => {
  await rejects(
    header(safetensors('{}', new Uint8Array(0), 1000)),
    /header length is 1000 bytes but only 2 follow/,
  );
  await rejects(
    header(safetensors('{}', new Uint8Array(0), 100_000_001)),
    /header length is 100000001 bytes; expected at most 100000000 bytes \(safetensors' cap\)/,
  );
  await rejects(header(safetensors('{}', new Uint8Array(0), 2n ** 64n - 1n)), /18446744073709551615/);
});

test('safetensors: invalid UTF-8, invalid JSON, a header that is not an object', async () => {
  const bad = concat(u64(4), [0x7b, 0xff, 0xfe, 0x7d]);
  await rejects(header(bad), /not valid UTF-8/);
  await rejects(header(safetensors('{"a": ')), /not JSON/);
  await rejects(header(safetensors('[1, 2]')), /its header is \[1,2\]; expected a JSON object of tensors/);
  await rejects(header(safetensors('null')), /its header is null/);
});

test('safetensors: offsets overlapping, backwards, past the file, and bytes that do not match the shape', async () => {
  const data = new Uint8Array(32);
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'F32', shape: [2], data_offsets: [8, 16] } }), data)),
    /"wpe\.weight" and "b" overlap/,
  );
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'F32', shape: [0], data_offsets: [24, 16] } }), data)),
    /data_offsets \[24, 16\], which run backwards/,
  );
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'F32', shape: [8], data_offsets: [16, 48] } }), data)),
    /"b" ends at byte \d+, past the file's end/,
  );
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'F16', shape: [3], data_offsets: [16, 24] } }), data)),
    /"b" holds 8 bytes but its shape \[3\] of F16 needs 6/,
  );
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'F32', shape: [-1], data_offsets: [16, 16] } }), data)),
    /shape \[-1\]; expected sizes that are whole numbers/,
  );
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'F32', shape: ['2'], data_offsets: [16, 16] } }), data)),
    /shape \["2"\]/,
  );
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'F32', shape: [2 ** 53], data_offsets: [16, 16] } }), data)),
    /shape/,
  );
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'Q9', shape: [1], data_offsets: [16, 16] } }), data)),
    /dtype "Q9"; expected one of BOOL/,
  );
  await rejects(
    header(safetensors(tensor({ b: { dtype: 'F32', shape: [1], data_offsets: [16] } }), data)),
    /data_offsets \[16\]/,
  );
  await rejects(header(safetensors(tensor({ b: 7 }), data)), /tensor "b" is 7/);
  await rejects(
    header(safetensors(tensor({ __metadata__: { a: 1 } }), data)),
    /__metadata__ field "a" is 1; expected a string/,
  );
});

test('safetensors: NaN and infinity are named with their index, row and column, or reported when allowed', async () => {
  const bytes = safetensors(tensor(), f32s([1, 2, NaN, -Infinity]));
  const model = await openModel([file(bytes)]);
  await rejects(
    model.read('wpe.weight'),
    /"?wpe\.weight"? holds 2 value\(s\) that are not finite, the first NaN at index 2 \(row 1, column 0\)/,
  );
  const allowed = await model.read('wpe.weight', { allowNonFinite: true });
  assert.deepEqual(allowed.nonFinite, { count: 2, first: 2 });
});

test('safetensors: a header of a million tensors is refused before it is parsed', async () => {
  const parts = ['{'];
  for (let i = 0; i < 1_000_000; i++)
    parts.push(`${i ? ',' : ''}"t${i}":{"dtype":"F32","shape":[0],"data_offsets":[0,0]}`);
  parts.push('}');
  const bytes = safetensors(parts.join(''));
  assert.ok(bytes.length > 50e6 && bytes.length < 100e6);
  // Refused by counting, never parsed: JSON.parse is not called (a timing would fail on a loaded machine).
  const parse = JSON.parse;
  let parsed = 0;
  JSON.parse = (...args) => {
    parsed += 1;
    return parse(...args);
  };
  try {
    await rejects(header(bytes), /its header holds 1000001 JSON objects; expected at most 100000 tensors/);
  } finally {
    JSON.parse = parse;
  }
  assert.equal(parsed, 0, 'the header was refused before JSON.parse');
});

test('GGUF: a valid file opens and its table decodes', async () => {
  const model = await openModel([file(validGguf(), 'model.gguf')]);
  assert.deepEqual(model.tensors[0].shape, [4, 2]);
  assert.deepEqual([...(await model.read('position_embd.weight')).values], [1, 2, 3, 4, 5, 6, 7, 8]);
});

test('GGUF: magic, version, impossible counts, truncation', async () => {
  const whole = validGguf();
  await rejects(
    ggufHeader(concat([0x47, 0x47, 0x55, 0x47], whole.slice(4))),
    /starts with 0x47554747; expected the GGUF magic/,
  );
  await rejects(ggufHeader(gguf({ version: 1 })), /GGUF version is 1; expected version 2 or 3/);
  await rejects(ggufHeader(gguf({ version: 4 })), /GGUF version is 4/);
  const counts = (t, kv) =>
    concat(new TextEncoder().encode('GGUF'), u32(3), u64(t), u64(kv), new Uint8Array(64));
  await rejects(
    ggufHeader(counts(2n ** 63n, 0)),
    /tensor count is 9223372036854775808; expected at most 100000/,
  );
  await rejects(ggufHeader(counts(0, 2n ** 40n)), /key-value count is 1099511627776/);
  await rejects(
    ggufHeader(counts(50_000, 0)),
    /names 0 key-values and 50000 tensors in 88 bytes; expected counts the file can hold/,
  );
  await rejects(
    ggufHeader(whole.slice(0, 100)),
    /file ends at byte 100, inside the value of "gpt2.context_length"/,
  );
  await rejects(
    ggufHeader(whole.slice(0, whole.length - 4)),
    /"position_embd\.weight" ends at byte \d+, past the file's end/,
  );
});

test('GGUF: value types, strings, arrays and nesting', async () => {
  const one = (type, value) => ggufHeader(gguf({ kvs: [['k', type, value]] }));
  await rejects(
    one(13, new Uint8Array(8)),
    /value of "k" has value type 13; expected a GGUF value type from 0 to 12/,
  );
  await rejects(
    one(8, concat(u64(2n ** 40n), new Uint8Array(8))),
    /length of the value of "k" is 1099511627776; expected at most 4194304/,
  );
  await rejects(
    one(8, concat(u64(1000), new Uint8Array(8))),
    /file ends at byte \d+, inside the value of "k"/,
  );
  await rejects(one(8, concat(u64(2), [0xc3, 0x28])), /value of "k" is not valid UTF-8/);
  await rejects(
    one(9, concat(u32(4), u64(2n ** 30n))),
    /length of the value of "k" is 1073741824; expected at most 16777216/,
  );
  await rejects(
    one(9, concat(u32(4), u64(1_000_000), new Uint8Array(16))),
    /has 1000000 items, more than the file's remaining bytes can hold/,
  );
  await rejects(one(9, concat(u32(42), u64(1))), /item type 42/);
  const deep = concat(
    u32(9),
    u64(1),
    u32(9),
    u64(1),
    u32(9),
    u64(1),
    u32(9),
    u64(1),
    u32(9),
    u64(1),
    u32(4),
    u64(0),
  );
  await rejects(one(9, concat(deep, new Uint8Array(64))), /nests arrays 5 deep; expected at most 4/);
  await rejects(
    ggufHeader(
      gguf({
        kvs: [
          ['k', 4, u32(1)],
          ['k', 4, u32(2)],
        ],
      }),
    ),
    /key "k" appears twice/,
  );
  await rejects(
    ggufHeader(gguf({ kvs: [['general.alignment', 4, u32(24)]] })),
    /general\.alignment is 24; expected a power of two/,
  );
});

test('GGUF: tensor infos: dimensions, types, offsets', async () => {
  const t = (dims, type, bytes) => ggufHeader(gguf({ tensors: [['x', dims, type, bytes]] }));
  await rejects(t([1, 1, 1, 1, 1], 0, f32s([1])), /"x" has 5 dimensions; expected 1 to 4/);
  await rejects(
    t([4], 99, f32s([1, 2, 3, 4])),
    /"x" has ggml type 99; expected a ggml type this reader knows/,
  );
  await rejects(
    t([31], 8, new Uint8Array(34)),
    /"x" of Q8_0 has rows of 31 values; expected rows made of whole blocks of 32/,
  );
  await rejects(t([2 ** 40, 2 ** 20], 0, f32s([1])), /dimensions|past the file's end/);
  const model = await openModel([
    file(gguf({ tensors: [['position_embd.weight', [256], 12, new Uint8Array(144)]] }), 'model.gguf'),
  ]);
  await rejects(
    model.read('position_embd.weight'),
    /is Q4_K; expected a tensor in F32, F16, BF16, Q8_0 to decode/,
  );
  const twice = gguf({
    tensors: [
      ['x', [1], 0, f32s([1])],
      ['x', [1], 0, f32s([2])],
    ],
  });
  await rejects(ggufHeader(twice), /"x" appears twice/);
});

const config = (text) => positionSetting(parseConfigJson(new TextEncoder().encode(text)));

test('config.json: not an object, too large, not JSON, not UTF-8', () => {
  const throws = (fn, pattern) =>
    assert.throws(fn, (e) => e instanceof ModelFileError && pattern.test(e.message));
  throws(() => config('[1]'), /config\.json: it holds \[1\]; expected a JSON object/);
  throws(() => config('"llama"'), /it holds "llama"/);
  throws(() => config('{'), /not JSON/);
  throws(
    () => config(`{"a": "${'x'.repeat(2 ** 20)}"}`),
    /it is 1048585 bytes \(1\.0 MB\); expected a JSON file of at most 1048576 bytes \(1\.0 MB\)/,
  );
  throws(() => parseConfigJson(new Uint8Array([0x7b, 0xff, 0x7d])), /not valid UTF-8/);
});

test('config.json: wrong-typed fields are named with their value and what they should be', () => {
  const throws = (text, pattern) =>
    assert.throws(
      () => config(text),
      (e) => e instanceof ModelFileError && pattern.test(e.message),
    );
  throws('{"model_type": "llama", "rope_theta": "10000"}', /rope_theta is "10000"; expected a number\./);
  throws('{"max_position_embeddings": -1}', /max_position_embeddings is -1; expected a number of at least 1/);
  throws('{"max_position_embeddings": 1.5}', /max_position_embeddings is 1\.5; expected a whole number/);
  throws('{"model_type": 7}', /model_type is 7; expected a short string/);
  throws('{"rope_scaling": "linear"}', /rope_scaling is "linear"; expected an object/);
  throws(
    '{"rope_theta": 1e4, "rope_scaling": {"type": "linear", "factor": "2"}}',
    /rope_scaling\.factor is "2"; expected a number/,
  );
  throws('{"rope_parameters": {"full_attention": {"rope_theta": -1}}}', /rope_theta is -1/);
  throws(
    '{"rope_theta": 1e4, "no_rope_layers": [1, 2]}',
    /no_rope_layers is \[1,2\]; expected a list of 0 \(NoPE\) and 1 \(RoPE\)/,
  );
  throws('{"attn_config": {"alibi": "yes"}}', /alibi is "yes"; expected true or false/);
  throws('{"attn_config": [1]}', /attn_config is \[1\]; expected an object/);
  throws('{"text_config": 3}', /text_config is 3; expected an object/);
  throws(
    '{"rope_theta": 1e4, "rope_scaling": {"long_factor": [1, "x"]}}',
    /long_factor is \[1,"x"\]; expected a list/,
  );
});

test('byte sources: a read function that never answers, answers short, or a file read past its cap', async () => {
  const never = readerSource({
    name: 'remote.safetensors',
    size: 100,
    read: () => new Promise(() => {}),
    timeoutMs: 50,
  });
  await rejects(
    readSafetensorsHeader(never),
    /remote\.safetensors: it could not be read \(no answer in 50 ms\)/,
  );
  const short = readerSource({ name: 'remote.gguf', size: 100, read: async () => new Uint8Array(3) });
  await rejects(readGgufHeader(short), /a read of 100 bytes at 0 gave 3 bytes; expected 100 bytes/);
  const odd = readerSource({ name: 'remote.gguf', size: 100, read: async () => 'GGUF' });
  await rejects(readGgufHeader(odd), /gave no bytes/);
  const capped = blobSource(file(validSafetensors()), { readCap: 20 });
  await rejects(
    readSafetensorsHeader(capped),
    /reading \d+ bytes more would pass the cap of 20 bytes read from one file/,
  );
  assert.throws(
    () => readerSource({ name: 'x', size: -1, read: async () => new Uint8Array(0) }),
    ModelFileError,
  );
});

test('openModel: a config.json over 1 MB is refused unread; an index naming a shard it lacks', async () => {
  const big = new File([new Uint8Array(2 ** 20 + 1)], 'config.json');
  const files = [file(validSafetensors()), big];
  await rejects(
    openModel(files),
    /config\.json: it is 1048577 bytes \(1\.0 MB\); expected a JSON file of at most 1048576 bytes/,
  );
  const index = new File(
    [JSON.stringify({ weight_map: { 'wpe.weight': 'model.safetensors', x: 'model.safetensors' } })],
    'model.safetensors.index.json',
  );
  await rejects(
    openModel([file(validSafetensors()), index]),
    /index\.json: it puts "x" in "model\.safetensors", which does not hold it/,
  );
  await rejects(
    openModel([new File(['x'], 'notes.txt')]),
    /no checkpoint is among them; expected a \.safetensors or \.gguf file/,
  );
});
