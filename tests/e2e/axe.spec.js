// Accessibility: axe-core finds no violation, of any impact, on the article with every figure mounted nor on
// any figure alone (embed.html), in the light scheme and in the dark one. Data tables and other disclosures are
// opened first, so that what they hold is checked too. Target size (WCAG 2.5.8) is checked as well.
import AxeBuilder from '@axe-core/playwright';
import { figures } from '../../web/src/app/registry.js';
import { test, expect, openFigure, scrollThrough } from './fixtures.js';

const SCHEMES = /** @type {const} */ (['light', 'dark']);

/** Opens every closed <details> inside `root` (a disclosure renders its content on opening). */
async function openDisclosures(root) {
  await root.locator('details:not([open]) > summary').evaluateAll((summaries) =>
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

for (const scheme of SCHEMES) {
  test(`the article with every figure mounted has no axe violations (${scheme})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('index.html');
    await scrollThrough(page);
    await openDisclosures(page.locator('main'));
    await settle(page);
    await expectNoViolations(page);
  });

  for (const id of Object.keys(figures)) {
    test(`figure ${id} alone has no axe violations (${scheme})`, async ({ page }) => {
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
}
