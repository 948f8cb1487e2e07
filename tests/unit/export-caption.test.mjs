// The caption line under an exported figure image: its title and the parameters it shows, in the words of their
// controls (issue 22: no internal names such as "queriesOnly 0" or "headDim 8").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportCaption } from '../../web/src/ui/export-image.js';

const decls = {
  dModel: { type: 'int', label: 'Model width d_model', control: 'slider' },
  positions: { type: 'int', label: 'Positions', control: 'slider' },
  base: { type: 'number', label: 'Base', format: (v) => v.toLocaleString('en-US') },
};

test('names the title and each parameter by its label, with the value as the control shows it', () => {
  assert.equal(
    exportCaption('Sinusoidal encoding heatmap', decls, { dModel: 128, positions: 50, base: 10000 }),
    'Sinusoidal encoding heatmap: model width d_model 128, positions 50, base 10,000; PE Explorer',
  );
});

test('reads a choice as its label, a switch by its name when on, and quotes text', () => {
  const more = {
    mode: {
      type: 'enum',
      label: 'RoPE mode',
      options: [
        { value: 'both', label: 'queries and keys' },
        { value: 'queriesOnly', label: 'queries only' },
      ],
    },
    causal: { type: 'boolean', label: 'Causal mask' },
    scaled: { type: 'boolean', label: 'Scaled' },
    starts: { type: 'numbers', label: 'Starts' },
    text: { type: 'string', label: 'Sentence A' },
  };
  assert.equal(
    exportCaption('T', more, {
      mode: 'queriesOnly',
      causal: true,
      scaled: false,
      starts: [0, 100],
      text: 'dog bites man',
    }),
    'T: RoPE mode queries only, causal mask, starts 0, 100, sentence A \u201cdog bites man\u201d; PE Explorer',
  );
});

test('leaves out parameters without a label, kept out of URLs, or without a value', () => {
  const list = {
    ...decls,
    reveal: { type: 'boolean' },
    headDim: { type: 'int' },
    highlight: { type: 'int', label: 'Highlight', url: false },
    dims: { type: 'numbers', label: 'Dimensions' },
  };
  const caption = exportCaption('T', list, {
    dModel: 8,
    positions: undefined,
    reveal: false,
    headDim: 8,
    highlight: 3,
    dims: null,
  });
  assert.equal(caption, 'T: model width d_model 8; PE Explorer');
  assert.doesNotMatch(caption, /reveal|headDim|queriesOnly/);
  assert.equal(exportCaption('T', {}, {}), 'T; PE Explorer');
});
