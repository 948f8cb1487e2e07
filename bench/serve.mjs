// The built site served for a benchmark: scripts/serve-static.mjs on a free port, under BASE_PATH, from
// BENCH_DIST (dist/ by default); and the browser that opens it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';

const ROOT = path.resolve(import.meta.dirname, '..');
export const BASE_PATH = '/pe-explorer/';

/** A TCP port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the static server and resolves once it listens; the child process, to kill when done.
 * @param {number} port
 * @param {Record<string, string>} [env] more environment (GZIP: '1' compresses as a host would)
 */
export async function startServer(port, env = {}) {
  const child = spawn(process.execPath, ['scripts/serve-static.mjs', process.env.BENCH_DIST ?? 'dist'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), BASE_PATH, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`serve-static exited with ${code}`)));
    child.stdout.once('data', resolve);
  });
  return child;
}

/** Debian's Chromium (or CHROMIUM_PATH) with the browser tests' launch flags. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: config.use.launchOptions.args,
  });
}
