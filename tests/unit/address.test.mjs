// The article's address read (app/address.js): what it left out and why, and the notes that say so, each naming
// the key, quoting its value short and saying what is shown instead.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  droppedNote,
  MAX_KEYS,
  MAX_QUERY,
  moreNotes,
  readAddress,
  unknownNames,
} from '../../web/src/app/address.js';

const OWNERS = ['sinusoidal', 'heatmap'];
const kinds = (search) => readAddress(search, OWNERS).dropped.map((e) => [e.key, e.kind]);

test('readAddress names every entry it leaves out: unknown keys, repeats, past the length, past the count', () => {
  assert.deepEqual(kinds('nobody.x=1&heatmap.a=1&heatmap.a=2&utm=3'), [
    ['nobody.x', 'unknown'],
    ['heatmap.a', 'repeat'],
    ['utm', 'unknown'],
  ]);
  const long = `heatmap.a=1&heatmap.b=${'x'.repeat(MAX_QUERY)}&heatmap.c=2`;
  assert.deepEqual(kinds(long), [
    ['heatmap.b', 'long'],
    ['heatmap.c', 'long'],
  ]);
  const many = Array.from({ length: MAX_KEYS + 2 }, (_, i) => `heatmap.k${i}=${i}`).join('&');
  assert.deepEqual(kinds(many), [
    [`heatmap.k${MAX_KEYS}`, 'many'],
    [`heatmap.k${MAX_KEYS + 1}`, 'many'],
  ]);
});

test('readAddress keeps the owner of an entry it leaves out, so that its figure shows the note', () => {
  const { dropped } = readAddress(`heatmap.a=${'x'.repeat(MAX_QUERY)}`, OWNERS);
  assert.equal(dropped[0].owner, 'heatmap');
  assert.equal(dropped[0].name, 'a');
});

test('readAddress records at most MAX_KEYS entries it leaves out and counts the rest', () => {
  const search = Array.from({ length: 3 * MAX_KEYS }, (_, i) => `x${i}=1`).join('&');
  const { dropped, more } = readAddress(search, OWNERS);
  assert.equal(dropped.length, MAX_KEYS);
  assert.equal(more, 2 * MAX_KEYS);
  assert.deepEqual(
    moreNotes(more).map((n) => n.text),
    ['128 more entries of the address were left out.'],
  );
  assert.deepEqual(moreNotes(0), []);
});

test('a note on an entry left out quotes the key and the value short and says why', () => {
  const [entry] = readAddress(`nobody.x=${'y'.repeat(100)}`, OWNERS).dropped;
  assert.equal(
    droppedNote(entry).text,
    `"nobody.x" = "${'y'.repeat(40)}\u2026" is not a key this article reads (sinusoidal.<name> or ` +
      '<figure>.<name>): left out.',
  );
  const [repeat] = readAddress('heatmap.a=1&heatmap.a=2', OWNERS).dropped;
  assert.equal(
    droppedNote(repeat).text,
    '"heatmap.a" = "2" repeats a key given before it; the first is shown.',
  );
});

test('unknownNames notes every name a figure does not declare, with the names it has', () => {
  const params = [{ name: 'dModel' }, { name: 'base' }];
  const notes = unknownNames(new URLSearchParams('dModel=8&nosuch=1'), params, 'heatmap');
  assert.deepEqual(
    notes.map((n) => [n.key, n.kind, n.text]),
    [
      [
        'nosuch',
        'error',
        '"heatmap.nosuch" = "1" is not a parameter here (its parameters: dModel, base): left out.',
      ],
    ],
  );
});
