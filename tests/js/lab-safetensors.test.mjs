// The lab's "Download weights (.safetensors)" (web/src/lab/safetensors-export.js), end to end. In Node: a run
// trained a few steps is exported, read back by the project's own reader (models/safetensors.js, tensor.js),
// and every tensor must equal the engine's parameter bit for bit (its saved state's floats, and for `learned`
// Lab.positionTable too), named and shaped as docs/lab-model.md's table with "." written "_", contiguous in
// name order after a header padded to 8 bytes; findPositionTensors must find the learned table. Under Debian's
// python3-torch: the exported PyTorch script loads the file with --load-safetensors (no safetensors package),
// its state_dict must hold every value exactly, its evaluation by length must match Lab.evaluate within float32
// rounding, and its first step on from the file must take the engine's next batch (same loss). Python and
// PyTorch are required, never skipped: `npm test` (scripts/setup.sh) installs python3-torch.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { findPositionTensors } from '../../web/src/models/positions.js';
import { readSafetensorsHeader } from '../../web/src/models/safetensors.js';
import { blobSource } from '../../web/src/models/source.js';
import { readTensor } from '../../web/src/models/tensor.js';
import { assertClose, labModule } from './engine.mjs';

register('../unit/raw-hooks.mjs', import.meta.url);
const { torchScript } = await import('../../web/src/lab/torch-script.js');
const { alibiSlopes, labSafetensors, readLabState } = await import('../../web/src/lab/safetensors-export.js');

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const TRAIN_STEPS = 12;
const EVAL_SAMPLES = 8;
// The script evaluates the same float32 weights in another order of sums: its losses part from the engine's
// by about 1e-6 (3e-7 measured); a weight misplaced or transposed moves them by far more.
const LOSS_TOLERANCE = 1e-4;

const BASE = { dModel: 16, nHeads: 2, nLayers: 2, length: 8, batch: 8, lr: 3e-2, warmup: 3, steps: 10 };
const CASES = {
  'learned-previous': { scheme: 'learned', task: 'previous' },
  'learned-randomized-reverse': { scheme: 'learned', task: 'reverse', randomizedPositions: 24 },
  'rope-subject': { scheme: 'rope', task: 'subject', nHeads: 4, nLayers: 1 },
  'alibi-majority-3heads': { scheme: 'alibi', task: 'majority', dModel: 24, nHeads: 3 },
  't5-first': { scheme: 't5', task: 'first', seed: 9 },
  'sinusoidal-previous': { scheme: 'sinusoidal', task: 'previous', scaleEmbedding: false },
};
const SIZES = { previous: [16, 16], reverse: [16, 16], first: [16, 16], subject: [31, 12], majority: [8, 8] };

/** The names and shapes of docs/lab-model.md's parameter table, "." written "_", in buffer order. */
function contractTensors(c) {
  const [V, C] = SIZES[c.task];
  const d = c.dModel;
  const out = [['wte', [V, d]]];
  if (c.scheme === 'learned') out.push(['wpe', [c.randomizedPositions || c.length, d]]);
  if (c.scheme === 't5') out.push(['t5_bias', [32, c.nHeads]]);
  for (let i = 0; i < c.nLayers; i++) {
    const l = `l${i}_`;
    out.push([`${l}ln1_g`, [d]], [`${l}ln1_b`, [d]], [`${l}wq`, [d, d]], [`${l}wk`, [d, d]]);
    out.push([`${l}wv`, [d, d]], [`${l}wo`, [d, d]], [`${l}ln2_g`, [d]], [`${l}ln2_b`, [d]]);
    out.push([`${l}w1`, [d, 4 * d]], [`${l}b1`, [4 * d]], [`${l}w2`, [4 * d, d]], [`${l}b2`, [d]]);
  }
  out.push(['lnf_g', [d]], ['lnf_b', [d]], ['head_w', [d, C]], ['head_b', [C]]);
  return out.map(([name, shape]) => ({ name, shape }));
}

/** The bits of float32 values, to compare exactly (NaN payloads and -0 included). */
const bits = (values) => Array.from(new Uint32Array(Float32Array.from(values).buffer));

/** A trained run: its config, step, state, the engine's parameters (from the state's floats) and its file. */
function trained(t, fields) {
  const lab = new labModule.Lab({ ...BASE, ...fields });
  t.after(() => lab.delete());
  lab.train(TRAIN_STEPS);
  const state = lab.exportState();
  const specs = contractTensors(lab.config);
  const count = specs.reduce((sum, s) => sum + s.shape.reduce((a, b) => a * b, 1), 0);
  // docs/lab-model.md, "Saved state": P floats of parameters, then 2P of moments and 8 bytes of checksum.
  const first = state.length - 8 - 12 * count;
  const params = new Float32Array(state.slice(first, first + 4 * count).buffer);
  return { lab, config: lab.config, step: lab.step, state, specs, params, file: labSafetensors(state) };
}

/** Every tensor of a .safetensors file as the project's reader decodes it, and its header. */
async function readBack(file) {
  const source = blobSource(new Blob([file]), { name: 'lab.safetensors' });
  const header = await readSafetensorsHeader(source);
  const values = new Map();
  for (const entry of header.tensors) values.set(entry.name, (await readTensor(source, entry)).values);
  return { header, values };
}

describe('the weights file, read back by the project reader', () => {
  for (const [name, fields] of Object.entries(CASES)) {
    test(name, async (t) => {
      const run = trained(t, fields);
      const { header, values } = await readBack(run.file);
      assert.deepEqual(readLabState(run.state).config, run.config, 'the state reads as lab.config');

      // Layout: the header padded with spaces to 8 bytes, the tensors in name order, contiguous from 0.
      assert.equal(header.headerLength % 8, 0, 'header length a multiple of 8');
      const headerText = new TextDecoder().decode(run.file.subarray(8, header.dataStart));
      assert.match(headerText, /^\{"__metadata__":.*\} *$/s, 'JSON then spaces');
      const names = header.tensors.map((e) => e.name);
      assert.deepEqual(names, [...names].sort(), 'tensors sorted by name');
      let at = header.dataStart;
      for (const entry of header.tensors) {
        assert.equal(entry.dtype, 'F32');
        assert.equal(entry.begin, at, `${entry.name} follows the previous tensor`);
        at = entry.end;
      }
      assert.equal(at, run.file.length, 'the data area ends with the file');

      // Metadata: the format, every configuration field and the step, as strings.
      const expected = { format: 'pt', step: String(run.step) };
      for (const [key, value] of Object.entries(run.config)) expected[key] = String(value);
      for (const [key, value] of Object.entries(expected)) assert.equal(header.metadata?.[key], value, key);

      // Every parameter, named and shaped as the contract, equals the engine's bit for bit.
      const shapes = Object.fromEntries(header.tensors.map((e) => [e.name, e.shape]));
      assert.deepEqual(new Set(names), new Set([...run.specs.map((s) => s.name), 'slopes']));
      let offset = 0;
      for (const { name: tensor, shape } of run.specs) {
        assert.deepEqual(shapes[tensor], shape, `${tensor} shape`);
        const size = shape.reduce((a, b) => a * b, 1);
        const want = run.params.subarray(offset, offset + size);
        offset += size;
        assert.deepEqual(bits(values.get(tensor)), bits(want), `${tensor} bit for bit`);
      }
      assert.deepEqual(shapes.slopes, [run.config.nHeads]);
      assert.deepEqual(bits(values.get('slopes')), bits(alibiSlopes(run.config.nHeads)));

      // The learned table: the engine's own positionTable, found by name as a checkpoint's would be.
      const { found } = findPositionTensors(header.tensors);
      if (run.config.scheme === 'learned') {
        const rows = run.config.randomizedPositions || run.config.length;
        assert.deepEqual(bits(values.get('wpe')), bits(run.lab.positionTable()), 'wpe is positionTable()');
        assert.deepEqual(
          found.map((p) => [p.name, p.kind, p.firstPosition, p.shape]),
          [['wpe', 'learned', 0, [rows, run.config.dModel]]],
        );
      } else {
        assert.deepEqual(found, [], 'no position table where the scheme has none');
      }
    });
  }

  test('a changed, foreign or truncated state is refused', (t) => {
    const { state } = trained(t, CASES['learned-previous']);
    const changed = state.slice();
    changed[200] ^= 1;
    assert.throws(() => labSafetensors(changed), /^Error: labSafetensors: the state was changed after/);
    assert.throws(() => labSafetensors(state.subarray(0, 500)), /labSafetensors: the state is 500 bytes/);
    assert.throws(() => labSafetensors(new Uint8Array(300)), /not a saved lab state/);
  });
});

// Loads the file through the script's own --load-safetensors path (as __main__, stepping on from the file),
// then, in the same process, loads it again into a fresh model, evaluates it and writes its state_dict and
// ALiBi's slopes for 1 to 8 heads.
const DRIVER = `
import json, runpy, sys, torch
script, weights, out = sys.argv[1], sys.argv[2], sys.argv[3]
sys.argv = [script, *sys.argv[4:]]
g = runpy.run_path(script, run_name="__main__")
cfg = g["check_config"](json.loads(g["CONFIG_JSON"]))
tensors, step, cfg = g["load_safetensors"](cfg, weights)
model = g["LabModel"](cfg)
model.load_state_dict(tensors)
evaluation = g["evaluate"](model, cfg, ${EVAL_SAMPLES}, torch.device("cpu"))
state = {k: {"shape": list(v.shape), "data": v.flatten().tolist()} for k, v in model.state_dict().items()}
slopes = [g["float32"](g["alibi_slopes"](h)).tolist() for h in range(1, 9)]
with open(out, "w") as f:
    json.dump({"step": step, "seed": cfg["seed"], "state": state, "evaluation": evaluation, "slopes": slopes}, f)
`;

const work = await mkdtemp(path.join(os.tmpdir(), 'pe-lab-safetensors-'));
after(() => rm(work, { recursive: true, force: true }));
const pythonEnv = { ...process.env, OMP_NUM_THREADS: '1', CUDA_VISIBLE_DEVICES: '' };

async function python(args) {
  const install = 'scripts/setup.sh installs it (on Debian: sudo apt-get install python3-torch)';
  assert.ok(existsSync(PYTHON), `${PYTHON} is missing; ${install}`);
  await run(PYTHON, ['-c', 'import torch'], { env: pythonEnv }).catch((error) =>
    assert.fail(`${PYTHON} cannot import torch (${String(error.stderr).trim()}); ${install}`),
  );
  return run(PYTHON, args, { env: pythonEnv, timeout: 240_000, maxBuffer: 64 << 20 });
}

describe('the exported PyTorch script loads the weights file', { concurrency: 2 }, () => {
  for (const name of ['learned-randomized-reverse', 'rope-subject', 'alibi-majority-3heads', 't5-first']) {
    test(name, async (t) => {
      const r = trained(t, CASES[name]);
      const evaluation = r.lab.evaluate({ samples: EVAL_SAMPLES });
      const next = Array.from(r.lab.train(2).loss); // the batches of steps s and s + 1
      const [script, weights, out] = ['py', 'safetensors', 'json'].map((x) =>
        path.join(work, `${name}.${x}`),
      );
      const text = torchScript(r.config);
      assert.ok(!/^\s*(import|from) safetensors/m.test(text), 'the script needs no safetensors package');
      await Promise.all([writeFile(script, text), writeFile(weights, r.file)]);
      const flags = ['--load-safetensors', weights, '--steps', '2', '--eval-samples', '0', '--device', 'cpu'];
      const { stdout } = await python(['-c', DRIVER, script, weights, out, ...flags]);
      const got = JSON.parse(await readFile(out, 'utf8'));
      assert.equal(got.step, r.step, 'the file says the step it was trained to');
      assert.equal(got.seed, r.config.seed);

      // The state_dict: exactly the file's tensors, every value the engine's float32.
      const { values } = await readBack(r.file);
      assert.deepEqual(Object.keys(got.state).sort(), [...values.keys()].sort(), 'state_dict keys');
      for (const [key, { shape, data }] of Object.entries(got.state)) {
        assert.equal(
          shape.reduce((a, b) => a * b, 1),
          values.get(key).length,
          `${key} size`,
        );
        assert.deepEqual(bits(data), bits(values.get(key)), `${key} loaded bit for bit`);
      }
      got.slopes.forEach((s, i) =>
        assert.deepEqual(bits(s), bits(alibiSlopes(i + 1)), `slopes, ${i + 1} heads`),
      );

      // Evaluation of the loaded weights against the engine's, length by length.
      assert.deepEqual(
        got.evaluation.map((e) => e.length),
        Array.from(evaluation.lengths),
      );
      const losses = got.evaluation.map((e) => e.loss);
      const worst = Math.max(...losses.map((l, i) => Math.abs(l - evaluation.loss[i])));
      t.diagnostic(
        `${name}: worst |evaluation loss - engine| ${worst.toExponential(2)} over ${losses.length} lengths`,
      );
      assertClose(losses, Array.from(evaluation.loss), LOSS_TOLERANCE, `${name} evaluation loss`);
      const flips = got.evaluation.filter((e, i) => Math.abs(e.accuracy - evaluation.accuracy[i]) > 1e-9);
      assert.ok(flips.length <= 1, `${name}: accuracy differs from the engine's at ${flips.length} lengths`);

      // Going on from the file: step lines count on from its step, and the first is the engine's next batch
      // measured on the same weights (the second follows a fresh AdamW, so it is not compared).
      const steps = [...stdout.matchAll(/^step (\d+) loss (\S+) accuracy (\S+)$/gm)];
      assert.deepEqual(
        steps.map((m) => Number(m[1])),
        [r.step, r.step + 1],
      );
      t.diagnostic(`${name}: step ${r.step} loss ${steps[0][2]} vs engine ${next[0]}`);
      assertClose(Number(steps[0][2]), next[0], LOSS_TOLERANCE, `${name} step ${r.step}`);
    });
  }

  test('a script of another configuration refuses the file and says which fields differ', async (t) => {
    const r = trained(t, CASES['rope-subject']);
    const [script, weights] = ['other.py', 'other.safetensors'].map((x) => path.join(work, x));
    await writeFile(script, torchScript({ ...r.config, lr: 0.01, base: 500 }));
    await writeFile(weights, r.file);
    const failed = await python([script, '--load-safetensors', weights, '--device', 'cpu']).then(
      () => null,
      (error) => error,
    );
    assert.ok(failed, 'the script exits with an error');
    assert.match(
      String(failed.stderr),
      /is a run of another configuration: base 10000 \(CONFIG: 500\), lr 0\.03/,
    );
  });
});
