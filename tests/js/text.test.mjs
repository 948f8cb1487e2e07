// Text and numbers crossing between JavaScript and the engine: Unicode spaces and lone surrogates in sentences,
// numbers in error messages, and the cap of dotByOffset stated in its message.
import assert from 'node:assert/strict';
import test from 'node:test';

import { assertEngineError, pe } from './engine.mjs';

const WHITE_SPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

test('tokenize splits on every Unicode White_Space character (no-break and ideographic spaces too)', () => {
  for (const space of WHITE_SPACE) {
    const s = String.fromCharCode(space);
    assert.deepEqual(
      pe.tokenize(`dog${s}bites${s}man`).tokens,
      ['dog', 'bites', 'man'],
      `U+${space.toString(16)}`,
    );
  }
  assert.deepEqual(pe.tokenize('\u00a0The\u00a0dog\u3000bites\u2003man.\u3000').tokens, [
    'the',
    'dog',
    'bites',
    'man',
  ]);
  // Not White_Space: the zero-width space stays inside the word.
  assert.deepEqual(pe.tokenize('dog\u200bbites').tokens, ['dog\u200bbites']);
  assert.equal(pe.attendSentence('dog\u00a0bites\u3000man', 'none', 8, 1).tokens.length, 3);
});

test('a lone surrogate becomes U+FFFD in place and never swallows its neighbour', () => {
  assert.deepEqual(pe.tokenize('dog\uD83D bites man').tokens, ['dog\uFFFD', 'bites', 'man']);
  assert.deepEqual(pe.tokenize('dog \uDC15 bites').tokens, ['dog', '\uFFFD', 'bites']);
  assert.deepEqual(pe.tokenize('\uD83Ddog man').tokens, ['\uFFFDdog', 'man']);
  assert.deepEqual(pe.tokenize('man dog\uD83D').tokens, ['man', 'dog\uFFFD']);
  // A real pair is one character.
  assert.deepEqual(pe.tokenize('dog \uD83D\uDC15 man').tokens, ['dog', '\uD83D\uDC15', 'man']);
  assertEngineError(
    () => pe.attendSentence('dog\uD83D bites', 'none', 8, 1),
    /attendSentence/,
    /"dog\uFFFD"/,
  );
});

test('numbers in messages are the shortest %g text that reads back exactly', () => {
  const cases = [
    [1.5, '1.5'],
    [0.1 + 0.2, '0.30000000000000004'],
    [-2.25, '-2.25'],
    [1e-5 + 0.5, '0.50001'],
    [123456.5, '123456.5'],
    [70000.5, '70000.5'],
    [1e21 + 0.5, '1e+21'],
    [-1e-7, '-1e-07'],
    [2.5e-5, '2.5e-05'],
    [1e100, '1e+100'],
    [-0.0001, '-0.0001'],
  ];
  for (const [value, text] of cases) {
    const escaped = text.replace(/[.+]/g, '\\$&');
    assertEngineError(
      () => pe.dotByOffset(value, 3, 8),
      /dotByOffset/,
      /pos/,
      new RegExp(`received ${escaped}\\.`),
    );
  }
});

test('dotByOffset states its cap: (maxOffset + 1) * dModel at most 2^24', () => {
  assertEngineError(
    () => pe.dotByOffset(0, 65536, 512),
    /dotByOffset/,
    /\(maxOffset \+ 1\) \* dModel must be at most 2\^24 \(16777216\); received \(65536 \+ 1\) \* 512 = 33554944\./,
  );
  assert.equal(pe.dotByOffset(0, 32767, 512).length, 32768); // exactly 2^24 terms is allowed
  assertEngineError(() => pe.dotByOffsetSpread([0, 1], 65536, 512), /dotByOffsetSpread/, /2\^24/);
});
