// npm run bench (after scripts/build.sh): Lighthouse on the built article (index.html) and one embed
// (embed.html?figure=heatmap). Serves dist/ (or BENCH_DIST) under /pe-explorer/ with scripts/serve-static.mjs and
// runs the pinned Lighthouse CLI in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium, headless, no
// sandbox), once per page and form factor: mobile (Lighthouse's default: emulated phone, simulated slow 4G and
// 4x CPU slowdown) and desktop (--preset=desktop). Prints the four category scores per run and every audit that
// does not pass. Targets: performance >= 95, accessibility 100, best practices 100, SEO >= 95. With --strict it
// exits non-zero when a score is below its target; otherwise it only reports. Lighthouse's scores vary from run
// to run, with the load of the machine above all (the CPU slowdown multiplies the tasks as measured here): with
// --runs N each page is measured N times and the run of median performance is reported, with Lighthouse's
// benchmark index of this machine's speed (about 1000 or more for a desktop of the day; busy machines score less).
// Pages are served gzip-compressed (GZIP=1 of scripts/serve-static.mjs), as a static host serves them.
//
//   node bench/lighthouse.mjs [--strict] [--runs N] [--mobile-only | --desktop-only] [--json DIR]
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BASE_PATH, freePort, startServer } from './serve.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = [
  { name: 'article', path: 'index.html' },
  { name: 'embed', path: 'embed.html?figure=heatmap' },
];
/** Lowest acceptable score (0 to 100) per Lighthouse category id. */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };
/** The metrics printed beside the scores. */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
};

const args = process.argv.slice(2);
const strict = args.includes('--strict');
const runsIndex = args.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Number(args[runsIndex + 1]) : 1;
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`--runs must be a whole number >= 1, got ${args[runsIndex + 1]}`);
const jsonIndex = args.indexOf('--json');
const jsonDir = jsonIndex >= 0 ? path.resolve(args[jsonIndex + 1] ?? 'artifacts/lighthouse') : null;
const FORMS = ['mobile', 'desktop'].filter(
  (form) => !args.includes(`--${form === 'mobile' ? 'desktop' : 'mobile'}-only`),
);

/**
 * Runs the Lighthouse CLI on one URL and returns its JSON result (the LHR).
 * @param {string} url
 * @param {'mobile' | 'desktop'} form
 */
function lighthouse(url, form) {
  const cli = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const flags = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox',
    `--only-categories=${Object.keys(TARGETS).join(',')}`,
  ];
  if (form === 'desktop') flags.push('--preset=desktop');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...flags], {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: CHROME },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`lighthouse ${form} ${url} exited with ${code}`));
      else resolve(JSON.parse(out));
    });
  });
}

/** Audits of the scored categories that do not pass (score below 0.9), with their displayed value. */
function failingAudits(lhr) {
  const ids = new Set();
  for (const id of Object.keys(TARGETS)) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) if (ref.weight > 0 || ref.group) ids.add(ref.id);
  }
  return [...ids]
    .map((id) => lhr.audits[id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${Math.round(a.score * 100)})${a.displayValue ? `: ${a.displayValue}` : ''}`);
}

const port = await freePort();
const server = await startServer(port, { GZIP: '1' });
const misses = [];
try {
  if (jsonDir) await mkdir(jsonDir, { recursive: true });
  for (const form of FORMS) {
    for (const page of PAGES) {
      const url = `http://127.0.0.1:${port}${BASE_PATH}${page.path}`;
      const lhrs = [];
      for (let run = 0; run < RUNS; run += 1) lhrs.push(await lighthouse(url, form));
      lhrs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const lhr = lhrs[Math.floor((lhrs.length - 1) / 2)];
      const spread =
        RUNS > 1
          ? `, performance over ${RUNS} runs ${lhrs.map((l) => Math.round(l.categories.performance.score * 100)).join('/')}`
          : '';
      if (jsonDir) await writeFile(path.join(jsonDir, `${page.name}-${form}.json`), JSON.stringify(lhr));
      const scores = Object.keys(TARGETS).map((id) => [
        id,
        Math.round((lhr.categories[id]?.score ?? 0) * 100),
      ]);
      const metrics = Object.entries(METRICS)
        .map(([label, id]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      const list = scores.map(([id, score]) => `${id} ${score}`).join(', ');
      const machine = `benchmark index ${lhr.environment.benchmarkIndex}${spread}`;
      console.log(`lighthouse ${form} ${page.name}: ${list} (${metrics}; ${machine})`);
      for (const line of failingAudits(lhr)) console.log(`  not passing: ${line}`);
      for (const [id, score] of scores) {
        if (score < TARGETS[id]) misses.push(`${form} ${page.name} ${id} ${score} < ${TARGETS[id]}`);
      }
    }
  }
} finally {
  server.kill();
}
console.log(
  misses.length === 0
    ? `lighthouse: every score meets its target (${Object.entries(TARGETS)
        .map(([id, t]) => `${id} >= ${t}`)
        .join(', ')})`
    : `lighthouse: below target: ${misses.join('; ')}`,
);
if (strict && misses.length > 0) process.exitCode = 1;
