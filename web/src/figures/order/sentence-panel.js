// One sentence's column of the figure's inner workings: its attention weights as a cell map (query words down,
// key words across) and the output of each word as strips of colour. Everything shown is one
// attendSentence result; hover, or focus a chart and use the arrow keys, to read a value.
import { interpolateViridis } from 'd3-scale-chromatic';
import { cellMap } from '../../ui/cell-map.js';
import { diverging } from '../../ui/colors.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { formatValue } from '../../ui/format.js';
import { gridCursor } from '../../ui/grid-cursor.js';
import { watchWidth } from '../../ui/resize.js';

const CELL = 26;
const STRIP_ROW = 14;
const MARGIN = { top: 4, right: 8, bottom: 48, left: 58 };

/**
 * @param {{ name: string, part: () => { write: (text: string) => void, claim: (text?: string) => void } }} options
 *   `name` is the sentence's letter; `part` hands out a share of the figure's readout
 */
export function sentencePanel({ name, part }) {
  let shown = null; // { result, head }
  const mapPart = part();
  const map = cellMap({
    name: 'order-matrix',
    picture: 'svg',
    label: `Attention weights of sentence ${name}; use the arrow keys to read each weight`,
    xLabel: '',
    yLabel: '',
    margin: MARGIN,
    readout: mapPart.write,
    describe: (row, col) => describeWeight(name, shown, row, col),
    onHover: (cell) => cell && mapPart.claim(),
  });
  const outputs = strip({
    label: `Output vector of each word of sentence ${name}; use the arrow keys to read values`,
    part: part(),
    describe: ({ row, col }) => {
      const { result: r } = shown;
      return (
        `Sentence ${name}, output of \u201c${r.tokens[row]}\u201d (position ${row}), dimension ${col}: ` +
        `value ${formatValue(r.outputs[row * r.dModel + col])}`
      );
    },
  });
  const element = h(
    'div',
    {},
    h('p', { class: 'pe-order-heading' }, 'Attention weights (dark purple 0, yellow 1)'),
    map.element,
    h('p', { class: 'pe-order-heading' }, 'Output of each word'),
    outputs.element,
  );
  const stopWatching = watchWidth(map.element, () => shown && drawMap());

  function drawMap() {
    const { result: r, head } = shown;
    const n = r.seqLen;
    const room = map.plotSize(Math.max(120, map.element.clientWidth), 0).width;
    const size = n * Math.max(4, Math.min(CELL, Math.floor(room / n)));
    map.layout({
      rows: n,
      cols: n,
      width: size + MARGIN.left + MARGIN.right,
      height: size,
      rowNames: r.tokens,
      colNames: r.tokens,
    });
    const masked = r.mask === 'causal';
    const weights = r.weights.subarray((head - 1) * n * n, head * n * n);
    map.drawCells((row, col) =>
      masked && col > row
        ? { class: 'pe-order-masked' }
        : { class: 'pe-order-cell', fill: interpolateViridis(weights[row * n + col]) },
    );
  }

  return {
    element,
    /**
     * Draws one attendSentence result, head `head` (from 1) of its weights, with strip colours from -limit
     * (blue) to +limit (red).
     */
    draw(result, head, limit) {
      shown = { result, head };
      drawMap();
      outputs.draw(result.tokens, result.outputs, result.seqLen, result.dModel, limit);
    },
    destroy: stopWatching,
  };
}

function describeWeight(name, { result: r, head }, row, col) {
  const n = r.seqLen;
  const weight = r.weights[(head - 1) * n * n + row * n + col];
  const masked = r.mask === 'causal' && col > row;
  return (
    `Sentence ${name}, head ${head}: query \u201c${r.tokens[row]}\u201d (position ${row}) \u2192 ` +
    `key \u201c${r.tokens[col]}\u201d (position ${col}), weight ${formatValue(weight)}` +
    (masked ? ' (masked: a word sees only itself and the words before it)' : '')
  );
}

/**
 * Rows of values as colour, one pixel per value, with the rows' words beside them; `className` replaces the
 * canvas's class (the vectors compared on top of the figure).
 */
export function strip({ label, part, describe, pooled = false, className = '' }) {
  const canvas = h('canvas', {
    class: className || `pe-order-strip${pooled ? ' pe-order-pooled' : ''}`,
    tabindex: 0,
    role: 'img',
    'aria-label': label,
  });
  const labels = h('div', { class: 'pe-order-strip-labels', 'aria-hidden': 'true' });
  let grid = null;
  let shownWords = null;
  const cursor = gridCursor(canvas, {
    size: () => grid,
    show: (cell) => part.claim(describe(cell)),
  });
  return {
    element: h('div', { class: 'pe-order-strips' }, labels, canvas),
    draw(words, values, rows, cols, limit) {
      grid = { rows, cols };
      if (canvas.width !== cols) canvas.width = cols;
      if (canvas.height !== rows) canvas.height = rows;
      const ctx = canvas.getContext('2d');
      const image = ctx.createImageData(cols, rows);
      diverging.paint(values, image, { limit });
      ctx.putImageData(image, 0, 0);
      if (!pooled) canvas.style.height = `${rows * STRIP_ROW}px`;
      if (words.join(' ') !== shownWords) {
        shownWords = words.join(' ');
        replaceChildren(
          labels,
          words.map((word) => h('span', { style: `height:${STRIP_ROW}px` }, word)),
        );
      }
      const at = cursor.get();
      if (at) part.write(describe({ row: Math.min(at.row, rows - 1), col: Math.min(at.col, cols - 1) }));
    },
  };
}
