// The caption line under an exported figure image: its title and the parameters it shows, as URLs name them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportCaption } from '../../web/src/ui/export-image.js';

const params = [
  { key: 'dModel', name: 'dModel', type: 'int' },
  { key: 'positions', name: 'positions', type: 'int' },
];

test('names the title and each parameter with its value', () => {
  assert.equal(
    exportCaption('Sinusoidal encoding heatmap', params, { dModel: 128, positions: 50 }),
    'Sinusoidal encoding heatmap: dModel 128, positions 50; PE Explorer',
  );
});

test('writes lists with commas, flags as 0 or 1, and quotes text', () => {
  const more = [
    { key: 'starts', name: 'starts', type: 'numbers' },
    { key: 'causal', name: 'causal', type: 'boolean' },
    { key: 'text', name: 'sentence', type: 'string' },
  ];
  assert.equal(
    exportCaption('T', more, { starts: [0, 100], causal: true, text: 'dog bites man' }),
    'T: starts 0,100, causal 1, sentence \u201cdog bites man\u201d; PE Explorer',
  );
});

test('leaves out parameters that have no value (an unset list)', () => {
  const list = [{ key: 'dims', name: 'dims', type: 'numbers' }, ...params];
  assert.equal(
    exportCaption('T', list, { dims: null, dModel: 8, positions: undefined }),
    'T: dModel 8; PE Explorer',
  );
  assert.equal(exportCaption('T', [], {}), 'T; PE Explorer');
});
