// Hostile arguments: JS values whose reading throws (symbols and BigInts inside arrays, throwing valueOf,
// getters and Proxy traps, revoked Proxies) must never throw while WebAssembly frames are on the stack, so the
// module stays exact and holds no more memory after any number of them; then a seeded fuzz of every export and
// of Lab. scripts/fuzz-engine.mjs runs the same fuzz for longer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, labModule, models, assertEngineError, assertMemoryUnchanged } from './engine.mjs';
import { fuzzSurface, runFuzz } from './fuzz.mjs';

const { functions, parameters } = fuzzSurface(pe, models);

function thrower() {
  throw new Error('hostile');
}
function revoked(target) {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

/** Outputs computed before hostile calls, to compare after them. */
function knownValues() {
  const lab = new labModule.Lab({
    dModel: 16,
    nHeads: 2,
    nLayers: 1,
    length: 8,
    batch: 4,
    steps: 20,
    warmup: 2,
  });
  try {
    return {
      table: pe.sinusoidalTable(16, 32),
      periods: pe.pairPeriods(64),
      ranges: pe.dimensionRanges(64, 512),
      rotated: pe.ropeRotate([1, 2, 3, 4, 5, 6, 7, 8], 2, 4),
      pooled: pe.attendSentence('the dog chased the cat', 'rope', 64, 3).pooled,
      attention: pe.selfAttention([1, 2, 3, 4], 2, 2, { positional: 'alibi' }).weights,
      rounded: pe.roundToFormat([1.1, 2.2, 65504], 'float16'),
      slopes: pe.alibiSlopes(12),
      spectrum: models.ropeSpectrum(16, 10000, 4096, {
        ropeType: 'yarn',
        factor: 4,
        originalMaxPositionEmbeddings: 1024,
      }).scaledInvFreq,
      lab: [lab.positionTable(), lab.train(2).loss, lab.evaluate({ samples: 4 }).accuracy],
    };
  } finally {
    lab.delete();
  }
}

test('9,000 calls with a Symbol inside an array each throw the same Error and leave the module exact', () => {
  const reference = knownValues();
  assertMemoryUnchanged(() => {
    for (let i = 0; i < 9000; i += 1) {
      assertEngineError(
        () => pe.ropeRotate([1, 2, 3, Symbol()], 1, 4),
        /^ropeRotate: x must hold finite numbers only; item 3 is a symbol\.$/,
      );
    }
  });
  assert.deepEqual(pe.pairPeriods(64), reference.periods);
  assert.deepEqual(pe.dimensionRanges(64, 512), reference.ranges);
  assert.deepEqual(knownValues(), reference);
});

test('20,000 calls whose arguments throw while read, across every route, leave the module exact', () => {
  const reference = knownValues();
  const lab = new labModule.Lab({ dModel: 16, nHeads: 2, nLayers: 1, length: 8, batch: 4 });
  const routes = [
    [() => pe.ropeRotate([1, 2, 3, 4n], 1, 4), /^ropeRotate: x must hold .* item 3 is a BigInt \(4n\)\.$/],
    [
      () =>
        pe.selfAttention([1, 2], 1, 2, {
          get heads() {
            return thrower();
          },
        }),
      /^selfAttention: options\.heads could not be read/,
    ],
    [() => pe.selfAttention([1, 2], 1, 2, revoked({})), /^selfAttention: options could not be read/],
    [
      () => pe.attendSentence('dog', 'rope', 64, 1, new Proxy({}, { ownKeys: thrower })),
      /^attendSentence: options could not be read/,
    ],
    [
      () => pe.roundToFormat([1, { valueOf: thrower }], 'float16'),
      /^roundToFormat: values must hold .* item 1 is an object\.$/,
    ],
    [() => pe.roundToFormat(revoked([]), 'float16'), /^roundToFormat: values could not be read/],
    [() => pe.tokenize({ toString: thrower }), /^tokenize: text must be a string/],
    [
      () =>
        models.ropeSpectrum(16, 10000, 4096, {
          ropeType: 'longrope',
          shortFactor: revoked([]),
          longFactor: [],
        }),
      /^ropeSpectrum: scaling\.shortFactor could not be read/,
    ],
    [
      () =>
        models.ropeSpectrum(4, 10000, 4096, { ropeType: 'longrope', shortFactor: [1, { valueOf: thrower }] }),
      /^ropeSpectrum: scaling\.shortFactor must hold finite numbers only; item 1 is an object\.$/,
    ],
    [() => pe.pairPeriods({ valueOf: thrower }), /^pairPeriods: dModel must be .*; received an object\.$/],
    [
      () =>
        new labModule.Lab({
          get task() {
            return thrower();
          },
        }),
      /^new Lab: config\.task could not be read/,
    ],
    [() => new labModule.Lab(revoked({})), /^new Lab: config could not be read/],
    [() => lab.train({ [Symbol.toPrimitive]: thrower }), /^Lab\.train: steps must be/],
    [
      () =>
        lab.evaluate({
          get samples() {
            return thrower();
          },
        }),
      /^Lab\.evaluate: options\.samples could not be read/,
    ],
    [() => lab.importState(revoked(new Uint8Array(4))), /^Lab\.importState: bytes could not be read/],
  ];
  assertMemoryUnchanged(() => {
    for (let i = 0; i < 20000; i += 1) {
      const [call, pattern] = routes[i % routes.length];
      assertEngineError(call, pattern);
    }
  });
  lab.delete();
  assert.deepEqual(knownValues(), reference);
});

test('array items are numbers as they are: no coercion of null, strings, booleans, BigInts or objects', () => {
  for (const [item, shown] of [
    [null, 'null'],
    ['1', '"1"'],
    [true, 'true'],
    [undefined, 'undefined'],
    [10n, 'a BigInt \\(10n\\)'],
    [Symbol('s'), 'a symbol'],
    [{ valueOf: () => 1 }, 'an object'],
    [[1], 'an array of length 1'],
  ]) {
    assertEngineError(
      () => pe.ropeRotate([1, item, 3, 4], 1, 4),
      new RegExp(`^ropeRotate: x must hold finite numbers only; item 1 is ${shown}\\.$`),
    );
    assertEngineError(
      () => pe.naiveOffsetMeaning(1, [4, item]),
      /^naiveOffsetMeaning: lengths .* item 1 is /,
    );
  }
  const sparse = [1, 2, 3];
  sparse.length = 4;
  assertEngineError(() => pe.ropeRotate(sparse, 1, 4), /item 3 is undefined\./);
  assertEngineError(() => pe.ropeRotate(new BigInt64Array(4), 1, 4), /received a BigInt64Array\./);
  assertEngineError(
    () => pe.pairPeriods(10n),
    /^pairPeriods: dModel must be .*; received a BigInt \(10n\)\.$/,
  );
  assert.deepEqual(pe.ropeRotate(new Float64Array([1, 2, 3, 4]), 1, 4), pe.ropeRotate([1, 2, 3, 4], 1, 4));
  const huge = [];
  huge[2 ** 32 - 2] = 0;
  assertEngineError(
    () => pe.roundToFormat(huge, 'float16'),
    /^roundToFormat: values must be .*length 4294967295/,
  );
});

test('an argument that cannot be read is named by its parameter, as the .d.ts files declare it', () => {
  for (const [name, names] of Object.entries(parameters)) {
    names.forEach((parameter, i) => {
      const args = names.map(() => undefined);
      args[i] = revoked([]);
      assertEngineError(
        () => functions[name](...args),
        new RegExp(`^${name}: ${parameter} could not be read; reading it threw TypeError: `),
      );
    });
  }
  const lab = new labModule.Lab({ dModel: 8, nHeads: 1, nLayers: 1, length: 8, batch: 2 });
  assertEngineError(() => lab.attention(0, 0, 8, revoked({})), /^Lab\.attention: example could not be read/);
  assertEngineError(() => lab.offsetScores(0, revoked({})), /^Lab\.offsetScores: head could not be read/);
  lab.delete();
});

test('a seeded fuzz of every export and of Lab: 2 x 12,000 calls, errors by the contract, no growth', () => {
  const reference = knownValues();
  const calls = 12000;
  const seed = 20260101;
  // The first pass reaches the heap's high-water mark (some calls are valid and large) and every cache; the
  // same calls again must then hold no more memory.
  const first = runFuzz(functions, labModule, parameters, { calls, seed });
  assert.deepEqual(first.problems, []);
  let second;
  assertMemoryUnchanged(() => {
    second = runFuzz(functions, labModule, parameters, { calls, seed });
  });
  assert.deepEqual(second.problems, []);
  assert.equal(second.threw, first.threw);
  assert.ok(first.threw > calls / 2 && first.threw < calls, `${first.threw} of ${calls} calls threw`);
  assert.deepEqual(knownValues(), reference);
});
