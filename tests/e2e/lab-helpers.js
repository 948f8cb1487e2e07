// Helpers of the lab's browser tests (lab.spec.js, lab-claims.spec.js): open a race, wait for its end, read its
// CSV, and check where every head of a trained model puts its highest mean score.
import { readFile } from 'node:fs/promises';
import { expect, shareMenu } from './fixtures.js';

export const FIGURE = '[data-figure="lab"]';

/** The lab alone on the embed page, with `query` appended, once Play can be pressed. */
export async function openLab(page, query = '') {
  await page.goto(`embed.html?figure=lab${query}`);
  const figure = page.locator(FIGURE);
  await expect(figure.getByRole('button', { name: 'Play' })).toBeEnabled();
  return figure;
}

/** Waits until the race has trained and evaluated every run. */
export async function finish(figure, timeout = 120_000) {
  await expect(figure.locator('.pe-lab-status')).toContainText('Done', { timeout });
}

/** The figure's CSV as rows of cells (the header first). */
export async function csvOf(page, figure) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (await shareMenu(figure)).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => line.split(','));
}

/**
 * The held-out accuracy at one length from the CSV's rows (header first): { scheme name: accuracy }, the median
 * of the seeds when the race had several (the column "<name> accuracy median"), else the one seed's.
 * @param {string[][]} csv
 * @param {number} length
 * @param {'median' | 'lowest' | 'highest' | `seed ${number}`} [which]
 */
export function heldOutAt([header, ...rows], length, which = 'median') {
  const row = rows.find((r) => r[0] === 'held-out sequences' && Number(r[1]) === length);
  const out = {};
  header.forEach((name, i) => {
    const match = name.match(/^(.+) accuracy(?: (median|lowest|highest|seed \d+))?$/);
    if (match && (match[2] ?? 'median') === which) out[match[1]] = Number(row[i]);
  });
  return out;
}

/**
 * Steps the Head slider through heads 0..heads-1 of the block the inspection shows and checks each head's peak
 * offset there.
 */
export async function expectHeadsPeakAt(figure, name, offset, heads = 4, block = 0) {
  const head = figure.getByLabel('Head');
  for (let h = 0; h < heads; h += 1) {
    await head.focus();
    await head.press(h === 0 ? 'Home' : 'ArrowRight');
    await expect(figure.locator('.pe-lab-peak')).toContainText(
      `${name}, block ${block}, head ${h}: highest mean score at offset ${offset} `,
      { timeout: 30_000 },
    );
  }
}

/** The peak offset of every head of every block, read from the inspection: peaks[block][head]. */
export async function peakOffsets(figure, name, blocks, heads) {
  const peaks = [];
  for (let b = 0; b < blocks; b += 1) {
    const block = figure.getByLabel('Block');
    await block.focus();
    await block.press(b === 0 ? 'Home' : 'ArrowRight');
    peaks.push([]);
    for (let h = 0; h < heads; h += 1) {
      const head = figure.getByLabel('Head');
      await head.focus();
      await head.press(h === 0 ? 'Home' : 'ArrowRight');
      const peak = figure.locator('.pe-lab-peak');
      await expect(peak).toContainText(`${name}, block ${b}, head ${h}: highest mean score at offset`, {
        timeout: 30_000,
      });
      peaks[b].push(Number((await peak.textContent()).match(/at offset (-?\d+)/)[1]));
    }
  }
  return peaks;
}
