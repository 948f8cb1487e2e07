// The training lab through the WebAssembly engine: the shapes of what it returns, its error contract, resuming
// from a saved state, and its memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labModule, assertEngineError, assertNoGrowth } from './engine.mjs';
import { CONTRACT_DEFAULTS } from './lab-contract.mjs';

// Small enough that a few dozen steps take well under a second in WebAssembly.
const small = { dModel: 16, nHeads: 2, nLayers: 1, length: 8, batch: 8, steps: 100, warmup: 10 };

function withLab(config, fn) {
  const lab = new labModule.Lab(config);
  try {
    return fn(lab);
  } finally {
    lab.delete();
  }
}

test('a Lab with no config takes the contract defaults', () => {
  withLab(undefined, (lab) => {
    assert.deepEqual(lab.config, CONTRACT_DEFAULTS);
    assert.equal(lab.step, 0);
  });
  withLab({ task: 'subject', steps: 20 }, (lab) => {
    assert.equal(lab.config.causal, false);
    assert.equal(lab.config.warmup, 20);
  });
  withLab({ ...small, task: 'majority' }, (lab) => {
    assert.equal(lab.config.causal, false);
    const a = lab.attention(0, 0);
    assert.equal(a.targets.length, 1);
    assert.ok(a.words.every((w) => Number(w) >= 0 && Number(w) < 8));
  });
});

test('train returns one loss and one accuracy per step and advances the step', () => {
  withLab({ ...small, dModel: 32, nHeads: 4, batch: 32, lr: 1e-2 }, (lab) => {
    const first = lab.train(3);
    assert.ok(first.loss instanceof Float32Array);
    assert.ok(first.accuracy instanceof Float32Array);
    assert.equal(first.loss.length, 3);
    assert.equal(first.accuracy.length, 3);
    assert.ok(Math.abs(first.loss[0] - Math.log(16)) < 0.05, `chance loss, got ${first.loss[0]}`);
    const later = lab.train(60);
    assert.equal(lab.step, 63);
    assert.ok(later.loss[59] < first.loss[0] / 2, 'previous with rope learns');
    for (const a of later.accuracy) assert.ok(a >= 0 && a <= 1);
  });
});

test('evaluate returns accuracy and loss on a grid of lengths from the minimum to four times T', () => {
  withLab({ ...small, task: 'subject' }, (lab) => {
    const r = lab.evaluate({ samples: 4 });
    assert.ok(r.lengths instanceof Int32Array);
    assert.ok(r.accuracy instanceof Float64Array);
    assert.ok(r.loss instanceof Float64Array);
    // T = 8: the minimum 5, steps of T / 2, and T, 2T, 3T, 4T.
    assert.deepEqual([...r.lengths], [5, 8, 12, 16, 20, 24, 28, 32]);
    assert.equal(r.accuracy.length, 8);
    assert.equal(r.loss.length, 8);
    assert.deepEqual(lab.evaluate({ samples: 4 }), r, 'the same sets every call');
    assert.equal(lab.evaluate().lengths.length, 8);
    const every = lab.evaluate({ samples: 4, lengths: Array.from({ length: 28 }, (_, i) => i + 5) });
    assert.deepEqual(
      [...every.lengths],
      Array.from({ length: 28 }, (_, i) => i + 5),
    );
    for (const [i, n] of r.lengths.entries()) {
      const j = every.lengths.indexOf(n);
      assert.equal(every.accuracy[j], r.accuracy[i], `length ${n}`);
      assert.equal(every.loss[j], r.loss[i], `length ${n}`);
    }
  });
});

test("evaluate refuses lengths outside the task's range, repeated or out of order", () => {
  withLab({ ...small, task: 'subject' }, (lab) => {
    const bad = [
      [[4, 8], /options\.lengths must hold integers from 5 to 32; item 0 is 4/],
      [[8, 33], /options\.lengths must hold integers from 5 to 32; item 1 is 33/],
      [[8, 8], /options\.lengths must be increasing whole numbers from 5 to 32; received \[8, 8\]/],
      [[16, 8], /received \[16, 8\]/],
      [[], /received \[\]/],
      [[8.5], /item 0 is 8\.5/],
      ['8', /options\.lengths/],
    ];
    for (const [lengths, message] of bad) {
      assertEngineError(() => lab.evaluate({ lengths }), /^Lab\.evaluate: /);
      assert.throws(() => lab.evaluate({ lengths }), message);
    }
    assert.deepEqual([...lab.evaluate({ samples: 2, lengths: [5, 32] }).lengths], [5, 32]);
  });
});

test('attention returns the example as tokens, words and targets with an n x n softmax', () => {
  withLab({ ...small, task: 'subject' }, (lab) => {
    const a = lab.attention(0, 1, 9, 2);
    assert.equal(a.length, 9);
    assert.equal(a.tokens.length, 9);
    assert.equal(a.words.length, 9);
    assert.equal(a.words[0], 'the');
    assert.equal(a.targets.length, 1);
    assert.ok(a.weights instanceof Float32Array);
    assert.equal(a.weights.length, 81);
    for (let p = 0; p < 9; p += 1) {
      const row = a.weights.subarray(p * 9, p * 9 + 9).reduce((s, w) => s + w, 0);
      assert.ok(Math.abs(row - 1) < 1e-5);
    }
    assert.equal(lab.attention(0, 0).length, 8, 'the training length by default');
  });
});

test('positionTable is T x d for learned and sinusoidal and empty otherwise', () => {
  withLab({ ...small, scheme: 'learned' }, (lab) => assert.equal(lab.positionTable().length, 8 * 16));
  withLab({ ...small, scheme: 'sinusoidal' }, (lab) => {
    const table = lab.positionTable();
    assert.equal(table.length, 8 * 16);
    assert.equal(table[0], 0);
    assert.equal(table[1], 1);
    assert.equal(table[16], Math.fround(Math.sin(1)));
  });
  withLab({ ...small, scheme: 'alibi' }, (lab) => assert.equal(lab.positionTable().length, 0));
});

test('offsetScores covers -(n-1)..n-1 bidirectionally and 0..n-1 causally', () => {
  withLab({ ...small, task: 'reverse' }, (lab) => {
    const s = lab.offsetScores(0, 1, 10);
    assert.deepEqual(
      [...s.offsets],
      Array.from({ length: 19 }, (_, i) => i - 9),
    );
    assert.ok(s.mean instanceof Float64Array);
    assert.equal(s.mean.length, 19);
  });
  withLab(small, (lab) => assert.deepEqual([...lab.offsetScores(0, 0).offsets], [0, 1, 2, 3, 4, 5, 6, 7]));
});

test('t5 trains, adds no position table, and takes randomized positions like every scheme but none', () => {
  withLab({ ...small, scheme: 't5', randomizedPositions: 32 }, (lab) => {
    assert.equal(lab.config.scheme, 't5');
    assert.equal(lab.config.randomizedPositions, 32);
    assert.equal(lab.positionTable().length, 0);
    const { loss } = lab.train(40);
    assert.ok(loss[39] < loss[0] - 0.1, `previous with t5 learns: ${loss[0]} -> ${loss[39]}`);
    // Evaluation and inspection keep positions 0..n-1, to 4T.
    assert.equal(lab.evaluate({ samples: 2 }).lengths.at(-1), 32);
    assert.deepEqual([...lab.offsetScores(0, 0, 20).offsets], [...Array(20).keys()]);
  });
  // A learned table of L rows.
  withLab({ ...small, scheme: 'learned', randomizedPositions: 20 }, (lab) => {
    assert.equal(lab.positionTable().length, 20 * 16);
  });
  // The same tokens at other positions: another first loss.
  const first = (config) => withLab({ ...small, ...config }, (lab) => lab.train(1).loss[0]);
  assert.notEqual(first({ scheme: 'sinusoidal' }), first({ scheme: 'sinusoidal', randomizedPositions: 64 }));
});

test('export, import and train give bitwise the same curve as training straight on', () => {
  const config = { ...small, task: 'reverse', scheme: 't5', seed: 7, randomizedPositions: 30 };
  const straight = withLab(config, (lab) => {
    lab.train(10);
    return lab.train(10).loss;
  });
  const saved = withLab(config, (lab) => {
    lab.train(10);
    return lab.exportState();
  });
  assert.ok(saved instanceof Uint8Array);
  assert.deepEqual([...saved.subarray(0, 4)].map((c) => String.fromCharCode(c)).join(''), 'PELB');
  // Restored into a Lab of another configuration: the state brings its own.
  withLab({ task: 'subject' }, (lab) => {
    lab.importState(saved);
    assert.equal(lab.step, 10);
    assert.equal(lab.config.scheme, 't5');
    assert.equal(lab.config.randomizedPositions, 30);
    assert.deepEqual(lab.train(10).loss, straight);
  });
});

test('the WebAssembly engine trains bitwise as the native engine does', () => {
  // Losses of steps 0, 9 and 19 printed by the native build's pe-lab-dump (--train-steps 20 --d 32 --length 8
  // --layers 1 --lr 0.01 and the task, scheme, convention and randomized positions below); the same values are pinned in
  // tests/cpp/test_lab_training.cpp. Every operation in a step is IEEE arithmetic or the engine's own
  // exponential, so the two builds agree to the bit.
  const runs = [
    [{ task: 'subject', scheme: 'alibi' }, [2.47176504, 2.45886469, 2.38160515]],
    [
      { task: 'reverse', scheme: 'rope', ropeConvention: 'interleaved' },
      [2.77958751, 2.77114987, 2.75162196],
    ],
    [{ task: 'previous', scheme: 't5', randomizedPositions: 32 }, [2.78704143, 2.75352812, 2.60634232]],
    [{ task: 'reverse', scheme: 'learned', randomizedPositions: 20 }, [2.7786653, 2.76925063, 2.75285625]],
  ];
  for (const [config, expected] of runs) {
    const loss = withLab(
      { ...config, dModel: 32, length: 8, nLayers: 1, lr: 0.01 },
      (lab) => lab.train(20).loss,
    );
    assert.deepEqual([loss[0], loss[9], loss[19]], expected.map(Math.fround), config.task);
  }
});

test('the same seed gives the same curve and another seed a different one', () => {
  const run = (seed) => withLab({ ...small, seed }, (lab) => lab.train(5).loss);
  assert.deepEqual(run(3), run(3));
  assert.notDeepEqual(run(3), run(4));
});

test('every bad argument throws an Error naming the method, the parameter, the value and what is allowed', () => {
  const bad = [
    [
      () => new labModule.Lab({ dModel: 7 }),
      /^new Lab: config\.dModel must be an even integer from 8 to 256; received 7\./,
    ],
    [() => new labModule.Lab({ dModel: 264 }), /^new Lab: config\.dModel .* received 264/],
    [
      () => new labModule.Lab({ nHeads: 3 }),
      /^new Lab: config\.nHeads must be a divisor of dModel \(64\); received 3/,
    ],
    [
      () => new labModule.Lab({ width: 1 }),
      /^new Lab: config must be .* received an object with the key "width"/,
    ],
    [() => new labModule.Lab('rope'), /^new Lab: config must be an object .* received "rope"/],
    [() => new labModule.Lab(null), /^new Lab: config .* received null/],
    [
      () => new labModule.Lab({ scheme: 'relative' }),
      /^new Lab: config\.scheme must be one of .*"alibi", "t5".*received "relative"/,
    ],
    [
      () => new labModule.Lab({ randomizedPositions: '64' }),
      /^new Lab: config\.randomizedPositions must be an integer from 0 to 128; received "64"\./,
    ],
    [
      () => new labModule.Lab({ randomizedPositions: 12.5 }),
      /^new Lab: config\.randomizedPositions .* received 12\.5/,
    ],
    [
      () => new labModule.Lab({ randomizedPositions: 8 }),
      /^new Lab: config\.randomizedPositions must be 0 \(off\) or an integer from length \(16\) to 128; received 8\./,
    ],
    [
      () => new labModule.Lab({ scheme: 'none', randomizedPositions: 64 }),
      /^new Lab: config\.randomizedPositions must be 0 for the scheme "none", which has no positions .* received 64\./,
    ],
    [() => new labModule.Lab({ lr: NaN }), /^new Lab: config\.lr must be a finite number .* received NaN/],
    [() => new labModule.Lab({ seed: -1 }), /^new Lab: config\.seed .* received -1/],
    [() => new labModule.Lab({ seed: 2 ** 32 }), /^new Lab: config\.seed .* received 4294967296/],
    [() => new labModule.Lab({ batch: 1e9 }), /^new Lab: config\.batch .* received 1e\+09/],
    [() => new labModule.Lab({ causal: 1 }), /^new Lab: config\.causal must be true or false; received 1/],
    [
      () => new labModule.Lab({ task: 'first', causal: false }),
      /config\.causal must be true for the task "first"/,
    ],
    [
      () => new labModule.Lab({ task: 'subject', length: 4 }),
      /config\.length must be an integer from 5 to 32/,
    ],
    [
      () => new labModule.Lab({ steps: 10, warmup: 20 }),
      /config\.warmup must be an integer from 0 to 10; received 20/,
    ],
    [
      () => new labModule.Lab({ dModel: 256, nLayers: 4, batch: 256, length: 32 }),
      /^new Lab: config\.batch, length, dModel, nHeads and nLayers together need \d+ floats .* cap/,
    ],
    [() => new labModule.Lab({}, 1), /^new Lab: expects at most 1 arguments; received 2\./],
    [() => labModule.Lab({}), /new/],
  ];
  for (const [call, pattern] of bad) assertEngineError(call, pattern);

  withLab(small, (lab) => {
    const methods = [
      [() => lab.train(), /^Lab\.train: steps must be an integer from 1 to 10000; received undefined\./],
      [() => lab.train(0), /^Lab\.train: steps .* received 0/],
      [() => lab.train(10001), /^Lab\.train: steps .* received 10001/],
      [() => lab.train(1.5), /^Lab\.train: steps .* received 1\.5/],
      [() => lab.train('3'), /^Lab\.train: steps .* received "3"/],
      [() => lab.train({}), /^Lab\.train: steps .* received an object/],
      [() => lab.train(1, 2), /^Lab\.train: expects at most 1 arguments/],
      [() => lab.evaluate({ samples: 0 }), /^Lab\.evaluate: options\.samples .* from 1 to 1024; received 0/],
      [() => lab.evaluate({ sample: 3 }), /^Lab\.evaluate: options .* key "sample"/],
      [() => lab.evaluate(3), /^Lab\.evaluate: options must be an object/],
      [() => lab.attention(1, 0), /^Lab\.attention: layer must be an integer from 0 to 0; received 1/],
      [() => lab.attention(0, 2), /^Lab\.attention: head must be an integer from 0 to 1; received 2/],
      [() => lab.attention(0, 0, 33), /^Lab\.attention: length must be an integer from 2 to 32; received 33/],
      [() => lab.attention(0, 0, 8, -1), /^Lab\.attention: example .* received -1/],
      [() => lab.attention(), /^Lab\.attention: layer .* received undefined/],
      [() => lab.offsetScores(0, NaN), /^Lab\.offsetScores: head .* received NaN/],
      [() => lab.offsetScores(0, 0, 1), /^Lab\.offsetScores: length .* received 1/],
      [() => lab.positionTable(1), /^Lab\.positionTable: expects at most 0 arguments/],
      [() => lab.exportState(1), /^Lab\.exportState: expects at most 0 arguments/],
      [() => lab.importState([1, 2]), /^Lab\.importState: bytes must be a Uint8Array .* received an array/],
      [() => lab.importState(new Uint8Array(8)), /^Lab\.importState: bytes cannot be read: .*PELB/],
    ];
    for (const [call, pattern] of methods) assertEngineError(call, pattern);
    const saved = lab.exportState();
    const damaged = saved.slice(0, saved.length - 4);
    assertEngineError(
      () => lab.importState(damaged),
      /^Lab\.importState: bytes cannot be read: the state is truncated/,
    );
    // After every error the Lab still trains, from where it was.
    assert.equal(lab.step, 0);
    assert.equal(lab.train(2).loss.length, 2);
    assert.equal(lab.step, 2);
  });
});

test('a deleted Lab throws on every call and deleting it again does nothing', () => {
  const lab = new labModule.Lab(small);
  lab.delete();
  lab.delete();
  assertEngineError(() => lab.train(1), /^Lab\.train: this Lab has been deleted/);
  assertEngineError(() => lab.step, /^Lab\.step: this Lab has been deleted/);
  assertEngineError(() => lab.exportState(), /^Lab\.exportState: this Lab has been deleted/);
});

test('a Lab deleted or used again while its arguments are read throws a Lab.<method> error', () => {
  // Every argument is read before the Lab is looked up, so a getter that deletes it is caught by name.
  for (const [method, args] of [
    [
      'evaluate',
      (lab) => [
        {
          get samples() {
            lab.delete();
            return 4;
          },
        },
      ],
    ],
    [
      'train',
      (lab) => [
        {
          valueOf() {
            lab.delete();
            return 1;
          },
        },
      ],
    ],
    [
      'attention',
      (lab) => [
        0,
        0,
        {
          get length() {
            lab.delete();
            return 8;
          },
        },
      ],
    ],
    [
      'importState',
      (lab) => [
        {
          get 0() {
            lab.delete();
            return 0;
          },
          length: 1,
        },
      ],
    ],
  ]) {
    const lab = new labModule.Lab(small);
    assertEngineError(() => lab[method](...args(lab)), new RegExp(`^Lab\\.${method}: `));
    lab.delete();
  }
  // A getter that trains the same Lab runs before the call it belongs to: nothing is re-entered.
  withLab(small, (lab) => {
    const { accuracy } = lab.evaluate({
      get samples() {
        lab.train(1);
        return 4;
      },
    });
    assert.equal(lab.step, 1);
    assert.ok(accuracy.length > 0);
  });
  const after = new labModule.Lab(small);
  assert.equal(after.train(1).loss.length, 1, 'the module keeps working');
  after.delete();
});

test('20 create, train and delete cycles leave the engine memory flat', () => {
  const cycle = () =>
    withLab({ ...small, task: 'subject', scheme: 'learned' }, (lab) => {
      lab.train(2);
      lab.evaluate({ samples: 2 });
      lab.attention(0, 0, 20);
      lab.importState(lab.exportState());
      assert.throws(() => lab.train(-1));
    });
  assertNoGrowth(cycle, 20);
});

test('evaluate runs a trained RoPE model with a context-extension method at test time, and only RoPE', () => {
  withLab({ ...small, task: 'previous', scheme: 'rope', lr: 1e-2 }, (lab) => {
    lab.train(40);
    const lengths = [8, 16, 32];
    const plain = lab.evaluate({ samples: 16, lengths });
    const none = lab.evaluate({ samples: 16, lengths, extension: { method: 'none', factor: 2 } });
    assert.deepEqual(none, plain, 'no method is the trained model');
    for (const method of ['interpolation', 'ntk', 'dynamic', 'yarn', 'llama3']) {
      const r = lab.evaluate({ samples: 16, lengths, extension: { method, factor: 2 } });
      assert.deepEqual([...r.lengths], lengths);
      assert.notDeepEqual([...r.loss], [...plain.loss], method);
    }
    assert.deepEqual(lab.evaluate({ samples: 16, lengths }), plain, 'the run is unchanged');
    const bad = [
      [{ method: 'rope' }, /options\.extension\.method must be one of/],
      [
        { method: 'yarn', factor: 0.5 },
        /options\.extension\.factor must be a finite number from 1 to 64; received 0\.5/,
      ],
      [{ method: 'yarn' }, /options\.extension\.factor/],
      [{ method: 'yarn', factor: 2, base: 5 }, /options\.extension must be an object with no keys but/],
      ['yarn', /options\.extension/],
    ];
    for (const [extension, message] of bad) {
      assertEngineError(() => lab.evaluate({ extension }), /^Lab\.evaluate: /, message);
    }
  });
  withLab({ ...small, scheme: 'alibi' }, (lab) => {
    assertEngineError(
      () => lab.evaluate({ extension: { method: 'yarn', factor: 2 } }),
      /options\.extension must be left out for every scheme but "rope"; received an extension of a run of scheme "alibi"/,
    );
  });
});

test('evaluate in slices of first and samples, weighted by samples, gives the whole set', () => {
  withLab({ ...small, task: 'reverse', scheme: 'alibi' }, (lab) => {
    lab.train(5);
    const lengths = [4, 8, 16];
    const whole = lab.evaluate({ samples: 12, lengths });
    const parts = [
      [0, 5],
      [5, 1],
      [6, 6],
    ].map(([first, samples]) => ({ samples, result: lab.evaluate({ first, samples, lengths }) }));
    for (const key of ['accuracy', 'loss']) {
      const summed = lengths.map((_, i) => parts.reduce((s, p) => s + p.result[key][i] * p.samples, 0) / 12);
      summed.forEach((value, i) => assert.ok(Math.abs(value - whole[key][i]) < 1e-12, `${key} ${value}`));
    }
    assertEngineError(
      () => lab.evaluate({ first: -1 }),
      /^Lab\.evaluate: options\.first must be an integer from 0 to 1,?000,?000,?000; received -1/,
    );
  });
});
