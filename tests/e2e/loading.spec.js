// The figures while the engine loads and when it cannot: a loading note while the .wasm is on its way, and in
// place of every figure a message that says what failed and what to try when the .wasm is blocked, missing or
// not WebAssembly, when the browser has no WebAssembly, or when a figure's own code is missing; "Try again"
// loads it once the network is back. The console shows the one clear message and nothing else.
import AxeBuilder from '@axe-core/playwright';
import { figures } from '../../web/src/app/registry.js';
import { expect, openFigure, test } from './fixtures.js';

const WASM = '**/engine/pe-engine.wasm';
const LOGGED = {
  blocked: /^error: PE Explorer: pe-engine\.wasm could not be downloaded: TypeError: Failed to fetch$/,
  missing: /^error: PE Explorer: pe-engine\.wasm could not be downloaded: HTTP 404/,
  damaged: /^error: PE Explorer: pe-engine\.wasm \(served as text\/html\) is not a WebAssembly module/,
  noWasm: /^error: PE Explorer: This browser has no WebAssembly/,
};
// What the browser itself logs for a request that failed; its location is the file.
const BROWSER_BLOCKED = 'error: Failed to load resource: net::ERR_FAILED @ pe-engine.wasm';
const BROWSER_404 =
  'error: Failed to load resource: the server responded with a status of 404 (Not Found) @ pe-engine.wasm';

/** Every console message of the page, as "type: text", with " @ file" for the browser's own network lines. */
function watchConsole(page) {
  const messages = [];
  page.on('console', (message) => {
    const file = message.location().url?.split('/').pop() ?? '';
    const network = message.text().startsWith('Failed to load resource');
    messages.push(`${message.type()}: ${message.text()}${network ? ` @ ${file}` : ''}`);
  });
  return messages;
}

/** Counts the page's requests for the .wasm. */
function countWasmRequests(page) {
  const count = { value: 0 };
  page.on('request', (request) => {
    if (request.url().endsWith('/pe-engine.wasm')) count.value += 1;
  });
  return count;
}

/** Scrolls the article from slot to slot, waiting at each until `ready(slot)` has passed; returns the count. */
async function visitSlots(page, ready) {
  const slots = page.locator('[data-mount]');
  const count = await slots.count();
  for (let i = 0; i < count; i += 1) {
    const slot = slots.nth(i);
    await slot.scrollIntoViewIfNeeded();
    await ready(slot);
  }
  return count;
}

/** Expects the reader's message of kind `kind` in slot, with Try again when `retry`, and detail folded away. */
async function expectFailure(slot, kind, { what, advice, retry = true }) {
  const failure = slot.locator('.pe-load-failure');
  // The engine may load for a while first on a busy machine (when only the figure's code is blocked).
  await expect(failure).toHaveAttribute('data-failure', kind, { timeout: 20_000 });
  await expect(failure.locator('.pe-load-what')).toContainText(what);
  await expect(failure.locator('.pe-load-try')).toContainText(advice);
  await expect(failure.getByRole('button', { name: 'Try again' })).toHaveCount(retry ? 1 : 0);
  await expect(failure.locator('.pe-load-detail')).not.toHaveAttribute('open', '');
  await expect(failure.locator('.pe-load-detail code')).toBeHidden();
  await expect(slot).not.toHaveAttribute('aria-busy', 'true');
}

const DOWNLOAD = { what: 'could not be downloaded', advice: 'Check your connection' };

test.describe('with the .wasm blocked', () => {
  test.use({
    expectedProblems: {
      request: /^request failed: .*\/engine\/pe-engine\.wasm \(net::ERR_FAILED\)$/,
      log: /^console error: (PE Explorer: pe-engine\.wasm could not be downloaded|Failed to load resource)/,
    },
  });

  test('every figure of the article says the engine could not be downloaded; the page asks and logs once', async ({
    page,
  }) => {
    const messages = watchConsole(page);
    const requests = countWasmRequests(page);
    await page.route(WASM, (route) => route.abort());
    await page.goto('index.html');
    const count = await visitSlots(page, (slot) => expectFailure(slot, 'download', DOWNLOAD));
    expect(count).toBe(Object.keys(figures).length);
    // The prose around the figures reads as before.
    await expect(page.locator('#naive p').first()).toBeVisible();
    await expect(page.locator('h2').first()).toBeVisible();
    expect(requests.value).toBe(1);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toBe(BROWSER_BLOCKED);
    expect(messages[1]).toMatch(LOGGED.blocked);
  });

  test('every figure alone says so too', async ({ page }) => {
    const messages = watchConsole(page);
    await page.route(WASM, (route) => route.abort());
    for (const id of Object.keys(figures)) {
      messages.length = 0;
      await page.goto(`embed.html?figure=${id}`);
      await expectFailure(page.locator('#figure'), 'download', DOWNLOAD);
      // The embed names the figure even though it could not draw it.
      await expect(page.locator('#embed-title')).not.toHaveText('PE Explorer');
      expect(messages, id).toEqual([BROWSER_BLOCKED, expect.stringMatching(LOGGED.blocked)]);
    }
  });

  for (const scheme of /** @type {const} */ (['light', 'dark'])) {
    test(`the message, its detail open, has no axe violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.route(WASM, (route) => route.abort());
      await page.goto('embed.html?figure=heatmap');
      const figure = page.locator('#figure');
      await expectFailure(figure, 'download', DOWNLOAD);
      await figure.locator('.pe-load-detail summary').click();
      const { violations } = await new AxeBuilder({ page })
        .options({ rules: { 'target-size': { enabled: true } } })
        .analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
  }

  test('Try again, once the network is back, mounts every figure that failed, and the prose fills in', async ({
    page,
  }) => {
    await page.route(WASM, (route) => route.abort());
    await page.goto('index.html');
    const slots = page.locator('[data-mount]');
    const formula = page.locator('[data-mount="heatmap"]');
    const first = slots.first();
    for (const slot of [first, formula]) {
      await slot.scrollIntoViewIfNeeded();
      await expectFailure(slot, 'download', DOWNLOAD);
    }
    await expect(page.locator('#formula output.live[data-live="pairs"]')).toBeEmpty();
    await page.unroute(WASM);
    await formula.getByRole('button', { name: 'Try again' }).click();
    // One press mends both slots that failed, and the prose of the sinusoidal part fills in.
    await expect(formula).toHaveAttribute('data-figure', 'heatmap');
    await expect(first).toHaveAttribute('data-figure', (await first.getAttribute('data-mount')) ?? '');
    await expect(page.locator('#formula output.live[data-live="pairs"]')).not.toBeEmpty();
    // Figures that mount later, scrolled to, find the engine loaded.
    await visitSlots(page, async (slot) => {
      await expect(slot).toHaveAttribute('data-figure', (await slot.getAttribute('data-mount')) ?? '');
    });
  });
});

test.describe('with the .wasm missing (HTTP 404)', () => {
  test.use({
    expectedProblems: {
      response: /^HTTP 404: .*\/engine\/pe-engine\.wasm$/,
      log: /^console error: (PE Explorer: pe-engine\.wasm could not be downloaded|Failed to load resource)/,
    },
  });

  test('the figure says the engine could not be downloaded, with the status in the detail', async ({
    page,
  }) => {
    const messages = watchConsole(page);
    await page.route(WASM, (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    const figure = page.locator('#figure');
    await openFigure(page, 'heatmap');
    await expectFailure(figure, 'download', DOWNLOAD);
    await figure.locator('.pe-load-detail summary').click();
    await expect(figure.locator('.pe-load-detail code')).toHaveText(
      'pe-engine.wasm could not be downloaded: HTTP 404 Not Found',
    );
    expect(messages).toEqual([BROWSER_404, expect.stringMatching(LOGGED.missing)]);
  });
});

test.describe('with the .wasm served as a web page', () => {
  test.use({
    expectedProblems: { log: /^console error: PE Explorer: pe-engine\.wasm \(served as text\/html\)/ },
  });

  test('the figure says the engine arrived damaged and tells hosts the type to serve', async ({ page }) => {
    const messages = watchConsole(page);
    // A host that answers every unknown path with its home page.
    await page.route(WASM, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Home</title>' }),
    );
    await openFigure(page, 'rope');
    await expectFailure(page.locator('#figure'), 'damaged', {
      what: 'arrived damaged or as the wrong kind of file',
      advice: 'application/wasm',
    });
    expect(messages).toEqual([expect.stringMatching(LOGGED.damaged)]);
  });
});

test.describe('in a browser without WebAssembly', () => {
  test.use({ expectedProblems: { log: /^console error: PE Explorer: This browser has no WebAssembly/ } });

  test('every figure says the browser has no WebAssembly, with no Try again, and nothing asks for the .wasm', async ({
    page,
  }) => {
    const messages = watchConsole(page);
    const requests = countWasmRequests(page);
    await page.addInitScript(() => {
      delete globalThis.WebAssembly;
    });
    await page.goto('index.html');
    const advice = { what: 'has no WebAssembly', advice: 'a current browser with WebAssembly', retry: false };
    await visitSlots(page, (slot) => expectFailure(slot, 'no-webassembly', advice));
    expect(requests.value).toBe(0);
    expect(messages).toEqual([expect.stringMatching(LOGGED.noWasm)]);
    await openFigure(page, 'alibi');
    await expectFailure(page.locator('#figure'), 'no-webassembly', advice);
  });
});

test.describe("with the lab's .wasm blocked", () => {
  test.use({
    expectedProblems: {
      request: /^request failed: .*\/engine\/pe-lab\.wasm \(net::ERR_FAILED\)$/,
      log: /^console error: (PE Explorer: pe-lab\.wasm could not be downloaded|Failed to load resource)/,
    },
  });

  test('only the lab says its engine could not be downloaded, and Try again loads it', async ({ page }) => {
    let blocked = true;
    await page.route('**/engine/pe-lab.wasm', (route) => (blocked ? route.abort() : route.continue()));
    await page.goto('index.html');
    const lab = page.locator('[data-mount="lab"]');
    await lab.scrollIntoViewIfNeeded();
    await expectFailure(lab, 'download', DOWNLOAD);
    await expect(lab.locator('.pe-load-detail code')).toContainText('pe-lab.wasm', { useInnerText: false });
    const alibi = page.locator('[data-mount="alibi"]');
    await alibi.scrollIntoViewIfNeeded();
    await expect(alibi).toHaveAttribute('data-figure', 'alibi');
    blocked = false;
    await lab.getByRole('button', { name: 'Try again' }).click();
    await expect(lab).toHaveAttribute('data-figure', 'lab');
  });
});

test('a page without the lab never downloads its module', async ({ page }) => {
  const requested = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname.split('/').pop()));
  await page.goto('embed.html?figure=heatmap');
  await expect(page.locator('#figure')).toHaveAttribute('data-figure', 'heatmap');
  await expect(page.locator('#figure canvas').first()).toBeVisible();
  expect(requested).toContain('pe-engine.wasm');
  expect(requested.filter((file) => file.startsWith('pe-lab'))).toEqual([]);
});

test.describe('in a browser without Web Workers', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      delete window.Worker;
    });
  });

  test('the lab and the learned figure say why they cannot train; the rest computes on the page', async ({
    page,
  }) => {
    const messages = watchConsole(page);
    await page.goto('embed.html?figure=lab');
    const lab = page.locator('[data-figure="lab"]');
    await lab.getByRole('button', { name: 'Play' }).click();
    await expect(lab.locator('.pe-lab-counter')).toHaveText('Step 0 of 300');
    await expect(lab.getByRole('alert')).toContainText('This browser could not start a Web Worker');
    await expect(lab.getByRole('alert')).toContainText('A current Chrome, Edge, Firefox or Safari runs it');
    // The controls stay usable: another task is taken and checked.
    await lab.getByLabel('Task', { exact: true }).selectOption('previous');
    await expect(lab.getByRole('button', { name: 'Play' })).toBeEnabled();

    await page.goto('embed.html?figure=learned');
    const learned = page.locator('[data-figure="learned"]');
    await expect(learned).toContainText('The learned table could not be trained.');
    await expect(learned.getByRole('alert')).toContainText('This browser could not start a Web Worker');
    await expect(learned.locator('table').first()).toContainText('4.92');

    // The heatmap's large pictures, made in a worker where there is one, are made on the page.
    await page.goto('embed.html?figure=heatmap&dModel=512&positions=2048');
    const heatmap = page.locator('[data-figure="heatmap"]');
    await expect(heatmap.locator('canvas').first()).toBeVisible();
    await expect(heatmap.getByRole('alert')).toHaveCount(0);
    expect(messages.filter((m) => m.startsWith('error'))).toEqual([]);
  });
});

test.describe("with a figure's code blocked", () => {
  test.use({
    expectedProblems: {
      request: /^request failed: .*\/assets\/alibi-[\w-]+\.js \(net::ERR_FAILED\)$/,
      log: /^console error: (PE Explorer: The code of figure "alibi" could not be loaded|Failed to load resource)/,
    },
  });

  test('that figure says its code could not be loaded, the others draw, and Try again loads it', async ({
    page,
  }) => {
    let blocked = true;
    await page.route('**/assets/alibi-*.js', (route) => (blocked ? route.abort() : route.continue()));
    await page.goto('index.html');
    const alibi = page.locator('[data-mount="alibi"]');
    await alibi.scrollIntoViewIfNeeded();
    await expectFailure(alibi, 'figure', { what: 'code of this figure', advice: 'Check your connection' });
    const rope = page.locator('[data-mount="rope"]');
    await rope.scrollIntoViewIfNeeded();
    await expect(rope).toHaveAttribute('data-figure', 'rope');
    blocked = false;
    await alibi.getByRole('button', { name: 'Try again' }).click();
    await expect(alibi).toHaveAttribute('data-figure', 'alibi');
  });
});

test.describe('on a slow network', () => {
  /** Holds every .wasm request for `ms` before letting it through. */
  const slowWasm = (page, ms) =>
    page.route(WASM, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    });

  test('the article shows the loading note in the slot, at a reserved height, then the figure', async ({
    page,
  }) => {
    await slowWasm(page, 3000);
    await page.goto('index.html');
    const slot = page.locator('[data-mount]').first();
    await slot.scrollIntoViewIfNeeded();
    await expect(slot).toHaveAttribute('aria-busy', 'true');
    await expect(slot.locator('.pe-loading')).toHaveText('Loading the engine\u2026');
    expect((await slot.boundingBox())?.height).toBeGreaterThanOrEqual(300);
    await expect(slot).toHaveAttribute('data-figure', (await slot.getAttribute('data-mount')) ?? '', {
      timeout: 15_000,
    });
    await expect(slot).not.toHaveAttribute('aria-busy', 'true');
    await expect(slot.locator('.pe-loading')).toHaveCount(0);
  });

  test('a figure alone shows the loading note, then the figure', async ({ page }) => {
    await slowWasm(page, 3000);
    await page.goto('embed.html?figure=periods');
    const slot = page.locator('#figure');
    await expect(slot.locator('.pe-loading')).toHaveText('Loading the engine\u2026');
    await expect(slot).toHaveAttribute('aria-busy', 'true');
    await expect(slot).toHaveAttribute('data-figure', 'periods', { timeout: 15_000 });
    await expect(slot).not.toHaveAttribute('aria-busy', 'true');
  });
});
