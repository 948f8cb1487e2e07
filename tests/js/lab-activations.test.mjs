// The page's count of a training step's activations (web/src/lab/activations.js) against the engine's cap, for
// every model size the lab offers, every task and every length it allows: a configuration past the cap is
// refused with the engine's own count, which must be the page's to the float; the largest batch the page keeps
// is accepted, and one more is refused. An accepted Lab allocates its activations (up to 128 MiB), so tasks
// with the same count (the three per-token tasks, 16 classes each) are made once per size and length.
import assert from 'node:assert/strict';
import { register } from 'node:module';
import { test } from 'node:test';
import { labModule } from './engine.mjs';

register('../unit/raw-hooks.mjs', import.meta.url);
const { activationFloats, largestBatch, MAX_ACTIVATIONS, MAX_BATCH } =
  await import('../../web/src/lab/activations.js');
const { SCHEMES, SIZES, TASKS, PARAMS } = await import('../../web/src/figures/lab/params.js');
const { MIN_LENGTH } = await import('../../web/src/lab/defaults.js');

const BATCHES = [1, 32, 64, 128, 200, 256];
const CAP_ERROR = /need ([\d]+) floats of activations per step .* more than the cap of (\d+);/;

/** Every size, task and allowed length, each with a scheme in turn (the count does not depend on it). */
function* configs() {
  let turn = 0;
  for (const size of Object.keys(SIZES)) {
    for (const { value: task } of TASKS) {
      for (let length = MIN_LENGTH[task]; length <= PARAMS.length.max; length += 1) {
        yield {
          task,
          scheme: SCHEMES[turn++ % SCHEMES.length],
          ...SIZES[size],
          length,
          steps: 10,
          warmup: 0,
        };
      }
    }
  }
}

/** The engine's count of activations for a configuration it refuses for the cap (and null if it accepts it). */
function refusedCount(config) {
  let lab;
  try {
    lab = new labModule.Lab(config);
  } catch (error) {
    const match = CAP_ERROR.exec(String(error.message));
    assert.ok(match, `${JSON.stringify(config)}: ${error.message}`);
    assert.equal(Number(match[2]), MAX_ACTIVATIONS);
    return Number(match[1]);
  }
  lab.delete();
  return null;
}

test('the page and the engine agree on the cap and the batch limit', () => {
  assert.equal(MAX_BATCH, PARAMS.batch.max);
  assert.ok(MAX_ACTIVATIONS > 0);
});

test('every batch the engine refuses for the cap, it counts as the page does', () => {
  let refused = 0;
  for (const config of configs()) {
    for (const batch of BATCHES) {
      const floats = activationFloats(config, batch, config.length);
      // Only those past the cap are made: a refusal costs nothing, an accepted Lab allocates its activations.
      if (floats <= MAX_ACTIVATIONS) continue;
      assert.equal(refusedCount({ ...config, batch }), floats, JSON.stringify({ ...config, batch }));
      refused += 1;
    }
  }
  assert.ok(refused > 20, `only ${refused} refusals checked`);
});

test('wider and deeper models than the page offers are refused with the page count too', () => {
  // The page's sizes pass the cap only for the large model; these pass it at other widths, heads and depths, so
  // that every term of the count is checked against the engine's (a refusal allocates nothing).
  let refused = 0;
  let turn = 0;
  for (const dModel of [64, 96, 256]) {
    for (const nHeads of [1, 2, 4, 8]) {
      for (const nLayers of [1, 2, 3, 4]) {
        for (const { value: task } of TASKS) {
          for (const length of [MIN_LENGTH[task], 9, 24, 32]) {
            const config = {
              task,
              scheme: SCHEMES[turn++ % SCHEMES.length],
              dModel,
              nHeads,
              nLayers,
              length,
            };
            const over = largestBatch(config, length) + 1;
            for (const batch of new Set([over, 200, MAX_BATCH])) {
              const floats = activationFloats(config, batch, length);
              if (batch > MAX_BATCH || floats <= MAX_ACTIVATIONS) continue;
              assert.equal(refusedCount({ ...config, batch }), floats, JSON.stringify({ ...config, batch }));
              refused += 1;
            }
          }
        }
      }
    }
  }
  assert.ok(refused > 500, `only ${refused} refusals checked`);
});

test('the largest batch the page keeps is accepted, and one more is refused with the page count', () => {
  let bounded = 0;
  const made = new Set();
  for (const config of configs()) {
    const largest = largestBatch(config, config.length);
    assert.ok(largest >= 1 && largest <= MAX_BATCH, `${JSON.stringify(config)}: ${largest}`);
    const { dModel, nHeads, nLayers, length } = config;
    const same = JSON.stringify([dModel, nHeads, nLayers, length, activationFloats(config, largest, length)]);
    if (!made.has(same)) {
      made.add(same);
      new labModule.Lab({ ...config, batch: largest }).delete();
    }
    if (largest === MAX_BATCH) continue;
    const over = { ...config, batch: largest + 1 };
    assert.equal(
      refusedCount(over),
      activationFloats(config, largest + 1, config.length),
      JSON.stringify(over),
    );
    bounded += 1;
  }
  assert.ok(bounded > 20, `only ${bounded} boundaries below ${MAX_BATCH} checked`);
});
