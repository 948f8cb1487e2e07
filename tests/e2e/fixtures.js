// Shared browser-test helpers: every page is watched for console errors, failed requests and requests that
// leave the page's origin; a test fails if any occur. A test that breaks the page on purpose (a blocked .wasm)
// names the problems it causes, `test.use({ expectedProblems: { wasm: /request failed: .*\.wasm/ } })`: each
// must then occur, and nothing else may.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  // Origins besides the site's that a test's pages may request (a page of another site embedding a figure).
  otherOrigins: [[], { option: true }],
  /** @type {Record<string, RegExp>} problems (as the list below words them) this test causes on purpose */
  expectedProblems: [{}, { option: true }],
  page: async ({ page, baseURL, expectedProblems, otherOrigins }, use) => {
    const problems = [];
    const origins = [new URL(baseURL).origin, ...otherOrigins];
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
      if (!url.startsWith('data:') && !url.startsWith('blob:') && !origins.includes(new URL(url).origin)) {
        problems.push(`request left the origin: ${url}`);
      }
    });
    await use(page);
    const expected = Object.values(expectedProblems);
    const unexpected = problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    const missing = Object.keys(expectedProblems).filter(
      (name) => !problems.some((problem) => expectedProblems[name].test(problem)),
    );
    expect(missing, 'expected problems that did not occur').toEqual([]);
  },
});

export { expect };

/** The paper's formula in double precision, independent of the engine. */
export function sinusoid(pos, dim, dModel, base = 10000) {
  const angle = pos / base ** ((2 * Math.floor(dim / 2)) / dModel);
  return dim % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
}

// One number as the page prints it, in every dialect it uses: plain ("0.841471", "\u22127.5"), e-notation
// ("1.2e-5"), the readouts' exponent form ("1.6\u00d710^\u22125") and the prose's, where the exponent is a
// superscript ("3.3\u00d710\u221216" as text, or with superscript digits "3.3\u00d710\u207b\u00b9\u2076").
// U+2212 is read as minus throughout.
const SUPERSCRIPTS = '\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079';
const SIGN = '[\\u2212\\-+]?';
const NUMBER =
  `(${SIGN}(?:\\d+(?:\\.\\d*)?|\\.\\d+))` +
  `(?:[eE](${SIGN}\\d+)|\\u00d710(?:\\^?(${SIGN}\\d+)|([\\u207a\\u207b]?[${SUPERSCRIPTS}]+)))?`;

function toNumber([, mantissa, e, power, superscript]) {
  const plain = (s) =>
    s
      .replace('\u2212', '-')
      .replace('\u207b', '-')
      .replace('\u207a', '+')
      .replace(/[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]/g, (c) => String(SUPERSCRIPTS.indexOf(c)));
  const exponent = e ?? power ?? superscript;
  return Number(exponent === undefined ? plain(mantissa) : `${plain(mantissa)}e${plain(exponent)}`);
}

/**
 * Parses a text that is one number ("0", "\u22120.5", "4.2e-7", "1.79\u00d710^\u221215", "3.3\u00d710\u221216"),
 * followed by `unit` when one is given ("3.21\u00d710\u22126 rad" with the unit "rad").
 */
export function parseNumber(text, unit = '') {
  const match = new RegExp(`^\\s*${NUMBER}${unit ? `\\s+${unit}` : ''}\\s*$`).exec(text);
  if (!match) throw new Error(`not a number${unit ? ` in ${unit}` : ''}: ${text}`);
  return toNumber(match);
}

/** parseNumber for numbers the page always prints in exponent form (residuals near rounding): "0" or m×10^e. */
export function parseScientific(text) {
  const value = parseNumber(text);
  if (text.trim() !== '0' && !text.includes('\u00d710')) throw new Error(`not in exponent form: ${text}`);
  return value;
}

/** Parses the number after `label` in a readout ("value 0.841471" -> 0.841471), in any of parseNumber's forms. */
export function numberAfter(text, label) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\s+${NUMBER}`).exec(text);
  if (!match) throw new Error(`no "${label}" number in: ${text}`);
  return toNumber(match);
}

/** Expects the number after `label` in a text (or in a locator's text) to lie within `tolerance` of `expected`. */
export async function expectNumberAfter(source, label, expected, tolerance) {
  const text = typeof source === 'string' ? source : await source.textContent();
  expect(Math.abs(numberAfter(text, label) - expected), `"${label}" in: ${text}`).toBeLessThan(tolerance);
}

/** The numbers in the cells of a table row, in order. */
export async function cellNumbers(row) {
  return (await row.locator('td').allTextContents()).map((text) => parseNumber(text));
}

/**
 * Opens figure `id` alone on the embed page, with `query` ("dModel=128&positions=50") as its URL parameters, and
 * returns it once `ready(figure)`, when given, has passed (an expectation that the figure has drawn).
 */
export async function openFigure(page, id, query = '', { ready } = {}) {
  await page.goto(`embed.html?figure=${id}${query ? `&${query}` : ''}`);
  const figure = page.locator(`[data-figure="${id}"]`);
  if (ready) await ready(figure);
  return figure;
}

/**
 * Opens the article and scrolls to the slot of figure `id`; the article mounts figures as they near the viewport,
 * so this waits (up to `timeout`) until the slot holds the figure, then for `ready(figure)` as openFigure does.
 */
export async function openArticleFigure(page, id, { timeout, ready } = {}) {
  await page.goto('index.html');
  const slot = page.locator(`[data-mount="${id}"]`);
  await slot.scrollIntoViewIfNeeded();
  await expect(slot).toHaveAttribute('data-figure', id, { timeout });
  if (ready) await ready(slot);
  return slot;
}

/**
 * Scrolls the article from slot to slot so that each figure mounts (the article mounts them as they near the
 * viewport), waiting at each until it has; returns the number of slots.
 */
export async function scrollThrough(page) {
  const slots = page.locator('[data-mount]');
  const count = await slots.count();
  for (let i = 0; i < count; i += 1) {
    const slot = slots.nth(i);
    await slot.scrollIntoViewIfNeeded();
    await expect(slot).toHaveAttribute('data-figure', (await slot.getAttribute('data-mount')) ?? '');
    await expect(slot).not.toHaveAttribute('aria-busy', 'true');
  }
  return count;
}

/** The live number `name` in the prose of the section with the id `section`. */
export function live(page, section, name) {
  return page.locator(`#${section} [data-live="${name}"]`);
}

/** Expects each live number of section `section` named in `texts` to read as given there, in that order. */
export async function expectLiveTexts(page, section, texts) {
  for (const [name, text] of Object.entries(texts)) await expect(live(page, section, name)).toHaveText(text);
}

/** Sizes the page as a 360 px wide phone, in the dark scheme unless told otherwise; call before opening it. */
export async function useNarrowScreen(page, { height = 800, dark = true } = {}) {
  await page.setViewportSize({ width: 360, height });
  if (dark) await page.emulateMedia({ colorScheme: 'dark' });
}

/**
 * Expects the page to be no wider than the viewport once its figures have drawn at its width: nothing scrolls
 * sideways. Figures draw at a new width in the frame after it is observed (ui/resize.js), so a viewport just
 * made narrower is waited on, not read at once.
 */
export async function expectNoHorizontalOverflow(page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

/** Focuses a control (a slider, a chart) and presses `key` on it `times` times, as a keyboard user steps it. */
export async function pressKey(control, key, times = 1) {
  await control.focus();
  for (let i = 0; i < times; i += 1) await control.press(key);
}

/**
 * Runs `fn(pe, arg, lab)` in the page against fresh instances of the page's own engine module (`pe`) and lab
 * module (`lab`, whose `Lab` trains) and returns its result; `fn` is sent as source, so it can use only its
 * parameters (and must turn typed arrays into plain ones). The source is
 * evaluated by the browser's debugging protocol, as every page.evaluate is, not by the page's own eval, which
 * the page's Content-Security-Policy forbids.
 */
export function engineInPage(page, fn, arg) {
  return page.evaluate(
    `(async () => {
      const pe = await (await import('./engine/pe-engine.js')).default();
      const lab = await (await import('./engine/pe-lab.js')).default();
      return (${fn.toString()})(pe, ${arg === undefined ? 'undefined' : JSON.stringify(arg)}, lab);
    })()`,
  );
}

/** Records the page's Web Workers as they start: a list of { closed }, each set once its worker has gone. */
export function watchWorkers(page) {
  const workers = [];
  page.on('worker', (worker) => {
    const entry = { closed: false };
    worker.on('close', () => (entry.closed = true));
    workers.push(entry);
  });
  return workers;
}

/** Opens a figure's data table and returns its body rows and its note. */
export async function openDataTable(figure) {
  await figure.locator('.pe-data summary').click();
  return { rows: figure.locator('.pe-table-host tbody tr'), note: figure.locator('.pe-table-host .pe-note') };
}

/** Moves the mouse to the centre of cell (row, col) of a canvas showing rows x cols cells. */
export async function hoverCell(page, canvas, row, col, rows, cols) {
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + ((col + 0.5) / cols) * box.width, box.y + ((row + 0.5) / rows) * box.height);
}

/** Opens figure `id` alone with dModel 7 from the URL and expects the note that it shows 8; returns the figure. */
export async function expectOddDModelMessage(page, id) {
  const figure = await openFigure(page, id, 'dModel=7');
  await expect(figure.locator('.pe-url-notes')).toHaveText('dModel "7" is not a multiple of 2: showing 8.');
  await expect(figure.locator('.pe-error')).toBeHidden();
  return figure;
}

/**
 * Opens a figure of the sinusoidal part alone with an odd dModel, checks that the note on it is shown, then that
 * moving the figure's own dModel slider clears it and the figure draws again.
 */
export async function expectRecoveryFromOddDModel(page, id) {
  const figure = await expectOddDModelMessage(page, id);
  await pressKey((await settings(figure)).getByLabel('Model width d_model'), 'ArrowRight');
  await expect(figure.locator('.pe-url-notes')).toBeHidden();
  await expect(figure.locator('.pe-error')).toBeHidden();
  await expect(figure.locator('.pe-summary')).toContainText('d_model');
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

/**
 * Opens a figure's "Share / export" menu (ui/frame.js), where its downloads, Embed and links live; returns the
 * menu, in which to find them.
 * @param {import('@playwright/test').Locator} figure
 */
export async function shareMenu(figure) {
  const menu = figure.locator(':scope > details.pe-share');
  if (!(await menu.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) {
    await menu.locator(':scope > summary').click();
  }
  return menu;
}

/**
 * Opens a figure's "Settings" disclosure (ui/frame.js), where the controls besides its primary ones live, as a
 * reader would before using one; a figure without one is left as it is. Waits until `figure` is a mounted figure.
 * Returns the figure, in which to find the control.
 * @template {import('@playwright/test').Locator} T
 * @param {T} figure
 */
export async function settings(figure) {
  // A frame gets its disclosure, shown or hidden for good, in the same task that marks it data-figure; asked
  // before that, the figure would look as if it had none and the control would stay folded away.
  await expect(figure).toHaveAttribute('data-figure');
  const disclosure = figure.locator(':scope > details.pe-settings');
  if ((await disclosure.count()) === 0 || !(await disclosure.isVisible())) return figure;
  if (!(await disclosure.evaluate((d) => /** @type {HTMLDetailsElement} */ (d).open))) {
    await disclosure.locator(':scope > summary').click();
  }
  return figure;
}
