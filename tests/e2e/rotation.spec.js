import {
  test,
  expect,
  parseNumber,
  parseScientific,
  expectNumberAfter,
  cellNumbers,
  settings,
} from './fixtures.js';
import { openFigure, openArticleFigure, openDataTable, live, expectLiveTexts } from './fixtures.js';
import { expectOddDModelMessage, pressKey, useNarrowScreen, expectNoHorizontalOverflow } from './fixtures.js';

/** R(k) of pair i in double precision, independent of the engine: [[cos t, sin t], [-sin t, cos t]], t = w_i k. */
function rotation(pair, offset, dModel, base = 10000) {
  const t = offset / base ** ((2 * pair) / dModel);
  return [Math.cos(t), Math.sin(t), -Math.sin(t), Math.cos(t)];
}

/** The angle of pair i at pos, in double precision. */
function angle(pair, pos, dModel, base = 10000) {
  return pos / base ** ((2 * pair) / dModel);
}

async function matrixOf(figure) {
  const raw = await figure.locator('.pe-rotation-matrix').getAttribute('data-matrix');
  return raw.split(' ').map(Number);
}

function expectClose(actual, expected, tolerance) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => expect(Math.abs(value - expected[i])).toBeLessThan(tolerance));
}

/** A point as the sample table prints it, "(0.5, \u22120.866)", as [sin, cos]. */
const pointOf = (cell) =>
  cell
    .slice(1, -1)
    .split(', ')
    .map((text) => parseNumber(text));

/** Expects a point [sin, cos] to be the one at angle t on the unit circle, each coordinate within tolerance. */
function expectAtAngle([s, c], t, tolerance) {
  expect(Math.abs(s - Math.sin(t))).toBeLessThan(tolerance);
  expect(Math.abs(c - Math.cos(t))).toBeLessThan(tolerance);
}

/** Expects the readout of a point to read the sin and cos of `pair` at `pos`. */
async function expectPointReadout(readout, pair, pos, dModel) {
  const text = await readout.textContent();
  await expectNumberAfter(text, 'sin', Math.sin(angle(pair, pos, dModel)), 1e-6);
  await expectNumberAfter(text, 'cos', Math.cos(angle(pair, pos, dModel)), 1e-6);
}

/** The figure is ready once its matrix is typeset, that is once the engine has answered. */
const drawn = (figure, options) =>
  expect(figure.locator('.pe-rotation-matrix')).toHaveAttribute('data-matrix', /\d/, options);
const openRotation = (page, query) => openFigure(page, 'rotation', query, { ready: drawn });
// The figure mounts lazily once the engine has loaded: allow for a slow machine.
const slow = { timeout: 15_000 };
const openArticleRotation = (page) =>
  openArticleFigure(page, 'rotation', { ...slow, ready: (figure) => drawn(figure, slow) });

test('the article shows R(k) for the default pair with the engine residual and fills its live numbers', async ({
  page,
}) => {
  const figure = await openArticleRotation(page);
  expectClose(await matrixOf(figure), rotation(16, 3, 512), 1e-13);
  await expect(figure.locator('.pe-rotation-matrix')).toContainText('0.993253');
  await expect(figure.locator('.pe-rotation-matrix')).toContainText('0.115966');

  const residual = parseScientific(await figure.locator('.pe-rotation-residual-value').textContent());
  expect(residual).toBeLessThan(1e-12);
  await expect(figure.locator('.pe-rotation-residual')).toContainText('over all 256 pairs');

  const turn = (angle(16, 3, 512) * 180) / Math.PI;
  await expectLiveTexts(page, 'rotation', {
    'rotation-pair': '16',
    'rotation-offset': '3',
    'rotation-pos': '10',
    'rotation-pairs': '256',
    'rotation-turn': `${Number(turn.toFixed(2))}\u00b0`,
  });
  expect(parseScientific(await live(page, 'rotation', 'rotation-residual').textContent())).toBeLessThan(
    1e-12,
  );
});

test('the pair and offset sliders change the matrix to cos and sin of w_i k', async ({ page }) => {
  const figure = await openArticleRotation(page);
  const pair = figure.getByLabel('Pair i');
  await pressKey(pair, 'Home');
  await pressKey(pair, 'ArrowRight', 5);
  await expect(live(page, 'rotation', 'rotation-pair')).toHaveText('5');
  expectClose(await matrixOf(figure), rotation(5, 3, 512), 1e-13);

  await pressKey((await settings(figure)).getByLabel('Offset k'), 'ArrowRight', 4);
  await expect(live(page, 'rotation', 'rotation-offset')).toHaveText('7');
  expectClose(await matrixOf(figure), rotation(5, 7, 512), 1e-13);
  await expect(figure.locator('.pe-rotation-matrix')).toContainText('R(7)');
});

test('one R(k) maps PE(pos) to PE(pos+k) at every sampled position', async ({ page }) => {
  const figure = await openArticleRotation(page);
  const rows = figure.locator('.pe-rotation-table tbody tr');
  await expect(rows).toHaveCount(5);
  for (const row of await rows.all()) {
    const pos = Number(await row.getAttribute('data-pos'));
    const cells = await row.locator('td').allTextContents();
    // R(k)·PE(pos) (engine) and PE(pos+k) (engine table) print the same to six digits...
    expect(cells[1]).toBe(cells[2]);
    // ...and PE(pos+k) is the paper's formula at pos+3.
    expectAtAngle(pointOf(cells[2]), angle(16, pos + 3, 512), 1e-5);
    // ...and the engine's double-precision check at this pos is zero up to rounding.
    expect(parseScientific(cells[3])).toBeLessThan(1e-12);
  }
});

test('hovering or focusing a point reads its exact coordinates', async ({ page }) => {
  const figure = await openArticleRotation(page);
  const readout = figure.locator('.pe-readout');
  await figure.locator('.pe-rotation-point[data-which="pos"] .pe-rotation-dot').hover();
  await expect(readout).toContainText('PE(pos) at position 10, pair 16 (dims 32, 33)');
  await expectPointReadout(readout, 16, 10, 512);

  await figure.locator('.pe-rotation-point[data-which="shifted"]').focus();
  await expect(readout).toContainText('PE(pos+k) at position 13, pair 16');
  await expectPointReadout(readout, 16, 13, 512);
});

test('the figure stands alone on the embed page with its parameters from the URL', async ({ page }) => {
  const figure = await openRotation(page, 'dModel=128&base=1000&pair=5&offset=7&pos=2');
  expectClose(await matrixOf(figure), rotation(5, 7, 128, 1000), 1e-13);
  await expect((await settings(figure)).getByLabel('Model width d_model')).toBeVisible();
  await expect(figure.locator('.pe-rotation-residual')).toContainText('over all 64 pairs');
  expect(parseScientific(await figure.locator('.pe-rotation-residual-value').textContent())).toBeLessThan(
    1e-12,
  );
});

test('an odd dModel from the URL gets a note', async ({ page }) => {
  await expectOddDModelMessage(page, 'rotation');
});

test('the figure fits 360 px in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openArticleRotation(page);
  await expect(figure.locator('.pe-rotation-svg')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

for (const width of [1280, 375]) {
  test(`at ${width} px both axis labels, "sin" at the right end too, lie inside the circle's box`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const figure = await openArticleRotation(page);
    const boxes = await figure.locator('.pe-rotation-axis-label').evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.getBoundingClientRect();
        const svg = /** @type {SVGTextElement} */ (label).ownerSVGElement?.getBoundingClientRect();
        return { text: label.textContent, box: box.toJSON(), svg: svg?.toJSON() };
      }),
    );
    expect(boxes.map((b) => b.text)).toEqual(['sin', 'cos']);
    for (const { text, box, svg } of boxes) {
      expect(box.width, text).toBeGreaterThan(0);
      expect(box.left, text).toBeGreaterThanOrEqual(svg.left);
      expect(box.right, text).toBeLessThanOrEqual(svg.right);
      expect(box.top, text).toBeGreaterThanOrEqual(svg.top);
      expect(box.bottom, text).toBeLessThanOrEqual(svg.bottom);
    }
  });
}

test('hovering a point announces its sine dimension, and a dimension hovered elsewhere shows its pair', async ({
  page,
}) => {
  const figure = await openArticleRotation(page);
  await page.evaluate(() => {
    window.hovered = [];
    document.addEventListener('pe:hover-dimension', (event) => window.hovered.push(event.detail.dimension));
  });
  await figure.locator('.pe-rotation-point[data-which="pos"] .pe-rotation-dot').hover();
  await expect.poll(() => page.evaluate(() => window.hovered)).toContain(32);
  await page.mouse.move(1, 1);
  await expect.poll(() => page.evaluate(() => window.hovered.at(-1))).toBeNull();

  // The heatmap announces the column under the pointer; while it lasts, this figure shows that column's pair.
  await page.locator('#formula .figure-slot').scrollIntoViewIfNeeded();
  const heatmap = page.locator('[data-figure="heatmap"] canvas.pe-heatmap-canvas');
  await expect(heatmap).toHaveAttribute('width', '512');
  await heatmap.scrollIntoViewIfNeeded();
  const box = await heatmap.boundingBox();
  await page.mouse.move(box.x + (6.5 / 512) * box.width, box.y + box.height / 2);
  await expect(figure.locator('.pe-rotation-matrix')).toContainText('R(3)');
  expectClose(await matrixOf(figure), rotation(3, 3, 512), 1e-13);
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 400);
  await expect(figure.getByLabel('Pair i')).toHaveValue('16');
  expectClose(await matrixOf(figure), rotation(16, 3, 512), 1e-13);
});

test('in the split layout a pair is read from dimensions i and i + dModel/2', async ({ page }) => {
  const figure = await openFigure(page, 'rotation', 'layout=split&dModel=64&pair=3&pos=5&offset=2');
  await figure.locator('.pe-rotation-point[data-which="shifted"]').focus();
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('PE(pos+k) at position 7, pair 3 (dims 3, 35)');
  await expectPointReadout(readout, 3, 7, 64);
  expectClose(await matrixOf(figure), rotation(3, 2, 64), 1e-13);
});

/** Checks every row of the sample table against the formula: PE(pos), R(k)·PE(pos) and PE(pos+k), and its error. */
async function expectSampleRows(figure, positions, { pair, offset, dModel }) {
  const rows = figure.locator('.pe-rotation-table tbody tr');
  await expect(rows).toHaveCount(positions.length);
  for (const [i, row] of (await rows.all()).entries()) {
    const pos = positions[i];
    await expect(row).toHaveAttribute('data-pos', String(pos));
    await expect(row.locator('th')).toHaveText(pos.toLocaleString('en-US'));
    const cells = await row.locator('td').allTextContents();
    const expected = [pos, pos + offset, pos + offset].map((p) => angle(pair, p, dModel));
    expected.forEach((t, j) => expectAtAngle(pointOf(cells[j]), t, 1e-5));
    expect(parseScientific(cells[3])).toBeLessThan(1e-12);
  }
}

/** Every painted pixel of the dots canvas as [x, y, r, g, b, alpha], with the canvas width in pixels. */
async function dotPixels(figure) {
  return figure.locator('canvas.pe-rotation-dots').evaluate((canvas) => {
    const { width, height } = canvas;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const painted = [];
    for (let i = 0; i < width * height; i += 1) {
      if (data[i * 4 + 3] > 0)
        painted.push([i % width, Math.floor(i / width), ...data.subarray(i * 4, i * 4 + 4)]);
    }
    return { width, painted };
  });
}

/** The page's --muted colour as [r, g, b]. */
async function mutedColor(page) {
  return page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    probe.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--muted').trim();
    probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data.subarray(0, 3)];
  });
}

/**
 * Checks the dots canvas of the embed page for the given pair: the device pixel under each position's exact
 * (sin, cos) is fully covered, and every painted pixel belongs to one of those dots.
 */
async function expectDots(page, pair, ratio) {
  const figure = await openRotation(page, `dModel=64&positions=40&pair=${pair}&pos=5&offset=9`);
  const width = Number(await figure.locator('.pe-rotation-svg').getAttribute('width'));
  const { width: pixels, painted } = await dotPixels(figure);
  expect(pixels).toBe(Math.round(width * ratio));
  const scale = (width * ratio) / 2.8;
  const centres = Array.from({ length: 40 }, (_, p) => {
    const t = angle(pair, p, 64);
    return [(Math.sin(t) + 1.4) * scale, (1.4 - Math.cos(t)) * scale];
  });
  const alphaAt = new Map(painted.map(([x, y, , , , a]) => [`${x} ${y}`, a]));
  for (const [x, y] of centres) expect(alphaAt.get(`${Math.floor(x)} ${Math.floor(y)}`)).toBe(255);
  // Radius 1.5 CSS px, plus half a device pixel of smoothing, each centre placed to an eighth of a pixel.
  const reach = 1.5 * ratio + 0.5 + 1 / 8;
  for (const [x, y] of painted) {
    const nearest = Math.min(...centres.map(([cx, cy]) => Math.hypot(x + 0.5 - cx, y + 0.5 - cy)));
    expect(nearest).toBeLessThan(reach);
  }
}

test('a small dot marks every position shown on the unit circle, and nothing else is painted', async ({
  page,
}) => {
  // Pair 2 turns far between positions (40 separate dots); pair 31 barely moves (the dots merge).
  for (const pair of [2, 31]) await expectDots(page, pair, 1);
});

test.describe('on a screen with two device pixels per CSS pixel', () => {
  test.use({ deviceScaleFactor: 2 });

  test('the dots are painted at the screen resolution', async ({ page }) => {
    await expectDots(page, 2, 2);
  });
});

test('the dots take the muted colour of the scheme in force, and change with it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const figure = await openRotation(page, 'dModel=64&positions=40&pair=2');
  const light = await mutedColor(page);
  // Fully covered pixels read back exactly (the canvas keeps partly covered ones premultiplied).
  const solid = async () => (await dotPixels(figure)).painted.filter((pixel) => pixel[5] === 255);
  let painted = await solid();
  expect(painted.length).toBeGreaterThan(40);
  for (const pixel of painted) expect(pixel.slice(2, 5)).toEqual(light);

  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await mutedColor(page);
  expect(dark).not.toEqual(light);
  await expect.poll(async () => (await solid())[0].slice(2, 5)).toEqual(dark);
  painted = await solid();
  expect(painted.length).toBeGreaterThan(40);
  for (const pixel of painted) expect(pixel.slice(2, 5)).toEqual(dark);
});

test('the Positions slider moves the sampled rows and keeps the typeset matrix; Offset retypesets it', async ({
  page,
}) => {
  const figure = await openRotation(page, 'dModel=64&positions=6&pair=3&pos=5&offset=2');
  const matrix = figure.locator('.pe-rotation-matrix');
  await expectSampleRows(figure, [0, 2, 4, 5], { pair: 3, offset: 2, dModel: 64 });
  // R(k) does not depend on the number of positions: its typeset formula stays the same node.
  await matrix.locator('.katex').evaluate((node) => node.setAttribute('data-kept', ''));

  const positions = (await settings(figure)).getByLabel('Positions');
  await pressKey(positions, 'ArrowLeft');
  // 5 positions: pos 5 is clamped to 4, and the rows follow.
  await expect(figure.locator('.pe-rotation-key')).toContainText('pos = 4');
  await expectSampleRows(figure, [0, 1, 3, 4], { pair: 3, offset: 2, dModel: 64 });
  await expect(figure.locator('.pe-rotation-residual')).toContainText('at pos 4');
  await expect(matrix.locator('.katex[data-kept]')).toHaveCount(1);
  // Back to 6 positions: pos stays at 4.
  await positions.press('ArrowRight');
  await expectSampleRows(figure, [0, 2, 4, 5], { pair: 3, offset: 2, dModel: 64 });
  await expect(figure.locator('.pe-rotation-key')).toContainText('pos+k = 6');

  // One position: pos and k are clamped to 0, one row is left.
  await positions.press('Home');
  await expect(matrix).toContainText('R(0)');
  await expectSampleRows(figure, [0], { pair: 3, offset: 0, dModel: 64 });
  expectClose(await matrixOf(figure), rotation(3, 0, 64), 1e-13);

  // All 2,048 positions: the rows come back, at the new sample positions.
  await positions.press('End');
  await expectSampleRows(figure, [0, 682, 1365, 2047], { pair: 3, offset: 0, dModel: 64 });
  expect((await dotPixels(figure)).painted.length).toBeGreaterThan(0);

  await pressKey((await settings(figure)).getByLabel('Offset k'), 'ArrowRight');
  await expect(matrix).toContainText('R(1)');
  await expect(matrix.locator('.katex[data-kept]')).toHaveCount(0);
  expectClose(await matrixOf(figure), rotation(3, 1, 64), 1e-13);
  await expectSampleRows(figure, [0, 682, 1365, 2047], { pair: 3, offset: 1, dModel: 64 });
  await expect(figure.locator('.pe-rotation-key')).toContainText('pos+k = 1');
});

test('the data table lists both points of the pair at every position and follows the sliders', async ({
  page,
}) => {
  const figure = await openRotation(page, 'dModel=64&positions=300&pair=3&pos=5&offset=2');
  const { rows, note } = await openDataTable(figure);
  await expect(rows).toHaveCount(200);
  await expect(note).toContainText('Showing 200 of 300 rows');
  await expect(note).toContainText('Pair 3, offset k = 2.');
  for (const p of [0, 7, 199]) {
    const cells = await cellNumbers(rows.nth(p));
    const [at, to] = [angle(3, p, 64), angle(3, p + 2, 64)];
    expect(cells[0]).toBe(p);
    expect(cells[3]).toBe(p + 2);
    [Math.sin(at), Math.cos(at), null, Math.sin(to), Math.cos(to)].forEach((v, i) => {
      if (v !== null) expect(Math.abs(cells[i + 1] - v)).toBeLessThan(1e-6);
    });
  }
  await pressKey((await settings(figure)).getByLabel('Positions'), 'ArrowLeft');
  await expect(note).toContainText('Showing 200 of 299 rows');
});
