// Loads the built engine once for every Node test file, and holds the one float-tolerance helper.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const { default: createEngine } = await import(pathToFileURL(path.resolve(dir, 'pe-engine.js')).href);

/** One shared engine instance, loaded with no arguments as a user would. */
export const pe = await createEngine();
export { createEngine };

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

/** The largest |a[i] - b[i]| of two equally long arrays. */
export function maxAbsDiff(a, b) {
  assert.equal(a.length, b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i += 1) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
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
