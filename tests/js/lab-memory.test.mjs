// Out of memory is an Error, never an abort: Labs of the largest size are created in a module of their own until
// the engine's 2 GiB memory has no room for another; the last one is refused by name, and the module keeps
// working once a Lab is deleted. (Its own file, so that node --test runs it in a process of its own.)
import assert from 'node:assert/strict';
import test from 'node:test';
import { createLab } from './engine.mjs';
import { LARGEST, fillUntilRefused } from './lab-memory.mjs';

test('a Lab the memory has no room for is an Error naming new Lab and the memory asked for', async () => {
  const { labs, refused, Lab } = fillUntilRefused(await createLab());
  assert.ok(refused instanceof Error, `${labs.length} large Labs fit in 2 GiB`);
  assert.ok(labs.length >= 4, `only ${labs.length} large Labs fit`);
  assert.match(
    refused.message,
    /^new Lab: this model needs about [\d,]+ MiB of the engine's memory, which has no room left for it/,
  );
  // Every Lab made still works (a training step at this size takes seconds, so the last one evaluates), and
  // once a large one is deleted another fits and a small one trains.
  assert.equal(labs.at(-1).evaluate({ samples: 1, lengths: [8] }).accuracy.length, 1);
  assert.throws(() => new Lab(LARGEST), /^Error: new Lab: this model needs/);
  labs.pop().delete();
  const again = new Lab(LARGEST);
  const small = new Lab({ task: 'previous', scheme: 'rope' });
  assert.equal(small.train(2).loss.length, 2);
  for (const lab of [...labs, again, small]) lab.delete();
});
