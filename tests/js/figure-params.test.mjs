// Every parameter of every figure set to random values, in and out of range, as a URL would give them: what the
// figure reads (its parse: values refused or moved, each with a note) always computes, through the built engine,
// as a mounted figure computes it. No combination ends in an engine error in place of the figure; a parameter
// that bounds another (a trained and a target length, a task and its training length) moves it with a note.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';

register('../unit/raw-hooks.mjs', import.meta.url);
register('./engine-hooks.mjs', import.meta.url);
globalThis.window = /** @type {any} */ ({ matchMedia: () => ({ matches: false, addEventListener() {} }) });
const { getEngine, loadEngine, loadLab, loadModels } = await import('../../web/src/engine/engine.js');
const { figures } = await import('../../web/src/app/registry.js');
await Promise.all([loadEngine(), loadLab(), loadModels()]);
const engine = getEngine();

const TRIALS = 8;

/** A small seeded generator (mulberry32), so that a failure names a trial that can be run again. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Text values of the figures' string parameters: words and sentences of the vocabulary, schemes of the lab. */
const TEXTS = {
  schemes: ['rope', 'none,alibi', 'sinusoidal,learned,rope,alibi,t5', 'alibi,alibi'],
  sentence: ['dog', 'the dog bites the man', 'a big bird sees the ball', ''],
};

/** A random URL value for one declaration: usually within its range, often just outside, sometimes junk. */
function valueFor(decl, key, pick) {
  const one = (list) => list[Math.floor(pick() * list.length)];
  if (decl.options) return String(one([...decl.options.map((o) => o.value), 'diagonal']));
  if (decl.type === 'boolean') return one(['1', '0', 'maybe']);
  if (decl.type === 'string') {
    if (key === 'schemes') return one(TEXTS.schemes);
    const words = engine.vocabulary();
    return decl.maxLength <= 40 ? one([...words.slice(0, 20), '']) : one(TEXTS.sentence);
  }
  const numberIn = (d) => {
    const low = d.min ?? -1000;
    const high = typeof d.max === 'number' ? d.max : 4096;
    const r = pick();
    if (r < 0.55) return low + Math.round(pick() * (high - low) * 100) / 100;
    if (r < 0.7) return one([low, high, low - 1, high + 1]);
    if (r < 0.85) return one([0, -1, 1.5, 2 ** 31, 2 ** 53, 999999999]);
    return one(['NaN', '', '1e309', 'x']);
  };
  if (decl.type === 'numbers') {
    const count = 1 + Math.floor(pick() * 10);
    return Array.from({ length: count }, () => numberIn(decl.items ?? {})).join(',');
  }
  return String(numberIn(decl));
}

for (const id of Object.keys(figures)) {
  test(`${id}: random values of every parameter draw, or are noted, never an engine error`, async () => {
    const figure = (await figures[id]()).default;
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const pick = random(trial * 7919 + id.length);
      const query = new URLSearchParams();
      // Every parameter in half the trials; a random few in the others (a value moved alone, with its default
      // partner).
      const all = trial % 2 === 0;
      for (const { key, name } of figure.params) {
        if (all || pick() < 0.3) query.set(name, valueFor(figure.declarations[key], key, pick));
      }
      const { notes, ...options } = figure.parse(query);
      for (const note of notes) assert.match(note.text, /^\S/, `${id}: a note reads as a sentence`);
      assert.doesNotThrow(
        () => figure.compute(engine, options),
        (error) => assert.fail(`${id} with ${query}: ${error.message.slice(0, 300)}`),
      );
    }
  });
}

test('the lab moves values the run cannot take together, each with a note', async () => {
  const lab = (await figures.lab()).default;
  const read = lab.parse(new URLSearchParams('task=subject&length=3&causal=on&randomized=4&seed=4294967295'));
  assert.equal(read.length, 5);
  assert.equal(read.causal, 'task');
  assert.equal(read.randomized, 5);
  assert.equal(read.seed, 4294967295 - 5 + 1);
  const named = read.notes.map((note) => note.name);
  for (const name of ['length', 'causal', 'randomized', 'seed']) assert.ok(named.includes(name), name);
  assert.doesNotThrow(() => lab.compute(engine, read));
});

test('extension: a trained length past the largest raises the target with it, in exact integers', async () => {
  const extension = (await figures.extension()).default;
  const read = extension.parse(new URLSearchParams('trained=999999999'));
  assert.equal(read.trained, 1048576);
  assert.equal(read.target, 1048576);
  assert.deepEqual(
    read.notes.map((note) => note.text),
    [
      'trained "999999999" is above the most this figure draws, 1,048,576: showing 1,048,576.',
      'target moves with trained: showing 1,048,576.',
    ],
  );
  assert.doesNotThrow(() => extension.compute(engine, read));
});
