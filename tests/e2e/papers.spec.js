// The lab's papers presets (web/src/lab/papers.js): one preset, followed from its link in the lab with one seed
// and trained to the end, shows the paper's finding and a statement chosen by the preset's rule from the numbers
// of the run (read back from the figure's CSV). tests/js/claims.test.mjs checks every preset's statement for
// seeds 1..10.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, settings } from './fixtures.js';
import { judge, PRESETS } from '../../web/src/lab/papers.js';
import { SCHEME_NAMES } from '../../web/src/figures/lab/params.js';
import { csvOf, finish, openLab } from './lab-helpers.js';

test('a papers preset sets the lab from its link and states agreement or disagreement from its own numbers', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const preset = PRESETS['press-previous'];
  const opened = await openLab(page);
  const link = opened.locator(`a[data-paper="${preset.id}"]`);
  await expect(link).toHaveText(preset.label);
  await page.goto(`${await link.getAttribute('href')}&seeds=1`);
  const figure = page.locator('[data-figure="lab"]');
  const statement = figure.locator('[data-readout="paper-statement"]');
  await expect(figure.locator('.pe-lab-papers-title')).toContainText('Press et al. (2022)');
  await expect(statement).toHaveText('Press Play: the statement is chosen once every run is evaluated.');
  await expect(figure.locator(`a[data-paper="${preset.id}"]`)).toHaveAttribute('aria-current', 'true');
  await figure.getByRole('button', { name: 'Play' }).click();
  await finish(figure, 200_000);

  // The run's held-out accuracy by scheme and length, as the CSV has it.
  const [header, ...rows] = await csvOf(page, figure);
  const at = (scheme, n) => {
    const row = rows.find((r) => r[0] === 'held-out sequences' && Number(r[1]) === n);
    const column = header.indexOf(`${SCHEME_NAMES[scheme]} accuracy`);
    return row && column >= 0 ? Number(row[column]) : undefined;
  };
  const judged = judge(preset, at, 8);
  expect(judged).not.toBeNull();
  await expect(statement).toHaveText(`Your run (seed 1): ${judged.sentence}`);
  await expect(statement).toHaveAttribute('data-verdict', judged.verdict);
  // A disagreement says why; an agreement does not need to.
  const why = figure.locator('.pe-lab-papers-why');
  if (judged.verdict === 'disagrees') await expect(why).toContainText('Why the miniature differs');
  else await expect(why).toBeEmpty();
  // The panel with its statement, in both colour schemes: no axe violation (target size included).
  for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page })
      .include('.pe-lab-papers')
      .options({ rules: { 'target-size': { enabled: true } } })
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  }
});

test('the attention mask and randomized positions go through the URL and back, and the engine names a bad one', async ({
  page,
}) => {
  const figure = await openLab(page, '&task=reverse&causal=on&randomized=16&schemes=none,learned&seeds=1');
  await expect(figure.getByLabel('Attention mask')).toHaveValue('on');
  await expect(figure.getByLabel('Randomized positions up to (0: off)')).toHaveValue('16');
  const href = await figure.locator('.pe-lab-link').getAttribute('href');
  expect(new URL(href, page.url()).searchParams.get('causal')).toBe('on');
  expect(new URL(href, page.url()).searchParams.get('randomized')).toBe('16');
  await expect(figure.locator('.pe-error')).toBeHidden();
  // Trained on positions 0..15, the learned table has 16 rows; the figure shows the training length's 8.
  await figure.getByRole('button', { name: 'Step' }).click();
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 10 of 300', { timeout: 60_000 });
  await expect(figure.locator('.pe-lab-note', { hasText: 'position table' })).toContainText(
    '8 rows (positions) of its 16 by 32 dimensions',
    { timeout: 30_000 },
  );
  await expect(figure.locator('.pe-lab-inspect-error')).toBeHidden();
  // Fewer than the training length: positions are drawn from at least the training length, so the control
  // moves up to it (figures/lab/params.js keepRunTogether) and the engine never sees the bad value.
  await settings(figure);
  await figure.getByLabel('Randomized positions up to (0: off)').fill('4');
  await figure.getByLabel('Randomized positions up to (0: off)').press('Enter');
  await expect(figure.getByLabel('Randomized positions up to (0: off)')).toHaveValue('8');
  await expect(figure.locator('.pe-error')).toBeHidden();
  // `first` is causal by definition: a bidirectional mask from the URL goes back to the task's, with a note.
  const first = await openLab(page, '&task=first&causal=off');
  await expect(page.locator('.pe-url-notes')).toContainText('causal');
  await expect(first.getByLabel('Attention mask')).toHaveValue('task');
  await expect(first.locator('.pe-error')).toBeHidden();
});
