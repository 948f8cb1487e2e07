// A stand-in for the Hugging Face Hub, node:http only: `/<owner>/<name>/resolve/<revision>/<file>` as the Hub lays
// repositories out, *.safetensors redirected (302) to a second origin that serves the bytes as the Hub's CDN does,
// Range requests answered 206 with Content-Range, CORS headers and preflight, and switches for the Hub's failures.
// Every request is logged with the bytes of body sent, so that tests count what crossed the wire.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'Content-Range, Content-Length, Accept-Ranges, ETag, X-Error-Code, X-Error-Message, X-Repo-Commit, X-Linked-Size',
};

/**
 * @typedef {object} RepoSpec
 * @property {Record<string, Uint8Array | string>} [files] in memory
 * @property {string} [dir] or every file of a folder
 * @property {boolean} [gated] 401 GatedRepo, as the Hub answers without a login
 * @property {boolean} [private] 401 RepoNotFound, as the Hub answers for a private repository
 * @property {boolean} [noRange] the CDN ignores Range and sends the whole file (200)
 * @property {boolean} [wrongRange] the CDN answers 206 with a Content-Range one byte off
 * @property {boolean} [hang] the Hub never answers
 * @property {boolean} [noCors] answers without CORS headers (for browser tests)
 */

/**
 * @typedef {object} LoggedRequest
 * @property {'hub' | 'cdn'} origin
 * @property {string} method
 * @property {string} path
 * @property {string | null} range
 * @property {number} status
 * @property {number} bytes body bytes written
 * @property {boolean} finished whether the whole body was sent
 */

/** @param {RepoSpec} spec @returns {Map<string, Uint8Array>} */
function filesOf(spec) {
  const files = new Map();
  if (spec.dir) for (const name of readdirSync(spec.dir)) files.set(name, readFileSync(join(spec.dir, name)));
  for (const [name, body] of Object.entries(spec.files ?? {}))
    files.set(name, typeof body === 'string' ? new TextEncoder().encode(body) : body);
  return files;
}

/** @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void} handle */
async function listen(handle) {
  const server = createServer(handle);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/**
 * Starts the Hub and its CDN on two ports of 127.0.0.1.
 * @param {{ repos?: Record<string, RepoSpec> }} [options]
 */
export async function startHub({ repos = {} } = {}) {
  /** @type {LoggedRequest[]} */
  const requests = [];
  const stores = new Map(Object.entries(repos).map(([id, spec]) => [id, { spec, files: filesOf(spec) }]));

  /** @param {'hub' | 'cdn'} origin @param {import('node:http').IncomingMessage} req */
  const log = (origin, req) => {
    /** @type {LoggedRequest} */
    const entry = {
      origin,
      method: req.method ?? '',
      path: req.url ?? '',
      range: req.headers.range ?? null,
      status: 0,
      bytes: 0,
      finished: false,
    };
    requests.push(entry);
    return entry;
  };

  /** @param {import('node:http').ServerResponse} res @param {LoggedRequest} entry @param {number} status */
  const error = (res, entry, status, code, message) => {
    const body = JSON.stringify({ error: message });
    entry.status = status;
    entry.bytes = body.length;
    entry.finished = true;
    res.writeHead(status, {
      ...CORS,
      'Content-Type': 'application/json',
      'X-Error-Code': code,
      'X-Error-Message': message,
    });
    res.end(body);
  };

  const cdn = await listen((req, res) => {
    const entry = log('cdn', req);
    if (req.method === 'OPTIONS') return preflight(res, entry);
    const m = /^\/repos\/(.+)\/([^/]+)$/.exec((req.url ?? '').split('?')[0]);
    const store = m && stores.get(decodeURIComponent(m[1]));
    const bytes = store?.files.get(decodeURIComponent(m?.[2] ?? ''));
    if (!store || !bytes) return error(res, entry, 404, 'EntryNotFound', 'Entry not found');
    serveBytes(req, res, entry, bytes, store.spec);
  });

  const hub = await listen((req, res) => {
    const entry = log('hub', req);
    if (req.method === 'OPTIONS') return preflight(res, entry);
    const parts = (req.url ?? '').split('?')[0].split('/').slice(1).map(decodeURIComponent);
    const at = parts.indexOf('resolve');
    if (at < 1 || at > 2 || parts.length < at + 3) return error(res, entry, 404, 'RepoNotFound', 'Not found');
    const id = parts.slice(0, at).join('/');
    const revision = parts[at + 1];
    const file = parts.slice(at + 2).join('/');
    const store = stores.get(id);
    if (!store) return error(res, entry, 404, 'RepoNotFound', 'Repository not found');
    const { spec, files } = store;
    if (spec.hang) return; // never answers; close() ends the connection
    if (spec.private) return error(res, entry, 401, 'RepoNotFound', 'Repository not found');
    if (spec.gated)
      return error(
        res,
        entry,
        401,
        'GatedRepo',
        `Access to model ${id} is restricted. You must have access to it and be authenticated to access it. ` +
          'Please log in.',
      );
    if (revision !== 'main') return error(res, entry, 404, 'RevisionNotFound', 'Invalid rev id: ' + revision);
    const bytes = files.get(file);
    if (!bytes) return error(res, entry, 404, 'EntryNotFound', 'Entry not found');
    if (file.endsWith('.safetensors')) {
      entry.status = 302;
      entry.finished = true;
      res.writeHead(302, {
        ...CORS,
        Location: `${cdn.origin}/repos/${encodeURIComponent(id)}/${encodeURIComponent(file)}?sig=test`,
        'X-Linked-Size': String(bytes.length),
        'Content-Length': '0',
      });
      return res.end();
    }
    serveBytes(req, res, entry, bytes, spec);
  });

  return {
    endpoint: hub.origin,
    cdn: cdn.origin,
    requests,
    /** Bytes of body sent by both origins. */
    bytesSent: () => requests.reduce((sum, r) => sum + r.bytes, 0),
    async close() {
      for (const { server } of [hub, cdn]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(() => resolve(undefined)));
      }
    },
  };
}

/** @param {import('node:http').ServerResponse} res @param {LoggedRequest} entry */
function preflight(res, entry) {
  entry.status = 204;
  entry.finished = true;
  res.writeHead(204, {
    ...CORS,
    'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Headers': 'Range, Content-Type',
    'Access-Control-Max-Age': '86400',
  });
  res.end();
}

/**
 * A file's bytes, or the range asked of them.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {LoggedRequest} entry
 * @param {Uint8Array} bytes
 * @param {RepoSpec} spec
 */
function serveBytes(req, res, entry, bytes, spec) {
  const total = bytes.length;
  const cors = spec.noCors ? {} : CORS;
  const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (!m || spec.noRange) {
    entry.status = 200;
    res.writeHead(200, {
      ...cors,
      'Content-Length': String(total),
      'Content-Type': 'application/octet-stream',
    });
    return stream(res, entry, bytes);
  }
  let start = m[1] === '' ? Math.max(0, total - Number(m[2])) : Number(m[1]);
  let end = m[1] === '' || m[2] === '' ? total - 1 : Math.min(Number(m[2]), total - 1);
  if (start > end || start >= total) {
    entry.status = 416;
    entry.finished = true;
    res.writeHead(416, { ...cors, 'Content-Range': `bytes */${total}` });
    return res.end();
  }
  const shift = spec.wrongRange ? 1 : 0;
  entry.status = 206;
  res.writeHead(206, {
    ...cors,
    'Accept-Ranges': 'bytes',
    'Content-Range': `bytes ${start + shift}-${end + shift}/${total}`,
    'Content-Length': String(end - start + 1),
    'Content-Type': 'application/octet-stream',
  });
  stream(res, entry, bytes.subarray(start, end + 1));
}

/**
 * Writes a body in 64 kB chunks, each after the last has drained, so that a client that hangs up stops it.
 * @param {import('node:http').ServerResponse} res
 * @param {LoggedRequest} entry
 * @param {Uint8Array} body
 */
function stream(res, entry, body) {
  let at = 0;
  const next = () => {
    while (at < body.length) {
      if (res.destroyed) return;
      const chunk = body.subarray(at, at + 65536);
      at += chunk.length;
      entry.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', next);
    }
    entry.finished = true;
    res.end();
  };
  next();
}
