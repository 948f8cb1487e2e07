// t5Buckets (pe-models) against T5's own bucket function run by PyTorch (tests/reference/t5_buckets.py, a copy of
// transformers' T5Attention._relative_position_bucket): every offset to 65,536 in both directions, for T5's
// published setting and others; then bad arguments.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { assertBadCallsLeaveNoTrace, assertEngineError, models } from './engine.mjs';

const PYTHON = '/usr/bin/python3';
/** [numBuckets, maxDistance, maxOffset, bidirectional]: T5's own (32, 128), the lab's (32, 32), and wider ones. */
const CASES = [
  [32, 128, 65536, true],
  [32, 128, 65536, false],
  [32, 32, 4096, true],
  [64, 256, 65536, true],
  [128, 1024, 65536, false],
  [16, 64, 8192, true],
  [7, 100, 1000, false],
];

test("t5Buckets gives T5's bucket at every offset, as PyTorch computes it", () => {
  assert.ok(existsSync(PYTHON), `${PYTHON} is missing: npm test's setup installs python3-torch`);
  const run = spawnSync(PYTHON, ['tests/reference/t5_buckets.py'], {
    input: JSON.stringify(CASES),
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  assert.equal(run.status, 0, run.stderr);
  const expected = JSON.parse(run.stdout);
  CASES.forEach(([buckets, distance, offset, both], c) => {
    const got = models.t5Buckets(buckets, distance, offset, both);
    assert.ok(got instanceof Int32Array);
    assert.equal(got.length, 2 * offset + 1);
    const first = expected[c].findIndex((b, i) => b !== got[i]);
    assert.equal(
      first,
      -1,
      `${CASES[c]}: offset ${first - offset}: ${got[first]}, PyTorch ${expected[c][first]}`,
    );
  });
  assert.deepEqual(
    models.t5Buckets(32, 128, 3),
    models.t5Buckets(32, 128, 3, true),
    'bidirectional by default',
  );
});

test('t5Buckets refuses a setting T5 cannot have, naming the parameter', () => {
  assertEngineError(() => models.t5Buckets(3, 128, 10, true), /^t5Buckets: numBuckets .*at least 4/);
  assertEngineError(() => models.t5Buckets(32, 8, 10, true), /^t5Buckets: maxDistance .*more than the 8/);
  assertEngineError(() => models.t5Buckets(32, 128, 65537), /maxOffset/);
  assertEngineError(() => models.t5Buckets(32.5, 128, 10), /numBuckets/);
  assertEngineError(() => models.t5Buckets(32, 128, 10, 'yes'), /bidirectional/);
  assertBadCallsLeaveNoTrace(
    [
      () => models.t5Buckets(1, 128, 10),
      () => models.t5Buckets(32, 0, 10),
      () => models.t5Buckets(32, 128, -1),
    ],
    300,
    () => models.t5Buckets(32, 128, 200),
  );
});
