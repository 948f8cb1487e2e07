import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/pe-explorer/`,
    browserName: 'chromium',
    launchOptions: {
      // Debian's Chromium headless shell (the headless mode Playwright itself runs by default): the same Blink
      // and V8 as /usr/bin/chromium, without the full browser's per-page work, so the suite takes half the time.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `node scripts/serve-static.mjs ${process.env.E2E_DIST ?? 'dist'}`,
    url: `http://127.0.0.1:${PORT}/pe-explorer/index.html`,
    env: { PORT: String(PORT), BASE_PATH: '/pe-explorer/' },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
