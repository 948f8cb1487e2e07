// The article's statements about trained models outside the lab's own section, each rerun through the link
// the article gives for it: the test follows the link, trains what the reader would train, and checks the
// statement against the run.
import { test, expect } from './fixtures.js';
import { csvOf, expectHeadsPeakAt, finish, FIGURE, heldOutAt } from './lab-helpers.js';

/** The lab on the article as one of the article's preset links sets it, trained to the end. */
async function trainPreset(page, section, linkText) {
  await page.goto('index.html');
  await page.locator(`#${section} a.lab-preset`, { hasText: linkText }).click();
  // page.url() follows the page's pushState by a message from the browser: waited for, not read at once.
  await expect(page).toHaveURL(/#lab$/);
  const figure = page.locator(`#lab ${FIGURE}`);
  const play = figure.getByRole('button', { name: 'Play' });
  // The link leaves the lab in view, where it mounts; if it does not, the failure says where the page stands.
  await expect(play)
    .toBeVisible({ timeout: 60_000 })
    .catch(async (error) => {
      const where = await page.evaluate(() => {
        const slot = document.querySelector('#lab [data-mount="lab"]');
        const box = slot?.getBoundingClientRect();
        const state = slot
          ? `${slot.getAttribute('data-figure')} busy ${slot.getAttribute('aria-busy')}`
          : 'none';
        return `lab slot ${state} at top ${box?.top} of ${innerHeight}, scrollY ${scrollY}, text "${slot?.textContent?.slice(0, 200)}"`;
      });
      throw new Error(`${where}\n${error.message}`);
    });
  await play.click();
  await finish(figure, 240_000);
  return figure;
}

/**
 * Held-out accuracy by length and scheme, from the figure's CSV: { length: { scheme name: accuracy } }, the
 * median of the seeds when the preset races several.
 */
async function heldOutAccuracy(page, figure) {
  const csv = await csvOf(page, figure);
  const lengths = csv.slice(1).filter((r) => r[0] === 'held-out sequences');
  return Object.fromEntries(lengths.map((r) => [r[1], heldOutAt(csv, Number(r[1]))]));
}

// Seed 1 here; tests/js/claims.test.mjs checks the same statements for seeds 1..10.
test('rotation: on "copy the previous token" sinusoids attend one back inside the trained length, but only RoPE carries to twice the length', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const figure = await trainPreset(page, 'rotation', 'set up the lab for this question');
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 300 of 300');
  const accuracy = await heldOutAccuracy(page, figure);
  // "Both get every token right at the training length"
  expect(accuracy[8]).toEqual({ sinusoidal: 1, RoPE: 1 });
  // "twice as long ... less than 60% of the time, while the RoPE model still gets more than 99% of them"
  expect(accuracy[16].sinusoidal).toBeLessThan(0.6);
  expect(accuracy[16].RoPE).toBeGreaterThan(0.99);
  // "every head of the sinusoidal model's second block puts its highest mean score at offset 1" (the preset
  // opens the inspection on that block)
  await expectHeadsPeakAt(figure, 'sinusoidal', 1, 4, 1);
});

test('extension: the preset for longer contexts trains all five schemes at length 8 and evaluates up to 32', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const figure = await trainPreset(page, 'extension', 'train the five schemes at length 8');
  const accuracy = await heldOutAccuracy(page, figure);
  expect(Object.keys(accuracy[8])).toEqual(['no positions', 'sinusoidal', 'learned', 'RoPE', 'ALiBi']);
  expect(Math.max(...Object.keys(accuracy).map(Number))).toBe(32);
  await expect(figure.locator('.pe-lab-counter')).toHaveText('Step 300 of 300');
});
