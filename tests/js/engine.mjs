// Loads the built engine, the lab's module and the models' module once for every Node test file, and holds the one float-tolerance
// helper.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const load = async (name) => (await import(pathToFileURL(path.resolve(dir, `${name}.js`)).href)).default;
const createEngine = await load('pe-engine');
const createLab = await load('pe-lab');
const createModels = await load('pe-models');

/** One shared engine instance, loaded with no arguments as a user would. */
export const pe = await createEngine();
/** One shared instance of the training lab's module (`Lab`, `memoryUsage`). */
export const labModule = await createLab();
/** One shared instance of the models' module (`ropeSpectrum`, the learned-table analyses). */
export const models = await createModels();
export { createEngine, createLab, createModels };

/** Asserts |actual - expected| <= tolerance for a number or every item of two equally long arrays. */
export function assertClose(actual, expected, tolerance, message = '') {
  if (typeof actual === 'number') {
    assert.ok(
      Math.abs(actual - expected) <= tolerance,
      `${message} expected ${expected} +/- ${tolerance}, got ${actual}`,
    );
    return;
  }
  assert.equal(actual.length, expected.length, `${message} length`);
  for (let i = 0; i < actual.length; i += 1) {
    assert.ok(
      Math.abs(actual[i] - expected[i]) <= tolerance,
      `${message} item ${i}: expected ${expected[i]} +/- ${tolerance}, got ${actual[i]}`,
    );
  }
}

/**
 * Asserts |actual - expected| <= relative * |expected| for a number or every item of two equally long arrays, and
 * returns the largest relative difference seen.
 */
export function assertRelativelyClose(actual, expected, relative, message = '') {
  const [a, b] = typeof actual === 'number' ? [[actual], [expected]] : [actual, expected];
  assert.equal(a.length, b.length, `${message} length`);
  let worst = 0;
  for (let i = 0; i < a.length; i += 1) {
    const difference = Math.abs(a[i] - b[i]) / Math.abs(b[i]);
    assert.ok(
      difference <= relative,
      `${message} item ${i}: expected ${b[i]} within ${relative} relative, got ${a[i]}`,
    );
    worst = Math.max(worst, difference);
  }
  return worst;
}

/** The largest |a[i] - b[i]| of two equally long arrays. */
export function maxAbsDiff(a, b) {
  assert.equal(a.length, b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i += 1) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

/** Asserts that `work` leaves the three modules' heaps and allocated bytes as they were before it ran. */
export function assertMemoryUnchanged(work) {
  const usage = () => [pe.memoryUsage(), labModule.memoryUsage(), models.memoryUsage()];
  const before = usage();
  work();
  assert.deepEqual(usage(), before);
}

/** Runs `work` once (so that whatever it caches is in place), then `times` more times holding no more memory. */
export function assertNoGrowth(work, times) {
  work();
  assertMemoryUnchanged(() => {
    for (let i = 0; i < times; i += 1) work();
  });
}

/**
 * Calls `good()`, then makes `times` calls cycling through `bad`, every one of which must throw; asserts that all
 * of that holds no more memory and that `good()` then gives exactly what it gave before the bad calls.
 */
export function assertBadCallsLeaveNoTrace(bad, times, good) {
  let reference;
  assertMemoryUnchanged(() => {
    reference = good();
    for (let i = 0; i < times; i += 1) assert.throws(bad[i % bad.length]);
  });
  assert.deepEqual(good(), reference);
}

/** Asserts that fn throws an Error whose message matches every pattern given. */
export function assertEngineError(fn, ...patterns) {
  let caught;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof Error, 'expected an Error to be thrown');
  for (const pattern of patterns) assert.match(caught.message, pattern);
  return caught;
}
