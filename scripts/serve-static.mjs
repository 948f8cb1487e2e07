// A plain static file server for the built site, mounted under a sub-path (default /pe-explorer/) the way a
// static host would serve it. Used by the browser tests and the benchmark; no dependencies. Every answer allows
// reading from any origin (Access-Control-Allow-Origin: *), as a host of the <pe-figure> web component must: a
// blog on another origin loads pe-figure.js, its chunks, the engine and its .wasm as CORS requests. With GZIP=1
// it compresses text and WebAssembly for clients that accept gzip, as a static host does (the Lighthouse
// benchmark measures the site that way). With INJECT=<file> it also serves that script at <prefix>__inject.js and
// adds it to the head of every HTML page (the cross-browser tests record errors with it from the page's start).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const port = Number(process.env.PORT ?? 4173);
const prefix = process.env.BASE_PATH ?? '/pe-explorer/';
const gzip = process.env.GZIP === '1';
const inject = process.env.INJECT ? path.resolve(process.env.INJECT) : null;
/** What a static host compresses: everything but images that are compressed already and fonts (woff2 is). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.ts']);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

createServer(async (request, response) => {
  const url = new URL(request.url, 'http://localhost');
  response.setHeader('Access-Control-Allow-Origin', '*');
  if (!url.pathname.startsWith(prefix)) {
    response.writeHead(404).end('Not found');
    return;
  }
  const injected = inject && url.pathname === `${prefix}__inject.js`;
  let file = injected ? inject : path.join(root, decodeURIComponent(url.pathname.slice(prefix.length)));
  if (!injected && !file.startsWith(root)) {
    response.writeHead(403).end('Forbidden');
    return;
  }
  try {
    if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
    await stat(file);
  } catch {
    response.writeHead(404).end('Not found');
    return;
  }
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  if (inject && path.extname(file) === '.html') {
    // After the Content-Security-Policy, which the script is subject to like the page's own.
    const html = (await readFile(file, 'utf8')).replace(
      /<head>(\s*<meta http-equiv="Content-Security-Policy"[^>]*>)?/,
      (head) => `${head}<script src="${prefix}__inject.js"></script>`,
    );
    response.writeHead(200, { 'Content-Type': type }).end(html);
    return;
  }
  if (gzip && COMPRESSIBLE.has(path.extname(file))) {
    response.setHeader('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip' });
      createReadStream(file).pipe(createGzip()).pipe(response);
      return;
    }
  }
  response.writeHead(200, { 'Content-Type': type });
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => {
  process.stdout.write(`Serving ${root} at http://127.0.0.1:${port}${prefix}\n`);
});
