// The training lab in the page (figure `lab`, section "Train one yourself"). One test runs the default
// experiment in full and checks every statement the prose makes about it; the others use small races.
import { readFile } from 'node:fs/promises';
import {
  test,
  expect,
  engineInPage,
  numberAfter,
  pressKey,
  watchWorkers,
  settings,
  shareMenu,
} from './fixtures.js';
import { verdictOf } from '../../web/src/lab/verdict.js';
import { csvOf, finish, FIGURE, heldOutAt, openLab, peakOffsets } from './lab-helpers.js';

/** "49.22%" -> 0.4922 */
const percent = (text) => Number(text.replace('%', '')) / 100;
const stepOf = async (figure) =>
  Number((await figure.locator('.pe-lab-counter').textContent()).match(/Step ([\d,]+)/)[1].replace(/,/g, ''));

test('the default experiment shows progress at once and curves as it trains, ends with accuracy by length, and the prose quotes it truly', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.goto('index.html');
  const section = page.locator('#lab');
  await section.locator('[data-mount="lab"]').scrollIntoViewIfNeeded();
  const figure = page.locator(FIGURE);
  const live = (name) => section.locator(`[data-live="${name}"]`);
  await expect(figure.getByRole('button', { name: 'Play' })).toBeEnabled();
  await expect(live('lab-story-trained')).toHaveText('\u2026');
  await expect(live('lab-double')).toHaveText('16');
  // The reader's prediction: RoPE and ALiBi still work at twice the length.
  const predict = figure.locator('.pe-lab-predict');
  await predict.getByLabel('RoPE').check();
  await predict.getByLabel('ALiBi').check();
  await page.waitForTimeout(1000); // the workers start once the controls rest

  await figure.getByRole('button', { name: 'Play' }).click();
  await expect(figure.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: 1000 });
  await expect(figure.locator('.pe-lab-status')).toHaveText('Training\u2026', { timeout: 1000 });
  // The bar moves with the first chunk the workers send back (how soon is measured in npm run bench, not here).
  await expect(figure.getByRole('progressbar', { name: 'Training' })).not.toHaveAttribute('value', '0');
  await expect(predict.getByLabel('RoPE')).toBeDisabled();
  for (const scheme of ['none', 'sinusoidal', 'learned', 'rope', 'alibi']) {
    await expect(figure.locator(`.pe-lab-chart-loss path.pe-lab-curve-${scheme}`)).toHaveAttribute(
      'd',
      /^M.+L/,
      {
        timeout: 5000,
      },
    );
  }
  await expect(figure.locator('.pe-lab-rate[data-readout="rate"]')).toContainText('steps/s');
  await expect(figure.locator('.pe-lab-rate[data-readout="rate"]')).toContainText('s left');
  await expect(figure.locator('.pe-lab-lengths')).toBeHidden();

  await finish(figure, 300_000);
  const lengths = figure.locator('.pe-lab-lengths');
  await expect(lengths).toBeVisible();
  await expect(lengths.locator('path.pe-lab-curve')).toHaveCount(5);
  // The question asked, drawn: the training length, twice it, and the 90% line that "works" means.
  await expect(lengths.locator('.pe-offsetchart-marks text')).toHaveText(['trained on 8', '2\u00d7 (16)']);
  await expect(lengths.locator('.pe-offsetchart-levels text')).toHaveText('works: 90%');
  const level = lengths.locator('.pe-offsetchart-levels line');
  const [y90, y0, y100] = await Promise.all([
    level.getAttribute('y1'),
    lengths.locator('.tick', { hasText: /^0%$/ }).evaluate((t) => t.getAttribute('transform')),
    lengths.locator('.tick', { hasText: /^100%$/ }).evaluate((t) => t.getAttribute('transform')),
  ]);
  const yOf = (transform) => Number(transform.match(/translate\(0,([\d.]+)\)/)[1]);
  expect(Math.abs(Number(y90) - (yOf(y0) + 0.9 * (yOf(y100) - yOf(y0))))).toBeLessThan(0.5);
  // The engine's grid of lengths: each curve is drawn through its 8 points, and the keys step from one to the
  // next (5, 8, 12, ..., 32), never to a length that was not measured.
  expect((await lengths.locator('path.pe-lab-curve-rope').getAttribute('d')).match(/[ML]/g)).toHaveLength(8);
  const lengthChart = lengths.locator('svg.pe-lab-chart-lengths');
  await lengthChart.focus();
  await page.keyboard.press('Home');
  await expect(figure.locator('.pe-readout')).toContainText('length 5 (shorter than training)');
  await page.keyboard.press('ArrowRight');
  await expect(figure.locator('.pe-readout')).toContainText('length 8 (the training length)');
  await page.keyboard.press('ArrowRight');
  await expect(figure.locator('.pe-readout')).toContainText('length 12 (longer than training)');
  await page.keyboard.press('End');
  await expect(figure.locator('.pe-readout')).toContainText('length 32 (longer than training)');
  const status = await figure.locator('.pe-lab-status').textContent();
  const seconds = status.match(/in ([\d.]+) s/)[1];
  console.log(`default experiment: ${status}`);

  // The prose's numbers are the run's, as the data table (the engine's values) has them.
  await expect(live('lab-seeds')).toHaveText('seeds 1 to 5');
  await expect(live('lab-steps')).toHaveText('300');
  await expect(live('lab-seconds')).toHaveText(seconds);
  await expect(live('lab-last')).toHaveText('7');
  await expect(live('lab-story-far')).toContainText('At 32 tokens, ');
  // The default race trains every scheme from five seeds: the prose quotes each scheme's median.
  const csv = await csvOf(page, figure);
  const names = {
    none: 'no positions',
    sinusoidal: 'sinusoidal',
    learned: 'learned',
    rope: 'RoPE',
    alibi: 'ALiBi',
  };
  const heldOut = (length, column) => heldOutAt(csv, length)[names[schemes[column]]];
  const schemes = ['none', 'sinusoidal', 'learned', 'rope', 'alibi'];
  const at = {};
  // Every number the prose quotes: all five at 8, 16 and 32 words, in the sentences written from the run.
  for (const [prefix, length, sentence] of [
    ['at', 8, 'lab-story-trained'],
    ['double', 16, 'lab-story-double'],
    ['far', 32, 'lab-story-far'],
  ]) {
    at[prefix] = {};
    const text = await live(sentence).textContent({ timeout: 1000 });
    for (const scheme of schemes) {
      const quoted = percent(text.match(new RegExp(`${names[scheme]} \\(([\\d.]+%)`))[1]);
      // Quoted to a tenth of a point.
      expect(Math.abs(quoted - heldOut(length, schemes.indexOf(scheme)))).toBeLessThan(5e-4 + 1e-9);
      at[prefix][scheme] = quoted;
    }
  }
  // "a coin flip between the two nouns"; "The others learned the task".
  expect(at.at.none).toBeGreaterThanOrEqual(0.4);
  expect(at.at.none).toBeLessThanOrEqual(0.6);
  for (const s of ['sinusoidal', 'learned', 'rope', 'alibi']) expect(at.at[s]).toBeGreaterThanOrEqual(0.9);
  // "RoPE and ALiBi still work" (the 90% the prediction asks about); sinusoidal and learned "are back at the
  // coin flip of the model that never saw a position".
  expect(at.double.rope).toBeGreaterThanOrEqual(0.9);
  expect(at.double.alibi).toBeGreaterThanOrEqual(0.9);
  for (const s of ['sinusoidal', 'learned', 'none']) expect(at.double[s]).toBeLessThanOrEqual(0.6);
  // "even they lose accuracy at 32 words ... each lost between 5 and 40 points from twice the length, and at
  // least one of the two fell below 90%" (seed 1 here; tests/js/claims.test.mjs checks seeds 1..10).
  for (const s of ['rope', 'alibi']) {
    expect(at.double[s] - at.far[s]).toBeGreaterThanOrEqual(0.05);
    expect(at.double[s] - at.far[s]).toBeLessThanOrEqual(0.4);
  }
  expect(Math.min(at.far.rope, at.far.alibi)).toBeLessThan(0.9);

  // The prediction beside the result: every tick (and every blank) was right.
  await expect(figure.locator('.pe-lab-predict-table tbody tr')).toHaveCount(5);
  await expect(figure.locator('.pe-lab-predict-table tbody tr', { hasText: 'RoPE' })).toContainText('works');
  await expect(figure.locator('.pe-lab-verdict[data-readout="prediction"]')).toHaveText('You called 5 of 5.');
  await expect(figure.locator('.pe-summary')).toContainText('Held-out accuracy at the training length');
});

test('the model without positions sits at chance on subject', async ({ page }) => {
  test.setTimeout(180_000);
  const figure = await openLab(page, '&schemes=none&seeds=1');
  await figure.getByRole('button', { name: 'Play' }).click();
  await finish(figure);
  const rows = await csvOf(page, figure);
  expect(rows[0][3]).toBe('no positions accuracy');
  // The training batches of the last 100 steps: a coin flip on average.
  const training = rows.filter((r) => r[0] === 'training batch');
  expect(training).toHaveLength(300);
  const accuracies = training.slice(-100).map((r) => Number(r[3]));
  const mean = accuracies.reduce((a, b) => a + b, 0) / accuracies.length;
  expect(mean).toBeGreaterThan(0.4);
  expect(mean).toBeLessThan(0.6);
  const summary = await figure.locator('.pe-summary').textContent();
  const heldOut = percent(summary.match(/training length \(8 tokens\): no positions ([\d.]+%)/)[1]);
  expect(heldOut).toBeLessThanOrEqual(0.6);
});

test('Pause stops training, Step takes ten steps, and Reset terminates the workers and starts again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const workers = watchWorkers(page);
  // One seed: a long schedule of two runs, short of the three minutes after which the race asks first
  // (lab-stop.spec.js).
  const figure = await openLab(page, '&steps=3000&schemes=none,rope&seeds=1');
  await figure.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => stepOf(figure), { timeout: 30_000 }).toBeGreaterThan(0);
  await figure.getByRole('button', { name: 'Pause' }).click();
  await expect(figure.locator('.pe-lab-status')).toContainText('Paused at step');
  // The chunks already sent come back; then nothing more.
  await expect
    .poll(async () => {
      const before = await stepOf(figure);
      await page.waitForTimeout(500);
      return (await stepOf(figure)) === before;
    })
    .toBe(true);
  const paused = await stepOf(figure);
  await page.waitForTimeout(1500);
  expect(await stepOf(figure)).toBe(paused);
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect.poll(() => stepOf(figure)).toBeGreaterThanOrEqual(paused + 10);

  const running = workers.filter((w) => !w.closed);
  expect(running.length).toBeGreaterThan(0);
  await figure.getByRole('button', { name: 'Reset' }).click();
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 0 of 3,000');
  await expect(figure.locator('.pe-lab-chart-loss path.pe-lab-curve-rope')).toHaveAttribute('d', '');
  await expect.poll(() => running.every((w) => w.closed)).toBe(true);
  await expect(figure.locator('.pe-lab-predict').getByLabel('RoPE')).toBeEnabled();
  // The fresh experiment trains from step 0 again.
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 10 of 3,000', { timeout: 30_000 });
});

test('another figure keeps responding while the lab trains', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('index.html');
  await page.locator('[data-mount="lab"]').scrollIntoViewIfNeeded();
  const lab = page.locator(FIGURE);
  const steps = (await settings(lab)).getByLabel('Steps', { exact: true });
  await steps.focus();
  await steps.press('End');
  // One seed: 3,000 steps of five runs train for about a minute, well under the three minutes past which the
  // race would stop to ask (five seeds can cross it on a loaded machine, and then nothing trains).
  const seeds = lab.getByLabel('Seeds', { exact: true });
  await seeds.focus();
  await seeds.press('Home');
  await expect(seeds).toHaveValue('1');
  await lab.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => stepOf(lab), { timeout: 30_000 }).toBeGreaterThan(0);

  await page.locator('[data-mount="heatmap"]').scrollIntoViewIfNeeded();
  const heatmap = page.locator('[data-figure="heatmap"]');
  await expect(heatmap.locator('.pe-summary')).toContainText('64 positions');
  const positions = page.locator('.pe-section-bar').getByLabel('Positions');
  await positions.focus();
  const before = await stepOf(lab);
  const started = Date.now();
  await positions.press('ArrowLeft');
  await expect(heatmap.locator('.pe-summary')).toContainText('63 positions', { timeout: 2000 });
  console.log(`heatmap summary followed its slider in ${Date.now() - started} ms while the lab trained`);
  // Off screen the lab draws nothing but changes of state; back in view it shows how far it got.
  await expect(lab.locator('.pe-lab-status')).toHaveText('Training\u2026');
  await lab.scrollIntoViewIfNeeded();
  await expect.poll(() => stepOf(lab), { timeout: 30_000 }).toBeGreaterThan(before);
});

test('memory stays flat over 20 reset-and-run cycles', async ({ page }) => {
  test.setTimeout(300_000);
  let started = 0;
  let closed = 0;
  page.on('worker', (worker) => {
    started += 1;
    worker.on('close', () => (closed += 1));
  });
  // One seed: two runs a cycle, each in its worker.
  const figure = await openLab(page, '&schemes=none,rope&size=tiny&steps=50&length=5&seeds=1');
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  };
  let baseline = 0;
  for (let cycle = 1; cycle <= 20; cycle += 1) {
    await figure.getByRole('button', { name: 'Play' }).click();
    await finish(figure, 60_000);
    await figure.getByRole('button', { name: 'Reset' }).click();
    await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 0 of 50');
    if (cycle === 2) baseline = await heap();
  }
  const grown = (await heap()) - baseline;
  await expect.poll(() => started - closed).toBeLessThanOrEqual(2);
  console.log(`20 cycles: ${started} workers started, ${closed} closed; page heap grew ${grown} bytes`);
  expect(started).toBeGreaterThanOrEqual(20);
  expect(grown).toBeLessThan(1024 * 1024);
});

test('bad URL values show a note or the engine\u2019s message and the figure keeps working', async ({
  page,
}) => {
  await page.goto('embed.html?figure=lab&lr=5');
  const figure = page.locator(FIGURE);
  await expect(figure.locator('.pe-url-notes')).toHaveText(
    'lr "5" is above the most this figure draws, 0.1: showing 0.1.',
  );
  const lr = (await settings(figure)).getByLabel('Learning rate');
  await lr.focus();
  await lr.press('Home');
  await expect(figure.locator('.pe-url-notes')).toBeHidden();
  await expect(figure.locator('.pe-error')).toBeHidden();
  await expect(figure.locator('.pe-summary')).toContainText('learning rate 0.0001');

  await page.goto('embed.html?figure=lab&schemes=none,<b>x</b>');
  await expect(figure.locator('.pe-error')).toContainText('new Lab');
  await expect(figure.locator('.pe-error')).toContainText('<b>x</b>');
  await expect(figure.locator('.pe-error b')).toHaveCount(0);

  // A block the model does not have: the inspection says so, and training goes on.
  await page.goto('embed.html?figure=lab&schemes=rope&layer=3');
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect(figure.locator('.pe-lab-inspect-error')).toContainText('Lab.attention', {
    timeout: 30_000,
  });
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 10 of 300');
  const layer = figure.getByLabel('Block');
  await layer.focus();
  await layer.press('Home');
  await expect(figure.locator('.pe-lab-inspect-error')).toBeHidden({ timeout: 30_000 });
  await expect(figure.locator('.pe-lab-example')).toContainText('Example 0 of length 8');
});

test('the keyboard reads the engine\u2019s exact values from the curves and the attention map', async ({
  page,
}) => {
  const figure = await openLab(page, '&schemes=rope&steps=50&seeds=1');
  const step = figure.getByRole('button', { name: 'Step' });
  await step.focus();
  await step.press('Enter');
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 10 of 50', { timeout: 30_000 });
  // The same run, trained by the test's own engine instance.
  const expected = await page.evaluate(async () => {
    const { Lab } = await (await import('./engine/pe-lab.js')).default();
    const lab = new Lab({
      task: 'subject',
      scheme: 'rope',
      dModel: 32,
      nHeads: 4,
      nLayers: 1,
      length: 8,
      lr: 0.01,
      steps: 50,
      seed: 1,
    });
    const { loss } = lab.train(10);
    const { weights } = lab.attention(0, 0, 8, 0);
    return { first: loss[0], last: loss[9], weight: weights[2 * 8 + 3] };
  });
  const readout = figure.locator('.pe-readout');
  const valueIn = async (pattern) =>
    Number((await readout.textContent()).match(pattern)[1].replace('\u2212', '-'));
  const chart = figure.locator('svg.pe-lab-chart-loss');
  await chart.focus();
  await expect(readout).toContainText('step 1, training loss: RoPE');
  expect(Math.abs((await valueIn(/RoPE ([\d.]+)/)) - expected.first)).toBeLessThan(1e-5);
  await chart.press('ArrowRight');
  await chart.press('End');
  await expect(readout).toContainText('step 50: not trained yet');
  await chart.press('Home');
  for (let i = 0; i < 9; i += 1) await chart.press('ArrowRight');
  await expect(readout).toContainText('step 10, training loss');
  expect(Math.abs((await valueIn(/RoPE ([\d.]+)/)) - expected.last)).toBeLessThan(1e-5);

  const map = figure.locator('canvas.pe-lab-attention-canvas');
  await map.focus();
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight'])
    await map.press(key);
  await expect(readout).toContainText('query 2');
  await expect(readout).toContainText('key 3');
  expect(Math.abs((await valueIn(/weight ([\d.e\u2212-]+)/)) - expected.weight)).toBeLessThan(1e-5);
});

test('the CSV holds every curve: held-out accuracy by length, then loss and accuracy per step', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const figure = await openLab(page, '&schemes=none,alibi&size=tiny&steps=50&length=6&seeds=1');
  await figure.getByRole('button', { name: 'Play' }).click();
  await finish(figure);
  const [header, ...rows] = await csvOf(page, figure);
  expect(header.join(',')).toBe(
    'measured on,step or length,no positions loss,no positions accuracy,ALiBi loss,ALiBi accuracy',
  );
  const heldOut = rows.filter((r) => r[0] === 'held-out sequences');
  const training = rows.filter((r) => r[0] === 'training batch');
  // The engine's grid at T = 6: the minimum 5, multiples of 3, and 6, 12, 18, 24.
  expect(heldOut.map((r) => Number(r[1]))).toEqual([5, 6, 9, 12, 15, 18, 21, 24]);
  expect(training.map((r) => Number(r[1]))).toEqual(Array.from({ length: 50 }, (_, i) => 1 + i));
  for (const r of rows) for (const v of r.slice(2)) expect(Number.isFinite(Number(v))).toBe(true);
});

test('on a 360 px screen in dark mode the lab fits, and RoPE of the medium model on the previous token peaks at offset 1 in most heads', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const figure = await openLab(page, '&task=previous&schemes=rope&size=medium&theme=dark');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await figure.getByRole('button', { name: 'Play' }).click();
  await finish(figure);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // "Choose the task copy the previous token and the medium model, train RoPE, and most of its heads peak at
  // offset 1" (2 blocks of 4 heads).
  const peaks = (await peakOffsets(figure, 'RoPE', 2, 4)).flat();
  expect(peaks.filter((p) => p === 1).length).toBeGreaterThan(peaks.length / 2);
  await expect(figure.locator('.pe-lab-example')).toBeVisible();
  const background = await figure.evaluate((f) => getComputedStyle(f).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
});

test('"PyTorch script" saves the inspected scheme’s experiment as a standalone Python file', async ({
  page,
}) => {
  const figure = await openLab(
    page,
    '&task=previous&schemes=alibi,rope&inspect=alibi&seed=7&steps=100&lr=0.005',
  );
  // The script is one of the exports, in the figure's Share / export menu.
  const menu = await shareMenu(figure);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('button', { name: 'PyTorch script' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('pe_lab_previous_alibi.py');
  const script = await readFile(await download.path(), 'utf8');
  const config = JSON.parse(script.match(/^CONFIG_JSON = r"""\n([\s\S]*?)\n"""$/m)[1]);
  expect(config).toMatchObject({
    task: 'previous',
    scheme: 'alibi',
    seed: 7,
    steps: 100,
    lr: 0.005,
    dModel: 32,
    nHeads: 4,
    nLayers: 1,
    length: 8,
    batch: 32,
    causal: true,
  });
  expect(script).toMatch(/^def main\(\):$/m);
  expect(script).toContain('if __name__ == "__main__":');
  // The race's five seeds go with it, to be trained in turn.
  expect(script).toMatch(/^SEEDS = \[7, 8, 9, 10, 11\]$/m);
  // The run inspected (scheme and seed) is the one exported.
  await figure.getByLabel('Inspect', { exact: true }).selectOption('rope');
  await figure.getByLabel('Seed', { exact: true }).selectOption('9');
  const [second] = await Promise.all([
    page.waitForEvent('download'),
    (await shareMenu(figure)).getByRole('button', { name: 'PyTorch script' }).click(),
  ]);
  expect(second.suggestedFilename()).toBe('pe_lab_previous_rope.py');
  const secondScript = await readFile(await second.path(), 'utf8');
  expect(JSON.parse(secondScript.match(/^CONFIG_JSON = r"""\n([\s\S]*?)\n"""$/m)[1]).seed).toBe(9);
});

test('the learned table\u2019s similarity maps read the engine\u2019s cosines, and the sinusoidal one its closed form', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const [length, dModel] = [8, 32]; // the default training length and the small model's width
  const figure = await openLab(page, '&task=previous&schemes=learned&steps=100&seeds=1');
  await figure.getByRole('button', { name: 'Play' }).click();
  await finish(figure);
  const tables = figure.locator('.pe-lab-tables');
  await expect(tables.locator('.pe-lab-note').first()).toContainText('after 100 steps');
  await expect(tables.locator('.pe-lab-similarity-note')).toContainText(
    '1 (deepest red) all along the diagonal',
  );
  // The same run, trained by the test's own engine instance, and the similarity of both tables' rows.
  const expected = await engineInPage(
    page,
    (pe, { length: n, dModel: d }, labModule) => {
      const lab = new labModule.Lab({
        task: 'previous',
        scheme: 'learned',
        dModel: d,
        nHeads: 4,
        nLayers: 1,
        length: n,
        lr: 0.01,
        steps: 100,
        seed: 1,
      });
      lab.train(100);
      const trained = pe.tableSimilarity(lab.positionTable(), n, d, 'cosine');
      lab.delete();
      const sinusoidal = pe.tableSimilarity(pe.sinusoidalTable(n, d), n, d);
      return { trained: Array.from(trained), sinusoidal: Array.from(sinusoidal) };
    },
    { length, dModel },
  );
  // The sinusoidal cosine of two positions k apart, by its closed form: each pair adds cos(k w_i) over the
  // d / 2 pairs, every row having squared norm d / 2.
  const closedForm = (k) => {
    let sum = 0;
    for (let i = 0; i < dModel / 2; i += 1) sum += Math.cos(k / 10000 ** ((2 * i) / dModel));
    return sum / (dModel / 2);
  };
  // "Neighbours are the most alike": distance 1 beats every other distance the table has.
  for (let k = 2; k < length; k += 1) expect(closedForm(1)).toBeGreaterThan(closedForm(k));

  const readout = figure.locator('.pe-readout');
  const cosineIn = async () => numberAfter(await readout.textContent(), 'cosine');
  const learnedMap = figure.locator('canvas.pe-lab-similarity-learned-canvas');
  await learnedMap.focus();
  await expect(readout).toContainText('trained learned table, positions 0 and 0: cosine');
  expect(await cosineIn()).toBe(1);
  await pressKey(learnedMap, 'ArrowDown', 3);
  await pressKey(learnedMap, 'ArrowRight', 5);
  await expect(readout).toContainText('trained learned table, positions 3 and 5: cosine');
  expect(Math.abs((await cosineIn()) - expected.trained[3 * length + 5])).toBeLessThan(1e-5);

  // The sinusoidal map follows the pair the reader chose in the other one.
  const sinusoidalMap = figure.locator('canvas.pe-lab-similarity-sinusoidal-canvas');
  await sinusoidalMap.focus();
  await expect(readout).toContainText('sinusoidal, positions 3 and 5: cosine');
  const far = await cosineIn();
  expect(Math.abs(far - expected.sinusoidal[3 * length + 5])).toBeLessThan(1e-5);
  expect(Math.abs(far - closedForm(2))).toBeLessThan(1e-5);
  await sinusoidalMap.press('ArrowLeft');
  await expect(readout).toContainText('sinusoidal, positions 3 and 4: cosine');
  const near = await cosineIn();
  expect(Math.abs(near - closedForm(1))).toBeLessThan(1e-5);
  expect(near).toBeGreaterThan(far);
  await sinusoidalMap.press('ArrowLeft');
  await expect(readout).toContainText('sinusoidal, positions 3 and 3: cosine');
  expect(await cosineIn()).toBe(1);
  // Every cell depends only on the distance between its positions.
  for (let a = 0; a < length; a += 1) {
    for (let b = 0; b < length; b += 1) {
      expect(Math.abs(expected.sinusoidal[a * length + b] - closedForm(Math.abs(a - b)))).toBeLessThan(1e-6);
    }
  }
  // One colour scale: the diagonal (cosine 1) is the scale's deepest red in both maps, and the trained
  // map's diagonal is exactly 1.
  for (let a = 0; a < length; a += 1) expect(expected.trained[a * length + a]).toBe(1);
  const pixels = await figure.evaluate((f) =>
    ['learned', 'sinusoidal'].map((name) => {
      const canvas = f.querySelector(`canvas.pe-lab-similarity-${name}-canvas`);
      return Array.from(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data);
    }),
  );
  const deepestRed = [103, 0, 31, 255]; // d3's RdBu at +1
  for (const map of pixels) {
    expect(map).toHaveLength(4 * length * length);
    for (let a = 0; a < length; a += 1) {
      const at = 4 * (a * length + a);
      expect(map.slice(at, at + 4)).toEqual(deepestRed);
    }
  }
});

test('the majority task, order-blind, names the most frequent token of the example as its answer', async ({
  page,
}) => {
  const figure = await openLab(page, '&task=majority&schemes=none,rope&inspect=none&steps=50');
  await figure.getByRole('button', { name: 'Step' }).click();
  const example = figure.locator('.pe-lab-example');
  await expect(example).toContainText('(the most frequent token)', { timeout: 30_000 });
  const [, words, answer] = (await example.textContent()).match(/: ([\d ]+); the model must answer “(\d)”/);
  const counts = new Map();
  for (const w of words.split(' ')) counts.set(w, (counts.get(w) ?? 0) + 1);
  const most = Math.max(...counts.values());
  // The most frequent symbol, the smallest on a tie (docs/lab-model.md).
  expect(answer).toBe(String(Math.min(...[...counts].filter(([, c]) => c === most).map(([w]) => Number(w)))));
});

test('a race of two seeds draws each scheme\u2019s median over a band, reads both, judges by the rule across seeds, and keeps its seeds in the link', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const figure = await openLab(
    page,
    '&task=previous&schemes=none,rope&seeds=2&seed=4&steps=50&size=tiny&length=5',
  );
  await expect(figure.getByLabel('Seeds', { exact: true })).toHaveValue('2');
  await expect(figure.locator('.pe-lab-link')).toHaveAttribute('href', /[?&]seeds=2(&|$)/);
  await figure.locator('.pe-lab-predict').getByLabel('RoPE').check();
  await figure.getByRole('button', { name: 'Play' }).click();
  await finish(figure);
  await expect(figure.locator('.pe-lab-status')).toContainText('4 models trained and evaluated');

  // One line and one band per scheme in every chart; the key says what they are.
  for (const chart of ['loss', 'accuracy', 'lengths']) {
    const svg = figure.locator(`svg.pe-lab-chart-${chart}`);
    await expect(svg.locator('path.pe-lab-curve')).toHaveCount(2);
    await expect(svg.locator('path.pe-lab-band')).toHaveCount(2);
    await expect(svg.locator('path.pe-lab-band-rope')).toHaveAttribute('d', /^M.+Z$/);
  }
  await expect(figure.locator('.pe-lab-key')).toContainText('the median of 2 seeds');

  // The readout gives the median and the range of the seeds, exactly as the CSV has every seed.
  const csv = await csvOf(page, figure);
  const [header, ...rows] = csv;
  const column = (name) => header.indexOf(name);
  expect(column('RoPE accuracy seed 5')).toBeGreaterThan(0);
  const last = rows.find((r) => r[0] === 'training batch' && r[1] === '50');
  const seeds = [4, 5].map((seed) => Number(last[column(`RoPE accuracy seed ${seed}`)]));
  const readout = figure.locator('.pe-readout');
  const chart = figure.locator('svg.pe-lab-chart-accuracy');
  await chart.focus();
  await chart.press('End');
  await expect(readout).toContainText('step 50, accuracy on the training batch: no positions median');
  const text = await readout.textContent();
  const [, median, low, high] = text
    .match(/RoPE median ([\d.]+)%, seeds ([\d.]+)% to ([\d.]+)%/)
    .map((v) => Number(v) / 100);
  expect(Math.abs(median - (seeds[0] + seeds[1]) / 2)).toBeLessThan(1e-6);
  expect(Math.abs(low - Math.min(...seeds))).toBeLessThan(1e-6);
  expect(Math.abs(high - Math.max(...seeds))).toBeLessThan(1e-6);
  expect(Number(last[column('RoPE accuracy median')])).toBeCloseTo(median, 6);

  // The measured column follows verdict.js on the seeds' held-out accuracy at twice the length (10 tokens).
  for (const [name, scheme] of [
    ['no positions', 'none'],
    ['RoPE', 'rope'],
  ]) {
    const accuracies = ['seed 4', 'seed 5'].map((seed) => heldOutAt(csv, 10, seed)[name]);
    const verdict = verdictOf(accuracies, 'previous', 128);
    const word = {
      works: 'works for all 2 seeds',
      mixed: `works for ${verdict.working} of 2 seeds`,
      chance: 'at chance',
      fails: 'fails',
    }[verdict.word];
    const row = figure.locator('.pe-lab-predict-table tbody tr', { hasText: name });
    await expect(row.locator('td').nth(2)).toHaveText(new RegExp(`^${word} \\(median `));
    const outcome =
      verdict.word === 'mixed'
        ? 'the seeds split'
        : (scheme === 'rope') === (verdict.word === 'works')
          ? 'right'
          : 'wrong';
    await expect(row.locator('td').nth(3)).toHaveText(outcome);
  }

  // The inspection shows one seed; the link carries it and the seeds, and opens the same choice.
  const seedChoice = figure.getByLabel('Seed', { exact: true });
  await expect(seedChoice.locator('option')).toHaveText(['4', '5']);
  await expect(seedChoice).toHaveValue('4');
  await seedChoice.selectOption('5');
  await expect(figure.locator('.pe-lab-link')).toHaveAttribute('href', /[?&]inspectSeed=5(&|$)/);
  const href = await figure.locator('.pe-lab-link').getAttribute('href');
  await page.goto(href);
  await expect(figure.getByLabel('Seeds', { exact: true })).toHaveValue('2');
  await expect(figure.getByLabel('Seed', { exact: true })).toHaveValue('5');
  await expect(figure.locator('.pe-summary')).toContainText('seeds 4 to 5');
});

test('a seeds value past the cap is brought to 10 with a note', async ({ page }) => {
  await page.goto('embed.html?figure=lab&seeds=40');
  const figure = page.locator(FIGURE);
  await expect(figure.locator('.pe-url-notes')).toHaveText(
    'seeds "40" is above the most this figure draws, 10: showing 10.',
  );
  await expect(figure.locator('.pe-summary')).toContainText('seeds 1 to 10');
});

test('a batch past the activation cap for its size and length is lowered to the largest that fits, with a note', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The link: 256 sequences of 32 tokens for the large model need 50,562,048 floats of activations a step,
  // past the engine's 2^25; 169 is the most that fit (lab/activations.js, checked against the engine in tests/js).
  let figure = await openLab(page, '&batch=256&size=large&length=32');
  await expect(figure.locator('.pe-url-notes')).toHaveText(
    'batch "256" cannot stand with length and size: showing 169.',
  );
  await expect(figure.locator('.pe-lab-link')).toHaveAttribute('href', /[?&]batch=169(&|$)/);
  // The same batch fits the small model; choosing the large one on the controls lowers it, and says so, since
  // the batch has no control of its own. One scheme on one seed: ten steps of the large model take seconds.
  figure = await openLab(page, '&batch=256&length=32&seeds=1&schemes=rope');
  await expect(figure.locator('.pe-url-notes')).toBeHidden();
  await settings(figure);
  await figure.getByLabel('Model size', { exact: true }).selectOption('large');
  await expect(figure.locator('.pe-url-notes')).toHaveText(
    'batch "256" cannot stand with size: showing 169.',
  );
  await expect(figure.locator('.pe-lab-link')).toHaveAttribute('href', /[?&]batch=169(&|$)/);
  await expect(figure.locator('.pe-summary')).toContainText(
    'Task who acts (subject); RoPE; training length 32; large model',
  );
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 10 of 300', { timeout: 90_000 });
  await expect(figure.getByRole('alert').filter({ hasText: 'activations' })).toHaveCount(0);
  await expect(figure.locator('.pe-error')).toBeHidden();
  // The note stays while the batch is as it says: a smaller model again leaves 169 as it is.
  await figure.getByLabel('Model size', { exact: true }).selectOption('small');
  await expect(figure.locator('.pe-url-notes')).toContainText('showing 169');
});
