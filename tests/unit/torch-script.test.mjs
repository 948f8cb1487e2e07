// The pure parts of the lab's PyTorch export (web/src/lab/torch-script.js): the configuration filled as the
// engine fills it, the JSON block that carries it into the script and back, and the errors for bad
// configurations. tests/js/torch-export.test.mjs runs the scripts themselves against the engine.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { test } from 'node:test';
import { CONTRACT_DEFAULTS } from '../js/lab-contract.mjs';

register('./raw-hooks.mjs', import.meta.url);
const { LAB_DEFAULTS, labConfig, scriptConfig, scriptFromParts, scriptSeeds, torchScript } =
  await import('../../web/src/lab/torch-script.js');

const PARTS = ['torch-template.py', 'torch-model.py', 'torch-train.py'].map((name) =>
  readFileSync(new URL(`../../web/src/lab/${name}`, import.meta.url), 'utf8'),
);
const BLOCK = /^CONFIG_JSON = r"""\n[\s\S]*?\n"""$/m;
const SEEDS = /^SEEDS = \[.*\]$/m;

test('labConfig fills every field with the engine defaults, in the contract order', () => {
  const expected = CONTRACT_DEFAULTS;
  assert.deepEqual(labConfig(), expected);
  assert.deepEqual(labConfig({}), expected);
  assert.deepEqual(LAB_DEFAULTS, expected);
  assert.deepEqual(Object.keys(labConfig({ seed: 3, task: 'reverse' })), Object.keys(expected));
  // A field given as undefined is a field left out, as for the engine.
  assert.deepEqual(labConfig({ seed: undefined, causal: undefined }), expected);
});

test('labConfig takes the mask from the task and shortens the warm-up to a short schedule', () => {
  assert.equal(labConfig({ task: 'previous' }).causal, true);
  assert.equal(labConfig({ task: 'first' }).causal, true);
  assert.equal(labConfig({ task: 'reverse' }).causal, false);
  assert.equal(labConfig({ task: 'subject' }).causal, false);
  assert.equal(labConfig({ task: 'majority' }).causal, false);
  assert.equal(labConfig({ task: 'reverse', causal: true }).causal, true);
  assert.equal(labConfig({ steps: 20 }).warmup, 20);
  assert.equal(labConfig({ steps: 2000 }).warmup, 50);
  assert.equal(labConfig({ steps: 20, warmup: 3 }).warmup, 3);
  assert.equal(labConfig({ warmup: 0 }).warmup, 0);
});

test('the configuration goes into the script as JSON and reads back unchanged', () => {
  const configs = [
    {},
    { task: 'subject', scheme: 'sinusoidal', length: 5, base: 1e6, lr: 1e-5, seed: 4294967295 },
    { task: 'majority', scheme: 'alibi', dModel: 24, nHeads: 3, clip: 0, weightDecay: 0.123456789 },
    { scheme: 't5', randomizedPositions: 128, length: 32 },
    { scheme: 'learned', randomizedPositions: 16 },
    { scheme: 'rope', ropeConvention: 'interleaved', base: 10, lr: 1, warmup: 0, steps: 100000, seed: 0 },
    {
      scheme: 'learned',
      task: 'first',
      scaleEmbedding: false,
      dModel: 256,
      nHeads: 8,
      nLayers: 4,
      batch: 256,
    },
  ];
  for (const config of configs) {
    const script = torchScript(config);
    assert.deepEqual(scriptConfig(script), labConfig(config));
    assert.equal(script.match(new RegExp(BLOCK.source, 'gm'))?.length, 1, 'one CONFIG block');
  }
});

test('the script is the three Python parts, joined, with only the CONFIG block and the SEEDS line changed', () => {
  const outside = (text) => text.replace(BLOCK, 'CONFIG_JSON = <block>').replace(SEEDS, 'SEEDS = <list>');
  const joined = PARTS.map((part) => part.trimEnd() + '\n').join('\n\n');
  const a = torchScript({ task: 'subject', scheme: 'alibi', seed: 99 });
  const b = torchScript({ lr: 0.5, nLayers: 1 });
  assert.equal(outside(a), outside(joined));
  assert.equal(outside(b), outside(joined));
  assert.equal(scriptFromParts(PARTS, { seed: 5 }), torchScript({ seed: 5 }));
  assert.equal(
    scriptFromParts(PARTS, { seed: 5 }, { seeds: [5, 6] }),
    torchScript({ seed: 5 }, { seeds: [5, 6] }),
  );
  // The template alone runs the engine's default experiment.
  assert.deepEqual(JSON.parse(BLOCK.exec(PARTS[0])[0].slice('CONFIG_JSON = r"""'.length, -3)), labConfig());
});

test('the script names PE Explorer, its configuration and how to run it', () => {
  const script = torchScript({ task: 'reverse' });
  assert.ok(script.startsWith('#!/usr/bin/env python3\n"""PE Explorer'), 'a shebang, then the docstring');
  const header = script.slice(0, script.indexOf('CONFIG_JSON = r"""'));
  for (const words of [
    'python3 pe_lab.py',
    'torchrun --nproc_per_node',
    '--steps',
    '--output',
    '--dump-init',
    '--seeds',
  ]) {
    assert.ok(header.includes(words), `the header mentions ${words}`);
  }
  assert.ok(script.endsWith('if __name__ == "__main__":\n    main()\n'));
  assert.equal(script.split('if __name__ == "__main__":').length, 2, 'one entry point');
  assert.ok(!/from \.|import pe_|tests\/torch/.test(script), 'imports nothing from the repository');
});

test('bad configurations are refused with an Error that names the field', () => {
  const cases = [
    [{ colour: 'red' }, /config\.colour is not a field/],
    [
      { task: 'sorting' },
      /config\.task must be one of previous, reverse, first, subject, majority; received "sorting"/,
    ],
    [{ scheme: 'RoPE' }, /config\.scheme must be one of/],
    [{ ropeConvention: 'neox' }, /config\.ropeConvention must be one of interleaved, half/],
    [{ base: 5 }, /config\.base must be a number from 10 to 1000000; received 5/],
    [{ dModel: 7 }, /config\.dModel must be an even integer from 8 to 256; received 7/],
    [{ dModel: 512 }, /config\.dModel must be an even integer/],
    [{ dModel: '64' }, /config\.dModel must be an even integer from 8 to 256; received "64"/],
    [{ nHeads: 0 }, /config\.nHeads must be an integer from 1 to 8/],
    [{ nHeads: 3 }, /config\.nHeads must be a divisor of dModel \(64\); received 3/],
    [
      { dModel: 24, nHeads: 8 },
      /config\.nHeads must be a divisor of dModel \(24\) that leaves an even head size/,
    ],
    [{ nLayers: 5 }, /config\.nLayers must be an integer from 1 to 4/],
    [{ length: 33 }, /config\.length must be an integer from 2 to 32/],
    [{ task: 'subject', length: 4 }, /config\.length must be an integer from 5 to 32 for the task "subject"/],
    [{ batch: 2.5 }, /config\.batch must be an integer/],
    [{ causal: 1 }, /config\.causal must be true or false; received 1/],
    [{ task: 'first', causal: false }, /config\.causal must be true for the task "first"/],
    [{ task: 'subject', causal: true }, /config\.causal must be false for the task "subject"/],
    [{ scaleEmbedding: 'yes' }, /config\.scaleEmbedding must be true or false/],
    [{ lr: 0 }, /config\.lr must be a number from 0.00001 to 1; received 0/],
    [{ lr: NaN }, /config\.lr must be a number .*; received NaN/],
    [{ steps: 0 }, /config\.steps must be an integer from 1 to 100000/],
    [{ steps: 10, warmup: 11 }, /config\.warmup must be an integer from 0 to steps \(10\); received 11/],
    [{ warmup: -1 }, /config\.warmup must be an integer/],
    [{ weightDecay: 2 }, /config\.weightDecay must be a number from 0 to 1/],
    [{ clip: Infinity }, /config\.clip must be a number from 0 to 100; received Infinity/],
    [{ seed: -1 }, /config\.seed must be an integer from 0 to 4294967295; received -1/],
    [{ seed: 2 ** 32 }, /config\.seed must be an integer/],
    [{ scheme: 'T5' }, /config\.scheme must be one of none, sinusoidal, learned, rope, alibi, t5/],
    [
      { randomizedPositions: 129 },
      /config\.randomizedPositions must be an integer from 0 to 128; received 129/,
    ],
    [{ randomizedPositions: 1.5 }, /config\.randomizedPositions must be an integer/],
    [
      { randomizedPositions: 15 },
      /config\.randomizedPositions must be 0 \(off\) or an integer from length \(16\) to 128; received 15\./,
    ],
    [
      { scheme: 'none', randomizedPositions: 32 },
      /config\.randomizedPositions must be 0 for the scheme "none", which has no positions .*; received 32\./,
    ],
    [null, /config must be an object/],
    [[], /config must be an object/],
    ['rope', /config must be an object/],
  ];
  for (const [config, pattern] of cases) {
    assert.throws(
      () => torchScript(config),
      (error) =>
        error instanceof Error && /^torchScript: /.test(error.message) && pattern.test(error.message),
      `${JSON.stringify(config)} should be refused with ${pattern}`,
    );
  }
});

test("the script trains from the config's seed alone unless given the seeds of a race", () => {
  assert.deepEqual(scriptSeeds(torchScript()), [1]);
  assert.deepEqual(scriptSeeds(torchScript({ seed: 42 })), [42]);
  const raced = torchScript({ scheme: 'alibi', seed: 8 }, { seeds: [7, 8, 9, 10, 11] });
  assert.deepEqual(scriptSeeds(raced), [7, 8, 9, 10, 11]);
  assert.match(raced, /^SEEDS = \[7, 8, 9, 10, 11\]$/m, 'a Python list on one line');
  // The inspected run's seed stays CONFIG's, whichever of the race's seeds it is.
  assert.equal(scriptConfig(raced).seed, 8);
  assert.deepEqual(scriptSeeds(torchScript({}, { seeds: [0, 4294967295] })), [0, 4294967295]);
  for (const seeds of [[], [-1], [1.5], [2 ** 32], ['3'], 'rope', null]) {
    assert.throws(
      () => torchScript({}, { seeds: /** @type {any} */ (seeds) }),
      /^Error: torchScript: options\.seeds must be a non-empty list of integers from 0 to 4294967295/,
      `${JSON.stringify(seeds)} should be refused`,
    );
  }
});

test('a template without exactly one CONFIG block or SEEDS line is refused', () => {
  assert.throws(() => scriptFromParts(['print(1)\n', ...PARTS.slice(1)], {}), /holds 0 CONFIG_JSON blocks/);
  assert.throws(
    () => scriptFromParts([PARTS[0] + PARTS[0], ...PARTS.slice(1)], {}),
    /holds 2 CONFIG_JSON blocks/,
  );
  assert.throws(() => scriptConfig('nothing here'), /no CONFIG_JSON block/);
  assert.throws(
    () => scriptFromParts([PARTS[0].replace(SEEDS, ''), ...PARTS.slice(1)], {}),
    /holds 0 SEEDS lines/,
  );
  assert.throws(() => scriptSeeds('nothing here'), /no SEEDS line/);
});

test('labConfig refuses a run fine-tuned by Lab.extend, saying the script does not reproduce it', () => {
  assert.throws(
    () =>
      labConfig({
        task: 'subject',
        length: 16,
        extension: 'interpolation',
        extensionFactor: 2,
        originalLength: 8,
      }),
    /^Error: torchScript: the run was fine-tuned at a longer length \(Lab\.extend: extension "interpolation", originalLength 8\); .*does not reproduce the fine-tune/,
  );
  assert.throws(() => labConfig({ length: 16, originalLength: 8 }), /originalLength 8/);
  assert.throws(
    () => labConfig({ extension: 'linear' }),
    /config\.extension must be one of none, interpolation/,
  );
  assert.equal(labConfig({ extensionFactor: 3 }).extensionFactor, 3);
});
