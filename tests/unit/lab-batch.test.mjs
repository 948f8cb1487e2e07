// A batch past the engine's activation cap (web/src/lab/activations.js) is lowered by the lab's keepRunTogether
// to the largest that fits at the run's length and model size, with the same note as every other moved value;
// a batch that fits is left as asked. A reader's change on the controls that moves the batch (which has no
// control) says so too (followNotes). tests/js/lab-activations.test.mjs checks the count against the engine.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';

register('./raw-hooks.mjs', import.meta.url);
const { defaultsOf, readQuery } = await import('../../web/src/core/params.js');
const { followNotes, keepBound } = await import('../../web/src/core/moves.js');
const { keepRunTogether, PARAMS } = await import('../../web/src/figures/lab/params.js');
const { activationFloats, largestBatch, MAX_ACTIVATIONS } = await import('../../web/src/lab/activations.js');

/** What the lab figure reads from a query: the values, after keepRunTogether, and the notes (core/figure.js). */
function read(query) {
  const url = readQuery(new URLSearchParams(query), PARAMS);
  const { options, notes } = keepBound(PARAMS, url.options, keepRunTogether);
  return { params: { ...defaultsOf(PARAMS), ...options }, notes: [...url.notes, ...notes] };
}

test('a large model at length 32 counts as the engine does', () => {
  const large = { dModel: 128, nHeads: 8, nLayers: 2 };
  // The engine's refusal of the link names 50,562,048 floats (tests/js checks every size against it).
  assert.equal(activationFloats({ task: 'subject', ...large }, 256, 32), 50_562_048);
  assert.equal(largestBatch({ task: 'subject', ...large }, 32), 169);
  assert.ok(activationFloats({ task: 'subject', ...large }, 169, 32) <= MAX_ACTIVATIONS);
  assert.ok(activationFloats({ task: 'subject', ...large }, 170, 32) > MAX_ACTIVATIONS);
  // Per-token tasks carve logits for every position, so one fewer sequence fits.
  assert.equal(largestBatch({ task: 'previous', ...large }, 32), 168);
  assert.ok(Number.isNaN(activationFloats({ task: 'sort', ...large }, 1, 32)));
  assert.equal(largestBatch({ task: 'sort', ...large }, 32), 0);
});

test("the issue's link lowers batch, and nothing else, with a note naming what was asked and what is shown", () => {
  const query = 'batch=256&size=large&length=32';
  const { params, notes } = read(query);
  const asked = { ...defaultsOf(PARAMS), ...readQuery(new URLSearchParams(query), PARAMS).options };
  assert.deepEqual(keepRunTogether(asked), { batch: 169 });
  assert.deepEqual(params, { ...asked, batch: 169 });
  assert.deepEqual(notes, [
    {
      key: 'batch',
      name: 'batch',
      kind: 'clamp',
      text: 'batch "256" cannot stand with length and size: showing 169.',
    },
  ]);
  // On a per-token task the largest batch is one fewer; a length raised to the task's shortest counts.
  assert.equal(read(`${query}&task=reverse`).params.batch, 168);
  assert.deepEqual(keepRunTogether({ ...asked, task: 'subject', length: 2 }), { length: 5 });
});

test('a batch that fits is not moved, nor one the URL did not set', () => {
  assert.deepEqual(read('batch=169&size=large&length=32'), {
    params: { ...defaultsOf(PARAMS), batch: 169, size: 'large', length: 32 },
    notes: [],
  });
  assert.deepEqual(read('batch=256&size=medium&length=32').notes, []);
  assert.deepEqual(read('size=large&length=32').notes, []);
  assert.deepEqual(keepRunTogether({ ...defaultsOf(PARAMS), size: 'large', length: 32 }), {});
  // A size the page does not know is the engine's to name (configOf), not moved here.
  assert.deepEqual(keepRunTogether({ ...defaultsOf(PARAMS), size: 'huge', batch: 256, length: 32 }), {});
});

test('the batch moves once length and size together pass the cap, to the largest that fits there', () => {
  // At the default length 8 the large model takes 256 sequences; from length 22 on, 256 no longer fit.
  const at = (length) => keepRunTogether({ ...defaultsOf(PARAMS), batch: 256, size: 'large', length });
  assert.deepEqual(at(8), {});
  assert.deepEqual(at(21), {});
  assert.deepEqual(at(22), { batch: 253 });
  assert.equal(
    read('size=large&length=32&batch=200').notes[0].text,
    'batch "200" cannot stand with length and size: showing 169.',
  );
});

test('a larger model chosen on the controls lowers the batch with a note, as the figure shows it', () => {
  // ui/figure.js: follow's moved values without a control become notes (the lab's batch has none).
  const before = { ...defaultsOf(PARAMS), batch: 256, length: 32 };
  const moved = keepRunTogether({ ...before, size: 'large' });
  assert.deepEqual(moved, { batch: 169 });
  assert.deepEqual(followNotes(PARAMS, before, moved, ['size']), [
    {
      key: 'batch',
      name: 'batch',
      kind: 'clamp',
      text: 'batch "256" cannot stand with size: showing 169.',
    },
  ]);
  // Nothing moved, or moved to where it already was: no note.
  assert.deepEqual(followNotes(PARAMS, before, {}, ['size']), []);
  assert.deepEqual(followNotes(PARAMS, before, { batch: 256 }, ['size']), []);
});
