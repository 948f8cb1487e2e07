// A model on the Hugging Face Hub (or a mirror), read as openModel reads the reader's files: config.json, the
// safetensors header(s), then only the tensors asked for, each by HTTP Range requests. It runs only when the reader
// asks for a model by name; nothing is sent but the requests for these files, without cookies or a referrer.

import { CONFIG_BYTE_CAP, parseConfigJson } from './config.js';
import { HubError, ModelFileError, shown } from './errors.js';
import { DEFAULT_HTTP_TIMEOUT_MS, fetchSmall, httpSource } from './http.js';
import { indexShards, JSON_FILE_CAP, openSources } from './open.js';
import { blobSource } from './source.js';

export const DEFAULT_ENDPOINT = 'https://huggingface.co';
/** The longest endpoint, model id and revision taken. */
export const MAX_ENDPOINT_LENGTH = 200;
export const MAX_ID_PART = 96;
export const MAX_REVISION_LENGTH = 100;

const INDEX = 'model.safetensors.index.json';
/** The most shards fetched (each costs two requests before anything is shown). */
export const MAX_SHARDS = 256;

/**
 * @typedef {import('./open.js').OpenedModel & {
 *   modelId: string, endpoint: string, revision: string, hosts: () => string[] }} HubModel
 */

/**
 * The endpoint as a base URL without a trailing slash: http or https, no credentials, query or fragment.
 * @param {unknown} endpoint
 * @returns {{ base: string, host: string }}
 */
export function checkEndpoint(endpoint) {
  const given = typeof endpoint === 'string' ? endpoint.trim() : '';
  /** @type {URL | null} */
  let url;
  try {
    url = given.length <= MAX_ENDPOINT_LENGTH ? new URL(given) : null;
  } catch {
    url = null;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    !url.hostname ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  )
    throw new HubError(
      'bad-endpoint',
      shown(endpoint),
      `The endpoint ${shown(endpoint)} is not one this page contacts: expected an http or https address of at ` +
        `most ${MAX_ENDPOINT_LENGTH} characters without a login, query or fragment, such as ${DEFAULT_ENDPOINT}.`,
    );
  return { base: `${url.origin}${url.pathname.replace(/\/+$/, '')}`, host: url.host };
}

/** One part of a model id: letters, digits, ".", "_", "-", not starting or ending with "." or "-", no "..". */
// Lookaheads only: Safari before 16.4 (WPE 2.38) has no lookbehind, and a module with one would not load.
const PART = new RegExp(`^(?![.-])(?!.*[.]{2})(?!.*[.-]$)[A-Za-z0-9._-]{1,${MAX_ID_PART}}$`);

/**
 * `owner/name` or `name`, checked; it becomes part of a URL path.
 * @param {unknown} modelId
 * @param {string} host for the message
 */
export function checkModelId(modelId, host) {
  const id = typeof modelId === 'string' ? modelId.trim() : '';
  const parts = id.split('/');
  if (parts.length <= 2 && parts.every((p) => PART.test(p))) return id;
  const url = /^[a-z][a-z0-9+.-]*:|^\/\/|^www\./i.test(id);
  throw new HubError(
    'bad-id',
    host,
    `${shown(modelId)} is not a model id on ${host}: expected "owner/name" or "name", of letters, digits, ".", ` +
      `"_" and "-" (at most ${MAX_ID_PART} in each part, no ".."), such as openai-community/gpt2` +
      `${url ? '; give the id, not the address of its page' : ''}.`,
  );
}

/** A branch, tag or commit: letters, digits, ".", "_", "-" and "/" (refs/pr/1), no "..". */
const REVISION = new RegExp(
  `^(?![/.])(?!.*[.]{2})(?!.*//)(?!.*/$)[A-Za-z0-9._/-]{1,${MAX_REVISION_LENGTH}}$`,
);

/** A shard an index names is fetched from the same folder: a plain file name, nothing else. */
const SHARD = /^(?![.-])(?!.*[.]{2})[A-Za-z0-9._-]{1,200}\.safetensors$/;

/**
 * Opens a model of the Hub by Range requests: config.json (when there is one, at most 1 MB), model.safetensors or
 * else model.safetensors.index.json and the shards it names, each shard's 8 bytes and header; `read(name)` then
 * asks for that tensor's bytes alone.
 * @param {string} modelId "owner/name" or "name"
 * @param {{ endpoint?: string, revision?: string, fetch?: typeof globalThis.fetch, signal?: AbortSignal,
 *   readCap?: number, timeoutMs?: number, offline?: boolean }} [options] `offline` defaults to whether the page
 *   is the single-file copy opened from file:
 * @returns {Promise<HubModel>}
 */
export async function openHubModel(modelId, options = {}) {
  const { base, host } = checkEndpoint(options.endpoint ?? DEFAULT_ENDPOINT);
  const id = checkModelId(modelId, host);
  const revision = options.revision ?? 'main';
  if (typeof revision !== 'string' || !REVISION.test(revision))
    throw new HubError(
      'bad-id',
      host,
      `${shown(revision)} is not a revision on ${host}: expected a branch, tag or commit such as main.`,
    );
  const offline = options.offline ?? globalThis.location?.protocol === 'file:';
  if (offline)
    throw new HubError(
      'offline',
      host,
      `This is the offline single-file copy of the page: it works without a network and cannot fetch ${id} ` +
        `from ${host}. Open the page from its web address to read models from the Hub, or download the ` +
        'model’s config.json and model.safetensors and open them here.',
    );
  const fetch = options.fetch ?? globalThis.fetch;
  if (typeof fetch !== 'function')
    throw new HubError('network', host, `This browser has no fetch, so ${host} cannot be reached.`);
  /** @type {Set<string>} */
  const hosts = new Set();
  const http = {
    fetch,
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS,
    hosts,
  };
  const url = (/** @type {string} */ file) =>
    `${base}/${id}/resolve/${revision.split('/').map(encodeURIComponent).join('/')}/${file}`;
  const what = (/** @type {string} */ file) => `${file} of ${id} (${revision})`;
  /** @param {string} file @param {number} cap */
  const small = (file, cap) => fetchSmall(url(file), { ...http, name: url(file), what: what(file), cap });
  /** A fetched file as openSources reads it. @param {string} file @param {Uint8Array} bytes */
  const inMemory = (file, bytes) =>
    blobSource(new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (bytes)]), { name: url(file) });
  /** @param {string} file */
  const ranged = (file) =>
    httpSource(url(file), { ...http, name: url(file), what: what(file), readCap: options.readCap });

  const sources = [];
  const config = await unlessMissing(() => small('config.json', CONFIG_BYTE_CAP));
  if (config) sources.push(inMemory('config.json', config));
  const single = await unlessMissing(() => ranged('model.safetensors'));
  if (single) sources.push(single);
  else {
    const index = await unlessMissing(() => small(INDEX, JSON_FILE_CAP));
    if (!index)
      throw new HubError(
        'not-found',
        host,
        `${host} has neither model.safetensors nor ${INDEX} for ${id} (${revision}): the model has no ` +
          'safetensors weights in its top folder, so there is nothing to read here.',
      );
    sources.push(inMemory(INDEX, index));
    const json = parseConfigJson(index, url(INDEX), JSON_FILE_CAP);
    const { shardNames } = indexShards(json, url(INDEX));
    if (shardNames.length > MAX_SHARDS)
      throw new ModelFileError(url(INDEX), `it names ${shardNames.length} shards`, `at most ${MAX_SHARDS}`);
    for (const shard of shardNames) {
      if (!SHARD.test(shard))
        throw new ModelFileError(
          url(INDEX),
          `it names shard ${shown(shard)}`,
          'shard names of letters, digits, ".", "_" and "-" ending .safetensors, in the same folder',
        );
      sources.push(await ranged(shard));
    }
  }
  const opened = await openSources(sources);
  return { ...opened, modelId: id, endpoint: base, revision, hosts: () => [...hosts] };
}

/**
 * The value, or null when the file is missing (404 for that file alone; a missing or private model is an error).
 * @template T
 * @param {() => Promise<T>} open
 * @returns {Promise<T | null>}
 */
async function unlessMissing(open) {
  try {
    return await open();
  } catch (error) {
    const fileAlone = error instanceof HubError && error.status === 404;
    if (fileAlone && (error.code === null || error.code === 'EntryNotFound')) return null;
    throw error;
  }
}
