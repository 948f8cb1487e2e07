// Lab.extend, the fine-tune at a longer length, through the WebAssembly engine: what it changes and keeps, the
// configuration fields it sets (which new Lab also takes), the saved state, and its named errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labModule, assertEngineError } from './engine.mjs';

const small = { task: 'subject', dModel: 16, nHeads: 2, nLayers: 1, length: 8, batch: 8, steps: 40 };

function withLab(config, fn) {
  const lab = new labModule.Lab(config);
  try {
    return fn(lab);
  } finally {
    lab.delete();
  }
}

test('extend moves training to the new length with scaled tables and keeps the step', () => {
  withLab(small, (lab) => {
    lab.train(40);
    const before = lab.evaluate({ samples: 8, lengths: [16] }).loss[0];
    lab.extend({ method: 'interpolation', length: 16 });
    assert.equal(lab.step, 40);
    assert.equal(lab.config.length, 16);
    assert.equal(lab.config.extension, 'interpolation');
    assert.equal(lab.config.extensionFactor, 2);
    assert.equal(lab.config.originalLength, 8);
    // The run's own tables are now interpolation's: its loss at 16 is test-time interpolation's before.
    const own = lab.evaluate({ samples: 8, lengths: [16] }).loss[0];
    assert.notEqual(own, before);
    const plain = lab.evaluate({ samples: 8, lengths: [16], extension: { method: 'none', factor: 1 } });
    assert.equal(plain.loss[0], before);
    // The grid follows the new length: up to 4 x 16.
    assert.equal(Math.max(...lab.evaluate({ samples: 2 }).lengths), 64);
    lab.train(2);
    assert.equal(lab.step, 42);
    lab.extend({ method: 'yarn', length: 32, factor: 4 });
    assert.equal(lab.config.originalLength, 8);
    assert.equal(lab.config.extensionFactor, 4);
  });
});

test('new Lab takes lab.config of an extended run, and the saved state carries the extension', () => {
  withLab(small, (lab) => {
    lab.train(3);
    lab.extend({ method: 'dynamic', length: 12, factor: 2 });
    lab.train(2);
    withLab(lab.config, (fresh) => assert.deepEqual(fresh.config, lab.config));
    const saved = lab.exportState();
    assert.equal(saved[4], 4);
    withLab(small, (other) => {
      other.importState(saved);
      assert.deepEqual(other.config, lab.config);
      assert.deepEqual(other.train(2).loss, lab.train(2).loss);
    });
  });
});

test('extend refuses what it cannot do, naming the parameter, and leaves the run as it was', () => {
  withLab(small, (lab) => {
    const bad = [
      [() => lab.extend(), /^Lab\.extend: options must be an object such as .*received undefined\./],
      [
        () => lab.extend({ length: 16 }),
        /^Lab\.extend: options\.method must be one of .* received undefined/,
      ],
      [
        () => lab.extend({ method: 'rope', length: 16 }),
        /^Lab\.extend: options\.method must be one of "none", "interpolation", "ntk", "dynamic", "yarn", "llama3"; received "rope"/,
      ],
      [
        () => lab.extend({ method: 'yarn', length: 4 }),
        /^Lab\.extend: options\.length must be an integer from 8 to 32; received 4\./,
      ],
      [() => lab.extend({ method: 'yarn', length: 33 }), /^Lab\.extend: options\.length .* received 33/],
      [
        () => lab.extend({ method: 'yarn', length: 16, factor: 0.5 }),
        /^Lab\.extend: options\.factor must be a finite number from 1 to 64; received 0\.5/,
      ],
      [() => lab.extend({ method: 'yarn', length: 16, steps: 3 }), /^Lab\.extend: options .* key "steps"/],
      [() => lab.extend({ method: 'yarn', length: 16 }, 1), /^Lab\.extend: expects at most 1 arguments/],
    ];
    for (const [call, pattern] of bad) assertEngineError(call, pattern);
    assert.equal(lab.config.length, 8);
    assert.equal(lab.config.extension, 'none');
  });
  withLab({ ...small, scheme: 'alibi' }, (lab) =>
    assertEngineError(
      () => lab.extend({ method: 'interpolation', length: 16 }),
      /^Lab\.extend: options must be a fine-tune of a "rope" run .*; received a fine-tune of a run of scheme "alibi"\./,
    ),
  );
  withLab({ ...small, batch: 256, dModel: 256, nLayers: 2, length: 8 }, (lab) =>
    assertEngineError(
      () => lab.extend({ method: 'interpolation', length: 32 }),
      /^Lab\.extend: batch, length, dModel, nHeads and nLayers together need \d+ floats .* cap/,
    ),
  );
  for (const [config, pattern] of [
    [
      { scheme: 'alibi', extension: 'yarn' },
      /^new Lab: config\.extension must be "none" for the scheme "alibi"/,
    ],
    [{ extensionFactor: 0 }, /^new Lab: config\.extensionFactor .* from 1 to 64; received 0/],
    [{ extension: 'linear' }, /^new Lab: config\.extension must be one of .* received "linear"/],
    [
      { length: 8, originalLength: 9 },
      /^new Lab: config\.originalLength must be 0 .* to length \(8\); received 9/,
    ],
  ]) {
    assertEngineError(() => new labModule.Lab(config), pattern);
  }
});
