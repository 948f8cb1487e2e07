// The sweep behind the lab's extension experiment (docs/lab-claims.md, "Extension"): RoPE trained at T on seeds
// 1..10, then each context-extension method at test time and each fine-tune at 2T (web/src/lab/extension-run.js),
// for the page's experiment or a variant; prints every seed's accuracy at T, 2T and 4T and the median. One
// process, one core:
//   PE_ENGINE_DIR=web/public/engine nice -n 10 node bench/lab-extension.mjs
//   ... node bench/lab-extension.mjs --set task=previous,length=8,size=medium,steps=600,tune=100 --seeds 1-5
import { register } from 'node:module';
import { parseArgs } from 'node:util';

register('../tests/unit/raw-hooks.mjs', import.meta.url);
const { labModule } = await import('../tests/js/engine.mjs');
const { configOf, SAMPLES } = await import('../web/src/figures/lab/params.js');
const { EXTENSION_DEFAULTS, runExtension } = await import('../web/src/lab/extension-run.js');
const { spread } = await import('../web/src/lab/verdict.js');

const { values } = parseArgs({
  options: { set: { type: 'string', default: '' }, seeds: { type: 'string', default: '1-10' } },
});
const seeds = values.seeds.split(',').flatMap((part) => {
  const [a, b] = part.split('-').map(Number);
  return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
});
const overrides = Object.fromEntries(
  values.set
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('='))
    .map(([k, v]) => [k, Number.isNaN(Number(v)) ? v : Number(v)]),
);
const params = { ...EXTENSION_DEFAULTS, ...overrides };
console.log(`# ${JSON.stringify(params)}: accuracy at T, 2T, 4T per seed`);
const rows = {};
const cost = { train: 0, evaluate: 0 };
for (const seed of seeds) {
  const config = { ...configOf({ ...params, seed }), scheme: 'rope' };
  const run = runExtension(labModule, config, { samples: SAMPLES, tuneSteps: params.tune });
  cost.train += run.ms.train;
  cost.evaluate += run.ms.evaluate;
  const all = {
    ...Object.fromEntries(Object.entries(run.testTime).map(([m, a]) => [`test ${m}`, a])),
    ...Object.fromEntries(Object.entries(run.tuned).map(([m, a]) => [`tuned ${m}`, a])),
  };
  for (const [name, acc] of Object.entries(all)) {
    (rows[name] ??= []).push(acc);
    console.log(`seed ${seed} ${name.padEnd(20)} ${acc.map((a) => (100 * a).toFixed(1)).join(' ')}`);
  }
}
console.log('# median (min-max) across seeds');
for (const [name, runs] of Object.entries(rows)) {
  const cells = [0, 1, 2].map((i) => {
    const { median, min, max } = spread(runs.map((r) => r[i]));
    return `${(100 * median).toFixed(1)} (${(100 * min).toFixed(0)}-${(100 * max).toFixed(0)})`;
  });
  console.log(`${name.padEnd(22)} ${cells.join('  ')}`);
}
console.log(
  `# ${seeds.length} seeds: train ${(cost.train / 1000).toFixed(1)} s, evaluate ${(cost.evaluate / 1000).toFixed(1)} s`,
);
