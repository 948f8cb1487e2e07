// The lab's "Run it bigger" export (web/src/lab/torch-script.js) run for real: for each configuration, the
// generated script trains 20 steps on the CPU under Debian's python3-torch, and its printed losses must match
// the WASM engine's `lab.train(20).loss` within 1e-3 per step; its initial weights (--dump-init) must equal
// the native pe-lab-dump's exactly in float32, and the training batches (their randomized positions included)
// and evaluation sequences its own generator draws must equal the engine's token for token. One case runs as two processes with the
// environment torchrun gives its workers, and must still match the single-process engine. Python and the
// dump tool are required: `npm test` (scripts/setup.sh) installs python3-torch, and the native stage builds
// pe-lab-dump before this stage runs.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { register } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { labModule } from './engine.mjs';

register('../unit/raw-hooks.mjs', import.meta.url);
const { LAB_DEFAULTS, labConfig, torchScript } = await import('../../web/src/lab/torch-script.js');

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PYTHON = '/usr/bin/python3';
const DUMP_TOOL = path.join(ROOT, 'build/native/pe-lab-dump');
const STEPS = 20;
const EVAL_SAMPLES = 8;
const LOSS_TOLERANCE = 1e-3;
// Float32 rounding alone parts the script's curve from the engine's by at most 5e-6 at any step of these cases
// (measured on x86-64: 3e-7 to 4.6e-6, the most for sinusoidal-subject). An erf GELU in place of the tanh form
// stays under the per-step 1e-3 but moves four of the six curves by 2.7e-5 to 1.4e-4, so the worst step of
// every case must also stay within this.
const ROUNDING_TOLERANCE = 2e-5;

// Small enough for seconds per case, with a schedule that warms up, decays and reaches its floor within the
// 20 steps; decay on, and a clip low enough to act at every step. The rate of 3e-2 moves the weights far
// enough in 20 steps that a RoPE convention swapped, a sin/cos swapped, ALiBi's slopes off by one or a clip
// skipped each part the curves by 8e-3 or more (measured by making each mistake in the template), while
// rounding stays at 1e-6; from about 5e-2 on, training amplifies rounding itself towards 1e-4.
const BASE = { dModel: 16, nHeads: 2, nLayers: 2, length: 8, batch: 8, lr: 3e-2, warmup: 5, steps: 15 };
Object.assign(BASE, { weightDecay: 0.1, clip: 0.1, seed: 7 });

// Every scheme, both RoPE conventions, per-token tasks and the pooled subject (and majority), causal and
// bidirectional, 1 to 4 heads (ALiBi's rule for a count that is not a power of two), clipping off once, and
// randomized positions.
const CASES = {
  'none-previous': { scheme: 'none', task: 'previous' },
  'sinusoidal-subject': { scheme: 'sinusoidal', task: 'subject', base: 100 },
  'learned-first-unscaled': { scheme: 'learned', task: 'first', nHeads: 1, scaleEmbedding: false },
  'rope-interleaved-reverse': { scheme: 'rope', ropeConvention: 'interleaved', task: 'reverse' },
  'rope-half-subject': { scheme: 'rope', ropeConvention: 'half', task: 'subject', base: 1e6 },
  'alibi-majority-3heads': { scheme: 'alibi', task: 'majority', dModel: 24, nHeads: 3, clip: 0, seed: 123 },
  // These two at 1e-2: at 3e-2 they amplify rounding past 2e-5 within 20 steps (the first 9 steps agree
  // within 6e-7, then the difference grows to 2e-3), while at 1e-2 they stay within 3e-7 and T5's relative
  // position taken as query minus key still parts the curves by 2.6e-3.
  't5-majority': { scheme: 't5', task: 'majority', nHeads: 4, lr: 1e-2 },
  // Randomized positions: a learned table of L rows, RoPE past T, and T5's buckets at offsets past 31.
  'learned-randomized-reverse': { scheme: 'learned', task: 'reverse', randomizedPositions: 32 },
  'rope-randomized-previous': { scheme: 'rope', task: 'previous', randomizedPositions: 24, lr: 1e-2 },
  't5-randomized-first': { scheme: 't5', task: 'first', randomizedPositions: 64 },
};
// Two processes on an odd batch (rows 0-2 and 3-6): unequal slices, so the loss must be scaled by the whole
// batch's target count, not averaged per rank; each rank takes its rows' randomized positions too.
const DISTRIBUTED = { scheme: 't5', task: 'previous', batch: 7, nHeads: 4, randomizedPositions: 40 };

// The dump tool's flag for each field (docs/lab-model.md, "Checking against the reference").
const EXTENSION_FIELDS = new Set(['extension', 'extensionFactor', 'originalLength']);
const FLAGS = {
  task: '--task',
  scheme: '--scheme',
  ropeConvention: '--rope-convention',
  base: '--base',
  dModel: '--d',
  nHeads: '--heads',
  nLayers: '--layers',
  length: '--length',
  batch: '--batch',
  causal: '--causal',
  scaleEmbedding: '--scale-embedding',
  lr: '--lr',
  warmup: '--warmup',
  steps: '--steps',
  weightDecay: '--weight-decay',
  clip: '--clip',
  seed: '--seed',
  randomizedPositions: '--randomized-positions',
};

// Runs the script as __main__ exactly as `python3 script.py flags` would, then, from the same process and the
// script's own functions, writes the first training batches and a few evaluation sequences for comparison.
const DRIVER = `
import json, runpy, sys
script, out, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.argv = [script, *sys.argv[4:]]
g = runpy.run_path(script, run_name="__main__")
cfg = g["check_config"](json.loads(g["CONFIG_JSON"]))
def rows(batch, positions):
    tokens, targets = batch
    out = {"tokens": tokens.tolist(), "targets": (targets.reshape(-1) if cfg["pooled"] else targets).tolist()}
    return out if positions is None else {**out, "positions": positions.tolist()}
shortest, T = g["TASKS"][cfg["task"]][3], cfg["length"]
evals = []
for n in sorted({shortest, T, min(4 * T, 128)}):
    tokens, targets = g["evaluation_batch"](cfg["task"], n, 3)
    evals += [{"length": n, "example": i, "tokens": tokens[i].tolist(), "targets": targets[i].tolist()} for i in range(3)]
with open(out, "w") as f:
    batches = [rows(g["training_batch"](cfg, t), g["training_positions"](cfg, t)) for t in range(steps)]
    json.dump({"batches": batches, "evals": evals}, f)
`;

const work = await mkdtemp(path.join(os.tmpdir(), 'pe-torch-export-'));
after(() => rm(work, { recursive: true, force: true }));

/** One thread per process (cases run two at a time) and no GPU: the comparison is with the engine on a CPU. */
const pythonEnv = { ...process.env, OMP_NUM_THREADS: '1', CUDA_VISIBLE_DEVICES: '' };

async function python(args, env = pythonEnv) {
  assert.ok(existsSync(PYTHON), `${PYTHON} is missing; scripts/setup.sh installs python3-torch`);
  const { stdout } = await run(PYTHON, args, { env, timeout: 240_000, maxBuffer: 64 << 20 });
  return stdout;
}

/** The `step t loss L accuracy A` lines of a run, in order. */
function printedSteps(stdout) {
  const steps = [...stdout.matchAll(/^step (\d+) loss (\S+) accuracy (\S+)$/gm)];
  steps.forEach((m, i) => assert.equal(Number(m[1]), i, 'steps printed in order from 0'));
  return { loss: steps.map((m) => Number(m[2])), accuracy: steps.map((m) => Number(m[3])) };
}

/** The engine's filled configuration, curve, evaluation and evaluation sequences; the Lab lives for the test. */
function engineRun(t, config) {
  const lab = new labModule.Lab(config);
  t.after(() => lab.delete());
  const { loss, accuracy } = lab.train(STEPS);
  const evaluation = lab.evaluate({ samples: EVAL_SAMPLES });
  const example = (n, i) => lab.attention(0, 0, n, i);
  return { config: lab.config, loss: Array.from(loss), accuracy: Array.from(accuracy), evaluation, example };
}

async function dumpTool(config) {
  assert.ok(
    existsSync(DUMP_TOOL),
    `${DUMP_TOOL} is missing; build it with cmake --preset native && ` +
      'cmake --build build/native --target pe-lab-dump',
  );
  const argv = ['--train-steps', String(STEPS)];
  for (const [key, value] of Object.entries(config)) {
    // Lab.extend's fields stay at their defaults here (the export refuses an extended run), and the dump
    // tool, which trains from the start, has no flag for them.
    if (EXTENSION_FIELDS.has(key)) {
      assert.equal(value, LAB_DEFAULTS[key], `${key} at its default`);
      continue;
    }
    argv.push(FLAGS[key], String(typeof value === 'boolean' ? Number(value) : value));
  }
  const { stdout } = await run(DUMP_TOOL, argv, { timeout: 120_000, maxBuffer: 256 << 20 });
  return JSON.parse(stdout);
}

function compareCurve(t, label, printed, engine) {
  assert.equal(printed.loss.length, STEPS, `${label}: ${STEPS} step lines`);
  const diffs = printed.loss.map((loss, i) => Math.abs(loss - engine.loss[i]));
  const worst = Math.max(...diffs);
  t.diagnostic(`${label}: worst |loss - engine| over ${STEPS} steps ${worst.toExponential(2)}`);
  diffs.forEach((d, i) =>
    assert.ok(d <= LOSS_TOLERANCE, `${label} step ${i}: loss ${printed.loss[i]} vs engine ${engine.loss[i]}`),
  );
  assert.ok(worst <= ROUNDING_TOLERANCE, `${label}: worst step ${worst} is more than float32 rounding`);
  // Accuracy is a count of argmaxes: it may only differ where float32 rounding flips a near tie.
  const flips = printed.accuracy.filter((a, i) => Math.abs(a - engine.accuracy[i]) > 1e-6).length;
  assert.ok(flips <= 2, `${label}: accuracy differs from the engine's at ${flips} of ${STEPS} steps`);
}

describe('the exported PyTorch script against the engine', { concurrency: 2 }, () => {
  for (const [name, fields] of Object.entries(CASES)) {
    test(name, async (t) => {
      const config = labConfig({ ...BASE, ...fields });
      const engine = engineRun(t, config);
      assert.deepEqual(config, engine.config, 'torchScript fills the configuration as the engine does');
      const script = path.join(work, `${name}.py`);
      await writeFile(script, torchScript(config));
      const [init, draws] = [path.join(work, `${name}.init.json`), path.join(work, `${name}.draws.json`)];
      const flags = ['--steps', String(STEPS), '--eval-samples', String(EVAL_SAMPLES), '--dump-init', init];
      const [stdout, dump] = await Promise.all([
        python(['-c', DRIVER, script, draws, String(STEPS), ...flags, '--device', 'cpu']),
        dumpTool(config),
      ]);
      compareCurve(t, name, printedSteps(stdout), engine);

      // Evaluation by length on the held-out sets, after the same 20 steps.
      const evals = [...stdout.matchAll(/^eval length (\d+) loss (\S+) accuracy (\S+)$/gm)];
      assert.deepEqual(
        evals.map((m) => Number(m[1])),
        Array.from(engine.evaluation.lengths),
        'evaluation lengths',
      );
      evals.forEach((m, i) =>
        assert.ok(
          Math.abs(Number(m[2]) - engine.evaluation.loss[i]) <= LOSS_TOLERANCE,
          `evaluation at length ${m[1]}: loss ${m[2]} vs engine ${engine.evaluation.loss[i]}`,
        ),
      );

      // The initial weights: same names, shapes and order, every value the same float32.
      const params = JSON.parse(await readFile(init, 'utf8')).params;
      assert.deepEqual(
        params.map((p) => [p.name, p.shape]),
        dump.params.map((p) => [p.name, p.shape]),
      );
      params.forEach((p, i) =>
        p.data.forEach((x, j) => {
          if (x !== Math.fround(dump.params[i].data[j]))
            assert.fail(`${p.name}[${j}]: ${x} vs engine ${dump.params[i].data[j]}`);
        }),
      );

      // The data: the script's generator draws the engine's training batches and evaluation sequences.
      const drawn = JSON.parse(await readFile(draws, 'utf8'));
      assert.deepEqual(drawn.batches, dump.train.batches.slice(0, STEPS), 'training batches 0..19');
      for (const e of drawn.evals) {
        const fromEngine = engine.example(e.length, e.example);
        const label = `evaluation sequence ${e.example} of length ${e.length}`;
        assert.deepEqual(
          [e.tokens, e.targets],
          [Array.from(fromEngine.tokens), Array.from(fromEngine.targets)],
          label,
        );
      }
    });
  }

  test('two processes as torchrun starts them, each on its slice of every batch', async (t) => {
    const config = labConfig({ ...BASE, ...DISTRIBUTED });
    const engine = engineRun(t, config);
    const script = path.join(work, 'distributed.py');
    await writeFile(script, torchScript(config));
    // torchrun's contract with its workers is this environment (init_process_group's env://); Debian's 1.13
    // torchrun itself fails on Python 3.11 unless given --redirects 1 --tee 1, so the test starts the ranks.
    const port = await freePort();
    const ranks = [0, 1].map((rank) => {
      const env = {
        ...pythonEnv,
        RANK: `${rank}`,
        LOCAL_RANK: `${rank}`,
        WORLD_SIZE: '2',
        LOCAL_WORLD_SIZE: '2',
      };
      Object.assign(env, { MASTER_ADDR: '127.0.0.1', MASTER_PORT: `${port}` });
      return python([script, '--steps', String(STEPS), '--eval-samples', '0', '--device', 'cpu'], env);
    });
    const [first, second] = await Promise.all(ranks);
    assert.match(first, /on cpu x 2$/m, 'rank 0 reports two processes');
    assert.equal(printedSteps(second).loss.length, 0, 'only rank 0 prints');
    compareCurve(t, 'distributed', printedSteps(first), engine);
  });
});

/** A TCP port nobody listens on now, for the ranks' rendezvous. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}
