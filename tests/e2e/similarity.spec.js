import {
  test,
  expect,
  parseNumber,
  parseScientific,
  expectNumberAfter,
  openFigure,
  settings,
} from './fixtures.js';
import { openArticleFigure, live, expectLiveTexts, expectOddDModelMessage, hoverCell } from './fixtures.js';
import { pressKey, useNarrowScreen, expectNoHorizontalOverflow, numberAfter } from './fixtures.js';

/** PE(pos)·PE(pos+k) in double precision, independent of the engine: sum_i cos(k / base^(2i/dModel)). */
function dotAt(k, dModel = 512, base = 10000) {
  let sum = 0;
  for (let i = 0; i < dModel / 2; i += 1) sum += Math.cos(k / base ** ((2 * i) / dModel));
  return sum;
}

/** Every "<number> from pos <start>" in a curve readout, as [start, value] pairs. */
function curveValues(text) {
  return [...text.matchAll(/([\u2212-]?[\d.]+) from pos (\d+)/g)].map((m) => [
    Number(m[2]),
    parseNumber(m[1]),
  ]);
}

// The figure mounts lazily once the engine has loaded: allow for a slow machine.
const slow = { timeout: 15_000 };
const openArticleSimilarity = (page) =>
  openArticleFigure(page, 'similarity', {
    ...slow,
    ready: (figure) =>
      expect(figure.locator('canvas.pe-similarity-canvas')).toHaveAttribute('width', '64', slow),
  });

/** Expects every curve in the readout to read the closed-form dot product at offset k. */
async function expectCurvesAt(figure, k, dModel = 512) {
  for (const [, value] of curveValues(await figure.locator('.pe-readout').textContent())) {
    expect(Math.abs(value - dotAt(k, dModel))).toBeLessThan(1e-3);
  }
}

/** Hovers cell (a, b) of the matrix, with `positions` rows and columns, and expects the readout to name it. */
async function hoverMatrixCell(page, figure, a, b, positions, reads) {
  const canvas = figure.locator('canvas.pe-similarity-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await hoverCell(page, canvas, a, b, positions, positions);
  await expect(figure.locator('.pe-readout')).toContainText(reads);
}

/** Moves the pointer onto offset k of a curve plot showing k = 0..maxOffset. */
async function hoverOffset(page, figure, k, maxOffset) {
  const overlay = figure.locator('.pe-similarity-overlay');
  await overlay.scrollIntoViewIfNeeded();
  const box = await overlay.boundingBox();
  await page.mouse.move(box.x + (k / maxOffset) * box.width, box.y + box.height / 2);
}

test('at the defaults the live numbers read 256 at k = 0 and 139.05 at k = 37 from pos 0, 100 and 300', async ({
  page,
}) => {
  const figure = await openArticleSimilarity(page);
  await expectLiveTexts(page, 'similarity', {
    'similarity-starts': '0, 100 and 300',
    'similarity-k0': '256, 256 and 256',
    'similarity-k37': '139.05, 139.05 and 139.05',
  });
  expect(Number(dotAt(37).toFixed(2))).toBe(139.05);
  const diff = parseScientific(await live(page, 'similarity', 'similarity-diff').textContent());
  expect(diff).toBeLessThan(1e-10);
  expect(parseScientific(await figure.locator('.pe-similarity-diff-value').textContent())).toBe(diff);
  await expect(live(page, 'similarity', 'similarity-first-rise')).toHaveText(/^after k = \d+$/);
  await expect(figure.locator('.pe-summary')).toContainText('256, 256 and 256 at k = 0');
  await expect(figure.locator('.pe-similarity-key')).toContainText('from pos 300');
});

test('hovering the curve at a known k reads the closed form from every start', async ({ page }) => {
  const figure = await openArticleSimilarity(page);
  const readout = figure.locator('.pe-readout');
  for (const k of [37, 5, 100]) {
    await hoverOffset(page, figure, k, 128);
    await expect(readout).toContainText(`k ${k}: dot product`);
    expect(curveValues(await readout.textContent()).map(([start]) => start)).toEqual([0, 100, 300]);
    await expectCurvesAt(figure, k);
  }
});

test('the keyboard moves along the curve', async ({ page }) => {
  const figure = await openArticleSimilarity(page);
  const overlay = figure.locator('.pe-similarity-overlay');
  await overlay.focus();
  await expect(figure.locator('.pe-readout')).toContainText('k 0: dot product 256 from pos 0');
  await overlay.press('End');
  await overlay.press('ArrowLeft');
  await expect(figure.locator('.pe-readout')).toContainText('k 127:');
  await expectCurvesAt(figure, 127);
});

test('hovering the matrix reads (a, b) and its value, for dot products and cosines', async ({ page }) => {
  const figure = await openArticleSimilarity(page);
  const readout = figure.locator('.pe-readout');
  await hoverMatrixCell(page, figure, 10, 47, 64, 'a 10, b 47 (offset 37): dot');
  await expectNumberAfter(readout, 'dot', dotAt(37), 1e-3);

  await (await settings(figure)).getByRole('button', { name: 'cosine' }).click();
  await expect(figure.locator('.pe-similarity-heading').nth(1)).toContainText('Cosine similarity');
  await hoverMatrixCell(page, figure, 50, 20, 64, 'a 50, b 20 (offset 30): cosine');
  await expectNumberAfter(readout, 'cosine', dotAt(30) / 256, 1e-5);

  await pressKey(figure.locator('canvas.pe-similarity-canvas'), 'ArrowDown');
  await expect(readout).toContainText('a 51, b 20 (offset 31): cosine');
});

test('new starting positions update the curves and the live numbers', async ({ page }) => {
  const figure = await openArticleSimilarity(page);
  const starts = (await settings(figure)).getByLabel('Starting positions');
  await starts.fill('7, 2000');
  await starts.press('Enter');
  await expectLiveTexts(page, 'similarity', {
    'similarity-starts': '7 and 2000',
    'similarity-k0': '256 and 256',
    'similarity-k37': '139.05 and 139.05',
  });
  await expect(figure.locator('.pe-similarity-line')).toHaveCount(2);

  const offset = figure.getByLabel('Largest offset k');
  await pressKey(offset, 'Home');
  await pressKey(offset, 'ArrowRight', 9);
  await expect(figure.locator('.pe-similarity-diff')).toContainText('k = 0\u201310');
  await hoverOffset(page, figure, 10, 10);
  await expect(figure.locator('.pe-readout')).toContainText('k 10:');
  await expectCurvesAt(figure, 10);
});

test('the figure stands alone with dModel from the URL', async ({ page }) => {
  const figure = await openFigure(page, 'similarity', 'dModel=128');
  await expect(figure.locator('canvas.pe-similarity-canvas')).toHaveAttribute('width', '64');
  await expect((await settings(figure)).getByLabel('Model width d_model')).toBeVisible();
  await expect(figure.locator('.pe-summary')).toContainText('64, 64 and 64 at k = 0');
  const at37 = String(Number(dotAt(37, 128).toFixed(2)));
  await expect(figure.locator('.pe-summary')).toContainText(`${at37}, ${at37} and ${at37} at k = 37`);
  await hoverOffset(page, figure, 37, 128);
  await expectCurvesAt(figure, 37, 128);
});

test('more positions than the matrix allows are clamped with a note', async ({ page }) => {
  const figure = await openFigure(page, 'similarity', 'positions=1500&dModel=64');
  await expect(figure.locator('canvas.pe-similarity-canvas')).toHaveAttribute('width', '1024');
  await expect(figure.locator('.pe-similarity-matrix .pe-note')).toContainText(
    'first 1,024 of 1,500 positions',
  );
  await expect(figure.locator('.pe-error')).toBeHidden();
});

test('a bad URL parameter gets a note', async ({ page }) => {
  await page.goto('embed.html?figure=similarity&starts=0,-5');
  await expect(page.locator('.pe-url-notes')).toHaveText(
    'starts: item 2, "-5", is below the least this figure draws, 0: showing 0.',
  );
  await expectOddDModelMessage(page, 'similarity');
});

test('the figure fits 360 px in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openArticleSimilarity(page);
  await expect(figure.locator('.pe-similarity-curve-svg')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('the section controls drive both figures of this part and their live numbers', async ({ page }) => {
  const figure = await openArticleSimilarity(page);
  await page.locator('#rotation .figure-slot').scrollIntoViewIfNeeded();
  const rotation = page.locator('[data-figure="rotation"]');
  await expect(rotation.locator('.pe-rotation-residual')).toContainText('over all 256 pairs');
  // In the article the figures take dModel from the section's bar and show only their own controls.
  await expect((await settings(figure)).getByLabel('Model width d_model')).toHaveCount(0);
  await expect((await settings(rotation)).getByLabel('Model width d_model')).toHaveCount(0);
  const dModel = page.locator('.pe-section-bar').getByLabel('Model width d_model');
  await dModel.fill('128');
  await expect(rotation.locator('.pe-rotation-residual')).toContainText('over all 64 pairs');
  // Figures away from the viewport are brought up to date when they come near it.
  await figure.scrollIntoViewIfNeeded();
  await expect(live(page, 'similarity', 'similarity-k0')).toHaveText('64, 64 and 64');
  const at37 = String(Number(dotAt(37, 128).toFixed(2)));
  await expect(live(page, 'similarity', 'similarity-k37')).toHaveText(`${at37}, ${at37} and ${at37}`);
  await expect(figure.locator('.pe-summary')).toContainText('64, 64 and 64 at k = 0');
});

test('a big matrix is computed off the page and shown, with the engine values, once it is ready', async ({
  page,
}) => {
  const figure = await openFigure(page, 'similarity', 'positions=1024&dModel=128');
  const canvas = figure.locator('canvas.pe-similarity-canvas');
  await expect(canvas).toHaveAttribute('width', '1024');
  await (await settings(figure)).getByRole('slider', { name: 'Positions' }).fill('1000');
  // Big matrices take the engine a moment, more so on a loaded machine.
  await expect(canvas).toHaveAttribute('width', '1000', { timeout: 15_000 });
  await expect(figure.locator('.pe-similarity-matrix')).not.toHaveClass(/is-stale/);
  await hoverMatrixCell(page, figure, 900, 937, 1000, 'a 900, b 937 (offset 37): dot');
  await expectNumberAfter(figure.locator('.pe-readout'), 'dot', dotAt(37, 128), 1e-3);
});

test('a bad dModel from the URL gives way to the figure once the slider moves', async ({ page }) => {
  const figure = await expectOddDModelMessage(page, 'similarity');
  const slider = (await settings(figure)).getByLabel('Model width d_model');
  await pressKey(slider, 'ArrowRight');
  await expect(figure.locator('.pe-error')).toBeHidden();
  // dModel/2 pairs each add cos 0 = 1 at k = 0.
  const half = Number(await slider.inputValue()) / 2;
  await expect(figure.locator('.pe-summary')).toContainText(`${half}, ${half} and ${half} at k = 0`);
  await expect(figure.locator('canvas.pe-similarity-canvas')).toHaveAttribute('width', '64');
});

test('a big matrix follows dModel from the worker and its cells read the new values', async ({ page }) => {
  const figure = await openFigure(page, 'similarity', 'positions=1024&dModel=512');
  const canvas = figure.locator('canvas.pe-similarity-canvas');
  await expect(canvas).toHaveAttribute('width', '1024');
  await (await settings(figure)).getByRole('slider', { name: 'Model width d_model' }).fill('256');
  await expect(figure.locator('.pe-summary')).toContainText('128, 128 and 128 at k = 0');
  await expect(figure.locator('.pe-legend')).toHaveAttribute('aria-label', /yellow is 128 \(dot product\)/, {
    timeout: 15_000,
  });
  await expect(figure.locator('.pe-similarity-matrix')).not.toHaveClass(/is-stale/);
  await hoverMatrixCell(page, figure, 500, 537, 1024, 'a 500, b 537 (offset 37): dot');
  await expectNumberAfter(figure.locator('.pe-readout'), 'dot', dotAt(37, 256), 1e-3);
});

test('the matrix and its legend run from dark purple at the lowest value to yellow at the highest', async ({
  page,
}) => {
  const figure = await openArticleSimilarity(page);
  const pixels = await figure.evaluate((element) => {
    const read = (canvas, x, y) => [...canvas.getContext('2d').getImageData(x, y, 1, 1).data];
    const matrix = element.querySelector('canvas.pe-similarity-canvas');
    const legend = element.querySelector('canvas.pe-legend-bar');
    // (0, 0) is on the diagonal, where every pair adds cos 0 = 1: the highest value.
    return { cell: read(matrix, 0, 0), low: read(legend, 0, 0), high: read(legend, 255, 0) };
  });
  // Viridis at 0 (#440154) and 1 (#fde725), opaque.
  expect(pixels.low).toEqual([0x44, 0x01, 0x54, 255]);
  expect(pixels.high).toEqual([0xfd, 0xe7, 0x25, 255]);
  expect(pixels.cell).toEqual(pixels.high);
  await expect(figure.locator('.pe-legend')).toHaveAttribute('aria-label', /yellow is 256 \(dot product\)/);
});

test('a section slider step redraws the same nodes, one path per curve, without reading layout', async ({
  page,
}) => {
  const figure = await openArticleSimilarity(page);
  // Count layout reads of the figure's elements made while the section redraws (in animation-frame callbacks).
  await page.evaluate(() => {
    window.__layoutReads = [];
    let inFrame = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      raf((time) => {
        inFrame += 1;
        try {
          callback(time);
        } finally {
          inFrame -= 1;
        }
      });
    const watch = (proto, name) => {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      const note = (element) => {
        if (inFrame && element.closest?.('[data-figure="similarity"]')) window.__layoutReads.push(name);
      };
      if (typeof descriptor.value === 'function') {
        Object.defineProperty(proto, name, {
          ...descriptor,
          value(...args) {
            note(this);
            return descriptor.value.apply(this, args);
          },
        });
      } else {
        Object.defineProperty(proto, name, {
          ...descriptor,
          get() {
            note(this);
            return descriptor.get.call(this);
          },
        });
      }
    };
    watch(Element.prototype, 'getBoundingClientRect');
    watch(Element.prototype, 'clientWidth');
    watch(Element.prototype, 'clientHeight');
    watch(HTMLElement.prototype, 'offsetWidth');
    watch(HTMLElement.prototype, 'offsetHeight');
    for (const [i, path] of document
      .querySelectorAll('[data-figure="similarity"] path.pe-similarity-line')
      .entries()) {
      path.dataset.kept = String(i);
    }
  });
  const lines = figure.locator('.pe-similarity-lines > *');
  await expect(lines).toHaveCount(3);
  const before = await figure.locator('path.pe-similarity-line').first().getAttribute('d');
  const bar = page.locator('.pe-section-bar');
  await bar.getByLabel('Positions').fill('100');
  await expect(figure.locator('.pe-similarity-heading').nth(1)).toContainText('100 \u00d7 100 positions');
  // The curves do not depend on the number of positions: the paths are left as they were.
  expect(await figure.locator('path.pe-similarity-line').first().getAttribute('d')).toBe(before);
  await bar.getByLabel('Model width d_model').fill('256');
  await expect(live(page, 'similarity', 'similarity-k0')).toHaveText('128, 128 and 128');
  await expect(figure.locator('.pe-summary')).toContainText('128, 128 and 128 at k = 0');
  // The same three path elements, redrawn: one per curve, no per-point marks.
  await expect(lines).toHaveCount(3);
  expect(await lines.evaluateAll((els) => els.map((el) => `${el.tagName}:${el.dataset.kept}`))).toEqual([
    'path:0',
    'path:1',
    'path:2',
  ]);
  expect(await figure.locator('path.pe-similarity-line').first().getAttribute('d')).not.toBe(before);
  expect(await page.evaluate(() => window.__layoutReads)).toEqual([]);
});

test('through W_q and W_k the diagonals break, and RoPE after the projections restores them', async ({
  page,
}) => {
  const figure = await openArticleSimilarity(page);
  const bridge = figure.locator('.pe-similarity-bridge');
  await expect(bridge).toContainText('raw encodings below 10');
  await expect(bridge).toContainText('RoPE after W_q and W_k below 10');
  const projected = numberAfter(await bridge.textContent(), 'through W_q and W_k');
  expect(projected).toBeGreaterThan(25);
  await figure.getByRole('button', { name: 'through W_q and W_k' }).click();
  await expect(figure.locator('.pe-similarity-heading').nth(1)).toContainText('(W_q PE(a))');
  await figure.getByRole('button', { name: 'RoPE after W_q and W_k' }).click();
  await expect(figure.locator('.pe-similarity-heading').nth(1)).toContainText('(R(a) W_q x)');
  await expect(page.locator('[data-live="bridge-rope"]').first()).toContainText('rounding');
});
