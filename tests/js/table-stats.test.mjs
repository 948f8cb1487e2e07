// The analyses of a learned position table (tableCosine, tableStats, tableComponents, tablePeriods) against a
// plain double-precision JavaScript reference on a seeded 302 x 64 table whose first two rows are skipped (as
// OPT's offset rows are), and bit for bit against the scalar module.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { assertClose, assertNoGrowth, createModels, models } from './engine.mjs';
import { seeded } from './fuzz.mjs';

const ROWS = 302;
const FIRST = 2;
const N = ROWS - FIRST;
const D = 64;
const random = seeded(7);
// Columns of decreasing scale over a shared smooth drift, so that the covariance has distinct eigenvalues.
const table = new Float32Array(ROWS * D).map((_, i) => {
  const [row, col] = [Math.floor(i / D), i % D];
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return 0.2 * Math.sin(row / (10 + col)) + normal * 1.12 ** -col;
});
const x = (a, j) => table[(FIRST + a) * D + j];

const mean = Array.from({ length: D }, (_, j) => {
  let sum = 0;
  for (let a = 0; a < N; a += 1) sum += x(a, j);
  return sum / N;
});
const centred = (a, j) => x(a, j) - mean[j];

function referenceCosine() {
  const norms = Array.from({ length: N }, (_, a) => {
    let s = 0;
    for (let j = 0; j < D; j += 1) s += x(a, j) ** 2;
    return Math.sqrt(s);
  });
  const out = new Float64Array(N * N);
  for (let a = 0; a < N; a += 1) {
    for (let b = 0; b < N; b += 1) {
      let dot = 0;
      for (let j = 0; j < D; j += 1) dot += x(a, j) * x(b, j);
      out[a * N + b] = dot / (norms[a] * norms[b]);
    }
  }
  return { matrix: out, norms };
}

/** Every eigenpair of the covariance by cyclic Jacobi in double: values descending, vectors as rows. */
function referenceEigen() {
  const c = Array.from({ length: D }, (_, i) =>
    Array.from({ length: D }, (_, j) => {
      let s = 0;
      for (let a = 0; a < N; a += 1) s += centred(a, i) * centred(a, j);
      return s / N;
    }),
  );
  const v = Array.from({ length: D }, (_, i) => Array.from({ length: D }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep += 1) {
    for (let p = 0; p < D; p += 1) {
      for (let q = p + 1; q < D; q += 1) {
        if (Math.abs(c[p][q]) < 1e-300) continue;
        const angle = 0.5 * Math.atan2(2 * c[p][q], c[q][q] - c[p][p]);
        const [cs, sn] = [Math.cos(angle), Math.sin(angle)];
        for (let r = 0; r < D; r += 1) {
          [c[r][p], c[r][q]] = [cs * c[r][p] - sn * c[r][q], sn * c[r][p] + cs * c[r][q]];
        }
        for (let r = 0; r < D; r += 1) {
          [c[p][r], c[q][r]] = [cs * c[p][r] - sn * c[q][r], sn * c[p][r] + cs * c[q][r]];
          [v[r][p], v[r][q]] = [cs * v[r][p] - sn * v[r][q], sn * v[r][p] + cs * v[r][q]];
        }
      }
    }
  }
  const order = [...Array(D).keys()].sort((a, b) => c[b][b] - c[a][a]);
  return { values: order.map((i) => c[i][i]), vectors: order.map((i) => v.map((row) => row[i])) };
}

test('tableCosine: every pair and the mean by offset against double; the sinusoid by its closed form', () => {
  const got = models.tableCosine(table, ROWS, D, FIRST);
  const ref = referenceCosine();
  assert.ok(got.matrix instanceof Float32Array);
  assert.equal(got.matrix.length, N * N);
  assertClose(got.matrix, ref.matrix, 2e-6, 'cosine');
  for (let a = 0; a < N; a += 1) assert.equal(got.matrix[a * N + a], 1);
  const byOffset = Array.from({ length: N }, (_, k) => {
    let s = 0;
    for (let a = 0; a + k < N; a += 1) s += ref.matrix[a * N + a + k];
    return s / (N - k);
  });
  assertClose(got.byOffset, byOffset, 2e-6, 'byOffset');
  const closed = Array.from({ length: N }, (_, k) => {
    let s = 0;
    for (let i = 0; i < D / 2; i += 1) s += Math.cos(k * 10000 ** ((-2 * i) / D));
    return s / (D / 2);
  });
  assertClose(got.sinusoid, closed, 1e-9, 'sinusoid');
  assert.equal(models.tableCosine(table, ROWS * 2, D / 2, 0, 4).sinusoid.length, 4);
  assert.equal(models.tableCosine(new Float32Array(9).fill(1), 3, 3).sinusoid, null);
});

test('tableStats: norms, variances, shares and their order against double', () => {
  const got = models.tableStats(table, ROWS, D, FIRST);
  const ref = referenceCosine();
  assertClose(got.norms, ref.norms, 1e-12, 'norms');
  assertClose(got.mean, mean, 1e-14, 'mean');
  const variance = mean.map((_, j) => {
    let s = 0;
    for (let a = 0; a < N; a += 1) s += centred(a, j) ** 2;
    return s / N;
  });
  const total = variance.reduce((s, v) => s + v, 0);
  assertClose(got.variance, variance, 1e-13, 'variance');
  assertClose(
    got.share,
    variance.map((v) => v / total),
    1e-13,
    'share',
  );
  const order = [...Array(D).keys()].sort((a, b) => variance[b] - variance[a] || a - b);
  assert.deepEqual([...got.order], order);
  let running = 0;
  assertClose(
    got.cumulative,
    order.map((j) => (running += variance[j] / total)),
    1e-12,
    'cumulative',
  );
});

test('tableComponents: explained variance, loadings and coordinates against a double eigendecomposition', () => {
  const k = 6;
  const got = models.tableComponents(table, ROWS, D, FIRST, N, k);
  const { values, vectors } = referenceEigen();
  const total = values.reduce((s, v) => s + v, 0);
  assertClose(
    got.explained,
    values.slice(0, k).map((v) => v / total),
    1e-6,
    'explained',
  );
  assertClose(got.variance, values.slice(0, k), 1e-5 * values[0], 'variance');
  assert.equal(got.coordinates.length, N * k);
  for (let i = 0; i < k; i += 1) {
    const loading = got.loadings.subarray(i * D, (i + 1) * D);
    const dot = loading.reduce((s, l, j) => s + l * vectors[i][j], 0);
    assert.ok(Math.abs(dot) > 1 - 1e-5, `component ${i}: |cos| with the reference ${Math.abs(dot)}`);
    const largest = loading.reduce((best, l, j) => (Math.abs(l) > Math.abs(loading[best]) ? j : best), 0);
    assert.ok(loading[largest] > 0, `component ${i}: its largest loading is positive`);
    for (let a = 0; a < N; a += 1) {
      let c = 0;
      for (let j = 0; j < D; j += 1) c += centred(a, j) * loading[j];
      assertClose(got.coordinates[a * k + i], c, 1e-12, `coordinate ${a}, ${i}`);
    }
  }
  assert.ok(got.iterations >= 2 && got.iterations <= 300);
});

test('tablePeriods: the peak bin and its share of the power against a double DFT', () => {
  const got = models.tablePeriods(table, ROWS, D, FIRST);
  for (let j = 0; j < D; j += 1) {
    let power = 0;
    for (let a = 0; a < N; a += 1) power += centred(a, j) ** 2;
    const shares = [0];
    for (let f = 1; f <= N / 2; f += 1) {
      let [re, im] = [0, 0];
      for (let a = 0; a < N; a += 1) {
        re += centred(a, j) * Math.cos((2 * Math.PI * f * a) / N);
        im += centred(a, j) * Math.sin((2 * Math.PI * f * a) / N);
      }
      shares.push(((2 * f === N ? 1 : 2) * (re * re + im * im)) / (N * power));
    }
    const best = Math.max(...shares);
    assertClose(shares[got.bin[j]], best, 1e-5, `column ${j}: the chosen bin's share`);
    assertClose(got.share[j], best, 1e-5, `column ${j}: share`);
    assert.equal(got.period[j], N / got.bin[j]);
  }
});

test('the four analyses are bit for bit the same in the scalar module, and hold no memory', async () => {
  const dir = process.env.PE_ENGINE_DIR ?? 'dist/engine';
  const wasmBinary = readFileSync(path.resolve(dir, 'pe-models.scalar.wasm'));
  const scalar = await createModels({ wasmBinary });
  const bytes = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  const calls = {
    tableCosine: (e) => e.tableCosine(table, ROWS, D, FIRST),
    tableStats: (e) => e.tableStats(table, ROWS, D, FIRST),
    tableComponents: (e) => e.tableComponents(table, ROWS, D, FIRST, N, 16),
    tablePeriods: (e) => e.tablePeriods(table, ROWS, D, FIRST),
  };
  for (const [name, call] of Object.entries(calls)) {
    const [simd, plain] = [call(models), call(scalar)];
    for (const [key, value] of Object.entries(simd)) {
      if (ArrayBuffer.isView(value)) assert.deepEqual(bytes(plain[key]), bytes(value), `${name}.${key}`);
      else assert.equal(plain[key], value, `${name}.${key}`);
    }
    assertNoGrowth(() => call(models), 2);
  }
});

test('a NaN or infinity in the table is refused with its index; sizes are capped', () => {
  const bad = table.slice();
  bad[1234] = Infinity;
  assert.throws(
    () => models.tableStats(bad, ROWS, D),
    /^Error: tableStats: values must hold finite .*item 1234 is Infinity/,
  );
  assert.throws(
    () => models.tableCosine(new Float32Array(2049), 2049, 1),
    /tableCosine: count must be .* 1 to 2048/,
  );
  assert.throws(() => models.tableComponents(table, ROWS, D, 0, ROWS, 17), /tableComponents: components/);
  assert.throws(
    () => models.tablePeriods(new Float32Array(8192 * 65), 8192, 65),
    /tablePeriods: count\^2 \* cols \(the multiply-adds of the spectra\) is 4362076160 values/,
  );
  assert.throws(
    () => models.tablePeriods(table, ROWS, D, ROWS),
    /tablePeriods: first must be an integer from 0 to 301/,
  );
});
