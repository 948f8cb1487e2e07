import {
  test,
  expect,
  parseNumber,
  numberAfter,
  expectNumberAfter,
  openFigure,
  settings,
} from './fixtures.js';
import { openArticleFigure, live, engineInPage, hoverCell, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow } from './fixtures.js';

/** The seeded embeddings the figure uses as query and key, read from the engine in the page. */
function queryAndKey(page, words, headDim) {
  return engineInPage(
    page,
    (pe, { words, headDim }) => {
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

const dot = (a, b) => a.reduce((s, v, i) => s + v * b[i], 0);

test('the article draws RoPE and a hovered score matches rotate-then-dot in double precision', async ({
  page,
}) => {
  const figure = await openArticleFigure(page, 'rope');
  const canvas = figure.locator('canvas.pe-rope-canvas');
  await expect(canvas).toHaveAttribute('width', '32');
  await expect(figure.locator('.pe-rope-pair')).toHaveCount(4);
  await expect(live(page, 'rope', 'rope-score')).not.toBeEmpty();

  const { q, k } = await queryAndKey(page, 'dog man', 8);
  await canvas.scrollIntoViewIfNeeded();
  await hoverCell(page, canvas, 5, 12, 32, 32);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('query m 5, key n 12, offset n \u2212 m 7');
  const expected = dot(rotate(q, 5), rotate(k, 12));
  await expectNumberAfter(readout, 'score', expected, 1e-5 * Math.max(1, Math.abs(expected)));

  // The live number in the prose is the score at the chosen m = 3, n = 7.
  const score = parseNumber(await live(page, 'rope', 'rope-score').textContent());
  expect(Math.abs(score - dot(rotate(q, 3), rotate(k, 7)))).toBeLessThan(1e-4);
});

test('RoPE on queries only breaks the relative property and the readout says so', async ({ page }) => {
  const figure = await openArticleFigure(page, 'rope');
  const deviation = figure.locator('.pe-rope-deviation');
  await expect(deviation).toContainText('Max deviation along diagonals');
  const before = numberAfter(await deviation.textContent(), 'diagonals:');
  expect(before).toBeLessThan(1e-12);

  await (await settings(figure)).getByLabel('RoPE on queries only (the mistake)').check();
  await expect(deviation).toContainText('depends on the query position');
  const after = numberAfter(await deviation.textContent(), 'diagonals:');
  expect(after).toBeGreaterThan(1e-3);
  const liveOnly = parseNumber(await live(page, 'rope', 'rope-deviation-only').textContent());
  expect(Math.abs(liveOnly - after) / after).toBeLessThan(1e-2);

  // With only the query rotated, the score is R(m theta) q . k: independent of n.
  const { q, k } = await queryAndKey(page, 'dog man', 8);
  const canvas = figure.locator('canvas.pe-rope-canvas');
  await canvas.scrollIntoViewIfNeeded();
  for (const n of [2, 20]) {
    await hoverCell(page, canvas, 9, n, 32, 32);
    await expect(figure.locator('.pe-readout')).toContainText(`query m 9, key n ${n},`);
    await expectNumberAfter(figure.locator('.pe-readout'), 'score', dot(rotate(q, 9), k), 1e-4);
  }
});

test('head width, words and the keyboard change the figure and its live numbers', async ({ page }) => {
  const figure = await openArticleFigure(page, 'rope');
  const liveScore = live(page, 'rope', 'rope-score');
  const first = await liveScore.textContent();

  await pressKey((await settings(figure)).getByLabel('Head width'), 'ArrowRight', 4);
  await expect(figure.locator('.pe-rope-pair')).toHaveCount(8);
  await expect(liveScore).not.toHaveText(first);
  const { q, k } = await queryAndKey(page, 'dog man', 16);
  const score = parseNumber(await liveScore.textContent());
  expect(Math.abs(score - dot(rotate(q, 3), rotate(k, 7)))).toBeLessThan(1e-4 * Math.max(1, Math.abs(score)));

  await (await settings(figure)).getByLabel('Query word').selectOption('cat');
  await expect(figure.locator('.pe-summary')).toContainText('query "cat"');

  const canvas = figure.locator('canvas.pe-rope-canvas');
  await pressKey(canvas, 'ArrowRight');
  await expect(figure.locator('.pe-readout')).toHaveText(/^query m 3, key n 8, offset n − m 5, score/);
  await expect(live(page, 'rope', 'rope-n')).toHaveText('8');
});

test('the offset chart reads RoPE, sinusoidal and ALiBi values at an offset from the keyboard', async ({
  page,
}) => {
  const figure = await openArticleFigure(page, 'rope');
  const chart = figure.locator('svg.pe-rope-lines');
  await chart.scrollIntoViewIfNeeded();
  await pressKey(chart, 'ArrowRight', 5);
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('offset k 5:');
  const text = await readout.textContent();
  const { q, k } = await queryAndKey(page, 'dog man', 8);
  await expectNumberAfter(text, 'RoPE score', dot(rotate(q, 0), rotate(k, 5)), 1e-4);
  let sinusoidal = 0;
  for (let i = 0; i < 4; i += 1) sinusoidal += Math.cos(5 * 10000 ** ((-2 * i) / 8));
  await expectNumberAfter(text, 'sinusoidal', sinusoidal, 1e-5);
  await expectNumberAfter(text, 'ALiBi bias', -5 / 256, 1e-7);
});

test('swapping conventions changes scores but not their dependence on the offset', async ({ page }) => {
  const figure = await openArticleFigure(page, 'rope');
  await (await settings(figure)).getByLabel('Convention', { exact: true }).selectOption('half');
  await expect(figure.locator('.pe-rope-perm-text')).toContainText('p = [0, 4, 1, 5, 2, 6, 3, 7]');
  const reference = await engineInPage(page, (pe) => {
    const e = pe.wordEmbeddings('dog man', 8);
    const [q, k] = [e.slice(0, 8), e.slice(8)];
    const right = pe.ropeScores(q, k, 32, 8, 10000, 'half');
    const wrong = pe.ropeScores(q, k, 32, 8, 10000, 'interleaved');
    return Math.max(...right.map((v, i) => Math.abs(v - wrong[i])));
  });
  const swap = figure.locator('.pe-rope-swap');
  await expect(swap).toContainText('rotated as interleaved');
  await expectNumberAfter(swap, 'by up to', reference, 1e-3 * reference);
  const swapDeviation = parseNumber(await live(page, 'rope', 'rope-swap-deviation').textContent());
  expect(swapDeviation).toBeLessThan(1e-12);
  const fixed = parseNumber(await live(page, 'rope', 'rope-fix-difference').textContent());
  expect(fixed).toBeLessThan(1e-12);
});

test('RoPE stands alone on the embed page, fits 360 px and reads in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openFigure(page, 'rope', 'headDim=4&positions=16&m=2&n=9&queriesOnly=1');
  await expect(figure.locator('canvas.pe-rope-canvas')).toHaveAttribute('width', '16');
  await expect(figure.locator('.pe-rope-pair')).toHaveCount(2);
  await expect((await settings(figure)).getByLabel('RoPE on queries only (the mistake)')).toBeChecked();
  await expect(figure.locator('.pe-summary')).toContainText('m = 2');
  await expectNoHorizontalOverflow(page);
});

test('an odd head width from the URL is brought to the next even one, with a note', async ({ page }) => {
  const figure = await openFigure(page, 'rope', 'headDim=7');
  await expect(figure.locator('.pe-url-notes')).toHaveText('headDim "7" is not a multiple of 2: showing 8.');
  await expect(figure.locator('.pe-error')).toBeHidden();
});
