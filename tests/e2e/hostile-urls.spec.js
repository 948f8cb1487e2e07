// Hostile URL values on the embed page: for every figure of the registry and every URL parameter its module
// declares, the values of hostile-values.js that test the page (every range at its end, 10 KB of text, HTML, a
// list of 65,536 items; tests/unit/hostile-values.test.mjs reads all eleven kinds in Node). Each must end in a
// message (role=alert) or a note saying what is shown instead (role=status) naming the parameter, and the page
// must show every note the figure's reader gives, with no page or console error, no element injected, the page
// no wider than the window and the figure's frame (controls and plot) still there for the reader to fix the value.
import AxeBuilder from '@axe-core/playwright';
import { figures } from '../../web/src/app/registry.js';
import { figureOf } from './declarations.js';
import {
  HTML,
  hostileQuery,
  LONG_LIST,
  LONG_RUN,
  mustBeNoted,
  names,
  TEN_KB,
  VALUES,
} from './hostile-values.js';
import { expect, test, settings } from './fixtures.js';

/**
 * Serves embed.html for any query from the test itself: a static server refuses request lines past its header
 * limit (HTTP 431 for the 131 KB list), and the page reads its query from `location` alone. The page is the
 * built one, with its Content-Security-Policy.
 */
async function serveAnyQuery(page) {
  await page.route(/\/embed\.html\?/, async (route) => {
    const plain = new URL(route.request().url());
    plain.search = '';
    route.fulfill({ response: await route.fetch({ url: plain.href }) });
  });
}

/** Loads the figure with `query`, then checks the page as a reader would find it; returns the notes' texts. */
async function load(page, id, query) {
  // The figure is awaited below; the page's other resources need not be.
  await page.goto(`embed.html?figure=${id}&${query}`, { waitUntil: 'domcontentloaded' });
  const figure = page.locator(`#figure[data-figure="${id}"]:not([aria-busy])`);
  await expect(figure).toHaveCount(1, { timeout: 20_000 });
  // The frame stays: its plot is there for the figure, its controls for the reader to fix the value with.
  await expect(figure.locator('.pe-plot')).toHaveCount(1);
  const found = await page.evaluate(() => ({
    tooWide: document.documentElement.scrollWidth > window.innerWidth,
    injected: document.querySelectorAll('img, [onerror]').length,
    notes: [...document.querySelectorAll('.pe-url-notes [role="alert"], .pe-url-notes [role="status"]')].map(
      (note) => ({ text: note.textContent, visible: note.checkVisibility() }),
    ),
    alerts: [...document.querySelectorAll('[role="alert"]:not([hidden])')].map((node) => node.textContent),
  }));
  expect(found.tooWide, `the page is wider than the window: ${query.slice(0, 80)}`).toBe(false);
  expect(found.injected).toBe(0);
  for (const note of found.notes) {
    expect(note.visible).toBe(true);
    expect(note.text, 'a note quotes its value short').not.toMatch(LONG_RUN);
  }
  return found;
}

for (const id of Object.keys(figures)) {
  test(`${id}: every declared URL parameter gets a message or a note for hostile values`, async ({
    page,
  }) => {
    await serveAnyQuery(page);
    const figure = await figureOf(id);
    const { params, declarations } = figure;
    expect(params.length).toBeGreaterThan(0);
    const defaults = Object.fromEntries(params.map((p) => [p.key, p.default]));
    for (const hostile of VALUES.filter((v) => v.page)) {
      const { chosen, query } = hostileQuery(params, hostile);
      if (chosen.length === 0) continue;
      const { notes, alerts } = await load(page, id, query);
      const texts = notes.map((note) => note.text);
      for (const p of mustBeNoted(chosen, declarations, defaults, hostile)) {
        expect(names(texts, p.name), `${id}: ${p.name} = ${hostile.label} has no note; notes: ${texts}`).toBe(
          true,
        );
      }
      // The page shows what the figure's reader says (the reader is checked on every kind in Node).
      for (const note of figure.readEmbed(new URLSearchParams(query)).notes)
        expect(texts).toContain(note.text);
      // An engine message about a value the figure passes on (a word it does not know) is cut short too.
      for (const text of alerts) expect(text, text.slice(0, 80)).not.toMatch(LONG_RUN);
    }
  });
}

test('an unknown or hostile figure id is reported as text, quoted short', async ({ page }) => {
  await serveAnyQuery(page);
  for (const id of [TEN_KB, HTML, '']) {
    await page.goto(`embed.html?figure=${encodeURIComponent(id)}`);
    const message = page.locator('#figure [role="alert"]');
    await expect(message).toContainText(
      id === TEN_KB ? `Unknown figure "${'x'.repeat(40)}\u2026"` : 'Unknown figure "',
    );
    await expect(message).toContainText('known figures: order, naive');
    expect((await message.textContent()).length).toBeLessThan(300);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test('the values the probe found drawing nonsense get a message or a clamp note', async ({ page }) => {
  await serveAnyQuery(page);
  // Positions that are not a number: a message, and the figure draws its default 64 positions.
  for (const value of ['NaN', '', '1e309', 'many']) {
    await page.goto(`embed.html?figure=periods&positions=${value}`);
    const figure = page.locator('[data-figure="periods"]');
    await expect(figure.locator('.pe-url-notes [role="alert"]')).toContainText(`positions "${value}" is `);
    await expect(figure.locator('.pe-url-notes [role="alert"]')).toContainText('Showing the default, 64.');
    await expect(figure.locator('.pe-summary')).not.toContainText('NaN');
  }
  await page.goto('embed.html?figure=periods&positions=5000');
  await expect(page.locator('.pe-url-notes [role="status"]')).toHaveText(
    'positions "5000" is above the most this figure draws, 2,048: showing 2,048.',
  );
  // A negative largest offset: brought to 1, and no axis reads "-0".
  await page.goto('embed.html?figure=similarity&maxOffset=-1');
  await expect(page.locator('.pe-url-notes [role="status"]')).toHaveText(
    'maxOffset "-1" is below the least this figure draws, 1: showing 1.',
  );
  await expect(page.locator('[data-figure="similarity"] .pe-summary')).not.toContainText('-0');
  // Position 0 for the precision marker: brought to 1, the least the log slider shows.
  await page.goto('embed.html?figure=extension&position=0');
  await expect(page.locator('.pe-url-notes [role="status"]')).toContainText('showing 1.');
  // A list of 65,536 lengths: the first 8 shown, and the note gives both counts.
  await page.goto(`embed.html?figure=naive&lengths=${LONG_LIST}`);
  await expect(page.locator('.pe-url-notes [role="status"]')).toHaveText(
    'lengths: 65,536 items given; this figure shows at most 8: showing the first 8.',
  );
  await expect(page.locator('[data-figure="naive"] .pe-summary')).toBeVisible();
});

test('a note stays until the reader sets its parameter', async ({ page }) => {
  await page.goto('embed.html?figure=alibi&heads=65&length=1');
  const notes = page.locator('.pe-url-notes p');
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toHaveText('heads "65" is above the most this figure draws, 64: showing 64.');
  await (
    await settings(page.locator('[data-figure="alibi"]'))
  )
    .getByRole('slider', { name: 'Heads' })
    .press('ArrowLeft');
  await expect(notes).toHaveCount(1);
  await expect(notes).toContainText('length "1"');
});

test('notes and messages fit a 360 px screen in the dark scheme, with no accessibility violation', async ({
  page,
}) => {
  await serveAnyQuery(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(
    `embed.html?figure=order&theme=dark&a=${TEN_KB}&seed=${'9'.repeat(30)}&head=${encodeURIComponent(HTML)}`,
  );
  await expect(page.locator('.pe-url-notes p')).toHaveCount(3);
  await expect(page.locator('.pe-url-notes [role="alert"]')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const { violations } = await new AxeBuilder({ page }).include('.pe-url-notes').analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
