// Shared browser-test helpers: every page is watched for console errors, failed requests and requests that
// leave the page's origin; a test fails if any occur.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page, baseURL }, use) => {
    const problems = [];
    const origin = new URL(baseURL).origin;
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // Leaving a page cancels its requests (net::ERR_ABORTED), including figures it was still loading lazily
    // while the next navigation was under way; once a test has navigated a second time, those are not failures.
    let navigations = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
    });
    page.on('requestfailed', (request) => {
      const cancelled = request.failure()?.errorText === 'net::ERR_ABORTED';
      if (cancelled && navigations > 1) return;
      problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) {
        problems.push(`request left the origin: ${url}`);
      }
    });
    await use(page);
    expect(problems, problems.join('\n')).toEqual([]);
  },
});

export { expect };

/** The paper's formula in double precision, independent of the engine. */
export function sinusoid(pos, dim, dModel, base = 10000) {
  const angle = pos / base ** ((2 * Math.floor(dim / 2)) / dModel);
  return dim % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
}

/** Parses the number after `label` in a readout ("value 0.841471" -> 0.841471), reading U+2212 as minus. */
export function numberAfter(text, label) {
  const match = new RegExp(`${label}\\s+([\\u2212\\-]?[\\d.]+(?:e[\\-+]?\\d+)?)`).exec(text);
  if (!match) throw new Error(`no "${label}" number in: ${text}`);
  return Number(match[1].replace('\u2212', '-'));
}

/** Moves the mouse to the centre of cell (row, col) of a canvas showing rows x cols cells. */
export async function hoverCell(page, canvas, row, col, rows, cols) {
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + ((col + 0.5) / cols) * box.width, box.y + ((row + 0.5) / rows) * box.height);
}

/**
 * Opens a figure of the sinusoidal part alone with an odd dModel, checks that the engine's message is shown,
 * then that moving the figure's own dModel slider clears it and the figure draws again.
 */
export async function expectRecoveryFromOddDModel(page, id) {
  await page.goto(`embed.html?figure=${id}&dModel=7`);
  const figure = page.locator(`[data-figure="${id}"]`);
  await expect(figure.locator('.pe-error')).toContainText('dModel must be an even integer');
  await expect(figure.locator('.pe-error')).toContainText('received 7');
  const slider = figure.getByLabel('Model width dModel');
  await slider.focus();
  await slider.press('ArrowRight');
  await expect(figure.locator('.pe-error')).toBeHidden();
  await expect(figure.locator('.pe-summary')).toContainText('dModel');
}

/** Marks every node of a figure's axes, so that axisNodesRewritten can tell later which ones are new. */
export async function markAxes(figure) {
  await figure
    .locator('svg g.pe-axis')
    .evaluateAll((axes) =>
      axes.forEach((axis) => axis.querySelectorAll('*').forEach((node) => (node.peKept = true))),
    );
}

/** The markup of the axis nodes made since markAxes (an axis left as it was gives none). */
export function axisNodesRewritten(figure) {
  return figure
    .locator('svg g.pe-axis')
    .evaluateAll((axes) =>
      axes.flatMap((axis) =>
        [...axis.querySelectorAll('*')].filter((n) => !n.peKept).map((n) => n.outerHTML),
      ),
    );
}
