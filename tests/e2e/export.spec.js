// Every figure saves itself as SVG and as PNG: a well-formed SVG with the figure's marks, concrete colours (no
// custom property or light-dark() left for a viewer to resolve) and a caption line naming the figure and its
// parameters; a PNG twice the SVG's size in pixels that is not blank.
import { readFile } from 'node:fs/promises';
import { test, expect, openFigure } from './fixtures.js';
import { figures } from '../../web/src/app/registry.js';

/** Space around the plot in the exported image (export-image.js's PAD), in CSS pixels. */
const PAD = 16;
const ids = Object.keys(figures);

/** Clicks a figure's button and returns the downloaded file's name and bytes. */
async function download(page, figure, name) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    figure.getByRole('button', { name }).click(),
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
    return {
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      marks: root.querySelectorAll('path, rect, image, circle, line, polyline').length,
      images: root.querySelectorAll('image').length,
      caption: [...root.querySelectorAll('.pe-export-caption tspan')].map((t) => t.textContent).join(' '),
      background: root.querySelector('rect')?.getAttribute('fill') ?? '',
    };
  }, text);
}

/** Decodes a PNG in the page and counts its distinct colours (a blank image has one). */
function distinctColours(page, bytes) {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([data], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const pixels = new Uint32Array(ctx.getImageData(0, 0, bitmap.width, bitmap.height).data.buffer);
    return new Set(pixels).size;
  }, bytes.toString('base64'));
}

for (const id of ids) {
  test(`figure ${id} downloads as SVG and PNG with its marks and caption`, async ({ page }) => {
    const figure = await openFigure(page, id, '', {
      ready: (f) => expect(f.locator('.pe-summary')).toHaveText(/\S/),
    });
    const title = (await page.locator('#embed-title').textContent()) ?? '';
    const plot = await figure.locator('.pe-plot').boundingBox();

    const svgFile = await download(page, figure, 'Download image (SVG)');
    expect(svgFile.name).toBe(`${id}.svg`);
    const text = svgFile.bytes.toString('utf8');
    expect(text).not.toMatch(/var\(|light-dark|currentcolor/i);
    const svg = await readSvg(page, text);
    expect(svg, 'well-formed SVG').not.toBeNull();
    expect(svg.marks).toBeGreaterThan(0);
    expect(svg.caption.startsWith(`${title}`)).toBe(true);
    expect(svg.caption).toContain('PE Explorer');
    expect(svg.width).toBe(Math.ceil(plot.width) + 2 * PAD);
    expect(svg.height).toBeGreaterThan(Math.ceil(plot.height) + 2 * PAD);

    const pngFile = await download(page, figure, 'Download image (PNG)');
    expect(pngFile.name).toBe(`${id}.png`);
    expect(pngSize(pngFile.bytes)).toEqual({ width: 2 * svg.width, height: 2 * svg.height });
    expect(await distinctColours(page, pngFile.bytes)).toBeGreaterThan(3);
    await expect(figure.locator('.pe-error')).toBeHidden();
  });
}

test('the caption names the parameters the figure shows', async ({ page }) => {
  const figure = await openFigure(page, 'heatmap', 'dModel=128&positions=50', {
    ready: (f) => expect(f.locator('.pe-summary')).toContainText('128'),
  });
  const svg = await readSvg(page, (await download(page, figure, 'Download image (SVG)')).bytes.toString());
  expect(svg.caption).toContain('dModel 128');
  expect(svg.caption).toContain('positions 50');
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
