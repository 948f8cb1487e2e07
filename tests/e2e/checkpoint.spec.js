// Figure `checkpoint`: published settings as transformers computes them, and the reader's own checkpoint read in
// the page. The references are computed here in double precision, independently of the engine: Llama 3.1's
// llama3 rule (llama-models' apply_scaling), ALiBi's slopes (Press et al.'s formula), and the cosines and
// variances of tables that tests/models/write_checkpoints.py writes with Python's struct.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, numberAfter, openFigure, pressKey, test } from './fixtures.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pe-ckpt-'));
execFileSync('/usr/bin/python3', ['tests/models/write_checkpoints.py', dir]);
const reference = JSON.parse(readFileSync(path.join(dir, 'reference.json'), 'utf8'));
const files = (name) => ['config.json', 'model.safetensors'].map((f) => path.join(dir, name, f));

/** Llama 3.1's wavelengths after its scaling: llama-models' apply_scaling (factor 8, low 1, high 4, 8192). */
function llama31Wavelengths() {
  const [factor, low, high, old] = [8, 1, 4, 8192];
  return Array.from({ length: 64 }, (_, i) => {
    const freq = 500000 ** (-(2 * i) / 128);
    const wavelength = (2 * Math.PI) / freq;
    if (wavelength < old / high) return wavelength;
    if (wavelength > old / low) return wavelength * factor;
    const smooth = (old / wavelength - low) / (high - low);
    return (2 * Math.PI) / ((1 - smooth) * (freq / factor) + smooth * freq);
  });
}

/** Mean cosine of rows k apart, and the share of the variance in the top 10% of dimensions, in double. */
function tableReference({ shape: [rows, cols], values }, first) {
  const row = (a) => values.slice((first + a) * cols, (first + a + 1) * cols);
  const n = rows - first;
  const dot = (x, y) => x.reduce((s, v, i) => s + v * y[i], 0);
  const cosine = (a, b) => dot(row(a), row(b)) / Math.sqrt(dot(row(a), row(a)) * dot(row(b), row(b)));
  const byOffset = Array.from({ length: n }, (_, k) => {
    let sum = 0;
    for (let a = 0; a + k < n; a += 1) sum += cosine(a, a + k);
    return sum / (n - k);
  });
  const variance = Array.from({ length: cols }, (_, d) => {
    const column = Array.from({ length: n }, (_, a) => row(a)[d]);
    const mean = column.reduce((s, v) => s + v, 0) / n;
    return column.reduce((s, v) => s + (v - mean) ** 2, 0) / n;
  }).sort((a, b) => b - a);
  const top = Math.ceil(0.1 * cols);
  const total = variance.reduce((s, v) => s + v, 0);
  return { byOffset, topShare: variance.slice(0, top).reduce((s, v) => s + v, 0) / total };
}

test('Llama 3.1 beside Llama 2: the pairs without a full turn and the scaled ones, as llama3 scaling gives', async ({
  page,
}) => {
  const figure = await openFigure(page, 'checkpoint');
  const scaled = llama31Wavelengths();
  const noTurn = scaled.filter((w) => w > 131072).length;
  const plain = Array.from({ length: 64 }, (_, i) => (2 * Math.PI) / 500000 ** (-(2 * i) / 128));
  const slowed = scaled.filter((w, i) => w / plain[i] > 1 + 1e-9).length;
  const left = figure.locator('.pe-ckpt-left');
  await expect(left.locator('.pe-ckpt-title')).toHaveText('Llama 3.1 8B');
  await expect(left).toContainText(
    `${noTurn} of 64 rotary pairs never complete a turn inside the 131,072-token window.`,
  );
  await expect(left).toContainText(`Its llama3 scaling slows ${slowed} of them and keeps ${64 - slowed}.`);
  const chart = left.locator('svg.pe-ckpt-spectrum-left');
  await pressKey(chart, 'End');
  const readout = figure.locator('.pe-readout');
  await expect(readout).toContainText('pair 63:');
  const text = (await readout.textContent()) ?? '';
  expect(Math.abs(numberAfter(text, 'scaling (factor') - 8)).toBeLessThan(1e-9);
  const after = numberAfter(text, 'tokens per turn,');
  expect(Math.abs(after / scaled[63] - 1)).toBeLessThan(1e-5);
  await expect(figure.locator('.pe-ckpt-left .pe-ckpt-source a')).toHaveAttribute(
    'href',
    'https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json',
  );
});

test('BLOOM: one ALiBi slope per head, 2^(-8h/16), chosen from the keyboard', async ({ page }) => {
  const figure = await openFigure(page, 'checkpoint', 'compare=bloom-560m');
  const right = figure.locator('.pe-ckpt-right');
  await expect(right).toContainText('16 heads, slopes from 0.707107 down to 0.00390625');
  await pressKey(right.locator('svg.pe-ckpt-slopes-right'), 'End');
  await expect(figure.locator('.pe-readout')).toHaveText('head 16: slope 0.00390625');
  const select = figure.getByLabel('Beside it');
  await select.focus();
  await select.selectOption('mpt-7b-instruct');
  await expect(right).toContainText('32 heads, slopes from 0.840896');
});

for (const [name, tensor, first, file] of [
  ['gpt2', 'wpe.weight', 0, 'model.safetensors'],
  ['opt', 'model.decoder.embed_positions.weight', 2, 'model.safetensors'],
  ['sharded', 'wpe.weight', 0, 'model-00002-of-00002.safetensors'],
  ['gguf', 'position_embd.weight', 0, 'model.gguf'],
]) {
  test(`a ${name}-shaped checkpoint opened in the page: every sentence against double precision`, async ({
    page,
  }) => {
    // Every byte the page takes from the files, counted where it takes them: Blob.prototype.slice.
    await page.addInitScript(() => {
      const slice = Blob.prototype.slice;
      window.__sliced = 0;
      Blob.prototype.slice = function counted(start = 0, end = this.size, type) {
        const from = Math.max(0, Math.min(this.size, start < 0 ? this.size + start : start));
        const to = Math.max(from, Math.min(this.size, end < 0 ? this.size + end : end));
        window.__sliced += to - from;
        return slice.call(this, start, end, type);
      };
    });
    const figure = await openFigure(page, 'checkpoint');
    const given = readdirSync(path.join(dir, name)).map((f) => path.join(dir, name, f));
    await figure.getByLabel(/Open your own checkpoint/).setInputFiles(given);
    const own = figure.locator('.pe-ckpt-own');
    const table = reference[`${name}/${file}`][tensor];
    const [rows, cols] = table.shape;
    const { byOffset, topShare } = tableReference(table, first);
    await expect(own.locator('.pe-ckpt-learned')).toContainText(
      `${rows - first} positions \u00d7 ${cols} dimensions`,
    );
    if (first > 0) await expect(own).toContainText('rows 0\u20131 are not positions');
    // Bytes read from one safetensors file: the 8-byte length, the header, the table and config.json.
    if (file === 'model.safetensors') {
      const bytes = readFileSync(files(name)[1]);
      const config = readFileSync(files(name)[0]).length;
      const headerLength = Number(bytes.readBigUInt64LE(0));
      const read = 8 + headerLength + rows * cols * (table.dtype === 'F32' ? 4 : 2) + config;
      const total = bytes.length + config;
      const kB = (n) => (n < 1e3 ? `${n} bytes` : `${Math.round(n / 1e3)} kB`);
      await expect(own.locator('.pe-ckpt-status')).toHaveText(
        `Read ${kB(read)} of ${kB(total)} (the header and ${tensor}).`,
      );
      expect(await page.evaluate(() => window.__sliced)).toBe(read);
    } else await expect(own.locator('.pe-ckpt-status')).toContainText(`(the header and ${tensor}).`);
    const said = await own.locator('.pe-ckpt-learned .pe-ckpt-sentences').textContent();
    const share = Number(/carr(?:y|ies) ([\d.]+)%/.exec(said ?? '')?.[1]);
    expect(Math.abs(share / 100 - topShare)).toBeLessThan(5e-3 * topShare);
    const cosine = own.locator('svg.pe-ckpt-cosine');
    await pressKey(cosine, 'End');
    const n = rows - first;
    await expect(figure.locator('.pe-readout')).toContainText(`offset ${n - 1}: mean cosine`);
    const mean = numberAfter((await figure.locator('.pe-readout').textContent()) ?? '', 'mean cosine');
    expect(Math.abs(mean - byOffset[n - 1])).toBeLessThan(1e-5);
  });
}

test("T5's bias from a file: each head's bias at a signed offset, read at T5's own bucket", async ({
  page,
}) => {
  const figure = await openFigure(page, 'checkpoint');
  await figure.getByLabel(/Open your own checkpoint/).setInputFiles(files('t5'));
  const name = 'encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight';
  const { values, shape } = reference['t5/model.safetensors'][name];
  await expect(figure.locator('.pe-ckpt-t5')).toContainText(`${shape[0]} buckets \u00d7 ${shape[1]} heads`);
  // T5's bucket, bidirectional, 32 buckets, max distance 128 (transformers' _relative_position_bucket).
  const bucket = (r) => {
    const [half, exact] = [16, 8];
    const first = r > 0 ? half : 0;
    const a = Math.abs(r);
    if (a < exact) return first + a;
    return (
      first +
      Math.min(exact + Math.floor((Math.log(a / exact) / Math.log(128 / exact)) * (half - exact)), half - 1)
    );
  };
  const chart = figure.locator('svg.pe-ckpt-t5bias');
  await pressKey(chart, 'Home');
  await pressKey(chart, 'ArrowRight', 150);
  const readout = figure.locator('.pe-readout');
  const r = -192 + 150;
  await expect(readout).toContainText(`offset ${r}: bucket ${bucket(r)};`);
  const text = (await readout.textContent()) ?? '';
  for (let k = 0; k < 4; k += 1) {
    expect(Math.abs(numberAfter(text, `head ${k}`) - values[bucket(r) * shape[1] + k])).toBeLessThan(1e-5);
  }
});

test('a truncated checkpoint is answered with a message naming the file; the figure goes on', async ({
  page,
}) => {
  const bad = path.join(dir, 'model.safetensors');
  writeFileSync(bad, readFileSync(files('gpt2')[1]).subarray(0, 100));
  const figure = await openFigure(page, 'checkpoint');
  await figure.getByLabel(/Open your own checkpoint/).setInputFiles([bad]);
  await expect(figure.locator('.pe-ckpt-error')).toContainText('model.safetensors:');
  await figure.getByLabel('Model', { exact: true }).selectOption('bloom-560m');
  await expect(figure.locator('.pe-ckpt-left')).toContainText('16 heads');
  await figure.getByLabel(/Open your own checkpoint/).setInputFiles(files('gpt2'));
  await expect(figure.locator('.pe-ckpt-error')).toBeHidden();
  await expect(figure.locator('.pe-ckpt-learned')).toContainText('16 positions');
});
