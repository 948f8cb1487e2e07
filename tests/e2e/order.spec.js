import { test, expect, parseNumber, numberAfter, expectNumberAfter, openFigure } from './fixtures.js';
import { openArticleFigure, live as liveIn, engineInPage, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow } from './fixtures.js';

/** The number after "<label>: max |difference| =" in the comparison readout. */
const differenceAfter = (text, label) => numberAfter(text, `${label}: max |difference| =`);

/** The figure is ready once its matrices are drawn. */
const drawn = (figure) => expect(figure.locator('.pe-order-matrix rect.pe-order-cell').first()).toBeVisible();
const openOrder = (page, query) => openFigure(page, 'order', query, { ready: drawn });

async function pooledDifference(figure) {
  const compare = figure.locator('.pe-order-compare');
  await expect(compare).toContainText('Sentence vectors: max |difference|');
  return differenceAfter(await compare.textContent(), 'Sentence vectors');
}

test('the reader predicts, then sees that without positions the two sentences pool identically', async ({
  page,
}) => {
  const figure = await openOrder(page);
  const compare = figure.locator('.pe-order-compare');
  await expect(compare).not.toContainText('max |difference|');
  await figure.getByRole('button', { name: 'They will differ' }).click();
  await expect(compare).toContainText('not this time');
  expect(await pooledDifference(figure)).toBeLessThan(1e-6);
  expect(differenceAfter(await compare.textContent(), 'Same word')).toBeLessThan(1e-6);

  await figure.getByRole('button', { name: 'sinusoidal' }).click();
  await expect(figure.locator('.pe-summary')).toContainText('sinusoidal encoding');
  expect(await pooledDifference(figure)).toBeGreaterThan(1e-3);
});

test('a causal mask alone separates the two sentences', async ({ page }) => {
  const figure = await openOrder(page, 'reveal=1');
  expect(await pooledDifference(figure)).toBeLessThan(1e-6);
  await figure.getByRole('button', { name: 'causal' }).click();
  await expect(figure.locator('.pe-summary')).toContainText('causal mask');
  expect(await pooledDifference(figure)).toBeGreaterThan(1e-3);
  // Masked cells (a word looking ahead) are drawn as masked, and the readout says so.
  await expect(figure.locator('.pe-order-matrix').first().locator('rect.pe-order-masked')).toHaveCount(3);
});

test('bidirectional ALiBi cannot tell a sentence from its reverse; a non-mirror pair differs', async ({
  page,
}) => {
  const figure = await openOrder(page, 'reveal=1&encoding=alibi');
  expect(await pooledDifference(figure)).toBeLessThan(1e-6);
  await figure.getByRole('textbox', { name: 'Sentence A' }).fill('the dog bites the man');
  await figure.getByRole('textbox', { name: 'Sentence B' }).fill('the man bites the dog');
  await expect(figure.locator('.pe-summary')).toContainText('the man bites the dog');
  expect(await pooledDifference(figure)).toBeGreaterThan(1e-3);
  // The example buttons set both sentences at once.
  await figure.getByRole('button', { name: 'dog bites man / man bites dog' }).click();
  await expect(figure.getByRole('textbox', { name: 'Sentence B' })).toHaveValue('man bites dog');
  await expect(figure.locator('.pe-summary')).toContainText('\u201cman bites dog\u201d');
  expect(await pooledDifference(figure)).toBeLessThan(1e-6);
});

test('a hovered weight reads the engine value', async ({ page }) => {
  const figure = await openOrder(page, 'encoding=sinusoidal&dModel=32');
  // Query "dog" (row 0) to key "man" (column 2) of sentence A, head 1.
  const cell = figure.locator('.pe-order-matrix').first().locator('rect[data-row="0"][data-col="2"]');
  await cell.hover();
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('Sentence A, head 1: query \u201cdog\u201d (position 0)');
  const expected = await engineInPage(page, (pe) => {
    const r = pe.attendSentence('dog bites man', 'sinusoidal', 32, 1);
    return r.weights[0 * 9 + 0 * 3 + 2];
  });
  await expectNumberAfter(readout, 'weight', expected, 1e-5);

  // The keyboard reads the output strip: focus, then one step right is dimension 1 of "dog".
  const strip = figure.locator('canvas.pe-order-strip').first();
  await pressKey(strip, 'ArrowRight');
  await expect(readout).toContainText('output of \u201cdog\u201d (position 0), dimension 1');
  const outputValue = await engineInPage(
    page,
    (pe) => pe.attendSentence('dog bites man', 'sinusoidal', 32, 1).outputs[1],
  );
  await expectNumberAfter(readout, 'value', outputValue, 1e-5 * Math.max(1, Math.abs(outputValue)));
});

test('markup typed as a sentence stays text and runs nothing', async ({ page }) => {
  const figure = await openOrder(page);
  await figure.getByRole('textbox', { name: 'Sentence A' }).fill('<img src=x onerror="window.__pwned=1">');
  const error = figure.locator('.pe-error');
  await expect(error).toContainText('Sentence A: attendSentence: text has the word "<img"');
  await expect(error).toContainText('not in the vocabulary');
  await expect(figure.locator('.pe-order-chip.pe-order-unknown').first()).toContainText('<img');
  expect(await figure.locator('img').count()).toBe(0);
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
});

test('an unknown word is marked in place and the last good state stays', async ({ page }) => {
  const figure = await openOrder(page, 'reveal=1');
  await figure.getByRole('textbox', { name: 'Sentence B' }).fill('man bites zebra');
  const chips = figure.locator('.pe-order-chips').nth(1).locator('.pe-order-chip');
  await expect(chips).toHaveCount(3);
  await expect(chips.nth(2)).toHaveClass(/pe-order-unknown/);
  await expect(chips.nth(2).locator('.pe-order-word')).toHaveAttribute(
    'title',
    /zebra.*not in the vocabulary/,
  );
  await expect(chips.nth(2).locator('.pe-order-word')).toHaveAttribute(
    'aria-description',
    /not in the vocabulary/,
  );
  await expect(chips.nth(0)).not.toHaveClass(/pe-order-unknown/);
  await expect(figure.locator('.pe-error')).toContainText('"zebra" (word 3 of 3)');
  // The matrices still show the last sentences that worked.
  await expect(figure.locator('.pe-order-matrix').nth(1).locator('text').last()).toHaveText('dog');
});

test('more than 32 words gives a clear message, keeps the last good drawing and clears the stale chips', async ({
  page,
}) => {
  const figure = await openOrder(page, 'reveal=1&encoding=sinusoidal');
  const before = await pooledDifference(figure);
  await figure
    .getByRole('textbox', { name: 'Sentence A' })
    .fill(Array.from({ length: 33 }, () => 'dog').join(' '));
  await expect(figure.locator('.pe-error')).toContainText(
    'Sentence A: tokenize: text must be at most 32 words',
  );
  await expect(figure.locator('.pe-error')).toContainText('received 33 words');
  // The matrices keep the last good sentence; the chips, which would show words no longer in the field, go.
  await expect(figure.locator('.pe-order-chips').first().locator('.pe-order-word')).toHaveCount(0);
  await expect(figure.getByRole('textbox', { name: 'Sentence A' })).toHaveAttribute('aria-invalid', 'true');
  expect(await pooledDifference(figure)).toBe(before);
  await figure.getByRole('textbox', { name: 'Sentence A' }).fill('dog bites man');
  await expect(figure.locator('.pe-error')).toBeHidden();
  await expect(figure.locator('.pe-order-chips').first().locator('.pe-order-word')).toHaveCount(3);
  await expect(figure.getByRole('textbox', { name: 'Sentence A' })).not.toHaveAttribute('aria-invalid');
});

test('the keyboard moves a word, and the sentence and matrices follow', async ({ page }) => {
  const figure = await openOrder(page, 'reveal=1&encoding=sinusoidal');
  const before = await pooledDifference(figure);
  const dog = figure.locator('.pe-order-chips').first().getByRole('button', { name: /^dog,/ });
  await dog.focus();
  await page.keyboard.press('Alt+ArrowRight');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(figure.getByRole('textbox', { name: 'Sentence A' })).toHaveValue('bites man dog');
  await expect(figure.locator('.pe-order-status')).toContainText('Moved \u201cdog\u201d to word 3 of 3');
  // Focus follows the moved word.
  await expect(figure.locator('.pe-order-chips').first().locator('.pe-order-word').nth(2)).toBeFocused();
  await expect(figure.locator('.pe-order-matrix').first().locator('text').first()).toHaveText('bites');
  expect(await pooledDifference(figure)).not.toBe(before);
  // Ctrl+Arrow and the visible arrow buttons move words too.
  await page.keyboard.press('Control+ArrowLeft');
  await expect(figure.getByRole('textbox', { name: 'Sentence A' })).toHaveValue('bites dog man');
  await figure.getByRole('button', { name: 'Move \u201cbites\u201d right' }).first().click();
  await expect(figure.getByRole('textbox', { name: 'Sentence A' })).toHaveValue('dog bites man');
  expect(await pooledDifference(figure)).toBe(before);
  // Alt+ArrowLeft moves the word back instead of navigating the browser back.
  await figure.locator('.pe-order-chips').first().locator('.pe-order-word').nth(2).focus();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(figure.getByRole('textbox', { name: 'Sentence A' })).toHaveValue('dog man bites');
  await expect(page).toHaveURL(/figure=order/);
});

test('a word can be dragged to a new place', async ({ page }) => {
  const figure = await openOrder(page, 'reveal=1');
  const words = figure.locator('.pe-order-chips').first().locator('.pe-order-word');
  await words.nth(0).dragTo(words.nth(2));
  await expect(figure.getByRole('textbox', { name: 'Sentence A' })).toHaveValue('bites man dog');
});

test('on the article the prose numbers are live', async ({ page }) => {
  const figure = await openArticleFigure(page, 'order', { ready: drawn });
  const live = (name) => liveIn(page, 'order', name);
  await expect(live('order-heads')).toHaveText('4');
  await expect(live('order-dmodel')).toHaveText('64');
  expect(parseNumber(await live('order-diff-none').textContent())).toBeLessThan(1e-6);
  expect(parseNumber(await live('order-diff-alibi').textContent())).toBeLessThan(1e-6);
  expect(parseNumber(await live('order-diff-sinusoidal').textContent())).toBeGreaterThan(1e-3);
  expect(parseNumber(await live('order-diff-causal').textContent())).toBeGreaterThan(1e-3);
  expect(parseNumber(await live('order-diff-alibi-causal').textContent())).toBeGreaterThan(1e-3);
  expect(parseNumber(await live('order-diff-alibi-nonmirror').textContent())).toBeGreaterThan(1e-3);
  await figure.getByRole('button', { name: 'causal' }).click();
  await expect(live('order-heads')).toHaveText('4');
});

test('the figure fits 360 px without horizontal overflow, in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  await openOrder(page);
  await expectNoHorizontalOverflow(page);
});
