// The lab's context-extension experiment (experiment=extension, figures/lab/extension-run.js), run from the
// article's link with one seed: it draws a line per method, the word beside every number is verdict.js's for
// that number, and what extension.html says of the run holds for it (tests/js/claims.test.mjs: seeds 1..10).
import { test, expect } from './fixtures.js';
import { verdictOf } from '../../web/src/lab/verdict.js';
import { FIGURE } from './lab-helpers.js';

test('the extension experiment runs from the article link with one seed, draws every method, its words match its numbers, and the article statements hold', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('index.html');
  // The article's in-text preset holds the lab's settings (article/presets.js); the lab alone takes the same.
  const preset = await page
    .locator('#extension a.lab-preset', { hasText: 'run the extension experiment' })
    .getAttribute('data-preset');
  expect(preset).toContain('experiment=extension');
  await page.goto(`embed.html?figure=lab&${preset}&seeds=1`);
  const figure = page.locator(FIGURE);
  // The state is in the URL: the lab's own link keeps the experiment.
  await expect(figure.locator('.pe-lab-link')).toHaveAttribute('href', /[?&]experiment=extension(&|$)/);
  const panel = figure.locator('.pe-lab-extension');
  await expect(panel).toBeVisible();
  await expect(panel.locator('.pe-lab-extension-status')).toHaveText('Not run yet.');
  await panel.getByRole('button', { name: 'Run the extension experiment' }).click();
  await expect(panel.locator('.pe-lab-extension-status')).toHaveText('Done: 1 seed.', { timeout: 150_000 });
  const chart = panel.locator('.pe-lab-extension-chart');
  await expect(chart.locator('path.pe-lab-curve')).toHaveCount(7);
  await expect(chart.locator('.pe-offsetchart-marks text')).toHaveText(['trained on 8', 'fine-tuned on 16']);
  const rows = panel.locator('tbody tr');
  await expect(rows).toHaveCount(7);
  await expect(panel.locator('thead th')).toHaveText(['method', 'length 8', 'length 16', 'length 32']);
  const cells = await panel
    .locator('td')
    .evaluateAll((tds) =>
      tds.map((td) => ({ median: Number(td.dataset.median), word: td.dataset.word, text: td.textContent })),
    );
  expect(cells).toHaveLength(21);
  for (const cell of cells) {
    // One seed: the verdict across seeds is that seed's, from its accuracy on the page's 128 sequences.
    expect(cell.word).toBe(verdictOf([cell.median], 'subject', 128).word);
    expect(cell.text).toBe(`${(100 * cell.median).toFixed(1)}% ${cell.word}`);
  }
  // extension.html: as trained, RoPE no longer works at 32; interpolation and YaRN at test time work there;
  // both fine-tunes work at 8, 16 and 32.
  const word = (line, column) => panel.locator(`tr[data-line="${line}"] td`).nth(column);
  await expect(word('test-none', 2)).not.toHaveAttribute('data-word', 'works');
  for (const line of ['test-interpolation', 'test-yarn']) {
    await expect(word(line, 2)).toHaveAttribute('data-word', 'works');
  }
  for (const line of ['tuned-interpolation', 'tuned-none']) {
    for (const column of [0, 1, 2]) await expect(word(line, column)).toHaveAttribute('data-word', 'works');
  }
  // The readout names every method at the length under the keyboard's cursor, with the table's numbers.
  await chart.focus();
  await chart.press('End');
  const readout = page.locator(`${FIGURE} .pe-readout`);
  await expect(readout).toContainText('length 32: as trained, no method');
  const last = cells.filter((_, i) => i % 3 === 2);
  for (const cell of last)
    await expect(readout).toContainText(`${(100 * cell.median).toFixed(1)}% (${cell.word})`);
});

test('while the extension experiment runs its button stops it at once, keeping the count', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('embed.html?figure=lab&experiment=extension&seeds=3');
  const panel = page.locator(FIGURE).locator('.pe-lab-extension');
  const status = panel.locator('.pe-lab-extension-status');
  await panel.getByRole('button', { name: 'Run the extension experiment' }).click();
  await expect(status).toHaveText(/^Training and measuring: 0 of 3 seeds done\.$/);
  const answered = await panel
    .getByRole('button', { name: 'Stop the extension experiment' })
    .evaluate((button) => {
      const start = performance.now();
      button.click();
      return { ms: performance.now() - start, text: button.textContent };
    });
  expect(answered.text).toBe('Run the extension experiment');
  expect(answered.ms).toBeLessThan(200);
  await expect(status).toHaveText(/^Stopped with [0-3] of 3 seeds done; run it again to start over\.$/);
  // Its workers are gone: nothing comes back to change the count.
  await expect(panel.locator('.pe-lab-extension-results')).toBeHidden();
});
