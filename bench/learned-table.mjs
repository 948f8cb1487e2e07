// What the learned figure's trained table looks like across seeds (docs/lab-claims.md, "learned table"): for the
// figure's run (learned-run.js) or a variant, per seed: columns whose sign flips at every step, columns that
// drift from one end to the other (tests/js/lab-claims.mjs's tablePattern, the browser test's reading), the
// share of the table's square in its two largest singular directions, and the mean cosine of rows k apart.
//   PE_ENGINE_DIR=dist/engine nice -n 10 node bench/learned-table.mjs [--set lr=0.003,steps=600] [--seeds 1-10]
import { register } from 'node:module';
import { parseArgs } from 'node:util';

register('../tests/unit/raw-hooks.mjs', import.meta.url);
const { labModule } = await import('../tests/js/engine.mjs');
const { configOf } = await import('../web/src/figures/lab/params.js');
const { LEARNED_RUN } = await import('../web/src/figures/learned-run.js');
const { tablePattern } = await import('../tests/js/lab-claims.mjs');

const { values } = parseArgs({
  options: { set: { type: 'string', default: '' }, seeds: { type: 'string', default: '1-10' } },
});
const overrides = Object.fromEntries(
  values.set
    .split(',')
    .filter(Boolean)
    .map((kv) => kv.split('='))
    .map(([k, v]) => [k, Number.isNaN(Number(v)) ? v : Number(v)]),
);
const [a, b] = values.seeds.split('-').map(Number);
const seeds = Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);

/** Share of sum(x^2) in the two largest singular directions of a T x d matrix (power iteration on X^T X). */
function topTwoShare(x, T, d) {
  const gram = Array.from({ length: d }, (_, i) =>
    Array.from({ length: d }, (_, j) => {
      let s = 0;
      for (let p = 0; p < T; p += 1) s += x[p * d + i] * x[p * d + j];
      return s;
    }),
  );
  const total = gram.reduce((s, row, i) => s + row[i], 0);
  let explained = 0;
  for (let k = 0; k < 2; k += 1) {
    let v = Array.from({ length: d }, (_, i) => Math.sin(i + 1 + k));
    let lambda = 0;
    for (let it = 0; it < 500; it += 1) {
      const w = gram.map((row) => row.reduce((s, g, j) => s + g * v[j], 0));
      const norm = Math.hypot(...w);
      lambda = norm;
      v = w.map((x) => x / norm);
    }
    explained += lambda;
    for (let i = 0; i < d; i += 1) for (let j = 0; j < d; j += 1) gram[i][j] -= lambda * v[i] * v[j];
  }
  return explained / total;
}

function meanCosine(x, T, d, k) {
  let sum = 0;
  for (let p = 0; p + k < T; p += 1) {
    let [ab, aa, bb] = [0, 0, 0];
    for (let j = 0; j < d; j += 1) {
      ab += x[p * d + j] * x[(p + k) * d + j];
      aa += x[p * d + j] ** 2;
      bb += x[(p + k) * d + j] ** 2;
    }
    sum += ab / Math.sqrt(aa * bb);
  }
  return sum / (T - k);
}

const params = { ...LEARNED_RUN, ...overrides };
console.log(`# learned table, ${JSON.stringify(overrides)}`);
for (const seed of seeds) {
  const config = { ...configOf({ ...params, seed }), scheme: 'learned' };
  const lab = new labModule.Lab(config);
  const { accuracy } = lab.train(config.steps);
  const table = lab.positionTable();
  lab.delete();
  const { length: T, dModel: d } = config;
  const { flipping, drifting } = tablePattern(table, T, d);
  const cos = [1, 2, 3].map((k) => meanCosine(table, T, d, k).toFixed(2));
  console.log(
    `seed ${seed}: last batch ${(100 * accuracy[accuracy.length - 1]).toFixed(1)}%, ${flipping} flipping, ` +
      `${drifting} drifting, top-2 share ${(100 * topTwoShare(table, T, d)).toFixed(0)}%, ` +
      `row cosine k=1,2,3: ${cos.join(' ')}`,
  );
}
