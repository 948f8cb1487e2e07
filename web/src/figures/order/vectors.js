// The order figure's one picture: the two sentence vectors one above the other on one colour scale, and their
// difference A - B under them as bars on that scale from a middle line: a flat line when the layer cannot tell
// the sentences apart. The difference stays back, in a box of the same size, until the reader has predicted or
// skipped.
import { diverging } from '../../ui/colors.js';
import { h } from '../../ui/dom.js';
import { formatValue } from '../../ui/format.js';
import { gridCursor } from '../../ui/grid-cursor.js';
import { strip } from './sentence-panel.js';

const ROWS = [
  { key: 'a', name: 'A', text: 'Sentence vector A' },
  { key: 'b', name: 'B', text: 'Sentence vector B' },
];
const DIFFERENCE = 'Difference A \u2212 B';
const WAITING = 'A \u2212 B appears here once you have predicted below.';
// An embed that keeps `reveal` off has no question to answer.
const KEPT = 'A \u2212 B is not shown here.';
/** Pixel rows of the bars each side of the middle line (the canvas is scaled to its CSS height). */
const HALF = 24;

/**
 * @param {{ part: () => { write: (text: string) => void, claim: (text?: string) => void } }} options `part`
 *   hands out a share of the figure's readout
 */
export function sentenceVectors({ part }) {
  let shown = null; // { a, b, difference }: Float64Arrays of d_model values
  const rows = ROWS.map(({ key, name, text }) => ({
    key,
    strip: strip({
      label: `${text} (mean of the word outputs); use the arrow keys to read values`,
      part: part(),
      pooled: true,
      className: `pe-order-vector${key === 'difference' ? ' pe-order-difference' : ''}`,
      describe: ({ col }) => `${text}, dimension ${col}: value ${formatValue(shown[key][col])}`,
    }),
    label: h('span', { class: 'pe-order-vector-name' }, name),
  }));
  const hidden = h('p', { class: 'pe-order-vector-hidden', 'data-export': 'omit' }, WAITING);
  const difference = bars({
    label: `${DIFFERENCE}, as bars up (A larger) and down; use the arrow keys to read values`,
    part: part(),
    describe: ({ col }) => `${DIFFERENCE}, dimension ${col}: value ${formatValue(shown.difference[col])}`,
  });
  const element = h(
    'div',
    { class: 'pe-order-vectors' },
    rows.map((row) => [row.label, row.strip.element]),
    h('span', { class: 'pe-order-vector-name' }, 'A \u2212 B'),
    difference.element,
    hidden,
  );

  return {
    element,
    /**
     * Draws the vectors on one scale, -limit (blue) to +limit (red); the difference only once `revealed`
     * (`fixed`: no question asks for it).
     * @param {{ a: Float64Array, b: Float64Array, difference: Float64Array }} vectors
     */
    draw(vectors, limit, revealed, fixed = false) {
      shown = vectors;
      for (const { key, strip: s } of rows) s.draw([], vectors[key], 1, vectors[key].length, limit);
      difference.draw(vectors.difference, limit);
      difference.element.hidden = !revealed;
      hidden.hidden = revealed;
      const text = fixed ? KEPT : WAITING;
      if (hidden.textContent !== text) hidden.textContent = text;
    },
  };
}

/** Values as bars from a middle line, one pixel column each, coloured as the strips are. */
function bars({ label, part, describe }) {
  const element = h('canvas', {
    class: 'pe-order-vector pe-order-difference',
    tabindex: 0,
    role: 'img',
    'aria-label': label,
  });
  let cols = 0;
  const cursor = gridCursor(element, {
    size: () => (cols ? { rows: 1, cols } : null),
    show: (cell) => part.claim(describe(cell)),
  });
  return {
    element,
    draw(values, limit) {
      cols = values.length;
      const height = 2 * HALF + 1;
      if (element.width !== cols) element.width = cols;
      if (element.height !== height) element.height = height;
      const colours = new ImageData(cols, 1);
      diverging.paint(values, colours, { limit });
      const image = new ImageData(cols, height);
      const pixels = new Uint32Array(image.data.buffer);
      const palette = new Uint32Array(colours.data.buffer);
      const line = palette.length ? neutral() : 0;
      for (let col = 0; col < cols; col += 1) {
        const size = Math.min(HALF, Math.round((Math.abs(values[col]) / limit) * HALF));
        const step = values[col] > 0 ? -1 : 1;
        pixels[HALF * cols + col] = line;
        for (let k = 1; k <= size; k += 1) pixels[(HALF + step * k) * cols + col] = palette[col];
      }
      element.getContext('2d')?.putImageData(image, 0, 0);
      const at = cursor.get();
      if (at) part.write(describe({ row: 0, col: Math.min(at.col, cols - 1) }));
    },
  };
}

/** The middle line: the scale's zero, a mid grey that reads on light and dark panels. */
function neutral() {
  return new Uint32Array(new Uint8Array([128, 128, 128, 255]).buffer)[0];
}
