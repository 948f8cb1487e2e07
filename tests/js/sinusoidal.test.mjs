import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pe, assertClose, assertEngineError } from './engine.mjs';

function reference(pos, dim, dModel, base) {
  const angle = pos / base ** ((2 * Math.floor(dim / 2)) / dModel);
  return dim % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
}

test('sinusoidalTable matches the formula in both layouts', () => {
  const [positions, dModel, base] = [50, 128, 10000];
  const interleaved = pe.sinusoidalTable(positions, dModel, base, 'interleaved');
  const split = pe.sinusoidalTable(positions, dModel, base, 'split');
  assert.ok(interleaved instanceof Float32Array);
  assert.equal(interleaved.length, positions * dModel);
  const expected = [];
  const expectedSplit = [];
  for (let pos = 0; pos < positions; pos += 1) {
    for (let dim = 0; dim < dModel; dim += 1) expected.push(reference(pos, dim, dModel, base));
    for (let i = 0; i < dModel / 2; i += 1) expectedSplit.push(reference(pos, 2 * i, dModel, base));
    for (let i = 0; i < dModel / 2; i += 1) expectedSplit.push(reference(pos, 2 * i + 1, dModel, base));
  }
  assertClose(interleaved, expected, 2e-7);
  assertClose(split, expectedSplit, 2e-7);
});

test('sinusoidalImage colours each value of the table through the palette', () => {
  const [positions, dModel] = [40, 64];
  const palette = new Uint32Array(Array.from({ length: 101 }, (_, i) => 0xff000000 + i));
  const rgba = pe.sinusoidalImage(positions, dModel, 10000, 'split', palette);
  assert.ok(rgba instanceof Uint8ClampedArray);
  assert.equal(rgba.length, positions * dModel * 4);
  const words = new Uint32Array(rgba.buffer);
  const table = pe.sinusoidalTable(positions, dModel, 10000, 'split');
  for (let i = 0; i < table.length; i += 1) {
    const expected = Math.min(100, Math.max(0, Math.floor((1 - table[i]) * 50 + 0.5)));
    assert.equal(words[i], palette[expected], `pixel ${i}`);
  }
  assert.equal(words[1 * dModel + dModel / 2], palette[Math.floor((1 - Math.cos(1)) * 50 + 0.5)]);
  assertEngineError(() => pe.sinusoidalImage(4, 8, 10000, 'interleaved', [1, -2]), /palette/, /2\^32/);
  assertEngineError(() => pe.sinusoidalImage(4, 8, 10000, 'interleaved', new Uint32Array(4097)), /palette/);
});

test('sinusoidalImage at a smaller size is the area average of the full picture', () => {
  const [positions, dModel] = [2048, 96];
  const palette = new Uint32Array(
    Array.from({ length: 256 }, (_, i) => (0xff << 24) | (i << 16) | ((255 - i) << 8) | i),
  );
  const full = pe.sinusoidalImage(positions, dModel, 10000, 'interleaved', palette);
  // Each output pixel from its definition: the source cells it overlaps, weighted by the shared area. Both
  // ways through the engine: rows merged only (four colours per SIMD step), and rows and columns merged.
  const overlap = (a0, a1, b0, b1) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
  for (const [rows, columns] of [
    [420, dModel],
    [420, 37],
    [1, 5],
  ]) {
    const small = pe.sinusoidalImage(positions, dModel, 10000, 'interleaved', palette, rows, columns);
    assert.equal(small.length, rows * columns * 4);
    let worst = 0;
    for (const r of new Set(
      [0, 1, Math.floor(rows / 2), rows - 2, rows - 1].filter((x) => x >= 0 && x < rows),
    )) {
      for (let c = 0; c < columns; c += 1) {
        const sum = [0, 0, 0, 0];
        const p0 = Math.floor((r * positions) / rows);
        const p1 = Math.ceil(((r + 1) * positions) / rows);
        for (let p = p0; p < p1; p += 1) {
          const wr = overlap(p / positions, (p + 1) / positions, r / rows, (r + 1) / rows) * rows;
          for (let j = 0; j < dModel; j += 1) {
            const wc = overlap(j / dModel, (j + 1) / dModel, c / columns, (c + 1) / columns) * columns;
            for (let ch = 0; ch < 4; ch += 1) sum[ch] += wr * wc * full[(p * dModel + j) * 4 + ch];
          }
        }
        for (let ch = 0; ch < 4; ch += 1) {
          worst = Math.max(worst, Math.abs(small[(r * columns + c) * 4 + ch] - sum[ch]));
        }
      }
    }
    assert.ok(worst <= 0.501, `${rows} x ${columns}: largest difference ${worst} of 255`);
  }
  assert.deepEqual(
    pe.sinusoidalImage(64, 8, 10000, 'split', palette, 64, 8),
    pe.sinusoidalImage(64, 8, 10000, 'split', palette),
  );
  assertEngineError(() => pe.sinusoidalImage(64, 8, 10000, 'split', palette, 65), /rows/, /64/);
  assertEngineError(() => pe.sinusoidalImage(64, 8, 10000, 'split', palette, 0), /rows/);
  assertEngineError(() => pe.sinusoidalImage(64, 8, 10000, 'split', palette, 10, 2.5), /columns/, /8/);
});

test('sinusoidalColumns gives chosen dimensions over position from the formula, in double precision', () => {
  const [positions, dModel] = [2048, 512];
  const dims = [0, 32, 128, 256, 500, 511];
  const columns = pe.sinusoidalColumns(positions, dModel, 10000, 'interleaved', dims);
  assert.ok(columns instanceof Float64Array);
  assert.equal(columns.length, dims.length * positions);
  const expected = dims.flatMap((d) =>
    Array.from({ length: positions }, (_, p) => reference(p, d, dModel, 10000)),
  );
  assertClose(columns, expected, 1e-12);
  const table = pe.sinusoidalTable(positions, dModel, 10000, 'split');
  const split = pe.sinusoidalColumns(positions, dModel, 10000, 'split', [3, 300]);
  for (const p of [0, 1, 999, 2047]) {
    assert.ok(Math.abs(split[p] - table[p * dModel + 3]) < 2e-7);
    assert.ok(Math.abs(split[positions + p] - table[p * dModel + 300]) < 2e-7);
  }
  assertEngineError(() => pe.sinusoidalColumns(10, 8, 10000, 'split', [8]), /dimensions/, /0 to 7/);
  assertEngineError(() => pe.sinusoidalColumns(10, 8, 10000, 'split', [1.5]), /dimensions/);
  assertEngineError(
    () => pe.sinusoidalColumns(65536, 512, 10000, 'split', Array(512).fill(0)),
    /cap|2\^24|16,777,216/,
  );
});

test('sinusoidalTable defaults to base 10000 and the interleaved layout', () => {
  assert.deepEqual(pe.sinusoidalTable(3, 16), pe.sinusoidalTable(3, 16, 10000, 'interleaved'));
});

test('results are fresh copies owned by the caller', () => {
  const a = pe.sinusoidalTable(4, 8);
  a.fill(42);
  const b = pe.sinusoidalTable(4, 8);
  assert.equal(b[0], 0);
  assert.notEqual(a.buffer, b.buffer);
});

test('the source numbers come out of the engine', () => {
  const ranges = pe.dimensionRanges(64, 512, 10000);
  assert.equal(ranges.filter((r) => r < 0.1).length, 194);
  assert.equal(ranges.filter((r) => r < 0.5).length, 264);
  const periods = pe.pairPeriods(512, 10000);
  assertClose(periods[255], 60611.48, 0.01);
  assertClose(periods[1] / periods[0], 1.0366, 1e-4);
  for (const start of [0, 100, 300]) {
    const dots = pe.dotByOffset(start, 37, 512, 10000);
    assertClose(dots[0], 256, 1e-9);
    assertClose(dots[37], 139.05, 5e-3);
  }
  assert.ok(pe.rotationResidual(300, 37, 512, 10000) < 1e-6);
});

test('shiftRotation maps pair i of PE(pos) to PE(pos + k)', () => {
  const [pair, k, pos] = [5, 9, 123];
  const [a, b, c, d] = pe.shiftRotation(pair, k, 512, 10000);
  const row = pe.sinusoidalTable(pos + k + 1, 512, 10000);
  const s = row[pos * 512 + 2 * pair];
  const co = row[pos * 512 + 2 * pair + 1];
  assertClose(a * s + b * co, row[(pos + k) * 512 + 2 * pair], 1e-6);
  assertClose(c * s + d * co, row[(pos + k) * 512 + 2 * pair + 1], 1e-6);
});

test('dotByOffsetSpread is the largest difference between the curves from each start', () => {
  const curves = [0, 100, 300].map((start) => pe.dotByOffset(start, 64, 128, 10000));
  let worst = 0;
  for (const curve of curves) curve.forEach((v, k) => (worst = Math.max(worst, Math.abs(v - curves[0][k]))));
  assert.equal(pe.dotByOffsetSpread([0, 100, 300], 64, 128, 10000), worst);
  assert.ok(worst < 1e-10);
  assert.equal(pe.dotByOffsetSpread([4], 64, 128), 0);
  assertEngineError(() => pe.dotByOffsetSpread([0, -5], 8, 128), /starts/, /-5/);
});

test('layoutOrder maps every dimension of a layout to its place in the interleaved table', () => {
  assert.deepEqual([...pe.layoutOrder(8, 'split')], [0, 2, 4, 6, 1, 3, 5, 7]);
  assert.deepEqual([...pe.layoutOrder(4)], [0, 1, 2, 3]);
  const split = pe.sinusoidalTable(3, 16, 10000, 'split');
  const paper = pe.sinusoidalTable(3, 16, 10000, 'interleaved');
  pe.layoutOrder(16, 'split').forEach((slot, d) => assert.equal(split[2 * 16 + d], paper[2 * 16 + slot]));
});

test('rotatePair turns pair i of PE(pos) onto PE(pos + k)', () => {
  const [pair, k, pos] = [5, 9, 123];
  const t = (pos + k) / 10000 ** ((2 * pair) / 512);
  const [s, c] = pe.rotatePair(pair, pos, k, 512, 10000);
  assertClose(s, Math.sin(t), 1e-12);
  assertClose(c, Math.cos(t), 1e-12);
  assertEngineError(() => pe.rotatePair(256, 0, 1, 512), /pair/, /255/);
});

test('similarityMatrix has constant diagonals and a unit cosine diagonal', () => {
  const n = 40;
  const m = pe.similarityMatrix(n, 64, 10000, 'cosine');
  for (let a = 0; a < n; a += 1) assertClose(m[a * n + a], 1, 1e-12);
  for (let a = 0; a + 3 < n; a += 1) assertClose(m[a * n + a + 3], m[3], 1e-12);
});

test('bad arguments throw an Error naming the parameter, the value and what is allowed', () => {
  assertEngineError(() => pe.sinusoidalTable(64, 511), /sinusoidalTable/, /dModel/, /511/, /even integer/);
  assertEngineError(() => pe.sinusoidalTable(NaN, 512), /positions/, /NaN/);
  assertEngineError(() => pe.sinusoidalTable(-1, 512), /positions/, /-1/);
  assertEngineError(() => pe.sinusoidalTable(65537, 512), /positions/, /65536/);
  assertEngineError(() => pe.sinusoidalTable(65536, 4096), /cap/);
  assertEngineError(() => pe.sinusoidalTable(64, 512, Infinity), /base/, /Infinity/);
  assertEngineError(() => pe.sinusoidalTable(64, 512, 10000, 'diagonal'), /layout/, /"diagonal"/, /"split"/);
  assertEngineError(() => pe.sinusoidalTable('64', 512), /positions/, /"64"/);
  assertEngineError(() => pe.sinusoidalTable(), /positions/, /undefined/);
  assertEngineError(() => pe.sinusoidalTable(1, 2, 3, 'split', 5), /at most 4 arguments/);
  assertEngineError(() => pe.shiftRotation(256, 1, 512), /pair/, /255/);
  assertEngineError(() => pe.similarityMatrix(2000, 512), /positions/, /1024/);
});

test('10,000 bad calls leave the module exact and its memory unchanged', () => {
  const before = pe.memoryUsage();
  const good = pe.sinusoidalTable(8, 16);
  const bad = [
    () => pe.sinusoidalTable(64, 7),
    () => pe.sinusoidalTable(64, 512, 10000, 'a'.repeat(100)),
    () => pe.dotByOffset(-1, 3, 8),
    () => pe.similarityMatrix(4, 8, NaN),
    () => pe.dimensionRanges(65536, 4096),
  ];
  for (let i = 0; i < 10000; i += 1) assert.throws(bad[i % bad.length]);
  const after = pe.memoryUsage();
  assert.deepEqual(pe.sinusoidalTable(8, 16), good);
  assert.equal(after.heapBytes, before.heapBytes);
  assert.equal(after.allocatedBytes, before.allocatedBytes);
});

/** PE(pos)·PE(pos+k) by the closed form sum_i cos(w_i k): an independent check on the engine's direct sum. */
function closedFormDot(k, dModel, base) {
  let sum = 0;
  for (let i = 0; i < dModel / 2; i += 1) sum += Math.cos(k / base ** ((2 * i) / dModel));
  return sum;
}

/** Encodings of positions 0..n-1 (or the given list) by the reference formula, one array per position. */
function encodings(positions, dModel, base) {
  return positions.map((pos) =>
    Array.from({ length: dModel }, (_, dim) => reference(pos, dim, dModel, base)),
  );
}

function literalDot(a, b) {
  let sum = 0;
  for (let j = 0; j < a.length; j += 1) sum += a[j] * b[j];
  return sum;
}

test('dotByOffset is the closed form to 1e-9 for k up to 2048 from starts 0, 100, 300 and 2000', () => {
  const closed = Array.from({ length: 2049 }, (_, k) => closedFormDot(k, 512, 10000));
  const curves = [0, 100, 300, 2000].map((start) => pe.dotByOffset(start, 2048, 512, 10000));
  for (const curve of curves) {
    assert.ok(curve instanceof Float64Array);
    assert.equal(curve.length, 2049);
    // The source's numbers from any start: 256 at k = 0 (every pair adds cos 0 = 1) and 139.05 at k = 37.
    assertClose(curve[0], 256, 1e-12);
    assert.equal(curve[37].toFixed(2), '139.05');
    assertClose(curve, closed, 1e-9);
    // The figure's point: the direct dot product comes out the same from every start.
    assertClose(curve, curves[0], 1e-10);
  }
});

test('dotByOffset is the literal dot product of two encodings, for odd and tiny pair counts and far starts', () => {
  for (const dModel of [2, 6, 64, 512]) {
    for (const base of [10000, 37]) {
      for (const start of [0, 63, 4000]) {
        const curve = pe.dotByOffset(start, 700, dModel, base);
        const offsets = [0, 1, 63, 64, 65, 255, 256, 257, 511, 700];
        const [origin, ...others] = encodings([start, ...offsets.map((k) => start + k)], dModel, base);
        offsets.forEach((k, i) => {
          assertClose(
            curve[k],
            literalDot(origin, others[i]),
            1e-11,
            `dModel ${dModel} from ${start} at k ${k}`,
          );
        });
      }
    }
  }
});

test('similarityMatrix is the literal dot product (or cosine) of every pair, symmetric to the last bit', () => {
  const n = 131; // odd, and more rows than one of the engine's column blocks at dModel 512
  for (const dModel of [6, 512]) {
    const rows = encodings(
      Array.from({ length: n }, (_, pos) => pos),
      dModel,
      10000,
    );
    const dot = pe.similarityMatrix(n, dModel, 10000, 'dot');
    const cosine = pe.similarityMatrix(n, dModel, 10000, 'cosine');
    assert.equal(dot.length, n * n);
    for (let a = 0; a < n; a += 1) {
      for (let b = 0; b < n; b += 1) {
        const expected = literalDot(rows[a], rows[b]);
        assertClose(dot[a * n + b], expected, 1e-11, `dot (${a}, ${b})`);
        assertClose(cosine[a * n + b], expected / (dModel / 2), 1e-12, `cosine (${a}, ${b})`);
        assert.equal(dot[a * n + b], dot[b * n + a]);
      }
    }
  }
});
