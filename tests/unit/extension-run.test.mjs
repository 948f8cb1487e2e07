// The extension experiment's runner and verdicts (web/src/lab/extension-run.js) against a fake engine: which
// calls it makes in which order, what it reads back, and that its words are verdict.js's across seeds.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  EXTENSION_LINES,
  extensionVerdicts,
  factorAt,
  runExtension,
  TEST_METHODS,
  TUNE_METHODS,
} from '../../web/src/lab/extension-run.js';
import { verdictOf } from '../../web/src/lab/verdict.js';

/** A Lab that records its calls and scores each evaluation by what it was asked (deterministic, no engine). */
function fakeModule(log) {
  class Lab {
    constructor(config) {
      this.config = { ...config };
      this.extended = null;
      log.push(['new', config.length]);
    }
    train(steps) {
      log.push(['train', steps, this.extended?.method ?? null]);
    }
    evaluate({ samples, lengths, extension }) {
      log.push(['evaluate', samples, [...lengths], extension ?? null]);
      const score = (n) => (extension ? 0.5 + 0.1 * extension.factor : this.extended ? 0.95 : 1 - n / 100);
      return { lengths: Int32Array.from(lengths), accuracy: Float64Array.from(lengths, score) };
    }
    exportState() {
      return new Uint8Array([1]);
    }
    importState() {
      log.push(['import']);
      this.extended = null;
    }
    extend(options) {
      log.push(['extend', options]);
      this.extended = options;
    }
    delete() {
      log.push(['delete']);
    }
  }
  return { Lab };
}

test('the runner trains once, evaluates every method at T, 2T and 4T, and fine-tunes each copy at 2T', () => {
  const log = [];
  const out = runExtension(
    fakeModule(log),
    { length: 8, steps: 30, scheme: 'rope' },
    { samples: 4, tuneSteps: 7 },
  );
  assert.deepEqual(out.lengths, [8, 16, 32]);
  assert.deepEqual(Object.keys(out.testTime), TEST_METHODS);
  assert.deepEqual(Object.keys(out.tuned), TUNE_METHODS);
  // Each test-time length runs with the factor that fits it: s = n / T.
  assert.deepEqual(
    out.testTime.yarn,
    [0.6, 0.7, 0.9].map((x) => x),
  );
  assert.deepEqual(out.tuned.interpolation, [0.95, 0.95, 0.95]);
  assert.deepEqual(
    log.filter(([k]) => k === 'extend').map(([, o]) => o),
    [
      { method: 'interpolation', length: 16 },
      { method: 'none', length: 16 },
    ],
  );
  assert.deepEqual(
    log.filter(([k]) => k === 'train'),
    [
      ['train', 30, null],
      ['train', 7, 'interpolation'],
      ['train', 7, 'none'],
    ],
  );
  assert.equal(log.filter(([k]) => k === 'delete').length, 2);
  assert.equal(factorAt(4, 8), 1);
  assert.equal(factorAt(32, 8), 4);
});

test('the verdicts are verdictOf across seeds, line by line and length by length', () => {
  const seed = (a, b) => ({
    lengths: [8, 16, 32],
    testTime: Object.fromEntries(TEST_METHODS.map((m) => [m, [1, a, b]])),
    tuned: Object.fromEntries(TUNE_METHODS.map((m) => [m, [1, 1, a]])),
  });
  const verdicts = extensionVerdicts([seed(0.95, 0.7), seed(0.85, 0.92)], 'subject', 128);
  assert.deepEqual(
    verdicts.map((v) => v.line.id),
    EXTENSION_LINES.map((l) => l.id),
  );
  const none = verdicts[0].cells;
  assert.equal(none[0].word, 'works');
  assert.deepEqual(none[1], { length: 16, ...verdictOf([0.95, 0.85], 'subject', 128) });
  assert.equal(none[1].word, 'mixed');
  assert.equal(none[2].median, (0.7 + 0.92) / 2);
});
