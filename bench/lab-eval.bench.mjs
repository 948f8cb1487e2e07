// Evaluation against training, per model size: for each of the page's size presets, one run of the page's
// schedule (300 steps, batch 32, learning rate 0.01) at the default training length (8, on `subject`) and at
// the longest (32, on `subject` and `previous`), then the page's evaluation (128 held-out sequences per length
// on the engine's grid of lengths). Prints both times in this process's CPU time and their ratio, which the
// lab keeps at most 0.25 (issue: evaluation must not keep the reader waiting longer than a quarter of training).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
const { default: createLab } = await import(pathToFileURL(path.resolve(dir, 'pe-lab.js')).href);
const { Lab } = await createLab();

// The page's presets (web/src/figures/lab/params.js, SIZES) and schedule; SAMPLES is its sequences per length.
const SIZES = {
  tiny: { dModel: 16, nHeads: 2, nLayers: 1 },
  small: { dModel: 32, nHeads: 4, nLayers: 1 },
  medium: { dModel: 64, nHeads: 4, nLayers: 2 },
  large: { dModel: 128, nHeads: 8, nLayers: 2 },
};
const STEPS = 300;
const SAMPLES = 128;
const LIMIT = 0.25;

function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

let worst = 0;
console.log('lab: training (300 steps) and evaluation (128 sequences per length), CPU seconds of one run');
for (const [task, length] of [
  ['subject', 8],
  ['subject', 32],
  ['previous', 32],
]) {
  for (const [size, model] of Object.entries(SIZES)) {
    const lab = new Lab({
      task,
      length,
      ...model,
      lr: 0.01,
      steps: STEPS,
      batch: 32,
      seed: 1,
      scheme: 'rope',
    });
    try {
      let t0 = cpuSeconds();
      lab.train(STEPS);
      const train = cpuSeconds() - t0;
      t0 = cpuSeconds();
      const { lengths } = lab.evaluate({ samples: SAMPLES });
      const evaluate = cpuSeconds() - t0;
      const ratio = evaluate / train;
      worst = Math.max(worst, ratio);
      console.log(
        `  ${task.padEnd(8)} T ${String(length).padStart(2)} ${size.padEnd(6)}: train ${train.toFixed(2)} s, ` +
          `evaluate ${evaluate.toFixed(2)} s at ${lengths.length} lengths, ratio ${ratio.toFixed(3)}` +
          (ratio > LIMIT ? `  OVER ${LIMIT}` : ''),
      );
    } finally {
      lab.delete();
    }
  }
}
console.log(`  worst ratio ${worst.toFixed(3)} (limit ${LIMIT})`);
