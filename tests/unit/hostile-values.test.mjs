// Every hostile URL value of tests/e2e/hostile-values.js (empty, NaN, -1, 0, 1e309, a huge integer, 1.5, text,
// 10 KB of text, HTML, a list of 65,536 items), set on every declared parameter of every figure, read by the
// figure's own reader (core/figure.js's readEmbed, which embed.html and <pe-figure> use): each value a parameter
// cannot take gets a note that names the parameter and quotes the value short. The embed page is loaded with
// those of the values that test what it draws and shows (tests/e2e/hostile-urls.spec.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figures } from '../../web/src/app/registry.js';
import { figureOf } from '../e2e/declarations.js';
import { hostileQuery, LONG_RUN, mustBeNoted, names, VALUES } from '../e2e/hostile-values.js';

for (const id of Object.keys(figures)) {
  test(`${id}: every hostile value of every parameter gets a note naming it, quoted short`, async () => {
    const { params, declarations, readEmbed } = await figureOf(id);
    assert.ok(params.length > 0);
    const defaults = Object.fromEntries(params.map((p) => [p.key, p.default]));
    let noted = 0;
    for (const hostile of VALUES) {
      const { chosen, query } = hostileQuery(params, hostile);
      if (chosen.length === 0) continue;
      const texts = readEmbed(new URLSearchParams(query)).notes.map((note) => note.text);
      for (const p of mustBeNoted(chosen, declarations, defaults, hostile)) {
        assert.ok(names(texts, p.name), `${id}: ${p.name} = ${hostile.label} has no note; notes: ${texts}`);
        noted += 1;
      }
      for (const text of texts) assert.doesNotMatch(text, LONG_RUN, 'a note quotes its value short');
    }
    assert.ok(noted > 0, `${id}: no value needed a note`);
  });
}
