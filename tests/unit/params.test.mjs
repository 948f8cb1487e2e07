// The figure spec's parameter declarations: defaults, the URL list, and URL parsing (typed and capped).
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
  urlParamsOf,
} from '../../web/src/app/params.js';

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

test('numbers parse to numbers, and text that is not one to NaN for the engine to name', () => {
  assert.deepEqual(parse('dModel=128&b=500'), { dModel: 128, base: 500 });
  assert.ok(Number.isNaN(parse('dModel=').dModel));
  assert.ok(Number.isNaN(parse('dModel=abc').dModel));
});

test('an enum keeps the type of its declared options, and passes unknown text on', () => {
  assert.equal(parse('width=32').width, 32);
  assert.equal(parse('layout=split').layout, 'split');
  assert.equal(parse('layout=diagonal').layout, 'diagonal');
});

test('strings and lists are capped', () => {
  assert.equal(parse(`text=${'a'.repeat(5000)}`).text.length, MAX_TEXT);
  assert.equal(parse('short=abcdefgh').short, 'abcde');
  const many = Array.from({ length: 500 }, (_, i) => i).join(',');
  assert.equal(parse(`starts=${many}`).starts.length, MAX_ITEMS);
  assert.deepEqual(parse('starts=1,,x').starts.slice(0, 1), [1]);
  assert.ok(parse('starts=1,,x').starts.slice(1).every(Number.isNaN));
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
