// The numbers of the text face's metric-matched fallbacks in web/src/styles.css (issue 21): how much to scale a
// local serif (size-adjust) so that the article's text is as wide in it as in Source Serif 4, and where to put
// its ascender, descender and line gap so that its lines stand where Source Serif 4's will. Run it after a
// change of the font package, or of the article's text (the widths are weighted by it), and copy what it prints:
//   node scripts/font-metrics.mjs
// It reads the shipped WOFF2 file (brotli, Node's zlib) and the local fonts as Debian installs them
// (fonts-liberation: Liberation Serif, metric-compatible with Times New Roman and Tinos; fonts-dejavu-core:
// DejaVu Serif, the system serif of Firefox and WebKitGTK on Linux). Only the tables it needs: head
// (unitsPerEm), hhea (ascender, descender, lineGap: the vertical metrics that Chromium, Firefox and WebKit lay
// lines out with on Linux and macOS), OS/2 (fsSelection's USE_TYPO_METRICS bit, reported), cmap and hmtx (the
// advance width of each character).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
export const FACE = path.join(
  ROOT,
  'node_modules/@fontsource/source-serif-4/files/source-serif-4-latin-400-normal.woff2',
);
export const FALLBACKS = {
  'Times New Roman': '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
  'DejaVu Serif': '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
};

// WOFF2's known table tags, in the order of their index in a table directory entry's flags (WOFF2 spec, 5.1).
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern ' +
  'LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .split(' ')
  .map((tag) => tag.replace('_', ' '));

/** The tables of a TrueType/OpenType file, by tag. */
function sfntTables(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = {};
  for (let i = 0, count = view.getUint16(4); i < count; i += 1) {
    const entry = 12 + 16 * i;
    const tag = bytes.toString('latin1', entry, entry + 4);
    const offset = view.getUint32(entry + 8);
    tables[tag] = bytes.subarray(offset, offset + view.getUint32(entry + 12));
  }
  return { tables, transformed: new Set() };
}

/** The tables of a WOFF2 file, by tag (glyf, loca and possibly hmtx in their transformed form). */
function woff2Tables(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(12);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i += 1) {
      const byte = bytes[at++];
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('a bad UIntBase128');
  };
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    const flags = bytes[at++];
    const tag = (flags & 0x3f) === 0x3f ? bytes.toString('latin1', at, (at += 4)) : KNOWN_TAGS[flags & 0x3f];
    const version = flags >> 6;
    const length = base128();
    // glyf and loca are transformed at version 0 (3 is none); any other table at any version but 0.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    entries.push({ tag, length: transformed ? base128() : length, transformed });
  }
  const data = zlib.brotliDecompressSync(bytes.subarray(at, at + view.getUint32(20)));
  const tables = {};
  const transformed = new Set();
  let offset = 0;
  for (const entry of entries) {
    tables[entry.tag] = data.subarray(offset, (offset += entry.length));
    if (entry.transformed) transformed.add(entry.tag);
  }
  return { tables, transformed };
}

/** Code point to glyph from the cmap's Unicode subtable (format 4 or 12). */
function characterMap(cmap) {
  const view = new DataView(cmap.buffer, cmap.byteOffset, cmap.byteLength);
  const subtables = [];
  for (let i = 0, count = view.getUint16(2); i < count; i += 1) {
    const platform = view.getUint16(4 + 8 * i);
    const encoding = view.getUint16(6 + 8 * i);
    const offset = view.getUint32(8 + 8 * i);
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))) subtables.push(offset);
  }
  const map = new Map();
  for (const offset of subtables) {
    const format = view.getUint16(offset);
    if (format === 4) {
      const segments = view.getUint16(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const ranges = deltas + 2 * segments;
      for (let s = 0; s < segments; s += 1) {
        const end = view.getUint16(ends + 2 * s);
        const delta = view.getUint16(deltas + 2 * s);
        const range = view.getUint16(ranges + 2 * s);
        for (let c = view.getUint16(starts + 2 * s); c <= end && c !== 0xffff; c += 1) {
          let glyph = (c + delta) & 0xffff;
          if (range !== 0) {
            const at = ranges + 2 * s + range + 2 * (c - view.getUint16(starts + 2 * s));
            glyph = view.getUint16(at);
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0 && !map.has(c)) map.set(c, glyph);
        }
      }
    } else if (format === 12) {
      for (let g = 0, groups = view.getUint32(offset + 12); g < groups; g += 1) {
        const at = offset + 16 + 12 * g;
        const [first, last, glyph] = [view.getUint32(at), view.getUint32(at + 4), view.getUint32(at + 8)];
        for (let c = first; c <= last; c += 1) if (!map.has(c)) map.set(c, glyph + c - first);
      }
    }
  }
  return map;
}

/** What a font file says about its size, lines and widths. */
export function readFont(file) {
  const bytes = fs.readFileSync(file);
  const { tables, transformed } =
    bytes.toString('latin1', 0, 4) === 'wOF2' ? woff2Tables(bytes) : sfntTables(bytes);
  const view = (tag) => new DataView(tables[tag].buffer, tables[tag].byteOffset, tables[tag].byteLength);
  const [head, hhea, os2] = ['head', 'hhea', 'OS/2'].map(view);
  const metricCount = hhea.getUint16(34);
  // A transformed hmtx (WOFF2 5.4) starts with a flags byte, then the same advance widths.
  const widths = tables.hmtx.subarray(transformed.has('hmtx') ? 1 : 0);
  const advance = (glyph) =>
    new DataView(widths.buffer, widths.byteOffset).getUint16(4 * Math.min(glyph, metricCount - 1));
  return {
    unitsPerEm: head.getUint16(18),
    ascender: hhea.getInt16(4),
    descender: hhea.getInt16(6),
    lineGap: hhea.getInt16(8),
    typoAscender: os2.getInt16(68),
    typoDescender: os2.getInt16(70),
    typoLineGap: os2.getInt16(72),
    useTypoMetrics: Boolean(os2.getUint16(62) & 0x80),
    xAvgCharWidth: os2.getInt16(2),
    characters: characterMap(tables.cmap),
    advance,
  };
}

/** The article's text (its sections' HTML less tags, entities and displayed formulas), for weighting widths. */
export function articleText() {
  const dir = path.join(ROOT, 'web/sections');
  const html = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .join('\n');
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\w+;/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The mean advance, in ems, over the characters of `text` that both fonts have, each as often as it occurs. */
function meanAdvance(font, text, other) {
  let sum = 0;
  let count = 0;
  for (const char of text) {
    const code = /** @type {number} */ (char.codePointAt(0));
    if (!font.characters.has(code) || !other.characters.has(code)) continue;
    sum += font.advance(font.characters.get(code)) / font.unitsPerEm;
    count += 1;
  }
  return sum / count;
}

const percent = (value) => `${(100 * value).toFixed(2)}%`;

/** The descriptors of a fallback face that sets the text as wide and its lines as tall as `face` does. */
export function overrides(face, fallback, text) {
  const sizeAdjust = meanAdvance(face, text, fallback) / meanAdvance(fallback, text, face);
  // size-adjust scales the overridden metrics too (CSS Fonts 5), so each is divided by it.
  const em = face.unitsPerEm * sizeAdjust;
  return {
    'size-adjust': percent(sizeAdjust),
    'ascent-override': percent(face.ascender / em),
    'descent-override': percent(-face.descender / em),
    'line-gap-override': percent(face.lineGap / em),
  };
}

/** A font's numbers as text (its character map as its size; its widths, a function, left out). */
const numbers = (font) => JSON.stringify(font, (_, value) => (value instanceof Map ? value.size : value));

if (import.meta.url === `file://${process.argv[1]}`) {
  const face = readFont(FACE);
  const text = articleText();
  console.log(`/* Source Serif 4 (${path.basename(FACE)}): ${numbers(face)} */`);
  for (const [name, file] of Object.entries(FALLBACKS)) {
    const fallback = readFont(file);
    console.log(`/* ${name} (${path.basename(file)}): ${numbers(fallback)} */`);
    const rules = Object.entries(overrides(face, fallback, text)).map(
      ([key, value]) => `  ${key}: ${value};`,
    );
    console.log(`${name}:\n${rules.join('\n')}`);
  }
}
