// The lab's yielding to input elsewhere (web/src/lab/calm.js), and the race waiting on it (lab/race.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inputCalm } from '../../web/src/lab/calm.js';

/** A page stand-in: events dispatched on `target`, inside the lab while `state.inside`, at the clock `state.t`. */
function page() {
  const state = { t: 0, inside: false };
  const target = new EventTarget();
  const own = { contains: () => state.inside };
  const calm = inputCalm(/** @type {any} */ (own), { now: () => state.t, target });
  const fire = (type, init = {}) => target.dispatchEvent(Object.assign(new Event(type), init));
  return { state, calm, fire };
}

test('with no input the race need not wait', () => {
  const { calm } = page();
  assert.equal(calm.wait(), null);
});

test('a key, a click or a wheel outside the lab makes the next chunk wait; input inside the lab does not', async () => {
  for (const type of ['keydown', 'pointerdown', 'input', 'wheel']) {
    const { state, calm, fire } = page();
    state.inside = true;
    fire(type);
    assert.equal(calm.wait(), null, `${type} inside`);
    state.inside = false;
    fire(type);
    const waited = calm.wait();
    assert.ok(waited instanceof Promise, `${type} outside`);
    state.t = 301;
    assert.equal(calm.wait(), null, `${type}, 301 ms later`);
    await waited;
  }
});

test('a pointer moving with a button down counts; one moving freely does not', async () => {
  const { state, calm, fire } = page();
  fire('pointermove', { buttons: 0 });
  assert.equal(calm.wait(), null);
  fire('pointermove', { buttons: 1 });
  const waited = calm.wait();
  assert.ok(waited instanceof Promise);
  state.t = 301;
  await waited;
});

test('the wait resolves once the page has been quiet, and destroy stops listening', async () => {
  const { state, calm, fire } = page();
  fire('keydown');
  const waited = calm.wait();
  state.t = 1000;
  await waited;
  calm.destroy();
  fire('keydown');
  assert.equal(calm.wait(), null);
});

test('a reader who never stops still lets a chunk through after three seconds', async () => {
  const { state, calm, fire } = page();
  fire('keydown');
  const waited = calm.wait();
  state.t = 2999;
  fire('keydown');
  state.t = 3000;
  await waited;
  assert.ok(calm.wait() instanceof Promise, 'the next chunk waits again');
  state.t = 4000;
});
