// The lab's papers presets (web/src/lab/papers.js): one preset, followed from its link in the lab with one seed
// and trained to the end, shows the paper's finding and a statement chosen by the preset's rule from the numbers
// of the run (read back from the figure's CSV). tests/js/claims.test.mjs checks every preset's statement for
// seeds 1..10.
import { test, expect } from './fixtures.js';
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
});
