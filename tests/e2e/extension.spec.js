import {
  test,
  expect,
  parseNumber,
  numberAfter,
  openFigure,
  openArticleFigure,
  live,
  settings,
} from './fixtures.js';
import { expectLiveTexts, engineInPage, pressKey, useNarrowScreen } from './fixtures.js';
import { expectNoHorizontalOverflow } from './fixtures.js';

/** Float32 RoPE angle error in double precision, independent of the engine: round pos and theta, then the product. */
function float32AngleError(pos, headDim, base = 10000) {
  let worst = 0;
  for (let i = 0; i < headDim / 2; i += 1) {
    const theta = base ** ((-2 * i) / headDim);
    const exact = pos * theta;
    const rounded = Math.fround(Math.fround(pos) * Math.fround(theta));
    let e = Math.abs(rounded - exact) % (2 * Math.PI);
    if (e > Math.PI) e = 2 * Math.PI - e;
    worst = Math.max(worst, e);
  }
  return worst;
}

test('the defaults show 23, 0 and 22 pairs out of range for none, interpolation and NTK', async ({
  page,
}) => {
  const figure = await openArticleFigure(page, 'extension');
  await expect(figure.locator('circle.pe-ext-before')).toHaveCount(64);
  await expect(figure.locator('circle.pe-ext-out')).toHaveCount(23);
  await expectLiveTexts(page, 'extension', {
    'ext-none': '23',
    'ext-interpolation': '0',
    'ext-ntk': '22',
    'ext-first-out': '41',
  });
  await expect(figure.locator('.pe-ext-counts')).toContainText(
    'none 23, position interpolation 0, NTK-aware (static) 22, dynamic NTK 0, YaRN 0, Llama 3.1 0, raised base 0',
  );
  await expect(figure.locator('.pe-ext-counts')).toContainText('positions divided by 4');

  await figure.getByRole('button', { name: 'position interpolation' }).click();
  await expect(figure.locator('circle.pe-ext-out')).toHaveCount(0);
  await expect(figure.locator('.pe-summary')).toContainText('0 of 64 pairs');
  await figure.getByRole('button', { name: 'NTK-aware' }).click();
  await expect(figure.locator('circle.pe-ext-out')).toHaveCount(22);
});

test('a pair readout matches the closed form, before and after interpolation', async ({ page }) => {
  const figure = await openArticleFigure(page, 'extension');
  const chart = figure.locator('svg.pe-ext-chart').first();
  await pressKey(chart, 'End');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('pair 63:');
  const theta = 10000 ** (-126 / 128);
  let text = await readout.textContent();
  expect(Math.abs(numberAfter(text, 'pair 63:') / ((2 * Math.PI) / theta) - 1)).toBeLessThan(1e-5);
  expect(Math.abs(numberAfter(text, 'trained length') / (2048 * theta) - 1)).toBeLessThan(1e-5);
  expect(Math.abs(numberAfter(text, 'at the target') / (8192 * theta) - 1)).toBeLessThan(1e-5);
  await expect(readout).toContainText('out of range yes');

  await figure.getByRole('button', { name: 'position interpolation' }).click();
  await expect(readout).toContainText('out of range no');
  text = await readout.textContent();
  expect(Math.abs(numberAfter(text, 'at the target') / ((8192 / 4) * theta) - 1)).toBeLessThan(1e-5);
});

test('the trained and target lengths change the counts as the engine says', async ({ page }) => {
  const figure = await openArticleFigure(page, 'extension');
  await pressKey((await settings(figure)).getByRole('slider', { name: 'Trained length' }), 'ArrowRight');
  await expect(live(page, 'extension', 'ext-trained')).toHaveText('4,096');
  await pressKey(figure.getByRole('slider', { name: 'Target length' }), 'ArrowRight', 3);
  await expect(live(page, 'extension', 'ext-target')).toHaveText('65,536');
  const expected = await engineInPage(page, (pe) => {
    const count = (method) =>
      pe.contextExtension(128, 10000, 4096, 65536, method).outOfRange.reduce((a, b) => a + b, 0);
    return { none: count('none'), interpolation: count('interpolation'), ntk: count('ntk') };
  });
  await expectLiveTexts(page, 'extension', {
    'ext-none': String(expected.none),
    'ext-interpolation': String(expected.interpolation),
    'ext-ntk': String(expected.ntk),
  });
  await expect(figure.locator('circle.pe-ext-out')).toHaveCount(expected.none);
});

test('phase errors: float32 grows with position, bfloat16 is coarse, float16 overflows', async ({ page }) => {
  await openArticleFigure(page, 'extension');
  const f32At100 = parseNumber(await live(page, 'extension', 'ext-f32-100').textContent(), 'rad');
  expect(Math.abs(f32At100 / float32AngleError(100, 128) - 1)).toBeLessThan(1e-2);
  const f32AtMillion = parseNumber(await live(page, 'extension', 'ext-f32-1e6').textContent(), 'rad');
  expect(Math.abs(f32AtMillion / float32AngleError(1e6, 128) - 1)).toBeLessThan(1e-2);
  await expect(live(page, 'extension', 'ext-f16-1e6')).toHaveText('overflow');
  const reference = await engineInPage(
    page,
    (pe) => pe.phaseError([100], 128, 10000, 'bfloat16').angleError[0],
  );
  const bf16 = parseNumber(await live(page, 'extension', 'ext-bf16-100').textContent(), 'rad');
  expect(Math.abs(bf16 / reference - 1)).toBeLessThan(1e-2);
  expect(bf16).toBeGreaterThan(0.05);
});

test('the error chart reads every format at a position from the keyboard, overflow as a word', async ({
  page,
}) => {
  const figure = await openArticleFigure(page, 'extension');
  const chart = figure.locator('svg.pe-ext-chart').nth(1);
  await chart.scrollIntoViewIfNeeded();
  await pressKey(chart, 'PageUp', 4);
  const readout = figure.locator('.pe-readout');
  // 40 steps of 1/24 decade from position 1.
  await expect(readout).toContainText(`position ${Number((10 ** (40 / 24)).toPrecision(6))}:`);
  const text = await readout.textContent();
  const position = Number((10 ** (40 / 24)).toPrecision(6));
  const f32 = numberAfter(text, 'float32');
  expect(Math.abs(f32 / float32AngleError(position, 128) - 1)).toBeLessThan(1e-2);
  await chart.press('End');
  await expect(readout).toContainText('float16 overflow');
  await expect(figure.locator('.pe-ext-chosen')).toContainText('float16 overflow');
});

test('extension stands alone on the embed page, fits 360 px and reads in dark mode', async ({ page }) => {
  await useNarrowScreen(page);
  const figure = await openFigure(
    page,
    'extension',
    'headDim=64&trained=1024&target=4096&method=ntk&position=100',
  );
  await expect(figure.locator('circle.pe-ext-before')).toHaveCount(32);
  await expect(figure.getByRole('button', { name: 'NTK-aware' })).toHaveAttribute('aria-pressed', 'true');
  await expect(figure.locator('.pe-ext-chosen')).toContainText('At position 100:');
  await expectNoHorizontalOverflow(page);
});

test('lengths from the URL that cannot stand together move together, with an exact note', async ({
  page,
}) => {
  const clash = await openFigure(page, 'extension', 'trained=4096&target=1024');
  await expect(clash.locator('.pe-url-notes')).toHaveText(
    'target "1024" cannot stand with trained: showing 4,096.',
  );
  await expect(clash.locator('.pe-summary')).toContainText('trained on 4,096 positions, run at 4,096');
  await expect(clash.locator('.pe-error')).toBeHidden();

  const huge = await openFigure(page, 'extension', 'trained=999999999');
  await expect(huge.locator('.pe-url-notes')).toContainText(
    'trained "999999999" is above the most this figure draws, 1,048,576: showing 1,048,576.',
  );
  await expect(huge.locator('.pe-url-notes')).toContainText('target moves with trained: showing 1,048,576.');
  await expect(huge.locator('.pe-summary')).toContainText('trained on 1,048,576 positions, run at 1,048,576');
  await expect(huge.locator('.pe-error')).toBeHidden();
});

test('the length sliders push each other along instead of showing an error', async ({ page }) => {
  const figure = await openFigure(page, 'extension', 'trained=2048&target=2048');
  const trained = (await settings(figure)).getByRole('slider', { name: 'Trained length' });
  const target = figure.getByRole('slider', { name: 'Target length' });
  await pressKey(trained, 'ArrowRight');
  await expect(target).toHaveAttribute('aria-valuetext', '4,096');
  await expect(figure.locator('.pe-summary')).toContainText('trained on 4,096 positions, run at 4,096');
  await pressKey(target, 'ArrowLeft', 2);
  await expect(trained).toHaveAttribute('aria-valuetext', '1,024');
  await expect(figure.locator('.pe-summary')).toContainText('trained on 1,024 positions, run at 1,024');
  await expect(figure.locator('.pe-error')).toBeHidden();
});

test('hovering a pair reads it and moves the rule without redrawing the marks', async ({ page }) => {
  const figure = await openFigure(page, 'extension');
  const chart = figure.locator('svg.pe-ext-chart').first();
  await expect(chart.locator('circle.pe-ext-before')).toHaveCount(64);
  await chart.locator('circle').evaluateAll((circles) => circles.forEach((c) => (c.peKept = true)));
  const circle = chart.locator('circle.pe-ext-out').first();
  const box = await circle.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(figure.locator('.pe-readout')).toContainText('pair 41:');
  await expect(figure.locator('.pe-readout')).toContainText('out of range yes');
  await expect(chart.locator('line.pe-ext-rule')).toHaveAttribute('visibility', 'visible');
  const kept = await chart.locator('circle').evaluateAll((circles) => circles.every((c) => c.peKept));
  expect(kept).toBe(true);
});

test('overshoot factors, YaRN and the colliding positions are shown as the engine computes them', async ({
  page,
}) => {
  const figure = await openArticleFigure(page, 'extension');
  // Run as it is, every pair overshoots by the length factor 8192 / 2048.
  await expect(figure.locator('.pe-ext-overshoot')).toContainText('at most 4\u00d7');
  await expectLiveTexts(page, 'extension', {
    'ext-overshoot-none': '4',
    'ext-yarn': '0',
    'ext-yarn-mscale': '1.139',
    'ext-bf16-collision': '257',
    'ext-bf16-collides': '256',
    'ext-f16-collision': '2,049',
    'ext-f16-collides': '2,048',
    'ext-f32-collision': '16,777,217',
    'ext-dynamic-base': '135,402',
    'ext-bf16-distinct': '897',
  });
  await expect(figure.locator('.pe-ext-collisions')).toContainText(
    'Of 8,192 positions, bfloat16 keeps 897 distinct and float16 4,097.',
  );
  await expect(figure.locator('.pe-ext-collisions')).toContainText(
    'bfloat16 stores 257 as 256, float16 stores 2,049 as 2,048',
  );
  await figure.getByRole('button', { name: 'YaRN' }).click();
  await expect(figure.locator('circle.pe-ext-out')).toHaveCount(0);
  await expect(figure.locator('.pe-ext-overshoot')).toContainText('mscale 1.139');
  await expect(figure.locator('.pe-summary')).toContainText('with YaRN: 0 of 64 pairs');
  await figure.getByRole('button', { name: 'position interpolation' }).click();
  await expect(figure.locator('.pe-ext-overshoot')).toContainText('at most 1\u00d7');
});
