// The sweep behind the lab's defaults and presets (docs/lab-claims.md): every claim of the article that a lab run
// makes, checked on seeds 1..10, for the page's configuration or for variants given on the command line; prints
// each claim's per-seed numbers and how many seeds it holds for. One process, one core:
//   PE_ENGINE_DIR=dist/engine nice -n 10 node bench/lab-claims.mjs                      (the page as it is)
//   ... node bench/lab-claims.mjs --only rotation-at-T,rotation-rope-2T --set lr=0.003   (a variant)
//   ... node bench/lab-claims.mjs --experiment rotation --set lr=0.003,steps=600 --seeds 1-10
//   ... node bench/lab-claims.mjs --raw race --schemes alibi --set size=medium           (accuracies only)
// --set changes the lab parameters of every experiment the chosen claims read (after its preset), --seeds
// takes a range or a list; --raw prints one experiment's held-out accuracy at T, 2T, 3T and 4T per scheme and
// seed, for the schemes given (default: the experiment's), and checks no claim.
import { register } from 'node:module';
import { parseArgs } from 'node:util';

register('../tests/unit/raw-hooks.mjs', import.meta.url);
const { labModule } = await import('../tests/js/engine.mjs');
const claims = await import('../tests/js/lab-claims.mjs');

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    experiment: { type: 'string' },
    set: { type: 'string' },
    seeds: { type: 'string', default: '1-10' },
    json: { type: 'boolean', default: false },
    raw: { type: 'string' },
    schemes: { type: 'string' },
  },
});
const seedsOf = (text) =>
  text.split(',').flatMap((part) => {
    const [a, b] = part.split('-').map(Number);
    return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
const overrides = Object.fromEntries(
  (values.set ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => {
      const [k, v] = kv.split('=');
      return [k, Number.isNaN(Number(v)) ? v : Number(v)];
    }),
);
if (values.raw) {
  const experiment = claims.experiments()[values.raw];
  experiment.params = { ...experiment.params, ...overrides };
  const schemes = values.schemes?.split(',') ?? experiment.schemes;
  const T = Number(experiment.params.length);
  console.log(
    `# ${values.raw} ${JSON.stringify(overrides)}: held-out accuracy at ${T}, ${2 * T}, ${3 * T}, ${4 * T}`,
  );
  const cost = { train: 0, evaluate: 0, runs: 0 };
  for (const scheme of schemes) {
    for (const seed of seedsOf(values.seeds)) {
      const run = claims.trainRun(labModule, claims.configFor(experiment, scheme, seed));
      cost.train += run.ms.train;
      cost.evaluate += run.ms.evaluate;
      cost.runs += 1;
      const at = [1, 2, 3, 4].map((k) => (100 * claims.accuracyAt(run, k * T)).toFixed(1));
      console.log(
        `${scheme} seed ${seed}: ${at.join(' ')}  (${claims.wordAt(run, experiment.params.task, T)} at T)`,
      );
    }
  }
  console.log(
    `${cost.runs} runs: ${(cost.train / cost.runs).toFixed(0)} + ${(cost.evaluate / cost.runs).toFixed(0)} ms a run`,
  );
  process.exit(0);
}
let only = values.only?.split(',');
if (values.experiment) {
  const chosen = values.experiment.split(',');
  only = claims.CLAIMS.filter((c) => chosen.includes(c.experiment)).map((c) => c.id);
}
const started = performance.now();
const { results, ms } = claims.checkClaims(labModule, {
  seeds: seedsOf(values.seeds),
  only,
  overrides,
});
const seconds = (performance.now() - started) / 1000;
if (values.json) {
  console.log(JSON.stringify({ overrides, results, ms, seconds }));
} else {
  console.log(`# ${Object.keys(overrides).length ? JSON.stringify(overrides) : 'the page as it is'}`);
  for (const r of results) {
    console.log(`${r.id}: ${r.holds}/${r.seeds.length}  (${r.experiment}; ${r.ok ? 'ok' : 'NOT OK'})`);
    for (const s of r.seeds) console.log(`  seed ${s.seed}: ${s.holds ? 'holds' : 'FAILS'}  ${s.numbers}`);
  }
  console.log(
    `${ms.runs} runs: train ${(ms.train / 1000).toFixed(1)} s, evaluate ${(ms.evaluate / 1000).toFixed(1)} s ` +
      `(${(ms.train / ms.runs).toFixed(0)} + ${(ms.evaluate / ms.runs).toFixed(0)} ms a run); wall ${seconds.toFixed(1)} s`,
  );
}
