// Decodes the PNG screenshots the drivers return (8-bit greyscale, RGB or RGBA, with or without alpha,
// not interlaced: what browsers write) into RGBA pixels, and compares two of them.
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const CHANNELS = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** @param {Buffer} png @returns {{ width: number, height: number, data: Uint8Array }} RGBA, row by row */
export function decodePng(png) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, type, , , interlace] = png.subarray(24, 29);
  const channels = CHANNELS[type];
  if (depth !== 8 || !channels || interlace !== 0) {
    throw new Error(`decodePng: depth ${depth}, colour type ${type}, interlace ${interlace}: not supported`);
  }
  const chunks = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = rows.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? out[x - channels] : 0;
      const b = up[x];
      const c = x >= channels ? up[x - channels] : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[x] = (line[x] + predicted) & 255;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const px = rows.subarray(i * channels, (i + 1) * channels);
    const grey = channels <= 2;
    data.set(
      [px[0], grey ? px[0] : px[1], grey ? px[0] : px[2], channels % 2 === 0 ? px[channels - 1] : 255],
      i * 4,
    );
  }
  return { width, height, data };
}

/**
 * How many pixels of an image on a light background carry ink: some channel darker than `threshold`. Unlike a
 * pixel-by-pixel comparison, it does not change when the same drawing sits a fraction of a pixel elsewhere.
 */
export function inkPixels(image, threshold = 200) {
  let ink = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (Math.min(image.data[i], image.data[i + 1], image.data[i + 2]) < threshold) ink += 1;
  }
  return ink;
}

/** How many distinct colours an image has, up to `limit` (a blank image has one). */
export function colourCount(image, limit = 16) {
  const seen = new Set();
  for (let i = 0; i < image.data.length && seen.size < limit; i += 4) {
    seen.add((image.data[i] << 16) | (image.data[i + 1] << 8) | image.data[i + 2]);
  }
  return seen.size;
}

/** The rectangle { x, y, width, height } (in the image's pixels, clamped to it) of an image. */
export function crop(image, { x, y, width, height }) {
  const left = Math.max(0, Math.round(x));
  const top = Math.max(0, Math.round(y));
  const w = Math.max(0, Math.min(image.width - left, Math.round(width)));
  const h = Math.max(0, Math.min(image.height - top, Math.round(height)));
  const data = new Uint8Array(w * h * 4);
  for (let row = 0; row < h; row += 1) {
    const from = ((top + row) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + w * 4), row * w * 4);
  }
  return { width: w, height: h, data };
}

/** Encodes RGBA pixels as a PNG. */
export function encodePng({ width, height, data }) {
  const chunk = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) {
    raw.set(data.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
