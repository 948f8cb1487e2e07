// A soak of the article: every figure mounted, then actions drawn by a seeded generator (soak-actions.js: the
// controls and plots of every figure, the theme, the Embed dialogs, the lab started and reset), the same sequence
// on every run. Nothing may throw or log an error (the shared fixture). Measured after a forced garbage collection
// every CHECK_EVERY actions from BASELINE on, the JavaScript heap may not exceed 1.5 times its value at BASELINE
// and the DOM node count may not move more than 10 % from it.
//
// `npm test` runs the short form (200 actions, baseline at 50); `npm run soak` the full one (5,000 actions,
// baseline at 500), through PE_SOAK_ACTIONS.
import { expect, scrollThrough, test } from './fixtures.js';
import { measureClosed, act } from './soak-actions.js';
import { seeded } from '../js/fuzz.mjs';

const SEED = 20240611;
const ACTIONS = Math.max(100, Number(process.env.PE_SOAK_ACTIONS ?? 200) || 200);
const BASELINE = Math.max(50, Math.round(ACTIONS / 10));
const CHECK_EVERY = Math.max(50, Math.round((ACTIONS - BASELINE) / 10));
const HEAP_LIMIT = 1.5;
const NODE_LIMIT = 0.1;

test(`the article survives ${ACTIONS} random actions without errors, a growing heap or DOM`, async ({
  page,
}) => {
  // About 0.4 s an action on a 2-core machine, up to twice that when it is loaded, and the lab's runs.
  test.setTimeout(120_000 + ACTIONS * 1200);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('DOM.enable');
  const started = Date.now();
  await page.goto('index.html');
  await scrollThrough(page);
  const mounted = Date.now();
  const random = seeded(SEED);
  const seconds = (ms) => (ms / 1000).toFixed(1);
  const mb = (bytes) => (bytes / 2 ** 20).toFixed(2);
  const describe = (c) =>
    `after ${c.done}: heap ${mb(c.heap)} MB, ${c.nodes} nodes, ${c.listeners} listeners, ${c.detached} detached`;
  const log = [];
  const checkpoints = [];
  for (let done = 1; done <= ACTIONS; done += 1) {
    log.push(await act(page, random));
    if (process.env.PE_SOAK_VERBOSE) console.log(`${done} ${seconds(Date.now() - mounted)} s ${log.at(-1)}`);
    if (done >= BASELINE && (done - BASELINE) % CHECK_EVERY === 0) {
      checkpoints.push({ done, ...(await measureClosed(page, cdp)) });
      console.log(`${describe(checkpoints.at(-1))} (${seconds(Date.now() - mounted)} s)`);
    }
  }
  if (checkpoints.at(-1)?.done !== ACTIONS) {
    checkpoints.push({ done: ACTIONS, ...(await measureClosed(page, cdp)) });
  }

  const report = checkpoints.map(describe).join('\n');
  console.log(
    `mounting ${seconds(mounted - started)} s, ${ACTIONS} actions ${seconds(Date.now() - mounted)} s`,
  );
  test.info().annotations.push({ type: 'heap', description: report });
  const [base, ...later] = checkpoints;
  const context = `${report}\nlast actions:\n${log.slice(-20).join('\n')}`;
  for (const c of later) {
    expect(c.heap, context).toBeLessThanOrEqual(HEAP_LIMIT * base.heap);
    expect(Math.abs(c.nodes - base.nodes) / base.nodes, context).toBeLessThanOrEqual(NODE_LIMIT);
    expect(c.listeners, context).toBeLessThanOrEqual(HEAP_LIMIT * base.listeners);
  }
});
