// CSV downloads are plain ASCII that Python's float() and pandas read (issue 22): the page's U+2212 minus,
// thousands separators and exponent forms are written as '-', bare digits and e-notation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { csvCell, csvText } from '../../web/src/ui/export.js';
import { formatValue } from '../../web/src/ui/format.js';

test('numbers as the page prints them become numbers Python reads', () => {
  assert.equal(csvCell('\u22120.416147'), '-0.416147');
  assert.equal(csvCell(formatValue(-0.416147)), '-0.416147');
  assert.equal(csvCell('1,024'), '1024');
  assert.equal(csvCell('\u22121,234.5'), '-1234.5');
  assert.equal(csvCell('1.6\u00d710^\u22125'), '1.6e-5');
  assert.equal(csvCell(3), '3');
});

test('text stays text, in ASCII, quoted when it must be', () => {
  assert.equal(csvCell('offset n \u2212 m'), 'offset n - m');
  assert.equal(csvCell('\u201cdog\u201d, man'), '"""dog"", man"');
  assert.equal(csvCell('positions 0\u201363'), 'positions 0-63');
  assert.equal(csvCell('word\u2081 . position\u2082'), 'word1 . position2');
});

test("Debian's python3 reads every number with csv and float()", () => {
  const values = [-0.416147, -1e-7, 2.5e-12, -1234.5, 0.5, -3];
  const text = csvText(
    ['dim_0', 'dim_1'],
    values.map((v) => [formatValue(v), formatValue(-v)]),
  );
  assert.match(text, /^[\x20-\x7e\n]*$/);
  const script =
    'import csv,sys\nrows=list(csv.reader(sys.stdin))\nprint(sum(float(c) for r in rows[1:] for c in r))';
  const total = Number(execFileSync('/usr/bin/python3', ['-c', script], { input: text }).toString());
  assert.ok(Math.abs(total) < 1e-9, `sum of values and their negatives read back as ${total}`);
});
