// Every change to what the article's address asks for is visible on index.html, in the figure (or section) it
// belongs to, as the embed page shows it: for every figure of the registry and every URL parameter it declares,
// under its own prefix (`naive.length`), for the section bar's parameters both under `sinusoidal.` and under a
// linked figure's prefix, a value out of range, not a number, not a whole number or of the wrong kind; an
// unknown key of each figure and of the page; and the rest of an address past its 4,096 characters. The values
// go in three batches of at most 64 keys (all the address reads), so that three page loads try them all.
import { figures } from '../../web/src/app/registry.js';
import { SINUSOIDAL } from '../../web/src/figures/shared-params.js';
import { figureOf } from './declarations.js';
import { expect, test } from './fixtures.js';

const PART = 'sinusoidal';
const BATCH_KEYS = 64;
const BATCH_CHARACTERS = 3900;

/** The invalid values of one declaration: [kind, value], those of its type only. */
function invalidValues(decl) {
  if (decl.options || decl.type === 'enum') return [['wrong kind', 'diagonal']];
  if (decl.type === 'boolean') return [['wrong kind', 'maybe']];
  if (decl.type === 'numbers') return [['wrong kind', '1,x']];
  if (decl.type === 'string') {
    // Texts of at most 60 characters: a longer one is past the limit (a longer limit would not fit a batch).
    return (decl.maxLength ?? 200) <= 60 ? [['wrong kind', 'w'.repeat(decl.maxLength + 1)]] : [];
  }
  // Above the largest, as the probe asked (999999999), or below the least where the end follows others.
  const high = typeof decl.max === 'number' ? Math.max(999999999, decl.max * 2 + 2) : null;
  return [
    ['not a number', 'NaN'],
    ...(high !== null ? [['out of range', String(high)]] : [['out of range', String(decl.min - 1)]]),
    ...(decl.type === 'int' ? [['not a whole number', String((decl.min ?? 0) + 1.5)]] : []),
  ];
}

/**
 * Every entry to try: { owner, name, value, kind, where }, `where` the id of the figure whose notes must name it
 * (PART: the section bar's, null: the page's).
 */
async function entries() {
  const all = [];
  const linked = new Set();
  for (const id of Object.keys(figures)) {
    const { params, declarations } = await figureOf(id);
    for (const { key, name } of params) {
      if (declarations[key].linked) {
        // One linked figure per section parameter, under its own prefix: the note goes to that figure.
        if (linked.has(key)) continue;
        linked.add(key);
      }
      // A section parameter is one value however it is named: never twice in a load (the first would count).
      // Under a linked figure's prefix, the value out of range (or of the wrong kind); the others under PART.
      const slot = declarations[key].linked ? `${PART}.${name}` : `${id}.${name}`;
      for (const [kind, value] of invalidValues(declarations[key])) {
        if (declarations[key].linked && kind !== 'out of range' && kind !== 'wrong kind') continue;
        all.push({ owner: id, name, value, kind, where: id, slot });
      }
    }
    all.push({ owner: id, name: 'nosuch', value: '1', kind: 'unknown key', where: id });
  }
  for (const [key, decl] of Object.entries(SINUSOIDAL)) {
    for (const [kind, value] of invalidValues(decl).filter(([kind]) => kind !== 'out of range'))
      all.push({ owner: PART, name: key, value, kind, where: PART, slot: `${PART}.${key}` });
  }
  all.push({ owner: 'nobody', name: 'x', value: '1', kind: 'unknown key', where: null });
  return all;
}

/**
 * The entries in `count` batches, each key at most once in a batch and every batch within the address's limits:
 * the kinds of one parameter go to consecutive batches, starting one further for each parameter, so that the
 * batches fill evenly.
 */
function batches(list, count) {
  const out = Array.from({ length: count }, () => ({ keys: new Set(), length: 0, entries: [] }));
  const fits = (batch, key, size) =>
    batch.keys.size < BATCH_KEYS && !batch.keys.has(key) && batch.length + size < BATCH_CHARACTERS;
  let start = 0;
  let last = '';
  for (const entry of list) {
    const key = entry.slot ?? `${entry.owner}.${entry.name}`;
    if (key !== last) start += 1;
    last = key;
    const size = key.length + entry.value.length + 2;
    const order = out.map((_, i) => out[(start + i) % count]);
    const batch = order.find((b) => fits(b, key, size));
    if (!batch) throw new Error(`${key} fits no batch: try more than ${count}`);
    batch.keys.add(key);
    batch.length += size;
    batch.entries.push(entry);
  }
  return out;
}

/** The visible notes' texts of the figure `where` (PART: the section bar; null: the page). */
async function notesOf(page, where) {
  const box =
    where === null
      ? page.locator('.pe-page-notes')
      : where === PART
        ? page.locator('.pe-section-bar .pe-url-notes')
        : page.locator(`[data-mount="${where}"] .pe-url-notes`).first();
  if (where !== null && where !== PART) {
    const slot = page.locator(`[data-mount="${where}"]`);
    await slot.scrollIntoViewIfNeeded();
    await expect(slot).toHaveAttribute('data-figure', where, { timeout: 20_000 });
    await expect(slot).not.toHaveAttribute('aria-busy', 'true');
  }
  if ((await box.count()) === 0) return [];
  return box.evaluate((node) =>
    [...node.querySelectorAll('[role="alert"], [role="status"]')]
      .filter((p) => p.checkVisibility())
      .map((p) => p.textContent ?? ''),
  );
}

/** Whether one of the notes speaks of the entry: it starts with its name or quotes its key. */
const names = (notes, { owner, name }) =>
  notes.some(
    (text) =>
      text.startsWith(`${name} `) || text.startsWith(`${name}:`) || text.includes(`"${owner}.${name}"`),
  );

/** Notes that must read exactly so: integers in full, what is shown and why. */
const EXACT = {
  heatmap: 'dModel "999999999" is above the most this figure draws, 1,024: showing 1,024.',
  extension: 'trained "999999999" is above the most this figure draws, 1,048,576: showing 1,048,576.',
  [PART]: 'positions "2.5" is not a whole number: showing 3.',
};

/** Entries past the address's first 4,096 characters: one the page reads no further, one of a figure. */
const TAIL = [
  { owner: 'nobody', name: 'long', value: 'x'.repeat(5000), kind: 'over-long query', where: null },
  { owner: 'learned', name: 'after', value: '1', kind: 'over-long query', where: 'learned' },
];

test('index.html shows a note for every invalid value of every figure, where it belongs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Tall enough for every figure to mount without scrolling (the article mounts those near the viewport).
  await page.setViewportSize({ width: 1280, height: 12000 });
  const loads = batches(await entries(), 3);
  loads[loads.length - 1].entries.push(...TAIL);
  const seen = new Map();
  for (const batch of loads) {
    const query = batch.entries
      .map(({ owner, name, value }) => `${owner}.${name}=${encodeURIComponent(value)}`)
      .join('&');
    await page.goto(`index.html?${query}`, { waitUntil: 'domcontentloaded' });
    for (const where of new Set(batch.entries.map((e) => e.where))) {
      const notes = await notesOf(page, where);
      seen.set(where, [...(seen.get(where) ?? []), ...notes]);
      for (const entry of batch.entries.filter((e) => e.where === where)) {
        const said = `${entry.owner}.${entry.name}=${entry.value.slice(0, 20)} (${entry.kind})`;
        expect(names(notes, entry), `${said} has no note in ${where}; notes: ${JSON.stringify(notes)}`).toBe(
          true,
        );
        // A value echoed at length is cut to 40 characters (core/params.js's quote).
        for (const text of notes) expect(text).not.toMatch(/\S{49,}/);
      }
    }
  }
  for (const [where, text] of Object.entries(EXACT)) expect(seen.get(where)).toContain(text);
});
