import { test, expect, numberAfter, hoverCell } from './fixtures.js';

/** The seeded embeddings the figure uses as query and key, read from the engine in the page. */
async function queryAndKey(page, words, headDim) {
  return page.evaluate(
    async ({ words, headDim }) => {
      const m = await import('./engine/pe-engine.js');
      const pe = await m.default();
      const e = pe.wordEmbeddings(words, headDim);
      return { q: Array.from(e.slice(0, headDim)), k: Array.from(e.slice(headDim, 2 * headDim)) };
    },
    { words, headDim },
  );
}

/** RoPE in double precision, independent of the engine: pair i of x turned by pos * base^(-2i/d). */
function rotate(x, pos, base = 10000, convention = 'interleaved') {
  const d = x.length;
  const out = x.slice();
  for (let i = 0; i < d / 2; i += 1) {
    const [a, b] = convention === 'interleaved' ? [2 * i, 2 * i + 1] : [i, i + d / 2];
    const angle = pos * base ** ((-2 * i) / d);
    out[a] = x[a] * Math.cos(angle) - x[b] * Math.sin(angle);
    out[b] = x[a] * Math.sin(angle) + x[b] * Math.cos(angle);
  }
  return out;
}

/** The article mounts figures as they near the viewport: scroll to the slot and wait for the mount. */
async function articleFigure(page) {
  const slot = page.locator('[data-mount="rope"]');
  await slot.scrollIntoViewIfNeeded();
  await expect(slot).toHaveAttribute('data-figure', 'rope');
  return slot;
}

const dot = (a, b) => a.reduce((s, v, i) => s + v * b[i], 0);

/** Reads "2.665×10^-15", "2.66×10−15" (a superscript in the prose) or "7.02" (U+2212 as minus) after a label. */
function sciAfter(text, label) {
  const match = new RegExp(`${label}\\s*([\\u2212\\-]?[\\d.]+)(?:\\u00d710\\^?([\\u2212\\-]?\\d+))?`).exec(
    text,
  );
  if (!match) throw new Error(`no "${label}" number in: ${text}`);
  const mantissa = Number(match[1].replace('\u2212', '-'));
  return match[2] ? mantissa * 10 ** Number(match[2].replace('\u2212', '-')) : mantissa;
}

test('the article draws RoPE and a hovered score matches rotate-then-dot in double precision', async ({
  page,
}) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  const canvas = figure.locator('canvas.pe-rope-canvas');
  await expect(canvas).toHaveAttribute('width', '32');
  await expect(figure.locator('.pe-rope-pair')).toHaveCount(4);
  await expect(page.locator('#rope [data-live="rope-score"]')).not.toBeEmpty();

  const { q, k } = await queryAndKey(page, 'dog man', 8);
  await canvas.scrollIntoViewIfNeeded();
  await hoverCell(page, canvas, 5, 12, 32, 32);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('query m 5, key n 12, offset n \u2212 m 7');
  const score = numberAfter(await readout.textContent(), 'score');
  const expected = dot(rotate(q, 5), rotate(k, 12));
  expect(Math.abs(score - expected)).toBeLessThan(1e-5 * Math.max(1, Math.abs(expected)));

  // The live number in the prose is the score at the chosen m = 3, n = 7.
  const live = Number(
    (await page.locator('#rope [data-live="rope-score"]').textContent()).replace('\u2212', '-'),
  );
  expect(Math.abs(live - dot(rotate(q, 3), rotate(k, 7)))).toBeLessThan(1e-4);
});

test('RoPE on queries only breaks the relative property and the readout says so', async ({ page }) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  const deviation = figure.locator('.pe-rope-deviation');
  await expect(deviation).toContainText('Max deviation along diagonals');
  const before = sciAfter(await deviation.textContent(), 'diagonals:');
  expect(before).toBeLessThan(1e-12);

  await figure.getByLabel('RoPE on queries only (the mistake)').check();
  await expect(deviation).toContainText('depends on the query position');
  const after = sciAfter(await deviation.textContent(), 'diagonals:');
  expect(after).toBeGreaterThan(1e-3);
  const liveOnly = sciAfter(await page.locator('#rope [data-live="rope-deviation-only"]').textContent(), '');
  expect(Math.abs(liveOnly - after) / after).toBeLessThan(1e-2);

  // With only the query rotated, the score is R(m theta) q . k: independent of n.
  const { q, k } = await queryAndKey(page, 'dog man', 8);
  const canvas = figure.locator('canvas.pe-rope-canvas');
  await canvas.scrollIntoViewIfNeeded();
  for (const n of [2, 20]) {
    await hoverCell(page, canvas, 9, n, 32, 32);
    await expect(figure.locator('.pe-readout')).toContainText(`query m 9, key n ${n},`);
    const score = numberAfter(await figure.locator('.pe-readout').textContent(), 'score');
    expect(Math.abs(score - dot(rotate(q, 9), k))).toBeLessThan(1e-4);
  }
});

test('head width, words and the keyboard change the figure and its live numbers', async ({ page }) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  const live = page.locator('#rope [data-live="rope-score"]');
  const first = await live.textContent();

  const width = figure.getByLabel('Head width');
  await width.focus();
  for (let i = 0; i < 4; i += 1) await width.press('ArrowRight');
  await expect(figure.locator('.pe-rope-pair')).toHaveCount(8);
  await expect(live).not.toHaveText(first);
  const { q, k } = await queryAndKey(page, 'dog man', 16);
  const score = Number((await live.textContent()).replace('\u2212', '-'));
  expect(Math.abs(score - dot(rotate(q, 3), rotate(k, 7)))).toBeLessThan(1e-4 * Math.max(1, Math.abs(score)));

  await figure.getByLabel('Query word').selectOption('cat');
  await expect(figure.locator('.pe-summary')).toContainText('query "cat"');

  const canvas = figure.locator('canvas.pe-rope-canvas');
  await canvas.focus();
  await canvas.press('ArrowRight');
  await expect(figure.locator('.pe-readout')).toHaveText(/^query m 3, key n 8, offset n − m 5, score/);
  await expect(page.locator('#rope [data-live="rope-n"]')).toHaveText('8');
});

test('the offset chart reads RoPE, sinusoidal and ALiBi values at an offset from the keyboard', async ({
  page,
}) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  const chart = figure.locator('svg.pe-rope-lines');
  await chart.scrollIntoViewIfNeeded();
  await chart.focus();
  for (let i = 0; i < 5; i += 1) await chart.press('ArrowRight');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('offset k 5:');
  const text = await readout.textContent();
  const { q, k } = await queryAndKey(page, 'dog man', 8);
  expect(Math.abs(numberAfter(text, 'RoPE score') - dot(rotate(q, 0), rotate(k, 5)))).toBeLessThan(1e-4);
  let sinusoidal = 0;
  for (let i = 0; i < 4; i += 1) sinusoidal += Math.cos(5 * 10000 ** ((-2 * i) / 8));
  expect(Math.abs(numberAfter(text, 'sinusoidal') - sinusoidal)).toBeLessThan(1e-5);
  expect(Math.abs(numberAfter(text, 'ALiBi bias') - -5 / 256)).toBeLessThan(1e-7);
});

test('swapping conventions changes scores but not their dependence on the offset', async ({ page }) => {
  await page.goto('index.html');
  const figure = await articleFigure(page);
  await figure.getByLabel('Convention', { exact: true }).selectOption('half');
  await expect(figure.locator('.pe-rope-perm-text')).toContainText('p = [0, 4, 1, 5, 2, 6, 3, 7]');
  const reference = await page.evaluate(async () => {
    const m = await import('./engine/pe-engine.js');
    const pe = await m.default();
    const e = pe.wordEmbeddings('dog man', 8);
    const [q, k] = [e.slice(0, 8), e.slice(8)];
    const right = pe.ropeScores(q, k, 32, 8, 10000, 'half');
    const wrong = pe.ropeScores(q, k, 32, 8, 10000, 'interleaved');
    return Math.max(...right.map((v, i) => Math.abs(v - wrong[i])));
  });
  const swap = figure.locator('.pe-rope-swap');
  await expect(swap).toContainText('rotated as interleaved');
  expect(Math.abs(numberAfter(await swap.textContent(), 'by up to') - reference)).toBeLessThan(
    1e-3 * reference,
  );
  const swapDeviation = sciAfter(
    await page.locator('#rope [data-live="rope-swap-deviation"]').textContent(),
    '',
  );
  expect(swapDeviation).toBeLessThan(1e-12);
  const fixed = sciAfter(await page.locator('#rope [data-live="rope-fix-difference"]').textContent(), '');
  expect(fixed).toBeLessThan(1e-12);
});

test('RoPE stands alone on the embed page, fits 360 px and reads in dark mode', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('embed.html?figure=rope&headDim=4&positions=16&m=2&n=9&queriesOnly=1');
  const figure = page.locator('[data-figure="rope"]');
  await expect(figure.locator('canvas.pe-rope-canvas')).toHaveAttribute('width', '16');
  await expect(figure.locator('.pe-rope-pair')).toHaveCount(2);
  await expect(figure.getByLabel('RoPE on queries only (the mistake)')).toBeChecked();
  await expect(figure.locator('.pe-summary')).toContainText('m = 2');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a bad head width from the URL shows the engine message', async ({ page }) => {
  await page.goto('embed.html?figure=rope&headDim=7');
  await expect(page.locator('[data-figure="rope"] .pe-error')).toContainText('7');
});
