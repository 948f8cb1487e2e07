// Accessibility: axe-core finds no violation, of any impact, on the article with every figure mounted (light on
// a wide screen, dark on a 360 px phone), on the article as a phone first loads it, nor on any figure alone
// (embed.html at 360 px; the schemes alternate from one figure to the next). Disclosures are opened first, so
// that what they hold is checked too: the data tables in the figures alone. Target size (WCAG 2.5.8) as well.
import AxeBuilder from '@axe-core/playwright';
import { figures } from '../../web/src/app/registry.js';
import { test, expect, openFigure, scrollThrough } from './fixtures.js';

const SCHEMES = /** @type {const} */ (['light', 'dark']);

/**
 * Opens every closed <details> inside `root` (a disclosure renders its content on opening); `tables: false` leaves
 * the figures' data tables closed.
 */
async function openDisclosures(root, { tables = true } = {}) {
  await root
    .locator(`details:not([open])${tables ? '' : ':not(.pe-data)'} > summary`)
    .evaluateAll((summaries) =>
      summaries.forEach((summary) => {
        /** @type {HTMLDetailsElement} */ (summary.parentElement).open = true;
      }),
    );
}

/**
 * Runs axe on the page and expects no violation; the message lists each rule, its impact and its targets. Beyond
 * axe's default rules, target-size (WCAG 2.2, 2.5.8: targets of at least 24 px, or spaced as if they were),
 * which axe leaves off by default and Lighthouse checks.
 */
async function expectNoViolations(page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const report = violations
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}\n` +
        v.nodes
          .slice(0, 12)
          .map((node) => `    ${node.target.join(' ')}`)
          .join('\n') +
        (v.nodes.length > 12 ? `\n    ... and ${v.nodes.length - 12} more` : ''),
    )
    .join('\n');
  expect(violations.length, `axe violations:\n${report}`).toBe(0);
}

/** Lets a page finish its first drawing (figures compute in workers) before axe reads it. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

// The whole article twice: light on a wide screen, dark on a 360 px phone (where formulas scroll sideways and
// controls wrap onto more lines, so that targets come closer together), its other disclosures open. The data
// tables, most of the article's nodes, stay closed here: each is opened in its figure's embed below, at 360 px.
for (const [scheme, width] of /** @type {const} */ ([
  ['light', 1280],
  ['dark', 360],
])) {
  test(`the article with every figure mounted has no axe violations (${scheme}, ${width} px)`, async ({
    page,
  }) => {
    // axe reads every node of the whole article: about a minute on two busy cores.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('index.html');
    await scrollThrough(page);
    await openDisclosures(page.locator('main'), { tables: false });
    await settle(page);
    await expectNoViolations(page);
  });
}

// Each figure alone (embed.html: its notes, its frame) on a 360 px phone, where its data table scrolls sideways,
// with every disclosure open, in one scheme, the next figure in the other; the two whole-article runs above
// check every figure's own drawing in both schemes.
for (const [index, id] of Object.keys(figures).entries()) {
  const scheme = SCHEMES[index % SCHEMES.length];
  test(`figure ${id} alone has no axe violations (${scheme}, 360 px)`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    const figure = await openFigure(page, id, '', {
      ready: async (f) => {
        await expect(f).toHaveAttribute('data-figure', id);
        await expect(f).not.toHaveAttribute('aria-busy', 'true');
      },
    });
    await openDisclosures(figure);
    await settle(page);
    await expectNoViolations(page);
  });
}

// Plain embeds (core/embed-options.js): the figure alone with a few of its controls, its caption and title kept
// for screen readers only, on a wide screen in light and on a 360 px phone in dark.
for (const [id, query, scheme, width] of /** @type {const} */ ([
  ['heatmap', 'plain=1&controls=positions', 'light', 1280],
  ['order', 'plain=1&controls=encoding,a&reveal=1', 'dark', 360],
])) {
  test(`figure ${id} plain (${query}) has no axe violations (${scheme}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme: scheme });
    const figure = await openFigure(page, id, query, {
      ready: (f) => expect(f.locator('.pe-summary')).toHaveText(/\S/),
    });
    await expect(figure.locator('.pe-share')).toBeHidden();
    await settle(page);
    await expectNoViolations(page);
  });
}

// Lighthouse reads the article as it first loads on a phone: no scrolling, most sections not yet rendered (they
// take an estimated height until seen, their contents laid out as they are), every figure not yet mounted.
test.describe("on Lighthouse's phone", () => {
  test.use({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test('the article as it first loads, before any scrolling, has no axe violations', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('index.html');
    await settle(page);
    await expectNoViolations(page);
  });
});

/** The relative luminance of an rgb()/rgba() colour (WCAG 2). */
function luminance(colour) {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// axe does not judge focus indicators. The rows of the shared bar charts (ui/bar-rows.js: naive's offset bars,
// mixing's terms) once showed focus by a grey fill alone, about 1.3:1; WCAG asks 3:1 of a focus indicator.
for (const scheme of SCHEMES) {
  for (const id of ['naive', 'mixing']) {
    test(`figure ${id}: a focused bar row is outlined at 3:1 or more against the page (${scheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const figure = await openFigure(page, id);
      const rows = figure.locator('.pe-barrow');
      await expect(rows.first()).toBeVisible();
      await page.keyboard.press('Tab');
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) {
        await rows.nth(i).focus();
        const seen = await rows.nth(i).evaluate((row) => {
          const hit = /** @type {Element} */ (row.querySelector('.pe-barrow-hit'));
          const style = getComputedStyle(hit);
          let node = /** @type {Element | null} */ (row);
          let background = 'rgb(255, 255, 255)';
          for (; node; node = node.parentElement) {
            const colour = getComputedStyle(node).backgroundColor;
            if (!/rgba\(.*, 0\)$|transparent/.test(colour)) {
              background = colour;
              break;
            }
          }
          return {
            focusVisible: row.matches(':focus-visible'),
            stroke: style.stroke,
            width: parseFloat(style.strokeWidth),
            background,
          };
        });
        expect(seen.focusVisible, `row ${i} matches :focus-visible`).toBe(true);
        expect(seen.width, `row ${i} outline width`).toBeGreaterThanOrEqual(2);
        expect(
          contrast(seen.stroke, seen.background),
          `row ${i}: ${seen.stroke} on ${seen.background}`,
        ).toBeGreaterThanOrEqual(3);
      }
    });
  }
}
