// Writes web/public/social-card.png, the preview image a shared link shows (Open Graph and Twitter cards): the
// sinusoidal heatmap as the built site draws it, 1200 x 630 px. Run after `npm run build` when the figure's look
// changes: `node scripts/social-card.mjs`. The image is committed, so builds need no browser.
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

const PORT = 4299;
const server = spawn(process.execPath, ['scripts/serve-static.mjs', 'dist'], {
  env: { ...process.env, PORT: String(PORT), BASE_PATH: '/pe-explorer/' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve) => server.stdout.once('data', resolve));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, colorScheme: 'dark' });
  await page.goto(
    `http://127.0.0.1:${PORT}/pe-explorer/embed.html?figure=heatmap&theme=dark&dModel=128&positions=64`,
  );
  await page.locator('[data-figure="heatmap"] canvas, [data-figure="heatmap"] svg').first().waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: 'web/public/social-card.png' });
  process.stdout.write('Wrote web/public/social-card.png (1200 x 630)\n');
} finally {
  await browser.close();
  server.kill();
}
