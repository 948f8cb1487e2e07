// The built site (dist/) served under /pe-explorer/ by scripts/serve-static.mjs with the error recorder injected
// (record.js), the call recorder (calls.js) and the trap hook (tests/trap/hook.js), and the test blog (tests/e2e/blog/) on a second port, another origin, for <pe-figure>.
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Starts both servers; resolves to { site, blog, close() }. */
export async function serve(port) {
  const site = `http://127.0.0.1:${port}/pe-explorer/`;
  // The error recorder, the call recorder, and the trap hook, dormant until a test arms it.
  const inject = path.join(ROOT, 'test-results', `cross-inject-${port}.js`);
  await mkdir(path.dirname(inject), { recursive: true });
  const parts = ['tests/cross/record.js', 'tests/cross/calls.js', 'tests/trap/hook.js'];
  await writeFile(
    inject,
    (await Promise.all(parts.map((p) => readFile(path.join(ROOT, p), 'utf8')))).join('\n'),
  );
  const server = spawn('node', ['scripts/serve-static.mjs', process.env.E2E_DIST ?? 'dist'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), INJECT: inject },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`serve-static.mjs exited (${code})`)));
  });
  const blogOrigin = `http://127.0.0.1:${port + 10}`;
  const blog = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', blogOrigin);
    const name = url.pathname.slice(1) || 'blog.html';
    if (name === 'frame.html') {
      // A page of the site in a frame of a given size, for a browser whose window cannot be made that narrow.
      const [width, height] = [Number(url.searchParams.get('width')), Number(url.searchParams.get('height'))];
      const src = (url.searchParams.get('src') ?? '').replaceAll('"', '%22');
      const style = `width:${width}px;height:${height}px;border:0;display:block`;
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>frame</title><body style="margin:0"><iframe style="${style}" src="${src}">`,
      );
      return;
    }
    if (!['blog.html', 'blog.js'].includes(name)) {
      response.writeHead(404).end();
      return;
    }
    const file = path.join(ROOT, 'tests/e2e/blog', name);
    const text = (await readFile(file, 'utf8'))
      .replaceAll('SITE', site.replace(/\/$/, ''))
      .replace('<head>', `<head><script src="${site}__inject.js"></script>`);
    const type = name.endsWith('.html') ? 'text/html' : 'text/javascript';
    response.writeHead(200, { 'Content-Type': `${type}; charset=utf-8` }).end(text);
  });
  await new Promise((resolve) => blog.listen(port + 10, '127.0.0.1', () => resolve(undefined)));
  return {
    site,
    blog: `${blogOrigin}/blog.html`,
    /** The page at url in a frame of width x height CSS pixels. */
    frame: (url, width, height) =>
      `${blogOrigin}/frame.html?${new URLSearchParams({ src: url, width: String(width), height: String(height) })}`,
    close() {
      server.kill();
      blog.close();
    },
  };
}
