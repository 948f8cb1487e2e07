// npm run bench (after scripts/build.sh): the lab's default race in Chromium, as a reader meets it. Opens the
// lab alone on the embed page (its defaults: every scheme, and as many seeds as the page races by default),
// presses Play and reads the figure's own account of the wall time from Play to the last evaluation ("Done: N
// models trained and evaluated in S s, in W workers."). Several fresh pages; prints each and the median, and
// the load average beside them, since on a shared 2-core machine the other jobs decide much of it. Target: at
// most 10 s on 2 cores.
import os from 'node:os';
import { BASE_PATH, freePort, launchChromium, startServer } from './serve.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_S = 10;

const port = await freePort();
const server = await startServer(port);
let browser;
try {
  browser = await launchChromium();
  const url = `http://127.0.0.1:${port}${BASE_PATH}embed.html?figure=lab`;
  const seconds = [];
  let done = '';
  for (let i = 0; i < RUNS; i += 1) {
    const page = await browser.newPage();
    await page.goto(url);
    const figure = page.locator('[data-figure="lab"]');
    await figure.getByRole('button', { name: 'Play' }).click();
    const status = figure.locator('.pe-lab-status');
    await status.filter({ hasText: /^Done:/ }).waitFor({ timeout: 600_000 });
    done = await status.textContent();
    seconds.push(Number(done.match(/in ([\d.]+) s/)[1]));
    await page.close();
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `The lab's default race in Chromium (${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}): ${done}\n` +
      `  runs ${seconds.map((s) => `${s.toFixed(1)} s`).join(', ')}; median ${median.toFixed(1)} s ` +
      `(target at most ${TARGET_S} s: ${median <= TARGET_S ? 'met' : 'NOT met'})`,
  );
} finally {
  await browser?.close();
  server.kill();
}
