// Reading a file over HTTP: a ByteSource whose reads are Range requests (each answered 206 with the Content-Range
// asked for, or refused), and whole small files (config.json, an index) fetched with a cap. Every failure is a
// HubError that names the host contacted. Nothing here runs unless the reader asks for a model from the Hub.

import { formatBytes, HubError, ModelFileError } from './errors.js';
import { makeSource } from './source.js';

/** How long one request may take, headers and body, before it is abandoned. */
export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;

/**
 * @typedef {object} HttpOptions
 * @property {typeof globalThis.fetch} fetch
 * @property {AbortSignal} [signal] the caller's, to cancel
 * @property {number} [timeoutMs] per request
 * @property {Set<string>} [hosts] collects the host of every answer (a redirect's target included)
 */

/** A URL's host, for messages. @param {string} url */
export const hostOf = (url) => {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 80);
  }
};

/** The host that answered, and the one asked when a redirect led elsewhere. @param {string} asked @param {Response} response */
const answeredBy = (asked, response) => {
  const final = response.url ? hostOf(response.url) : asked;
  return final && final !== asked ? `${final} (redirected from ${asked})` : asked;
};

/** @param {unknown} error */
const short = (error) => String(error instanceof Error ? error.message : error).slice(0, 120);

/**
 * One request, headers and body within `timeoutMs`; `consume` reads the answer and may abort it.
 * @template T
 * @param {string} url
 * @param {HttpOptions & { headers?: Record<string, string>, what: string }} options
 * @param {(response: Response, abort: () => void) => Promise<T>} consume
 * @returns {Promise<T>}
 */
export async function request(url, options, consume) {
  const { fetch, signal, timeoutMs = DEFAULT_HTTP_TIMEOUT_MS, headers = {}, what } = options;
  const host = hostOf(url);
  if (signal?.aborted)
    throw new HubError('aborted', host, `Reading ${what} from ${host} was cancelled.`, { url });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const response = await fetch(url, {
      headers,
      signal: controller.signal,
      redirect: 'follow',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
    if (response.url) options.hosts?.add(hostOf(response.url));
    return await consume(response, cancel);
  } catch (error) {
    if (error instanceof HubError || error instanceof ModelFileError) throw error;
    if (timedOut)
      throw new HubError(
        'timeout',
        host,
        `${host} did not answer for ${what} within ${timeoutMs / 1000} s; the host or the network may be slow ` +
          'or down. Try again later.',
        { url },
      );
    if (signal?.aborted)
      throw new HubError('aborted', host, `Reading ${what} from ${host} was cancelled.`, { url });
    throw new HubError(
      'network',
      host,
      `${host} could not be reached for ${what} (${short(error)}): the host (or the one its files are ` +
        'redirected to) may be down or the machine offline, or the page’s Content-Security-Policy (connect-src) ' +
        'or the browser (CORS, an extension) blocked the request.',
      { url },
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * Refuses an answer that is not a success, saying why as the Hub means it (its X-Error-Code when exposed).
 * @param {string} url
 * @param {Response} response
 * @param {string} what
 */
export function checkStatus(url, response, what) {
  if (response.ok) return;
  const host = answeredBy(hostOf(url), response);
  const status = response.status;
  const code = response.headers.get('x-error-code');
  const said = response.headers.get('x-error-message');
  const quoted = said ? ` (“${said.slice(0, 160)}”)` : '';
  const detail = { url, status, code };
  if (code === 'RepoNotFound' || (status === 404 && code !== 'EntryNotFound' && code !== 'RevisionNotFound'))
    throw new HubError(
      'not-found',
      host,
      `${host} has no ${what} (HTTP ${status}${code ? `, ${code}` : ''})${quoted}: no such model or file, or ` +
        'the model is private, which this page cannot log in to read.',
      detail,
    );
  if (status === 404)
    throw new HubError(
      'not-found',
      host,
      `${host} has no ${what} (HTTP 404, ${code})${quoted}: no such ${code === 'RevisionNotFound' ? 'revision' : 'file'}.`,
      detail,
    );
  if (status === 401 || status === 403)
    throw new HubError(
      'gated',
      host,
      `${host} refused ${what} (HTTP ${status}${code ? `, ${code}` : ''})${quoted}: the model is gated or private, ` +
        'and this page cannot log in. Ask for access on the model’s page, download its files and open them here.',
      detail,
    );
  throw new HubError('http', host, `${host} answered ${what} with HTTP ${status}.`, detail);
}

/**
 * A body of at most `max` bytes, read as it streams; a longer one is abandoned at `max + 1` bytes.
 * @param {Response} response
 * @param {number} max
 * @param {() => void} abort
 * @returns {Promise<Uint8Array | null>} null when the body is longer than `max`
 */
async function readAtMost(response, max, abort) {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > max || !response.body) {
    if (declared > max) abort();
    return declared > max ? null : new Uint8Array(await response.arrayBuffer()).slice(0, max + 1);
  }
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      abort();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * A small file whole (config.json, an index), refused beyond `cap` bytes before more is read.
 * @param {string} url
 * @param {HttpOptions & { name: string, what: string, cap: number }} options
 * @returns {Promise<Uint8Array>}
 */
export async function fetchSmall(url, options) {
  return request(url, options, async (response, abort) => {
    checkStatus(url, response, options.what);
    const bytes = await readAtMost(response, options.cap, abort);
    if (!bytes)
      throw new ModelFileError(
        options.name,
        `${answeredBy(hostOf(url), response)} sends more than ${formatBytes(options.cap)}`,
        `a JSON file of at most ${formatBytes(options.cap)}`,
      );
    return bytes;
  });
}

/** `bytes a-b/total` as numbers, or null. @param {string | null} header */
export function parseContentRange(header) {
  const m = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec((header ?? '').trim());
  if (!m) return null;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return start <= end && end < total ? { start, end, total } : null;
}

/**
 * One Range request for `length` bytes at `offset` (fewer at the end of a file when `total` is not yet known).
 * @param {string} url
 * @param {HttpOptions & { what: string }} options
 * @param {number} offset
 * @param {number} length
 * @param {number | undefined} total the file's size, once known
 */
async function rangeRead(url, options, offset, length, total) {
  const asked = `bytes=${offset}-${offset + length - 1}`;
  return request(url, { ...options, headers: { Range: asked } }, async (response, abort) => {
    checkStatus(url, response, options.what);
    const host = answeredBy(hostOf(url), response);
    const detail = { url, status: response.status };
    if (response.status !== 206) {
      abort();
      throw new HubError(
        'no-range',
        host,
        `${host} answered a request for ${length} bytes of ${options.what} with HTTP ${response.status}` +
          `${response.status === 200 ? ' and the whole file' : ''}: it does not support range requests, and this ` +
          'page will not download a whole checkpoint. Use another endpoint (mirror) or open the files here.',
        detail,
      );
    }
    const header = response.headers.get('content-range');
    const range = parseContentRange(header);
    const size = total ?? range?.total ?? 0;
    const end = Math.min(offset + length, size) - 1;
    if (!range || range.start !== offset || range.end !== end || range.total !== size) {
      abort();
      throw new HubError(
        'bad-range',
        host,
        `${host} answered ${asked} of ${options.what} with Content-Range ${header === null ? '(none, or not exposed to the page by CORS)' : JSON.stringify(header.slice(0, 60))}` +
          `; expected bytes ${offset}-${end}/${total ?? 'size'}.`,
        detail,
      );
    }
    const bytes = await readAtMost(response, end - offset + 1, abort);
    if (!bytes || bytes.byteLength !== end - offset + 1)
      throw new HubError(
        'bad-range',
        host,
        `${host} sent ${bytes ? bytes.byteLength : 'more than'} bytes for ${asked} of ${options.what}; expected ` +
          `${end - offset + 1}.`,
        detail,
      );
    return { bytes, total: range.total };
  });
}

/**
 * A ByteSource over a URL: its first `first` bytes are asked at once (which tells the file's size from
 * Content-Range) and kept; every other read is a Range request of exactly the bytes read.
 * @param {string} url
 * @param {HttpOptions & { name?: string, what?: string, readCap?: number, first?: number }} options
 * @returns {Promise<import('./source.js').ByteSource>}
 */
export async function httpSource(url, options) {
  const { name = url, what = name, readCap, first = 8 } = options;
  const http = { ...options, what };
  const head = await rangeRead(url, http, 0, first, undefined);
  const size = head.total;
  return makeSource(
    name,
    size,
    async (offset, length) => {
      if (length === 0) return new Uint8Array(0);
      if (offset + length <= head.bytes.byteLength) return head.bytes.slice(offset, offset + length);
      return (await rangeRead(url, http, offset, length, size)).bytes;
    },
    readCap,
  );
}
