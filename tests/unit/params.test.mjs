// The figure spec's parameter declarations: defaults, the URL list, and URL reading (typed, checked against the
// declaration, with a note for every value refused or brought into range).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  defaultsOf,
  formatParam,
  MAX_ITEMS,
  MAX_LIST_TEXT,
  MAX_TEXT,
  parseNumberList,
  parseQuery,
  QUOTE_LENGTH,
  quote,
  readQuery,
  shortenMessage,
  urlParamsOf,
} from '../../web/src/core/params.js';
import { keepBound } from '../../web/src/core/moves.js';

const DECLS = {
  dModel: { type: 'int', default: 512 },
  base: { type: 'number', default: 10000, url: 'b' },
  layout: {
    type: 'enum',
    default: 'interleaved',
    options: [
      { value: 'interleaved', label: 'i' },
      { value: 'split', label: 's' },
    ],
  },
  width: { type: 'enum', default: 64, options: [16, 32, 64].map((v) => ({ value: v, label: String(v) })) },
  text: { type: 'string', default: 'the dog bites the man' },
  short: { type: 'string', default: '', maxLength: 5 },
  starts: { type: 'numbers', default: [0, 100] },
  causal: { type: 'boolean', default: false },
  hidden: { type: 'int', default: 1, url: false },
};

const parse = (search) => parseQuery(new URLSearchParams(search), DECLS);

test('defaults come from the declarations, in order', () => {
  assert.deepEqual(Object.keys(defaultsOf(DECLS)), Object.keys(DECLS));
  assert.equal(defaultsOf(DECLS).base, 10000);
});

test('the URL list names each parameter once, with its URL name, and leaves out url: false', () => {
  const list = urlParamsOf(DECLS);
  assert.deepEqual(
    list.map((p) => p.name),
    ['dModel', 'b', 'layout', 'width', 'text', 'short', 'starts', 'causal'],
  );
  assert.equal(list.find((p) => p.key === 'base').name, 'b');
});

test('numbers parse to numbers; text that is not one is refused, leaving the default', () => {
  assert.deepEqual(parse('dModel=128&b=500'), { dModel: 128, base: 500 });
  assert.deepEqual(parse('dModel='), {});
  assert.deepEqual(parse('dModel=abc'), {});
});

test('an enum keeps the type of its declared options, and refuses unknown text', () => {
  assert.equal(parse('width=32').width, 32);
  assert.equal(parse('layout=split').layout, 'split');
  assert.deepEqual(parse('layout=diagonal'), {});
});

test('text past its length is refused; lists past their items are cut', () => {
  assert.deepEqual(parse(`text=${'a'.repeat(MAX_TEXT)}`).text.length, MAX_TEXT);
  assert.deepEqual(parse(`text=${'a'.repeat(5000)}`), {});
  assert.deepEqual(parse('short=abcdefgh'), {});
  assert.equal(parse('short=abcde').short, 'abcde');
  const many = Array.from({ length: 500 }, (_, i) => i).join(',');
  assert.equal(parse(`starts=${many}`).starts.length, MAX_ITEMS);
  assert.deepEqual(parse('starts=1,,x'), {});
});

test('booleans read 1, true and an empty value as true', () => {
  assert.equal(parse('causal=1').causal, true);
  assert.equal(parse('causal=true').causal, true);
  assert.equal(parse('causal').causal, true);
  assert.equal(parse('causal=0').causal, false);
});

test('parameters the URL does not name, and url: false ones, are left out', () => {
  assert.deepEqual(parse('hidden=5&other=1'), {});
});

test('a value written by formatParam parses back to itself', () => {
  for (const [key, value] of [
    ['dModel', 96],
    ['starts', [0, 7, 300]],
    ['causal', true],
    ['layout', 'split'],
  ]) {
    const decl = DECLS[key];
    const search = new URLSearchParams({ [key]: formatParam(value, decl.type) });
    assert.deepEqual(parseQuery(search, DECLS)[key], value);
  }
});

test('a typed list reads decimals, NaN for anything else, and at most MAX_ITEMS items of MAX_LIST_TEXT characters', () => {
  assert.deepEqual(parseNumberList('0, 100 300;7'), [0, 100, 300, 7]);
  assert.deepEqual(parseNumberList(' 1.5e3, .5, 1., -2, +3 '), [1500, 0.5, 1, -2, 3]);
  const bad = parseNumberList('1e, --1, 0x10, 1..2, Infinity, 1_000');
  assert.equal(bad.length, 6);
  assert.ok(bad.every(Number.isNaN));
  const many = Array.from({ length: MAX_ITEMS + 8 }, (_, i) => i).join(',');
  assert.deepEqual(
    parseNumberList(many),
    Array.from({ length: MAX_ITEMS }, (_, i) => i),
  );
  // A long run of digits ending in a letter (the regular expression once took seconds on it) is one NaN, read
  // no further than MAX_LIST_TEXT characters.
  assert.deepEqual(parseNumberList('1'.repeat(60000) + 'x'), [Number('1'.repeat(MAX_LIST_TEXT))]);
  assert.deepEqual(parseNumberList('1'.repeat(MAX_LIST_TEXT - 1) + 'x'), [NaN]);
});

// Declarations like the figures': ranges, a range that follows another parameter, steps, powers of two, lists
// with a size and an item range.
const FIGURE = {
  positions: { type: 'int', default: 64, min: 1, max: 2048 },
  pos: { type: 'int', default: 3, min: 0, max: ({ positions }) => positions - 1 },
  dModel: { type: 'int', default: 512, min: 2, max: 1024, step: 2 },
  base: { type: 'number', default: 10000, min: 10, max: 1e6 },
  trained: { type: 'int', default: 2048, min: 128, max: 2 ** 20, scale: 'pow2' },
  width: DECLS.width,
  layout: DECLS.layout,
  causal: DECLS.causal,
  word: { type: 'string', default: 'dog', maxLength: 40 },
  lengths: { type: 'numbers', default: [5, 10], maxItems: 8, items: { type: 'int', min: 2, max: 65536 } },
  dims: {
    type: 'numbers',
    default: null,
    maxItems: 4,
    items: { type: 'int', min: 0, max: ({ dModel }) => dModel - 1 },
  },
};
const read = (search) => readQuery(new URLSearchParams(search), FIGURE);
/** The one note on parameter `key` (failing when there is none or more). */
function noteOn(search, key) {
  const { notes } = read(search);
  const mine = notes.filter((n) => n.key === key);
  assert.equal(mine.length, 1, `one note on ${key} for ${search}: ${JSON.stringify(notes)}`);
  return mine[0];
}

test('values within their declarations are read as they are, with no note', () => {
  const { options, notes } = read(
    'positions=100&pos=99&dModel=64&base=500&trained=4096&width=16&layout=split&causal=0&word=cat&lengths=2,3&dims=0,63',
  );
  assert.deepEqual(notes, []);
  assert.deepEqual(options, {
    positions: 100,
    pos: 99,
    dModel: 64,
    base: 500,
    trained: 4096,
    width: 16,
    layout: 'split',
    causal: false,
    word: 'cat',
    lengths: [2, 3],
    dims: [0, 63],
  });
});

test('a number that cannot be read is refused with a message naming the parameter, the value and the range', () => {
  for (const value of [
    '',
    'NaN',
    'abc',
    '1e309',
    '-1e999',
    '0x10',
    'Infinity',
    '1,5',
    '<img src=x onerror=alert(1)>',
  ]) {
    const search = new URLSearchParams({ positions: value });
    const { options, notes } = readQuery(search, FIGURE);
    assert.equal('positions' in options, false, value);
    assert.equal(notes.length, 1, value);
    assert.equal(notes[0].kind, 'error');
    assert.match(notes[0].text, /^positions "/);
    assert.match(notes[0].text, /allowed: a whole number from 1 to 2,048\. Showing the default, 64\.$/);
  }
});

test('a number outside the range is brought to its end, with a note saying so', () => {
  const above = noteOn('positions=5000', 'positions');
  assert.equal(above.kind, 'clamp');
  assert.equal(above.text, 'positions "5000" is above the most this figure draws, 2,048: showing 2,048.');
  assert.equal(read('positions=5000').options.positions, 2048);
  assert.equal(read('positions=99999999999999999999').options.positions, 2048);
  assert.equal(
    noteOn('positions=-1', 'positions').text,
    'positions "-1" is below the least this figure draws, 1: showing 1.',
  );
  assert.equal(read('positions=0').options.positions, 1);
  assert.equal(read('base=1').options.base, 10);
  assert.equal(read('base=1e300').options.base, 1e6);
});

test('a range that follows another parameter uses its value from the same URL', () => {
  assert.equal(read('positions=10&pos=50').options.pos, 9);
  assert.match(noteOn('positions=10&pos=50', 'pos').text, /above the most this figure draws, 9: showing 9/);
  assert.equal(read('pos=50').options.pos, 50); // the default, 64 positions
  assert.equal(read('dModel=8&dims=7,8').options.dims[1], 7);
});

test('whole numbers, steps and powers of two are rounded to the nearest allowed, with a note', () => {
  assert.equal(read('positions=1.5').options.positions, 2);
  assert.match(noteOn('positions=1.5', 'positions').text, /is not a whole number: showing 2\.$/);
  assert.equal(read('dModel=7').options.dModel, 8);
  assert.match(noteOn('dModel=7', 'dModel').text, /is not a multiple of 2: showing 8\.$/);
  assert.equal(read('trained=3000').options.trained, 4096); // nearest in ratio, as the slider rounds
  assert.match(noteOn('trained=3000', 'trained').text, /is not a power of two: showing 4,096\.$/);
  assert.equal(read('trained=1').options.trained, 128);
  assert.equal(read('base=123.5').options.base, 123.5);
});

test('whole numbers in notes are exact, however large', () => {
  assert.equal(read('trained=999999999').options.trained, 2 ** 20);
  assert.match(
    noteOn('trained=999999999', 'trained').text,
    /"999999999" is above the most this figure draws, 1,048,576: showing 1,048,576\.$/,
  );
  assert.deepEqual(read('base=123.4567891').notes, []);
});

test('-0 reads as 0', () => {
  assert.ok(Object.is(readQuery(new URLSearchParams('pos=-0'), FIGURE).options.pos, 0));
});

test('a choice that is not offered is refused, listing the choices', () => {
  const note = noteOn('width=48', 'width');
  assert.equal(note.kind, 'error');
  assert.equal(
    note.text,
    'width "48" is not one of the choices; allowed: one of 16, 32, 64. Showing the default, 64.',
  );
  assert.match(noteOn('layout=diagonal', 'layout').text, /one of interleaved, split/);
  assert.equal(read('width=32').options.width, 32);
});

test('a boolean reads yes and no words, and refuses anything else', () => {
  assert.equal(read('causal=off').options.causal, false);
  assert.equal(read('causal=YES').options.causal, true);
  assert.equal(noteOn('causal=maybe', 'causal').kind, 'error');
  assert.equal('causal' in read('causal=maybe').options, false);
});

test('text past its length is refused, quoted short', () => {
  const note = noteOn(`word=${'x'.repeat(10240)}`, 'word');
  assert.equal(note.kind, 'error');
  assert.ok(note.text.length < 200, note.text);
  assert.match(
    note.text,
    /^word "x{40}\u2026" is 10,240 characters long; allowed: text of at most 40 characters/,
  );
});

test('a list longer than its figure shows keeps the first items, with a note giving both counts', () => {
  const many = Array.from({ length: 65536 }, () => '3').join(',');
  const { options, notes } = read(`lengths=${many}`);
  assert.deepEqual(options.lengths, [3, 3, 3, 3, 3, 3, 3, 3]);
  assert.equal(notes.length, 1);
  assert.equal(notes[0].kind, 'clamp');
  assert.equal(
    notes[0].text,
    'lengths: 65,536 items given; this figure shows at most 8: showing the first 8.',
  );
});

test('list items are read as numbers and brought into their range; an unreadable item refuses the list', () => {
  assert.deepEqual(read('lengths=1,70000,1.5').options.lengths, [2, 65536, 2]);
  assert.match(noteOn('lengths=1,70000', 'lengths').text, /item 1, "1", is below .* 2: showing 2; item 2/);
  for (const value of ['', '1,,2', '1,x', '1,NaN', '1e309', ' ']) {
    const note = noteOn(`lengths=${encodeURIComponent(value)}`, 'lengths');
    assert.equal(note.kind, 'error', value);
    assert.match(
      note.text,
      /allowed: 1 to 8 items separated by commas, each a whole number from 2 to 65,536/,
    );
  }
  assert.match(noteOn('dims=1,-1', 'dims').text, /Showing|showing 0/);
});

test('every note quotes a URL value at most QUOTE_LENGTH characters long', () => {
  const long = 'y'.repeat(10240);
  for (const key of Object.keys(FIGURE)) {
    for (const note of read(`${key}=${long}`).notes) {
      assert.ok(note.text.length < 400, `${key}: ${note.text.length}`);
      assert.ok(!note.text.includes('y'.repeat(QUOTE_LENGTH + 1)), key);
    }
  }
});

test('quote cuts at QUOTE_LENGTH characters with an ellipsis, without splitting a character', () => {
  assert.equal(quote('dog'), '"dog"');
  assert.equal(quote('a'.repeat(QUOTE_LENGTH)), `"${'a'.repeat(QUOTE_LENGTH)}"`);
  assert.equal(quote('a'.repeat(QUOTE_LENGTH + 1)), `"${'a'.repeat(QUOTE_LENGTH)}\u2026"`);
  assert.equal(quote('\u{1F600}'.repeat(50)), `"${'\u{1F600}'.repeat(QUOTE_LENGTH)}\u2026"`);
});

test('shortenMessage cuts a long word (an echoed value) and leaves ordinary words', () => {
  const message = `order: unknown word "${'z'.repeat(2000)}" at 1; allowed: the vocabulary.`;
  const short = shortenMessage(message);
  assert.ok(short.length < 120, short);
  assert.match(short, /^order: unknown word "z{39}\u2026 at 1; allowed: the vocabulary\.$/);
  const plain = 'sinusoidalTable: dModel must be an even integer from 2 to 4096; received 7.';
  assert.equal(shortenMessage(plain), plain);
});

test('a parameter that must move with one the URL set moves, with a note naming both', () => {
  const decls = {
    trained: { type: 'int', default: 2048 },
    target: { type: 'int', default: 8192 },
  };
  const bound = ({ trained, target }, given) =>
    'trained' in given ? { target: Math.max(target, trained) } : { trained: Math.min(trained, target) };
  assert.deepEqual(keepBound(decls, { trained: 2 ** 20 }, bound), {
    options: { trained: 2 ** 20, target: 2 ** 20 },
    notes: [
      { key: 'target', name: 'target', kind: 'clamp', text: 'target moves with trained: showing 1,048,576.' },
    ],
  });
  assert.deepEqual(
    keepBound(decls, { target: 512 }, bound).notes[0].text,
    'trained moves with target: showing 512.',
  );
  assert.deepEqual(
    keepBound(decls, { trained: 4096, target: 1024 }, bound).notes[0].text,
    'target "1024" cannot stand with trained: showing 4,096.',
  );
  assert.deepEqual(keepBound(decls, { trained: 1024 }, bound), { options: { trained: 1024 }, notes: [] });
  assert.deepEqual(keepBound(decls, {}, bound), { options: {}, notes: [] });
});

test('readQuery refuses text shorter than its minLength (spaces aside), keeping the default', () => {
  const decls = { word: { type: 'string', default: 'dog', maxLength: 40, minLength: 1 } };
  for (const raw of ['', '   ']) {
    const { options, notes } = readQuery(new URLSearchParams({ word: raw }), decls);
    assert.deepEqual(options, {});
    assert.equal(notes[0].kind, 'error');
    assert.match(
      notes[0].text,
      /^word ".*" is empty; allowed: text of 1 to 40 characters\. Showing the default, "dog"\.$/,
    );
  }
});

test('keepBound names the values it moved a parameter for, or the others when the URL gave only it', () => {
  const decls = { low: { type: 'int', default: 1 }, high: { type: 'int', default: 5 } };
  const bound = ({ low, high }) => ({ low: Math.min(low, high) });
  const { notes } = keepBound(decls, { low: 9 }, bound);
  assert.equal(notes[0].text, `low "9" cannot stand with the figure's other values: showing 5.`);
});
