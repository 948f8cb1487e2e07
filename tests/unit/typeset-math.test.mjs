// The build's typesetting of the article's fixed formulas (scripts/vite/typeset-math.js): every data-tex element
// of the sections comes out typeset, inline or display as written, with its attributes kept.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { decodeAttribute, typesetFormulas } from '../../scripts/vite/typeset-math.js';
import { includeSections } from '../../vite.config.js';

test('attribute text is decoded as a browser reads it', () => {
  assert.equal(
    decodeAttribute('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#x27; &theta;'),
    'a & b <c> "d" \'e\' &theta;',
  );
});

test('an inline formula and a display formula are typeset as written, their attributes kept', () => {
  const html = typesetFormulas(
    '<p>x <span data-tex="a \\&amp; b" data-inline></span\n>.</p><div\n  class="math"\n  tabindex="0"\n  data-tex="\\frac{1}{2}"\n></div>',
  );
  assert.doesNotMatch(html, /data-tex=/);
  const [inline, display] = html.split('<div');
  assert.match(inline, /^<p>x <span data-tex-source="a \\&amp; b" data-inline><span class="katex">/);
  assert.doesNotMatch(inline, /katex-display/);
  assert.match(inline, /<annotation encoding="application\/x-tex">a \\&amp; b<\/annotation>/);
  assert.match(inline, /<\/span>\.<\/p>$/);
  assert.match(display, /class="math"\s+tabindex="0"\s+data-tex-source="\\frac\{1\}\{2\}"\s*>/);
  assert.match(display, /class="katex-display"/);
  assert.match(display, /<mfrac>/);
});

test('live formulas and elements with content are left to the page', () => {
  const html = '<div class="math" data-live-tex="formula"></div><span data-tex="x">kept</span>';
  assert.equal(typesetFormulas(html), html);
});

test('every fixed formula of the article is typeset, none with an error', () => {
  const source = readFileSync('web/index.html', 'utf8');
  const article = includeSections().transformIndexHtml.handler(source);
  const written = article.match(/\sdata-tex="/g).length;
  const html = typesetFormulas(article);
  assert.ok(written >= 30, `only ${written} formulas found`);
  assert.equal(html.match(/\sdata-tex-source="/g).length, written);
  assert.doesNotMatch(html, /\sdata-tex="/);
  assert.doesNotMatch(html, /katex-error/);
});

// A display formula is wider than a phone's column (360 px) more often than not, and then it scrolls sideways:
// a reader on a keyboard reaches it only if it takes focus, and a screen reader names it (axe
// scrollable-region-focusable). Every display formula is a focusable, named group.
test('every display formula of the article is a focusable group with a name', () => {
  const source = readFileSync('web/index.html', 'utf8');
  const article = includeSections().transformIndexHtml.handler(source);
  const blocks = article.match(/<div\s[^>]*class="math"[^>]*>/g) ?? [];
  // 13 since RoPE is derived once (issue 26); fewer means the include lost a section.
  assert.ok(blocks.length >= 13, `only ${blocks.length} display formulas found`);
  for (const block of blocks) {
    assert.match(block, /\stabindex="0"/, block.slice(0, 120));
    assert.match(block, /\srole="group"/, block.slice(0, 120));
    assert.match(block, /\saria-label="Formula: [^"]{10,}"/, block.slice(0, 120));
  }
});
