// Each figure's readEmbed (ui/figure.js), as embed.html, the <pe-figure> element and `pe-explorer:set` call it:
// the figure's parameters as its parse reads them, then `plain` and `controls=`, whose names are the parameters
// with a control, declared or made by the view (the spec's ownControls).
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';

register('../unit/raw-hooks.mjs', import.meta.url);
register('./engine-hooks.mjs', import.meta.url);
globalThis.window = /** @type {any} */ ({ matchMedia: () => ({ matches: false, addEventListener() {} }) });
const { figures } = await import('../../web/src/app/registry.js');

const readEmbed = async (id, search) => (await figures[id]()).default.readEmbed(new URLSearchParams(search));

test('the heatmap with plain=1 and controls=positions: one control, the other values as given', async () => {
  const read = await readEmbed('heatmap', 'figure=heatmap&plain=1&controls=positions&dModel=128');
  assert.deepEqual(read, { dModel: 128, plain: true, showControls: ['positions'], notes: [] });
});

test("the order figure's own controls can be chosen; a parameter without a control is noted", async () => {
  const read = await readEmbed('order', 'controls=head,a,seed,encoding');
  assert.deepEqual(read.showControls, ['a', 'encoding', 'head']);
  assert.equal(read.notes.length, 1);
  assert.equal(
    read.notes[0].text,
    'controls "seed" names no control here (its controls: a, b, encoding, mask, dModel, head, reveal): left out.',
  );
});

test('every figure reads plain and controls=none, and no name it does not declare', async () => {
  for (const [id, load] of Object.entries(figures)) {
    const figure = (await load()).default;
    const read = figure.readEmbed(new URLSearchParams('plain=no&controls=none&nothing=1'));
    assert.equal(read.plain, false, id);
    assert.deepEqual(read.showControls, [], id);
    assert.deepEqual(read.notes, [], id);
  }
});
