// A checkpoint as the reader gives it: one or more files at once (a .safetensors file, the shards and their
// model.safetensors.index.json, a .gguf file, and perhaps config.json). Nothing leaves the machine: every byte is
// read from the reader's own files through a ByteSource.

import { CONFIG_BYTE_CAP, parseConfigJson, positionSetting } from './config.js';
import { formatBytes, ModelFileError, shown } from './errors.js';
import { ggufPositionSetting } from './gguf-setting.js';
import { readGgufHeader } from './gguf.js';
import { findPositionTensors } from './positions.js';
import { readSafetensorsHeader } from './safetensors.js';
import { blobSource } from './source.js';
import { readTensor } from './tensor.js';

/** The most bytes a model.safetensors.index.json may have (config.json's cap is config.js's). */
export const JSON_FILE_CAP = 32 * 2 ** 20;
const MAX_FILES = 1024;

/**
 * @typedef {object} OpenedModel
 * @property {'safetensors' | 'gguf'} format
 * @property {import('./safetensors.js').TensorEntry[]} tensors every tensor, rows first
 * @property {Record<string, unknown> | null} metadata safetensors' __metadata__ (of the first file) or GGUF's
 *   key-values
 * @property {import('./config.js').PositionSetting | null} setting from config.json or the GGUF metadata
 * @property {ReturnType<typeof findPositionTensors>} positions
 * @property {() => number} bytesRead over every file
 * @property {(name: string, options?: { allowNonFinite?: boolean }) => Promise<import('./tensor.js').DecodedTensor>} read
 */

/** @param {Blob & { name?: string }} f */
const nameOf = (f) => String(f.name ?? 'file');

/**
 * @param {(Blob & { name?: string })[]} files
 * @param {{ readCap?: number }} [options]
 * @returns {Promise<OpenedModel>}
 */
export async function openModel(files, options = {}) {
  if (files.length === 0 || files.length > MAX_FILES)
    throw new ModelFileError('(no file)', `${files.length} files were given`, `1 to ${MAX_FILES} files`);
  return openSources(files.map((f) => blobSource(f, { name: nameOf(f), readCap: options.readCap })));
}

/**
 * `openModel` over byte sources of any kind: the reader's files (blobSource) or HTTP Range reads (hub.js). Each
 * source is known by its name's last path segment (`model.safetensors`, `config.json`, a shard's name).
 * @param {import('./source.js').ByteSource[]} list
 * @returns {Promise<OpenedModel>}
 */
export async function openSources(list) {
  if (list.length === 0 || list.length > MAX_FILES)
    throw new ModelFileError('(no file)', `${list.length} files were given`, `1 to ${MAX_FILES} files`);
  const sources = new Map(list.map((s) => [s.name.replace(/^.*[\\/]/, ''), s]));
  const byName = (/** @type {string} */ n) => sources.get(n);
  const config = byName('config.json');
  const setting = config
    ? positionSetting(parseConfigJson(await readWhole(config, CONFIG_BYTE_CAP), config.name), config.name)
    : null;
  const gguf = [...sources.values()].find((s) => /\.gguf$/i.test(s.name));
  /** @type {Omit<OpenedModel, 'positions' | 'bytesRead' | 'read'>} */
  let opened;
  if (gguf) {
    const header = await readGgufHeader(gguf);
    opened = {
      format: 'gguf',
      tensors: header.tensors,
      metadata: header.metadata,
      setting: setting ?? ggufPositionSetting(header),
    };
  } else {
    const { tensors, metadata } = await openSafetensors(sources);
    opened = { format: 'safetensors', tensors, metadata, setting };
  }
  const entries = new Map(opened.tensors.map((t) => [t.name, t]));
  const sourceOf = new Map([...sources.values()].map((s) => [s.name, s]));
  return {
    ...opened,
    positions: findPositionTensors(opened.tensors, {
      modelType: setting?.modelType ?? null,
      padTokenId: setting?.padTokenId ?? null,
    }),
    bytesRead: () => [...sources.values()].reduce((sum, s) => sum + s.bytesRead, 0),
    read(name, readOptions) {
      const entry = entries.get(name);
      if (!entry)
        return Promise.reject(
          new ModelFileError('checkpoint', `it has no tensor ${shown(name)}`, 'a tensor it names'),
        );
      return readTensor(
        /** @type {import('./source.js').ByteSource} */ (sourceOf.get(entry.file)),
        entry,
        readOptions,
      );
    },
  };
}

/** A JSON file's bytes, when it is at most `cap` long. @param {import('./source.js').ByteSource} source @param {number} cap */
async function readWhole(source, cap) {
  if (source.size > cap)
    throw new ModelFileError(
      source.name,
      `it is ${formatBytes(source.size)}`,
      `a JSON file of at most ${formatBytes(cap)}`,
    );
  return source.read(0, source.size);
}

/** @param {Map<string, import('./source.js').ByteSource>} sources */
async function openSafetensors(sources) {
  const index = [...sources.values()].find((s) => /\.safetensors\.index\.json$/i.test(s.name));
  const indexed = index ? await shardsOf(index, sources) : null;
  const shards = indexed
    ? indexed.shards
    : [...sources.values()].filter((s) => /\.safetensors$/i.test(s.name));
  if (shards.length === 0)
    throw new ModelFileError(
      [...sources.keys()].join(', '),
      'no checkpoint is among them',
      'a .safetensors or .gguf file',
    );
  /** @type {Map<string, import('./safetensors.js').TensorEntry>} */
  const all = new Map();
  let metadata = null;
  for (const shard of shards) {
    const header = await readSafetensorsHeader(shard);
    metadata ??= header.metadata;
    for (const t of header.tensors) {
      if (all.has(t.name))
        throw new ModelFileError(
          shard.name,
          `tensor ${shown(t.name)} is also in ${all.get(t.name)?.file}`,
          'each tensor in one shard',
        );
      all.set(t.name, t);
    }
  }
  if (index && indexed) checkIndex(index.name, indexed.weightMap, all);
  return { tensors: [...all.values()], metadata };
}

/**
 * The shards an index names, each of which must be among the files given.
 * @param {import('./source.js').ByteSource} index
 * @param {Map<string, import('./source.js').ByteSource>} sources
 */
async function shardsOf(index, sources) {
  const json = parseConfigJson(await readWhole(index, JSON_FILE_CAP), index.name, JSON_FILE_CAP);
  const { weightMap, shardNames } = indexShards(json, index.name);
  for (const shard of shardNames)
    if (!sources.has(shard))
      throw new ModelFileError(
        index.name,
        `it names shard ${shown(shard)}, which was not given`,
        'every shard it names among the files given',
      );
  const shards = [...shardNames].map((n) => /** @type {import('./source.js').ByteSource} */ (sources.get(n)));
  return { shards, weightMap };
}

/**
 * An index's weight_map and the shards it names, in order of first mention.
 * @param {Record<string, unknown>} json a parsed model.safetensors.index.json
 * @param {string} file its name, for messages
 * @returns {{ weightMap: Record<string, string>, shardNames: string[] }}
 */
export function indexShards(json, file) {
  const map = json.weight_map;
  if (typeof map !== 'object' || map === null || Array.isArray(map))
    throw new ModelFileError(
      file,
      `its weight_map is ${shown(map)}`,
      'an object of tensor name to shard file',
    );
  /** @type {Record<string, string>} */
  const weightMap = /** @type {Record<string, string>} */ (map);
  const shardNames = new Set();
  for (const [tensor, shard] of Object.entries(weightMap)) {
    if (typeof shard !== 'string')
      throw new ModelFileError(
        file,
        `weight_map names ${shown(shard)} for ${shown(tensor)}`,
        'a shard file name',
      );
    shardNames.add(shard);
  }
  return { weightMap, shardNames: [...shardNames] };
}

/**
 * @param {string} file
 * @param {Record<string, string>} weightMap
 * @param {Map<string, import('./safetensors.js').TensorEntry>} all
 */
function checkIndex(file, weightMap, all) {
  for (const [tensor, shard] of Object.entries(weightMap)) {
    const entry = all.get(tensor);
    if (!entry || entry.file.replace(/^.*[\\/]/, '') !== shard)
      throw new ModelFileError(
        file,
        `it puts ${shown(tensor)} in ${shown(shard)}, which does not hold it`,
        'a weight_map that matches the shards',
      );
  }
}
