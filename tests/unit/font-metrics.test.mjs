// The text face's fallbacks in web/src/styles.css (issue 21) carry the numbers scripts/font-metrics.mjs computes
// from the shipped font and the local ones: a new font package, a change of the article's text that moves the
// widths, or a hand edit of the stylesheet fails here until the numbers are computed again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { FACE, FALLBACKS, articleText, overrides, readFont } from '../../scripts/font-metrics.mjs';

const css = readFileSync(new URL('../../web/src/styles.css', import.meta.url), 'utf8');
const FAMILIES = {
  'Times New Roman': 'Source Serif 4 Fallback',
  'DejaVu Serif': 'Source Serif 4 Fallback DejaVu',
};

/** The descriptors of the @font-face rule of `family`, by name. */
function descriptors(family) {
  const rule = (css.match(/@font-face\s*\{[^}]*\}/g) ?? []).find((face) =>
    face.includes(`font-family: '${family}';`),
  );
  assert.ok(rule, `styles.css declares no face ${family}`);
  return Object.fromEntries(
    [...rule.matchAll(/([\w-]+):\s*([\d.]+%)/g)].map(([, name, value]) => [name, value]),
  );
}

const percent = (text) => Number.parseFloat(text);

for (const [name, file] of Object.entries(FALLBACKS)) {
  test(
    `the fallback for ${name} is scaled and re-lined as scripts/font-metrics.mjs computes`,
    {
      skip: existsSync(file) ? false : `${file} is not installed`,
    },
    () => {
      const expected = overrides(readFont(FACE), readFont(file), articleText());
      const declared = descriptors(FAMILIES[name]);
      assert.deepEqual(Object.keys(declared).sort(), Object.keys(expected).sort());
      for (const [key, value] of Object.entries(expected)) {
        assert.ok(
          Math.abs(percent(declared[key]) - percent(value)) < 0.01,
          `${key}: ${declared[key]}, computed ${value}`,
        );
      }
    },
  );
}

test('the shipped face reads as Source Serif 4 does: 1000 units per em, its ascender and descender', () => {
  const face = readFont(FACE);
  assert.deepEqual([face.unitsPerEm, face.ascender, face.descender, face.lineGap], [1000, 1036, -335, 0]);
  // Every printable ASCII character has a glyph, and a space is narrower than an m.
  for (let code = 0x20; code < 0x7f; code += 1)
    assert.ok(face.characters.has(code), `U+${code.toString(16)}`);
  const width = (char) => face.advance(face.characters.get(char.codePointAt(0)));
  assert.ok(width(' ') < width('m'));
});
