// URL state's pure functions: reading the query by owner (capped), writing only changed values, and the
// snippets and links of the Embed dialog.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_KEYS, MAX_QUERY, readQuery } from '../../web/src/app/address.js';
import {
  articleUrl,
  changedEntries,
  componentSnippet,
  embedUrl,
  escapeAttribute,
  iframeSnippet,
  kebab,
  writeQuery,
} from '../../web/src/core/url.js';

const OWNERS = ['sinusoidal', 'heatmap', 'similarity'];
const PARAMS = [
  { key: 'dModel', name: 'dModel', type: 'int', default: 512 },
  { key: 'base', name: 'b', type: 'number', default: 10000 },
  { key: 'starts', name: 'starts', type: 'numbers', default: [0, 100] },
  { key: 'causal', name: 'causal', type: 'boolean', default: false },
];

const plain = (groups) => Object.fromEntries([...groups].map(([owner, q]) => [owner, Object.fromEntries(q)]));

test('readQuery groups values by owner and strips the prefix', () => {
  const groups = readQuery('?heatmap.positions=50&similarity.maxOffset=20&sinusoidal.dModel=128', OWNERS);
  assert.deepEqual(plain(groups), {
    heatmap: { positions: '50' },
    similarity: { maxOffset: '20' },
    sinusoidal: { dModel: '128' },
  });
});

test('readQuery leaves out unknown owners, malformed keys and repeats (the first counts)', () => {
  const groups = readQuery(
    'nobody.x=1&heatmap=2&heatmap.=3&heatmap.a.b=4&Heatmap.x=5&figure=heatmap&heatmap.x=6&heatmap.x=7&heatmap.__proto__=8',
    OWNERS,
  );
  assert.deepEqual(plain(groups), { heatmap: { x: '6' } });
});

test('readQuery decodes values', () => {
  const groups = readQuery('?heatmap.text=the%20dog%2C+bites&heatmap.list=1,2,3', OWNERS);
  assert.deepEqual(plain(groups), { heatmap: { text: 'the dog, bites', list: '1,2,3' } });
});

test('readQuery reads whole entries within MAX_QUERY characters only', () => {
  const filler = `pad=${'x'.repeat(MAX_QUERY - 30)}`;
  const groups = readQuery(`heatmap.a=1&${filler}&heatmap.b=2&heatmap.c=${'y'.repeat(40)}`, OWNERS);
  assert.deepEqual(plain(groups), { heatmap: { a: '1', b: '2' } });
});

test('readQuery reads at most MAX_KEYS keys', () => {
  const query = Array.from({ length: MAX_KEYS + 10 }, (_, i) => `heatmap.k${i}=${i}`).join('&');
  assert.equal([...readQuery(query, OWNERS).get('heatmap')].length, MAX_KEYS);
});

test('readQuery of an empty or foreign query is empty', () => {
  assert.equal(readQuery('', OWNERS).size, 0);
  assert.equal(readQuery('?', OWNERS).size, 0);
  assert.equal(readQuery('?figure=heatmap&dModel=128', OWNERS).size, 0);
});

test('changedEntries writes only values away from their defaults, by URL name, in declaration order', () => {
  assert.deepEqual(changedEntries(PARAMS, { dModel: 512, base: 10000, starts: [0, 100], causal: false }), []);
  assert.deepEqual(changedEntries(PARAMS, { causal: true, dModel: 128, base: 500, starts: [0, 100] }), [
    ['dModel', '128'],
    ['b', '500'],
    ['causal', '1'],
  ]);
  assert.deepEqual(changedEntries(PARAMS, { starts: [0, 200] }), [['starts', '0,200']]);
});

test('changedEntries of a list left to the figure (a null default, the binary clocks) writes it only when set', () => {
  const params = [{ key: 'pairs', name: 'pairs', type: 'numbers', default: null }];
  assert.deepEqual(changedEntries(params, { pairs: null }), []);
  assert.deepEqual(changedEntries(params, { pairs: [3, 40] }), [['pairs', '3,40']]);
});

test('changedEntries leaves out the skipped keys and values it is not given', () => {
  assert.deepEqual(changedEntries(PARAMS, { dModel: 128, base: 500 }, ['dModel']), [['b', '500']]);
});

test('writeQuery prefixes names, encodes values and keeps commas readable', () => {
  assert.equal(writeQuery([]), '');
  assert.equal(writeQuery([['heatmap', []]]), '');
  assert.equal(
    writeQuery([
      ['sinusoidal', [['positions', '50']]],
      [
        'order',
        [
          ['text', 'man bites dog & co'],
          ['starts', '0,100'],
        ],
      ],
    ]),
    '?sinusoidal.positions=50&order.text=man%20bites%20dog%20%26%20co&order.starts=0,100',
  );
});

test('a written query reads back as written', () => {
  const entries = [
    ['text', 'a=b&c?d#e, "f" <g>'],
    ['n', '1e-7'],
  ];
  const groups = readQuery(writeQuery([['heatmap', entries]]), OWNERS);
  assert.deepEqual([...groups.get('heatmap')], entries);
});

test('embedUrl is absolute and beside the page, wherever the site is hosted', () => {
  assert.equal(
    embedUrl('https://example.org/notes/pe/index.html?heatmap.x=1#heatmap', 'heatmap', [['positions', '50']]),
    'https://example.org/notes/pe/embed.html?figure=heatmap&positions=50',
  );
  assert.equal(
    embedUrl('https://example.org/pe/', 'naive', []),
    'https://example.org/pe/embed.html?figure=naive',
  );
});

test('articleUrl keeps the article page, or finds it beside the embed page', () => {
  assert.equal(
    articleUrl('https://example.org/pe/?old.x=1#intro', '?naive.offset=4', 'naive', true),
    'https://example.org/pe/?naive.offset=4#naive',
  );
  assert.equal(
    articleUrl('https://example.org/pe/embed.html?figure=naive&offset=4', '?naive.offset=4', 'naive', false),
    'https://example.org/pe/index.html?naive.offset=4#naive',
  );
  assert.equal(
    articleUrl('https://example.org/pe/index.html', '', 'heatmap', true),
    'https://example.org/pe/index.html#heatmap',
  );
});

test('kebab turns URL names into attribute names', () => {
  assert.equal(kebab('dModel'), 'd-model');
  assert.equal(kebab('maxOffset'), 'max-offset');
  assert.equal(kebab('positions'), 'positions');
});

test('snippets escape what goes into attributes', () => {
  assert.equal(escapeAttribute('a&b"c<d>'), 'a&amp;b&quot;c&lt;d&gt;');
  const iframe = iframeSnippet('https://example.org/embed.html?figure=order&text=a', 'Title "quoted" <b>');
  assert.match(iframe, /src="https:\/\/example\.org\/embed\.html\?figure=order&amp;text=a"/);
  assert.match(iframe, /title="Title &quot;quoted&quot; &lt;b&gt;"/);
  assert.match(iframe, /pe-explorer:height/);
  assert.equal(
    componentSnippet('https://example.org/pe/index.html', 'similarity', [
      ['maxOffset', '20'],
      ['text', '"x"'],
    ]),
    '<script src="https://example.org/pe/pe-figure-loader.js" defer></script>\n' +
      '<pe-figure figure="similarity" max-offset="20" text="&quot;x&quot;"></pe-figure>',
  );
});
