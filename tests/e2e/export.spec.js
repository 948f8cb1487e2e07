// Every figure alone, through its one Share / export menu: it saves itself as SVG and as PNG (a well-formed SVG
// with the figure's marks, concrete colours, no custom property or light-dark() left for a viewer to resolve, and
// a caption line naming the figure and its parameters; a PNG twice the SVG's size in pixels that is not blank),
// as a CSV a data frame reads, and offers snippets and a link for itself in its Embed dialog.
import { autoType, csvParse } from 'd3-dsv';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test, expect, openFigure, shareMenu } from './fixtures.js';
import { finish } from './lab-helpers.js';
import { figures } from '../../web/src/app/registry.js';

/** Space around the plot in the exported image (export-image.js's PAD), in CSS pixels. */
const PAD = 16;
const ids = Object.keys(figures);
/** Figures whose plot has a key or a colour legend at their defaults. */
const WITH_KEYS = ['heatmap', 'naive', 'ranges', 'similarity', 'extension', 'lab'];

/** Clicks a figure's button and returns the downloaded file's name and bytes. */
async function download(page, figure, name) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    (await shareMenu(figure)).getByRole('button', { name }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

/** Width and height from a PNG's header (IHDR comes first, after the 8-byte signature). */
function pngSize(bytes) {
  expect([...bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Parses the SVG in the page; returns what the checks need (null when it is not well-formed XML). */
function readSvg(page, text) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    if (doc.querySelector('parsererror') || doc.documentElement.localName !== 'svg') return null;
    const root = doc.documentElement;
    // The figure's own drawing is the group after the background and the clip definitions.
    const plot = root.querySelector(':scope > g');
    return {
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      marks: plot ? plot.querySelectorAll('path, rect, image, circle, line, polyline, polygon').length : 0,
      images: root.querySelectorAll('image').length,
      text: plot ? plot.textContent.replace(/\s+/g, ' ') : '',
      caption: [...root.querySelectorAll('.pe-export-caption tspan')].map((t) => t.textContent).join(' '),
      background: root.querySelector('rect')?.getAttribute('fill') ?? '',
    };
  }, text);
}

/**
 * Decodes a PNG in the page and reads the plot's area (`box`, in the PNG's pixels): its distinct colours and the
 * share of its pixels that differ from the background (the colour of the image's corner).
 */
function plotPixels(page, bytes, box) {
  return page.evaluate(
    async ({ base64, box }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      const [background] = new Uint32Array(ctx.getImageData(0, 0, 1, 1).data.buffer);
      const pixels = new Uint32Array(ctx.getImageData(box.x, box.y, box.width, box.height).data.buffer);
      let drawn = 0;
      for (const pixel of pixels) if (pixel !== background) drawn += 1;
      return { colours: new Set(pixels).size, drawn: drawn / pixels.length };
    },
    { base64: bytes.toString('base64'), box },
  );
}

/** What the figure shows on the page: its plot's visible marks and canvases, and the text of its keys. */
function shownOnPage(figure) {
  return figure.locator('.pe-plot').evaluate((plot) => {
    const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const selector = 'svg path, svg rect, svg circle, svg line, svg polyline, svg polygon, canvas';
    return {
      marks: [...plot.querySelectorAll(selector)].filter(visible).length,
      keys: [...plot.querySelectorAll('.pe-key li, .pe-legend > :not(canvas)')]
        .filter(visible)
        .map((e) => e.textContent.replace(/\s+/g, ' ').trim())
        .filter(Boolean),
    };
  });
}

for (const id of ids) {
  test(`figure ${id} downloads as SVG, PNG and CSV and offers its embed snippets, from one share menu`, async ({
    page,
  }) => {
    const figure = await openFigure(page, id, id === 'lab' ? 'schemes=rope&steps=50&seeds=1' : '', {
      ready: (f) => expect(f.locator('.pe-summary')).toHaveText(/\S/),
    });
    // The lab draws its curves once it has trained: before Play it shows what they will be, not empty axes.
    if (id === 'lab') {
      await figure.getByRole('button', { name: 'Play' }).click();
      await finish(figure);
    }
    const title = (await page.locator('#embed-title').textContent()) ?? '';
    const plot = await figure.locator('.pe-plot').boundingBox();
    const shown = await shownOnPage(figure);
    expect(shown.marks, 'marks on the page').toBeGreaterThan(0);
    if (WITH_KEYS.includes(id)) expect(shown.keys.length, 'keys on the page').toBeGreaterThan(0);

    const menu = await shareMenu(figure);
    await expect(menu.getByRole('button', { name: /PNG/ })).toHaveCount(1);
    await expect(menu.getByRole('button', { name: /SVG/ })).toHaveCount(1);
    await expect(figure.locator('.pe-share')).toHaveCount(1);

    const svgFile = await download(page, figure, 'Download image (SVG)');
    expect(svgFile.name).toBe(`${id}.svg`);
    const text = svgFile.bytes.toString('utf8');
    expect(text).not.toMatch(/var\(|light-dark|currentcolor/i);
    const svg = await readSvg(page, text);
    expect(svg, 'well-formed SVG').not.toBeNull();
    // Every mark and canvas of the page is in the image (boxes and controls drawn as rectangles add more).
    expect(svg.marks).toBeGreaterThanOrEqual(shown.marks);
    // The keys and legends, with their labels.
    for (const key of shown.keys) expect(svg.text, 'a key of the figure').toContain(key);
    expect(svg.caption.startsWith(`${title}`)).toBe(true);
    expect(svg.caption).toContain('PE Explorer');
    expect(svg.width).toBe(Math.ceil(plot.width) + 2 * PAD);
    expect(svg.height).toBeGreaterThan(Math.ceil(plot.height) + 2 * PAD);

    const pngFile = await download(page, figure, 'Download image (PNG)');
    expect(pngFile.name).toBe(`${id}.png`);
    expect(pngSize(pngFile.bytes)).toEqual({ width: 2 * svg.width, height: 2 * svg.height });
    // Inside the plot's area (caption apart), the picture is drawn: many colours, and much of it not background.
    const area = {
      x: 2 * PAD,
      y: 2 * PAD,
      width: 2 * Math.floor(plot.width),
      height: 2 * Math.floor(plot.height),
    };
    const pixels = await plotPixels(page, pngFile.bytes, area);
    expect(pixels.colours).toBeGreaterThan(3);
    expect(pixels.drawn).toBeGreaterThan(0.01);

    // A figure with a data table saves it as CSV (the lab's, after a race, in lab-claims and lab.spec).
    const tables = await figure.locator('.pe-data').count();
    await expect(menu.getByRole('button', { name: 'Download CSV' })).toHaveCount(tables > 0 ? 1 : 0);
    if (tables > 0 && id !== 'lab') await expectReadableCsv(page, figure, id);
    await expectSnippets(page, figure, id);
    await expect(figure.locator('.pe-error')).toBeHidden();
  });
}

test('the caption names the parameters the figure shows', async ({ page }) => {
  const figure = await openFigure(page, 'heatmap', 'dModel=128&positions=50', {
    ready: (f) => expect(f.locator('.pe-summary')).toContainText('128'),
  });
  const svg = await readSvg(page, (await download(page, figure, 'Download image (SVG)')).bytes.toString());
  expect(svg.caption).toContain('model width d_model 128');
  expect(svg.caption).toContain('positions 50');
  expect(svg.caption).toContain('base 10,000');
  // The heatmap's picture is a canvas: it travels as an embedded PNG.
  expect(svg.images).toBeGreaterThan(0);
});

test('an export in the dark scheme keeps the dark background', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const figure = await openFigure(page, 'periods', '', {
    ready: (f) => expect(f.locator('.pe-summary')).toHaveText(/\S/),
  });
  const svg = await readSvg(page, (await download(page, figure, 'Download image (SVG)')).bytes.toString());
  const [r, g, b] = (svg.background.match(/\d+/g) ?? []).map(Number);
  expect(r + g + b).toBeLessThan(3 * 64);
});

test("the order figure's image holds its picture, not its buttons, fields or question", async ({ page }) => {
  const figure = await openFigure(page, 'order', 'reveal=1', {
    ready: (f) => expect(f.locator('canvas.pe-order-difference')).toBeVisible(),
  });
  const svg = await readSvg(page, (await download(page, figure, 'Download image (SVG)')).bytes.toString());
  // The three vectors travel as embedded PNGs; no word chip, nudge arrow, prediction or result line.
  expect(svg.images).toBeGreaterThanOrEqual(3);
  for (const text of ['\u25c0', '\u25b6', 'They will', 'Skip', 'max |difference|', 'Try:']) {
    expect(svg.text).not.toContain(text);
  }
  expect(svg.caption).toContain('sentence A \u201cdog bites man\u201d');
  expect(svg.caption).not.toMatch(/reveal|queriesOnly|headDim|dModel/);
});

test('CSV downloads are ASCII that Python reads: every number cell parses with float()', async ({ page }) => {
  const figure = await openFigure(page, 'heatmap', 'dModel=128', {
    ready: (f) => expect(f.locator('.pe-summary')).toContainText('128'),
  });
  const csv = (await download(page, figure, 'Download CSV')).bytes.toString();
  expect(csv).toMatch(/^[\x20-\x7e\n]*$/);
  const script =
    'import csv,sys\nrows=list(csv.reader(sys.stdin))\n' +
    'print(sum(1 for r in rows[1:] for c in r if float(c) < 0))';
  const negatives = Number(execFileSync('/usr/bin/python3', ['-c', script], { input: csv }).toString());
  expect(negatives).toBeGreaterThan(48);
});

// Every figure's CSV, as a data frame reads it: plain ASCII, a header row of distinct names (none empty or
// padded with spaces), and in each column
// either numbers that Python's float() takes (no thousands separators, no U+2212 minus) or text; a cell that
// looks like a number but is not one fails. The lab's CSV is checked after a race (lab-claims, lab.spec).
/** The cells of the numeric columns (indices) that d3-dsv's autoType did not make numbers (at most five). */
function notNumbers(rows, numeric) {
  const names = numeric.map((index) => rows.columns[index]);
  return rows
    .flatMap((row) => names.filter((name) => typeof row[name] !== 'number').map((name) => [name, row[name]]))
    .slice(0, 5);
}

const READ_CSV = `
import csv, json, re, sys
rows = list(csv.reader(sys.stdin))
header, body = rows[0], rows[1:]
looks = re.compile(r'^[-+\\u2212]?[\\d.,]+([eE][-+]?\\d+)?$')
bad = []
for r in body:
    if len(r) != len(header): bad.append(['width', r])
    for c in r:
        try: float(c)
        except ValueError:
            if looks.match(c): bad.append(['number', c])
def number(c):
    try: return float(c) == float(c)
    except ValueError: return False
numeric = [i for i in range(len(header)) if body and all(number(r[i]) for r in body)]
print(json.dumps({'header': header, 'rows': len(body), 'bad': bad[:5], 'numeric': numeric}))
`;

/**
 * The figure's CSV as a data frame reads it: plain ASCII, a header row of distinct names (none empty or padded),
 * numbers Python's float() takes, and the same names, rows and numbers through d3-dsv.
 */
async function expectReadableCsv(page, figure, id) {
  const csv = (await download(page, figure, 'Download CSV')).bytes.toString();
  expect(csv, id).toMatch(/^[\x20-\x7e\n]*$/);
  const read = JSON.parse(execFileSync('/usr/bin/python3', ['-c', READ_CSV], { input: csv }).toString());
  expect(read.rows, id).toBeGreaterThan(0);
  expect(new Set(read.header).size, `${id}: ${read.header}`).toBe(read.header.length);
  for (const name of read.header) expect(name, id).toMatch(/^\S(.*\S)?$/);
  expect(read.bad, id).toEqual([]);
  // d3-dsv, as a JavaScript page reads it: the same names and rows, and every cell Python takes as a number a
  // number after autoType.
  const rows = csvParse(csv, autoType);
  expect(rows.columns, id).toEqual(read.header);
  expect(rows.length, id).toBe(read.rows);
  expect(notNumbers(rows, read.numeric), id).toEqual([]);
}

/**
 * The Embed dialog of a figure alone offers snippets and a link for itself: at its defaults (the lab, opened
 * with a short race, with those values).
 */
async function expectSnippets(page, figure, id) {
  const origin = new URL(page.url()).origin;
  const query = id === 'lab' ? '&[^"]+' : '';
  await (await shareMenu(figure)).getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: /Embed or share/ });
  await expect(dialog.getByRole('textbox', { name: 'Embed with an iframe' })).toHaveValue(
    new RegExp(`src="${origin}/pe-explorer/embed\\.html\\?figure=${id}${query}"`),
  );
  await expect(dialog.getByRole('textbox', { name: 'Embed with the web component' })).toHaveValue(
    new RegExp(`<pe-figure figure="${id}"${id === 'lab' ? ' [^>]+' : ''}></pe-figure>$`),
  );
  await expect(dialog.getByRole('textbox', { name: 'Link to this figure' })).toHaveValue(
    id === 'lab'
      ? new RegExp(`^${origin}/pe-explorer/index\\.html\\?lab\\.[^#]+#lab$`)
      : `${origin}/pe-explorer/index.html#${id}`,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
