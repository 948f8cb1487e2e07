// The npm package's browser tests (scripts/test-package.sh builds what they open): the VitePress site on
// E2E_PORT + 20, the Vite app on E2E_PORT + 21, each served from its build as a static host would.
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.js';

const PORT = Number(process.env.E2E_PORT ?? 4173) + 20;
const root = resolve(import.meta.dirname, '../..');
const work = resolve(root, process.env.PE_PACKAGE_TEST ?? '.cache/package-test');

const serve = (dir, port) => ({
  command: `node scripts/serve-static.mjs ${work}/${dir}`,
  url: `http://127.0.0.1:${port}/index.html`,
  cwd: root,
  env: { PORT: String(port), BASE_PATH: '/' },
  reuseExistingServer: false,
  timeout: 30_000,
});

export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: '../../test-results/package',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}/` },
  webServer: [serve('vitepress-dist', PORT), serve('vite-app-dist', PORT + 1)],
});
