// A lab that can always be stopped: at the largest model and length the page offers (size large, length 32),
// Pause and Reset answer within 200 ms of the click (the status line changes), and a race that its first steps
// say would train for more than three minutes asks before it goes on.
import { test, expect } from './fixtures.js';
import { openLab } from './lab-helpers.js';

const LARGEST = '&size=large&length=32';
const ANSWER_MS = 200;

/**
 * Clicks `button` and resolves with the milliseconds from the click to the first change of the status text
 * that matches `pattern`, both measured in the page.
 */
async function answerTime(page, figure, button, pattern) {
  await figure.evaluate((element, source) => {
    const status = element.querySelector('.pe-lab-status');
    const wanted = new RegExp(source);
    const times = { click: 0, answer: 0 };
    window.peAnswer = times;
    element.addEventListener('click', () => (times.click ||= performance.now()), { capture: true });
    new MutationObserver((_, observer) => {
      if (times.click && wanted.test(status.textContent ?? '')) {
        times.answer = performance.now();
        observer.disconnect();
      }
    }).observe(status, { childList: true, characterData: true, subtree: true });
  }, pattern.source);
  await button.click();
  await expect(figure.locator('.pe-lab-status')).toHaveText(pattern, { timeout: 5000 });
  return page.evaluate(() => window.peAnswer.answer - window.peAnswer.click);
}

test('at the largest size Pause and Reset answer within 200 ms, while a chunk is still training', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const figure = await openLab(page, `${LARGEST}&schemes=rope,alibi&seeds=1&steps=50`);
  await page.waitForTimeout(1000); // the workers start once the controls rest
  const counter = figure.locator('.pe-lab-counter');
  await figure.getByRole('button', { name: 'Play' }).click();
  // A first chunk has come back, so the next ones (about a step each at this size) are in flight.
  await expect(counter).not.toHaveText(/^Step 0 /, { timeout: 60_000 });
  const pause = await answerTime(page, figure, figure.getByRole('button', { name: 'Pause' }), /^Paused/);
  console.log(`Pause answered in ${pause.toFixed(0)} ms`);
  expect(pause).toBeLessThan(ANSWER_MS);
  await figure.getByRole('button', { name: 'Play' }).click();
  await expect(figure.locator('.pe-lab-status')).toHaveText('Training\u2026');
  const reset = await answerTime(page, figure, figure.getByRole('button', { name: 'Reset' }), /^Ready/);
  console.log(`Reset answered in ${reset.toFixed(0)} ms`);
  expect(reset).toBeLessThan(ANSWER_MS);
  await expect(counter).toHaveText(/^Step 0 /);
});

test('a race its first steps say would train for more than three minutes asks before it goes on', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const figure = await openLab(page, `${LARGEST}&schemes=rope&seeds=1&steps=3000`);
  await page.waitForTimeout(1000);
  await figure.getByRole('button', { name: 'Play' }).click();
  const status = figure.locator('.pe-lab-status');
  await expect(status).toContainText(/would train for about [\d,]+ minutes\. Press Play to train anyway/, {
    timeout: 60_000,
  });
  // It asks once two seconds of training have passed (lab/race.js), early in the race however fast the machine:
  // within its first 5 % of 3,000 steps.
  const step = Number((await figure.locator('.pe-lab-counter').textContent())?.match(/Step (\d+)/)?.[1]);
  expect(step).toBeGreaterThan(0);
  expect(step).toBeLessThan(150);
  await figure.getByRole('button', { name: 'Play' }).click();
  await expect(status).toHaveText('Training\u2026');
  await figure.getByRole('button', { name: 'Reset' }).click();
});
