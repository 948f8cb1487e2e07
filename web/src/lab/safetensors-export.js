// "Download weights": a lab run's trained parameters as a .safetensors file that the exported PyTorch script
// (torch-script.js) loads with `--load-safetensors`, and that Hugging Face's safetensors reads. The run comes as
// the bytes of Lab.exportState (docs/lab-model.md, "Saved state"), which hold its configuration, step and
// weights, so the page needs nothing else from its worker. Tensors are named as the script's model names its
// state_dict (torch-model.py: the contract's names with "." written "_", each in the engine's layout: a linear
// layer's W is [in, out], as the script's model computes x W; nothing is transposed), plus its `slopes` buffer
// (ALiBi's slopes, which every scheme's model holds). The header's __metadata__ holds "format": "pt", every
// field of the configuration and the step, as strings. Pure: no DOM, no engine.

/** The saved state's numbering (cpp/include/pe/lab/config.hpp's enums). */
const TASKS = ['previous', 'reverse', 'first', 'subject', 'majority'];
const SCHEMES = ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'];
const EXTENSIONS = ['none', 'interpolation', 'ntk', 'dynamic', 'yarn', 'llama3'];
/** Each task's vocabulary and classes (task_info in cpp/src/lab/tasks.cpp; TASKS in torch-template.py). */
const TASK_SIZES = /** @type {Record<string, [number, number]>} */ ({
  previous: [16, 16],
  reverse: [16, 16],
  first: [16, 16],
  subject: [31, 12],
  majority: [8, 8],
});
/** T5's buckets (T5_BUCKETS in torch-model.py). */
const T5_BUCKETS = 32;
/** The bytes of a version 4 state before its parameters: magic, version, configuration, step, batches, P. */
const STATE_HEAD = 130;
const STATE_VERSION = 4;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * @typedef {{ name: string, shape: number[], data: Float32Array }} NamedTensor
 * @typedef {import('./torch-script.js').FullLabConfig} FullLabConfig
 */

/** @returns {never} */
function refuse(problem) {
  throw new Error(`labSafetensors: ${problem}`);
}

/** FNV-1a 64 of bytes as 16 hex digits, in two 32-bit halves (prime 2^40 + 0x1b3). */
export function fnv1a64Hex(bytes) {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < bytes.length; i++) {
    lo = (lo ^ bytes[i]) >>> 0;
    const low = lo * 0x1b3;
    const carry = Math.floor(low / 0x100000000);
    hi = (hi * 0x1b3 + carry + ((lo << 8) >>> 0)) % 0x100000000;
    lo = low % 0x100000000;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/**
 * A saved lab state's configuration, step and parameters.
 * @param {Uint8Array} bytes from Lab.exportState (format version 4)
 * @returns {{ config: FullLabConfig, step: number, params: Float32Array }} config as `lab.config` gives it
 */
export function readLabState(bytes) {
  if (!(bytes instanceof Uint8Array)) refuse(`the state must be a Uint8Array from Lab.exportState.`);
  if (bytes.length < STATE_HEAD + 8 || String.fromCharCode(...bytes.subarray(0, 4)) !== 'PELB')
    refuse('the bytes are not a saved lab state (Lab.exportState).');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 4;
  const u32 = () => ((at += 4), view.getUint32(at - 4, true));
  const i32 = () => ((at += 4), view.getInt32(at - 4, true));
  const f64 = () => ((at += 8), view.getFloat64(at - 8, true));
  const u8 = () => view.getUint8(at++) !== 0;
  const u64 = () => ((at += 8), Number(view.getBigUint64(at - 8, true)));
  const version = u32();
  if (version !== STATE_VERSION)
    refuse(`the state is of format version ${version}; only version ${STATE_VERSION} is read.`);
  const [task, scheme, convention] = [TASKS[u32()], SCHEMES[u32()], u32() === 0 ? 'interleaved' : 'half'];
  const c = { task, scheme, ropeConvention: convention, base: f64(), dModel: i32(), nHeads: i32() };
  Object.assign(c, { nLayers: i32(), length: i32(), batch: i32(), causal: u8(), scaleEmbedding: u8() });
  Object.assign(c, { lr: f64(), warmup: i32(), steps: i32(), weightDecay: f64(), clip: f64(), seed: u32() });
  Object.assign(c, { randomizedPositions: i32(), extension: EXTENSIONS[u32()] });
  Object.assign(c, { extensionFactor: f64(), originalLength: i32() });
  const config = /** @type {FullLabConfig} */ (c);
  const step = u64();
  u64(); // training batches drawn
  const count = u64();
  if (at !== STATE_HEAD || !task || !scheme || !c.extension)
    refuse('the state has a configuration it cannot read.');
  const end = STATE_HEAD + 12 * count;
  if (bytes.length !== end + 8)
    refuse(`the state is ${bytes.length} bytes long; its ${count} parameters need ${end + 8}.`);
  const stored = view.getBigUint64(end, true).toString(16).padStart(16, '0');
  if (fnv1a64Hex(bytes.subarray(0, end)) !== stored) refuse('the state was changed after it was saved.');
  if (!LITTLE_ENDIAN) refuse('this machine is big-endian; safetensors stores little-endian floats.');
  const params = new Float32Array(bytes.slice(STATE_HEAD, STATE_HEAD + 4 * count).buffer);
  return { config, step, params };
}

/**
 * The model's parameters in the engine's buffer order, named as the script's state_dict names them.
 * @param {FullLabConfig} config
 * @returns {{ name: string, shape: number[] }[]}
 */
export function labTensorSpecs(config) {
  const { dModel: d, nLayers, nHeads, scheme, task } = config;
  const [vocab, classes] = TASK_SIZES[task] ?? refuse(`unknown task ${JSON.stringify(task)}.`);
  const specs = [{ name: 'wte', shape: [vocab, d] }];
  if (scheme === 'learned')
    specs.push({ name: 'wpe', shape: [config.randomizedPositions || config.length, d] });
  if (scheme === 't5') specs.push({ name: 't5_bias', shape: [T5_BUCKETS, nHeads] });
  for (let i = 0; i < nLayers; i++) {
    const l = `l${i}_`;
    specs.push(
      { name: `${l}ln1_g`, shape: [d] },
      { name: `${l}ln1_b`, shape: [d] },
      ...['wq', 'wk', 'wv', 'wo'].map((w) => ({ name: l + w, shape: [d, d] })),
      { name: `${l}ln2_g`, shape: [d] },
      { name: `${l}ln2_b`, shape: [d] },
      { name: `${l}w1`, shape: [d, 4 * d] },
      { name: `${l}b1`, shape: [4 * d] },
      { name: `${l}w2`, shape: [4 * d, d] },
      { name: `${l}b2`, shape: [d] },
    );
  }
  specs.push(
    { name: 'lnf_g', shape: [d] },
    { name: 'lnf_b', shape: [d] },
    { name: 'head_w', shape: [d, classes] },
    { name: 'head_b', shape: [classes] },
  );
  return specs;
}

/**
 * Press et al.'s ALiBi slopes as torch-model.py's alibi_slopes computes them (2^(-8k/n) for the largest power
 * of two n <= h, then every other one of 2n's), in double, then float32.
 * @param {number} h heads
 */
export function alibiSlopes(h) {
  const n = 2 ** Math.floor(Math.log2(h));
  const slopes = [];
  for (let k = 1; k <= n; k++) slopes.push(2 ** ((-8 * k) / n));
  for (let k = 1; slopes.length < h; k += 2) slopes.push(2 ** ((-8 * k) / (2 * n)));
  return Float32Array.from(slopes);
}

/**
 * The run's tensors: its parameters, split by labTensorSpecs, and the model's `slopes` buffer.
 * @param {FullLabConfig} config
 * @param {Float32Array} params the engine's buffer, in order
 * @returns {NamedTensor[]}
 */
export function labTensors(config, params) {
  const specs = labTensorSpecs(config);
  const total = specs.reduce((sum, s) => sum + s.shape.reduce((a, b) => a * b, 1), 0);
  if (total !== params.length)
    refuse(`the configuration has ${total} parameters but the state holds ${params.length}.`);
  let at = 0;
  const tensors = specs.map(({ name, shape }) => {
    const size = shape.reduce((a, b) => a * b, 1);
    at += size;
    return { name, shape, data: params.slice(at - size, at) };
  });
  tensors.push({ name: 'slopes', shape: [config.nHeads], data: alibiSlopes(config.nHeads) });
  return tensors;
}

/**
 * A safetensors file: the header's length (u64, little-endian), the JSON header (__metadata__ first, then the
 * tensors sorted by name, each F32 with its shape and byte range), padded with spaces to a multiple of 8
 * bytes, then the tensors' bytes in the same order, contiguous.
 * @param {NamedTensor[]} tensors
 * @param {Record<string, string>} metadata
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function safetensorsBytes(tensors, metadata) {
  if (!LITTLE_ENDIAN) refuse('this machine is big-endian; safetensors stores little-endian floats.');
  const sorted = [...tensors].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  /** @type {Record<string, unknown>} */
  const header = { __metadata__: metadata };
  let offset = 0;
  for (const { name, shape, data } of sorted) {
    if (Object.hasOwn(header, name)) refuse(`two tensors are named ${JSON.stringify(name)}.`);
    if (data.length !== shape.reduce((a, b) => a * b, 1))
      refuse(`tensor ${name} holds ${data.length} values, not those of its shape [${shape}].`);
    header[name] = { dtype: 'F32', shape, data_offsets: [offset, offset + data.byteLength] };
    offset += data.byteLength;
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  const length = Math.ceil(json.length / 8) * 8;
  const out = new Uint8Array(8 + length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(length), true);
  out.set(json, 8);
  out.fill(0x20, 8 + json.length, 8 + length);
  let at = 8 + length;
  for (const { data } of sorted) {
    out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), at);
    at += data.byteLength;
  }
  return out;
}

/**
 * The .safetensors file of a saved run: its tensors (labTensors) and, in __metadata__, "format": "pt", every
 * configuration field and "step", as strings.
 * @param {Uint8Array} state from Lab.exportState
 */
export function labSafetensors(state) {
  const { config, step, params } = readLabState(state);
  const metadata = { format: 'pt', producer: 'PE Explorer lab' };
  for (const [key, value] of Object.entries(config)) metadata[key] = String(value);
  metadata.step = String(step);
  return safetensorsBytes(labTensors(config, params), metadata);
}

/** A file name for a run's weights: task, scheme, seed and step. */
export function safetensorsName({ config, step }) {
  return `pe_lab_${config.task}_${config.scheme}_seed${config.seed}_step${step}.safetensors`;
}
