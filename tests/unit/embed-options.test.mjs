// An embed's options (core/embed-options.js), read alike from embed.html's URL, a <pe-figure>'s attributes and a
// `pe-explorer:set` message: `plain`, and `controls=` naming the parameters whose controls are shown; what the
// Embed dialog writes for them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  embedEntries,
  PAGE_NAMES,
  readControls,
  readEmbedOptions,
  unknownNames,
} from '../../web/src/core/embed-options.js';

// The heatmap's controls, as defineFigure lists them (URL parameters that have one).
const HEATMAP = [
  { key: 'dModel', name: 'dModel' },
  { key: 'positions', name: 'positions' },
  { key: 'base', name: 'base' },
  { key: 'layout', name: 'layout' },
];
const read = (search) => readEmbedOptions(new URLSearchParams(search), HEATMAP);

test('without plain or controls the options stay as they are (a message changing one value keeps them)', () => {
  assert.deepEqual(read('dModel=128&positions=50'), { options: {}, notes: [] });
});

test('plain reads as a yes or no, as every boolean of a URL does; the element writes it bare', () => {
  for (const yes of ['plain=1', 'plain=true', 'plain=yes', 'plain=on', 'plain=', 'plain=TRUE']) {
    assert.deepEqual(read(yes), { options: { plain: true }, notes: [] }, yes);
  }
  for (const no of ['plain=0', 'plain=false', 'plain=off']) {
    assert.deepEqual(read(no), { options: { plain: false }, notes: [] }, no);
  }
  const { options, notes } = read('plain=maybe');
  assert.deepEqual(options, {});
  assert.equal(notes.length, 1);
  assert.equal(notes[0].kind, 'error');
  assert.equal(notes[0].key, 'plain');
  assert.match(notes[0].text, /^plain "maybe" is not a yes or no; .* Showing the default, off\.$/);
});

test('controls names the controls shown, in the figure order, by URL name or kebab-case', () => {
  assert.deepEqual(read('controls=positions').options, { showControls: ['positions'] });
  assert.deepEqual(read('controls=positions,dModel').options, { showControls: ['dModel', 'positions'] });
  assert.deepEqual(read('controls=d-model,%20base%20,,positions,base').options, {
    showControls: ['dModel', 'positions', 'base'],
  });
  assert.deepEqual(read('plain=1&controls=positions'), {
    options: { plain: true, showControls: ['positions'] },
    notes: [],
  });
});

test('controls=none shows none; an empty list is refused and every control stays', () => {
  assert.deepEqual(read('controls=none'), { options: { showControls: [] }, notes: [] });
  assert.deepEqual(read('controls=NONE').options, { showControls: [] });
  for (const empty of ['controls=', 'controls=,%20,']) {
    const { options, notes } = read(empty);
    assert.deepEqual(options, {}, empty);
    assert.equal(notes.length, 1);
    assert.match(
      notes[0].text,
      /^controls ".*" is empty; allowed: none, or names of controls .*Showing every/,
    );
  }
});

test('names that are not controls of the figure are left out with a visible note listing those it has', () => {
  const { options, notes } = read('controls=positions,nope,seed');
  assert.deepEqual(options, { showControls: ['positions'] });
  assert.deepEqual(notes, [
    {
      key: 'controls',
      name: 'controls',
      kind: 'error',
      text:
        'controls "nope", "seed" name no control here (its controls: dModel, positions, base, layout): ' +
        'left out.',
    },
  ]);
  // Only unknown names: none shown, and the note says why.
  assert.deepEqual(read('controls=Positions').options, { showControls: [] });
  assert.match(read('controls=Positions').notes[0].text, /^controls "Positions" names no control here/);
});

test('a long or many-named value is quoted short in its note', () => {
  const long = 'x'.repeat(500);
  const { notes } = read(`controls=${long}`);
  assert.ok(notes[0].text.length < 200, notes[0].text);
  assert.match(notes[0].text, /"x{40}\u2026"/);
  const many = Array.from({ length: 200 }, (_, i) => `n${i}`).join(',');
  const text = read(`controls=${many}`).notes[0].text;
  assert.match(text, /^controls "n0", "n1", "n2", "n3" and 60 more name no control here/);
});

test('a figure without controls says it has none', () => {
  const { notes } = readControls('positions', []);
  assert.match(notes[0].text, /\(it has none\): left out\.$/);
});

test('the dialog writes plain=1 and controls only when they differ from the defaults', () => {
  const all = ['dModel', 'positions', 'base', 'layout'];
  assert.deepEqual(embedEntries({ plain: false, shown: all, all }), []);
  assert.deepEqual(embedEntries({ plain: true, shown: all, all }), [['plain', '1']]);
  assert.deepEqual(embedEntries({ plain: true, shown: ['positions'], all }), [
    ['plain', '1'],
    ['controls', 'positions'],
  ]);
  assert.deepEqual(embedEntries({ plain: false, shown: ['dModel', 'positions'], all }), [
    ['controls', 'dModel,positions'],
  ]);
  assert.deepEqual(embedEntries({ plain: false, shown: [], all }), [['controls', 'none']]);
  // What it writes reads back as chosen.
  const back = read(
    new URLSearchParams([
      ['plain', '1'],
      ['controls', 'dModel,positions'],
    ]).toString(),
  );
  assert.deepEqual(back.options, { plain: true, showControls: ['dModel', 'positions'] });
});

test('a name the embed does not read gets a note naming the figure parameters; its own names get none', () => {
  const params = [{ name: 'dModel' }, { name: 'positions' }];
  const query = new URLSearchParams(
    'figure=heatmap&theme=dark&origin=https://a.example&plain=1&controls=none',
  );
  query.set('dModel', '64');
  assert.deepEqual(unknownNames(query, params, PAGE_NAMES), []);
  query.set('dmodel', '128');
  assert.deepEqual(unknownNames(query, params, PAGE_NAMES), [
    {
      key: 'dmodel',
      name: 'dmodel',
      kind: 'error',
      text: '"dmodel" = "128" is not a parameter here (its parameters: dModel, positions): left out.',
    },
  ]);
  // In a message the page's own names are not read either.
  assert.equal(unknownNames(new URLSearchParams('figure=order'), params).length, 1);
});

test('many unknown names give four notes and one counting the rest, each name quoted short', () => {
  const query = new URLSearchParams();
  for (let i = 0; i < 7; i += 1) query.set(`${'x'.repeat(60)}${i}`, 'v');
  const notes = unknownNames(query, [], PAGE_NAMES);
  assert.equal(notes.length, 5);
  assert.match(notes[0].text, /^"x{40}\u2026" = "v" is not a parameter here \(it has none\): left out\.$/);
  assert.equal(notes[4].text, '3 more names were left out, none a parameter here.');
});
