import {
  test,
  expect,
  numberAfter,
  openFigure,
  openArticleFigure,
  live as liveIn,
  settings,
} from './fixtures.js';
import { engineInPage, pressKey, useNarrowScreen, expectNoHorizontalOverflow } from './fixtures.js';

/** The figure is ready once its twelve bars are drawn. */
const drawn = (figure) => expect(figure.locator('g.pe-mixing-row')).toHaveCount(12);
const openMixing = (page, query) => openFigure(page, 'mixing', query, { ready: drawn });

/** The engine's terms and RMS, evaluated in the page. */
function engineMixing(page, args) {
  return engineInPage(
    page,
    (pe, { word1, pos1, word2, pos2, dModel, scaled }) => ({
      terms: pe.mixingTerms(word1, pos1, word2, pos2, dModel, { scaled }),
      rms: pe.mixingRms(64, dModel, { scaled }),
    }),
    args,
  );
}

/** Focuses bar `index` and reads the number after `label` in the readout. */
async function readRow(figure, index, label = ':') {
  const row = figure.locator('g.pe-mixing-row').nth(index);
  await row.focus();
  await expect(figure.locator('.pe-readout')).toHaveText(await row.getAttribute('aria-label'));
  const text = await figure.locator('.pe-readout').textContent();
  return { text, value: numberAfter(text, label) };
}

/** The bar of each term of the dot product, top to bottom. */
const ROW = { wordWord: 0, positionPosition: 1, wordPosition: 2, positionWord: 3, total: 4 };

/** Expects the bar of term `key` to read the engine's value, to 1e-5 (relative above 1). */
async function expectTerm(figure, key, terms) {
  const { value } = await readRow(figure, ROW[key]);
  expect(Math.abs(value - terms[key])).toBeLessThan(1e-5 * Math.max(1, Math.abs(terms[key])));
}

test('each bar reads the engine term, and the total is the direct dot product', async ({ page }) => {
  const figure = await openMixing(page);
  const args = { word1: 'dog', pos1: 0, word2: 'man', pos2: 2, dModel: 512, scaled: true };
  const expected = await engineMixing(page, args);
  for (const key of Object.keys(ROW)) await expectTerm(figure, key, expected.terms);
  // position.position for offset 2 at dModel 512 has a closed form: sum over pairs of cos(w_i * 2).
  let closed = 0;
  for (let i = 0; i < 256; i += 1) closed += Math.cos(2 / 10000 ** ((2 * i) / 512));
  expect(Math.abs((await readRow(figure, 1)).value - closed)).toBeLessThan(1e-3);
  // The RMS bars: word.word scaled, then unscaled.
  const rms = await readRow(figure, 6, 'square');
  expect(rms.text).toContain('word \u00b7 word, scaled: root mean square');
  expect(Math.abs(rms.value - expected.rms.wordWord)).toBeLessThan(1e-4 * expected.rms.wordWord);
});

test('the controls change the terms: words, positions, scale and width', async ({ page }) => {
  const figure = await openMixing(page);
  await (await settings(figure)).getByLabel('Word 1').selectOption('cat');
  await pressKey((await settings(figure)).getByLabel('Position 2'), 'ArrowRight', 3);
  await (await settings(figure)).getByLabel('Scale embeddings by \u221ad_model').uncheck();
  await expect(figure.locator('h3').first()).toHaveText(
    '\u201ccat\u201d at 0 and \u201cman\u201d at 5, d_model 512, unscaled',
  );
  const args = { word1: 'cat', pos1: 0, word2: 'man', pos2: 5, dModel: 512, scaled: false };
  const expected = await engineMixing(page, args);
  for (const key of ['wordWord', 'positionPosition', 'total']) await expectTerm(figure, key, expected.terms);
  await expect(figure.locator('.pe-summary')).toContainText('unscaled embeddings');
});

test('the embed page takes its parameters from the URL', async ({ page }) => {
  const figure = await openMixing(page, 'word1=bird&word2=tree&pos1=10&pos2=3&dModel=64');
  await expect(figure.locator('h3').first()).toHaveText(
    '\u201cbird\u201d at 10 and \u201ctree\u201d at 3, d_model 64, scaled',
  );
  const args = { word1: 'bird', pos1: 10, word2: 'tree', pos2: 3, dModel: 64, scaled: true };
  await expectTerm(figure, 'wordPosition', (await engineMixing(page, args)).terms);
});

test('an unknown word from the URL shows the engine message', async ({ page }) => {
  const figure = await openFigure(page, 'mixing', 'word1=zebra');
  await expect(figure.locator('.pe-error')).toContainText('zebra');
});

test('on the article the prose numbers are live', async ({ page }) => {
  const figure = await openArticleFigure(page, 'mixing', { ready: drawn });
  const live = (name) => liveIn(page, 'mixing', name);
  await expect(live('mixing-rms-pp')).toHaveText('167');
  await expect(live('mixing-rms-ww').first()).toHaveText('22.9');
  await expect(live('mixing-rms-ww-unscaled')).toHaveText('0.045');
  await expect(live('mixing-word1')).toHaveText('dog');
  await (await settings(figure)).getByLabel('Word 1').selectOption('cat');
  await expect(live('mixing-word1')).toHaveText('cat');
});

test('the figure fits 360 px without horizontal overflow, in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  await openMixing(page);
  await expectNoHorizontalOverflow(page);
});

test('the terms are compared by their spread across a query keys, where position.position is mostly constant', async ({
  page,
}) => {
  const figure = await openArticleFigure(page, 'mixing');
  const spread = figure.locator('.pe-mixing-spread');
  await expect(spread).toContainText('softmax ignores the rest');
  const text = await spread.textContent();
  const pp = numberAfter(text, 'position \u00b7 position');
  const ww = numberAfter(text, 'word \u00b7 word');
  const mean = numberAfter(text, 'position \u00b7 position averages');
  expect(pp).toBeLessThan(ww);
  expect(mean).toBeGreaterThan(2 * pp);
  // The prose quotes the same engine values.
  await expect(page.locator('#mixing [data-live="mixing-spread-pp"]')).toHaveText(String(pp));
  await expect(page.locator('#mixing [data-live="mixing-spread-ww"]')).toHaveText(String(ww));
  await expect(page.locator('#mixing')).not.toContainText('position is the loudest part');
});
