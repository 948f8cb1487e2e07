import {
  test,
  expect,
  numberAfter,
  engineInPage,
  openFigure,
  openArticleFigure,
  live as liveIn,
  useNarrowScreen,
  expectNoHorizontalOverflow,
  pressKey,
} from './fixtures.js';

async function openMixing(page, query) {
  const figure = await openFigure(page, 'mixing', query);
  await expect(figure.locator('g.pe-mixing-row')).toHaveCount(12);
  return figure;
}

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

test('each bar reads the engine term, and the total is the direct dot product', async ({ page }) => {
  const figure = await openMixing(page);
  const expected = await engineMixing(page, {
    word1: 'dog',
    pos1: 0,
    word2: 'man',
    pos2: 2,
    dModel: 512,
    scaled: true,
  });
  const keys = ['wordWord', 'positionPosition', 'wordPosition', 'positionWord', 'total'];
  for (const [i, key] of keys.entries()) {
    const { value } = await readRow(figure, i);
    expect(Math.abs(value - expected.terms[key])).toBeLessThan(
      1e-5 * Math.max(1, Math.abs(expected.terms[key])),
    );
  }
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
  await figure.getByLabel('Word 1').selectOption('cat');
  await pressKey(figure.getByLabel('Position 2'), 'ArrowRight', 3);
  await figure.getByLabel('Scale embeddings by \u221adModel').uncheck();
  await expect(figure.locator('h3').first()).toHaveText(
    '\u201ccat\u201d at 0 and \u201cman\u201d at 5, dModel 512, unscaled',
  );
  const expected = await engineMixing(page, {
    word1: 'cat',
    pos1: 0,
    word2: 'man',
    pos2: 5,
    dModel: 512,
    scaled: false,
  });
  for (const [i, key] of ['wordWord', 'positionPosition', 'total'].entries()) {
    const index = [0, 1, 4][i];
    const { value } = await readRow(figure, index);
    expect(Math.abs(value - expected.terms[key])).toBeLessThan(
      1e-5 * Math.max(1, Math.abs(expected.terms[key])),
    );
  }
  await expect(figure.locator('.pe-summary')).toContainText('unscaled embeddings');
});

test('the embed page takes its parameters from the URL', async ({ page }) => {
  const figure = await openMixing(page, 'word1=bird&word2=tree&pos1=10&pos2=3&dModel=64');
  await expect(figure.locator('h3').first()).toHaveText(
    '\u201cbird\u201d at 10 and \u201ctree\u201d at 3, dModel 64, scaled',
  );
  const expected = await engineMixing(page, {
    word1: 'bird',
    pos1: 10,
    word2: 'tree',
    pos2: 3,
    dModel: 64,
    scaled: true,
  });
  const { value } = await readRow(figure, 2);
  expect(Math.abs(value - expected.terms.wordPosition)).toBeLessThan(
    1e-5 * Math.max(1, Math.abs(expected.terms.wordPosition)),
  );
});

test('an unknown word from the URL shows the engine message', async ({ page }) => {
  const figure = await openFigure(page, 'mixing', 'word1=zebra');
  await expect(figure.locator('.pe-error')).toContainText('zebra');
});

test('on the article the prose numbers are live', async ({ page }) => {
  const figure = await openArticleFigure(page, 'mixing');
  await expect(figure.locator('g.pe-mixing-row')).toHaveCount(12);
  const live = (name) => liveIn(page, 'mixing', name);
  await expect(live('mixing-rms-pp')).toHaveText('167');
  await expect(live('mixing-rms-ww').first()).toHaveText('22.9');
  await expect(live('mixing-rms-ww-unscaled')).toHaveText('0.045');
  await expect(live('mixing-word1')).toHaveText('dog');
  await figure.getByLabel('Word 1').selectOption('cat');
  await expect(live('mixing-word1')).toHaveText('cat');
});

test('the figure fits 360 px without horizontal overflow, in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  await openMixing(page);
  await expectNoHorizontalOverflow(page);
});
