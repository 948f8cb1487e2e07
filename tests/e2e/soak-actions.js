// The soak's actions (soak.spec.js): what a reader does on the article, drawn by a seeded generator. Most are
// one interaction with a random control or plot of a figure or section bar (sliders stepped with the keyboard,
// selects, toggles, buttons, disclosures, pointer and keys over the plots); a few are the page's larger moves:
// the theme switched, a figure's Embed dialog opened and closed, the lab started and reset.
import { expect } from './fixtures.js';

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
// Training is the lab action's own; downloads open no page; Embed is the embed action's.
const SKIPPED_BUTTONS = /^(Play|Pause|Step|Reset|Embed|Download CSV|Download.*|Export.*|Save.*|Load.*)$/;
const KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'];

/**
 * The heap after a full garbage collection, the page's DOM node count (every element and text node of the
 * document and its shadow roots) and its event listeners, measured with every disclosure closed (data tables,
 * settings, share menus, Going deeper blocks), as a reader leaves the page: what an open one shows is the
 * reader's state, not growth. Detached DOM trees kept alive by scripts are counted too, for the report.
 */
export async function measureClosed(page, cdp) {
  await page
    .locator('details[open]')
    .evaluateAll((all) => all.forEach((d) => /** @type {HTMLDetailsElement} */ (d).removeAttribute('open')));
  // A closed disclosure empties itself in its toggle event, a task after the attribute changes.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const nodes = await page.evaluate(() => {
    let count = 0;
    const walk = (root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
      for (let node = walker.currentNode; node; node = walker.nextNode()) {
        count += 1;
        if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
      }
    };
    walk(document);
    return count;
  });
  const { detachedNodes } = await cdp.send('DOM.getDetachedDomNodes');
  return {
    heap: value('JSHeapUsedSize'),
    nodes,
    listeners: value('JSEventListeners'),
    detached: detachedNodes.length,
  };
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

/** The theme switched from the page's header, and the switch seen on the root element. */
async function switchTheme(page) {
  const toggle = page.locator('#theme-toggle');
  const before = await toggle.getAttribute('aria-pressed');
  await toggle.click({ timeout: 10_000 });
  await expect(toggle).not.toHaveAttribute('aria-pressed', before ?? '');
  return `theme ${before === 'true' ? 'light' : 'dark'}`;
}

/** A random figure's Embed dialog opened from its Share menu, its snippets read, and closed with Escape. */
async function openEmbed(page, random) {
  const menus = page.locator('main [data-figure] > details.pe-share');
  const index = Math.floor(random() * (await menus.count()));
  const menu = menus.nth(index);
  await menu.scrollIntoViewIfNeeded();
  if (!(await menu.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) {
    await menu.locator(':scope > summary').click({ timeout: 10_000 });
  }
  await menu.getByRole('button', { name: 'Embed' }).click({ timeout: 10_000 });
  const dialog = page.locator('dialog.pe-embed-dialog[open]');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('textarea').first()).toHaveValue(/embed\.html\?figure=/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  return `embed #${index}`;
}

/** The lab started, trained until its first chunk comes back, and reset. */
async function trainAndReset(page) {
  const lab = page.locator('[data-figure="lab"]');
  await lab.scrollIntoViewIfNeeded();
  await lab.getByRole('button', { name: 'Play' }).click({ timeout: 10_000 });
  await expect(lab.locator('.pe-lab-counter')).not.toHaveText(/^Step 0 /, { timeout: 60_000 });
  await lab.getByRole('button', { name: 'Reset' }).click({ timeout: 10_000 });
  await expect(lab.locator('.pe-lab-status')).toHaveText(/^Ready/);
  await expect(lab.locator('.pe-lab-counter')).toHaveText(/^Step 0 /);
  return 'lab trained and reset';
}

/** One action drawn by `random`: 1 in 50 a theme switch, 1 in 50 an Embed dialog, 1 in 100 a lab run. */
export function act(page, random) {
  const roll = random();
  if (process.env.PE_SOAK_VERBOSE) console.log(`roll ${roll.toFixed(3)}`);
  if (roll < 0.02) return switchTheme(page);
  if (roll < 0.04) return openEmbed(page, random);
  if (roll < 0.05) return trainAndReset(page);
  return interact(page, random);
}
