// engine/task.js: a load's continuation runs in a task of its own. WebKit can settle a load's promise outside of
// any task, so that what waits for it runs in the microtask checkpoint after a ResizeObserver's callback; a
// drawing there is the error "ResizeObserver loop completed with undelivered notifications" (WPE WebKit 2.38
// reported it as "Script error." on an embed, one run of the cross stage in about sixteen under load). Here the
// load is settled from inside the observer's callback on purpose: awaited as it is, the drawing raises the error
// in Chromium too; through inTask, it does not.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

const source = (await readFile('web/src/engine/task.js', 'utf8')).replace(/^export /gm, '');

/** Settles a load inside a ResizeObserver callback, draws when it settles; the page's errors, and the order. */
const settleInsideObserver = (throughTask) => `(async () => {
  ${source}
  const errors = [];
  addEventListener('error', (event) => errors.push(event.message));
  const box = document.createElement('div');
  box.style.height = '10px';
  document.body.append(box);
  let settle;
  const load = new Promise((resolve) => (settle = resolve));
  let observed = 0;
  new ResizeObserver(() => {
    observed += 1;
    settle('engine');
  }).observe(box);
  const value = await (${throughTask} ? inTask(load) : load);
  box.style.height = '200px';
  for (let i = 0; i < 4; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  return { errors, observed, value, height: box.getBoundingClientRect().height };
})()`;

test('a drawing in the checkpoint after an observer callback is an error; through inTask it is not', async ({
  page,
}) => {
  await page.setContent('<!doctype html><body></body>');
  const direct = await page.evaluate(settleInsideObserver(false));
  expect(direct.errors).toEqual(['ResizeObserver loop completed with undelivered notifications.']);

  await page.setContent('<!doctype html><body></body>');
  const later = await page.evaluate(settleInsideObserver(true));
  expect(later).toEqual({ errors: [], observed: 2, value: 'engine', height: 200 });
});

test('inTask passes a failure on, in a task of its own too', async ({ page }) => {
  await page.setContent('<!doctype html><body></body>');
  const order = await page.evaluate(`(async () => {
    ${source}
    const order = [];
    const failed = inTask(Promise.reject(new Error('no engine'))).catch((error) => order.push(error.message));
    let chain = Promise.resolve();
    for (let i = 0; i < 50; i += 1) chain = chain.then(() => undefined);
    chain.then(() => order.push('every microtask before it'));
    await failed;
    return order;
  })()`);
  expect(order).toEqual(['every microtask before it', 'no engine']);
});
