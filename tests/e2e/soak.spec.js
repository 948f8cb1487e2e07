// A bounded soak of the article: every figure mounted, then a few hundred interactions chosen by a seeded
// generator (sliders stepped with the keyboard, selects, toggles, buttons, focus and pointer over the plots),
// the same sequence on every run (200 in all). Nothing may throw or log an error (the shared fixture), and
// the JavaScript heap, measured after a forced garbage collection at checkpoints, may not keep growing: the
// last checkpoint holds at most 1.5 times the first after warm-up. The lab's training buttons are left alone (a race would
// dominate the time and the heap), as are downloads and links.
import { expect, scrollThrough, test } from './fixtures.js';
import { seeded } from '../js/fuzz.mjs';

const SEED = 20240611;
const WARM_UP = 40;
const ROUNDS = 4;
const PER_ROUND = 40;
const GROWTH_LIMIT = 1.5;

// What a reader can work, in the figures and the section bars (not the lab's training, downloads or links).
const TARGETS = [
  'input[type="range"]',
  'select',
  'input[type="checkbox"]',
  'input[type="radio"]',
  'button:not([data-soak-skip])',
  'summary',
  'canvas',
  'svg[tabindex]',
  '[tabindex="0"]:not(button):not(summary)',
]
  .map((selector) => `main ${selector}`)
  .join(', ');
const SKIPPED_BUTTONS = /^(Play|Pause|Step|Reset|Download CSV|Download.*|Export.*|Save.*|Load.*)$/;
const KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];

/** The heap after a full garbage collection, with the page's DOM node and listener counts. */
async function measure(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { heap: value('JSHeapUsedSize'), nodes: value('Nodes'), listeners: value('JSEventListeners') };
}

/** One interaction with a random target; returns a line describing it. */
async function interact(page, random) {
  const targets = page.locator(TARGETS);
  const kinds = await targets.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const hidden = box.width === 0 || box.height === 0 || element.closest('[hidden], [inert]') !== null;
      const disabled = /** @type {HTMLInputElement} */ (element).disabled === true;
      const lab = element.closest('[data-figure="lab"]') !== null;
      const name = element.tagName === 'BUTTON' ? (element.textContent ?? '').trim() : '';
      return {
        tag: element.tagName,
        type: element.getAttribute('type') ?? '',
        usable: !hidden && !disabled,
        lab,
        name,
      };
    }),
  );
  const usable = kinds
    .map((kind, index) => ({ ...kind, index }))
    .filter(
      (k) => k.usable && !(k.tag === 'BUTTON' && (SKIPPED_BUTTONS.test(k.name) || (k.lab && k.name !== ''))),
    );
  const pick = usable[Math.floor(random() * usable.length)];
  const target = targets.nth(pick.index);
  await target.scrollIntoViewIfNeeded();
  const key = KEYS[Math.floor(random() * KEYS.length)];
  if (pick.tag === 'INPUT' && pick.type === 'range') {
    await target.focus();
    await target.press(key);
    return `range #${pick.index} ${key}`;
  }
  if (pick.tag === 'SELECT') {
    // By index among all the options (an option may have no value attribute); a select that a figure has
    // rebuilt or disabled since the list was read is left alone, as a click on a gone control is.
    const enabled = await target
      .locator('option')
      .evaluateAll((options) =>
        options.flatMap((o, i) => (/** @type {HTMLOptionElement} */ (o).disabled ? [] : [i])),
      );
    const index = enabled[Math.floor(random() * enabled.length)];
    const selected = await target.selectOption({ index }, { timeout: 500 }).then(
      () => 'select',
      () => 'gone',
    );
    return `${selected} #${pick.index} option ${index}`;
  }
  if (pick.tag === 'CANVAS' || pick.tag === 'svg' || pick.tag === 'SVG') {
    const box = await target.boundingBox();
    if (box) {
      for (let i = 0; i < 3; i += 1) {
        await page.mouse.move(box.x + random() * box.width, box.y + random() * box.height);
      }
      await page.mouse.move(0, 0);
    }
    return `hover #${pick.index}`;
  }
  if (pick.tag === 'INPUT' || pick.tag === 'BUTTON' || pick.tag === 'SUMMARY') {
    // A figure may have redrawn the control away since the list was read (the word order's buttons are rebuilt
    // on every move): then this step does nothing.
    const clicked = await target.click({ timeout: 500 }).then(
      () => 'click',
      () => 'gone',
    );
    return `${clicked} #${pick.index} ${pick.tag} ${pick.name}`;
  }
  // A focusable plot or table: the keyboard user's way through it.
  await target.focus();
  await target.press(key);
  return `key #${pick.index} ${pick.tag} ${key}`;
}

test('the article survives a few hundred random interactions without errors or a growing heap', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const started = Date.now();
  await page.goto('index.html');
  await scrollThrough(page);
  const mounted = Date.now();
  const random = seeded(SEED);
  const log = [];
  const step = () => interact(page, random);
  for (let i = 0; i < WARM_UP; i += 1) log.push(await step());
  const checkpoints = [await measure(cdp)];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let i = 0; i < PER_ROUND; i += 1) log.push(await step());
    checkpoints.push(await measure(cdp));
  }
  const mb = (bytes) => (bytes / 2 ** 20).toFixed(2);
  const report = checkpoints
    .map((c, i) => `checkpoint ${i}: heap ${mb(c.heap)} MB, ${c.nodes} nodes, ${c.listeners} listeners`)
    .join('\n');
  const seconds = (ms) => (ms / 1000).toFixed(1);
  console.log(`mounting ${seconds(mounted - started)} s, interactions ${seconds(Date.now() - mounted)} s`);
  test.info().annotations.push({ type: 'heap', description: report });
  console.log(report);
  const first = checkpoints[0];
  const last = checkpoints[checkpoints.length - 1];
  expect(last.heap, `${report}\nlast interactions:\n${log.slice(-20).join('\n')}`).toBeLessThanOrEqual(
    GROWTH_LIMIT * first.heap,
  );
  expect(last.listeners, report).toBeLessThanOrEqual(GROWTH_LIMIT * first.listeners);
});
