// Saved lab states are checked: 3,000 mutations of a state (changed bytes, truncations, bytes added) are each
// refused with a message that says which, and states of versions 1 to 3, which carry no checksum, still read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labModule } from './engine.mjs';

// A tiny model, so that a state is a few kilobytes and 3,000 imports take well under a second.
const tiny = { task: 'previous', scheme: 'learned', dModel: 8, nHeads: 2, nLayers: 1, length: 4, batch: 2 };
const MUTATIONS = 3000;
// The magic and the format version: a change there is a foreign state or another version, not a changed byte.
const HEAD = 8;

/** xorshift32: the same mutations on every run. */
function random(seed) {
  let x = seed;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

function savedState() {
  const lab = new labModule.Lab(tiny);
  try {
    lab.train(2);
    return { bytes: lab.exportState(), config: lab.config, step: lab.step };
  } finally {
    lab.delete();
  }
}

/** One mutation of `bytes`: what was done, and the message that must say so. */
function mutate(bytes, int) {
  const kind = int(4);
  if (kind === 0 || kind === 1) {
    // One bit flipped, or one to four bytes replaced by others.
    const out = bytes.slice();
    const changes = kind === 0 ? 1 : 1 + int(4);
    let first = bytes.length;
    for (let i = 0; i < changes; i += 1) {
      const at = int(bytes.length);
      first = Math.min(first, at);
      out[at] = kind === 0 ? out[at] ^ (1 << int(8)) : (out[at] + 1 + int(255)) % 256;
    }
    return {
      out,
      said: first < HEAD ? /PELB|format version|truncated|past its end/ : /changed after it was saved/,
    };
  }
  if (kind === 2) return { out: bytes.slice(0, int(bytes.length)), said: /truncated|PELB/ };
  // Bytes added at the end.
  const out = new Uint8Array(bytes.length + 1 + int(16));
  out.set(bytes);
  for (let i = bytes.length; i < out.length; i += 1) out[i] = int(256);
  return { out, said: /past its end/ };
}

test('3,000 mutated states are each refused by name, and the Lab keeps its run', () => {
  const { bytes, config, step } = savedState();
  assert.equal(bytes[4], 4, 'format version 4');
  const int = random(24);
  const lab = new labModule.Lab({ ...tiny, seed: 9 });
  try {
    lab.train(1);
    let accepted = 0;
    for (let i = 0; i < MUTATIONS; i += 1) {
      const { out, said } = mutate(bytes, int);
      try {
        lab.importState(out);
        accepted += 1;
      } catch (error) {
        assert.match(error.message, /^Lab\.importState: bytes cannot be read: /);
        assert.match(error.message, said);
      }
    }
    assert.equal(accepted, 0, `${accepted} of ${MUTATIONS} corrupted states accepted`);
    assert.equal(lab.step, 1, 'a refused state leaves the run as it was');
    assert.equal(lab.config.seed, 9);
    lab.importState(bytes);
    assert.deepEqual(lab.config, config);
    assert.equal(lab.step, step);
  } finally {
    lab.delete();
  }
});

test('a state of another format version is refused naming it; versions 1 to 3 still read', () => {
  const { bytes, step } = savedState();
  const lab = new labModule.Lab(tiny);
  try {
    const future = bytes.slice();
    future[4] = 5;
    assert.throws(() => lab.importState(future), /^Error: Lab\.importState: .*another format version \(5\)/);
    // Version 3 is version 4 less its checksum: read as it always was, unchecked.
    const v3 = bytes.slice(0, bytes.length - 8);
    v3[4] = 3;
    lab.importState(v3);
    assert.equal(lab.step, step);
    assert.deepEqual(lab.exportState(), bytes, 'exported again as version 4');
    const truncated = v3.slice(0, v3.length - 3);
    assert.throws(() => lab.importState(truncated), /^Error: Lab\.importState: .*truncated/);
  } finally {
    lab.delete();
  }
});
