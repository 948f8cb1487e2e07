// Figure `similarity`: PE(pos)·PE(pos+k) against k from several starting positions (the curves coincide, since
// the dot product is sum_i cos(w_i k)), beside the positions-by-positions similarity matrix, whose diagonals are
// constant for the same reason.
import { defineFigure } from '../../app/figure.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { formatFixed, formatInt, formatValue } from '../../ui/format.js';
import { memo } from '../../ui/memo.js';
import { scientific, scientificText } from '../../ui/scientific.js';
import { choice, intSlider, SINUSOIDAL } from '../shared-params.js';
import { MAX_STARTS, offsetCurve } from './curve.js';
import { MATRIX_LIMIT, similarityMatrix } from './matrix.js';
import './similarity.css';

/** The paper's example offset (Figure 5: 139.05 at k = 37), quoted in the prose. */
const EXAMPLE_OFFSET = 37;

export default defineFigure({
  id: 'similarity',
  title: 'Similarity depends only on distance',
  caption:
    'The curve plot: PE(pos)\u00b7PE(pos+k) against the offset k, one line per starting position; they lie on ' +
    'top of each other. The matrix: the similarity of every pair of positions (a, b); each diagonal ' +
    'b \u2212 a = k holds one value. Hover, or focus a plot and use the arrow keys, to read values.',
  params: {
    ...SINUSOIDAL,
    starts: {
      type: 'numbers',
      default: [0, 100, 300],
      control: 'numbers',
      label: 'Starting positions',
      maxItems: MAX_STARTS,
      items: { type: 'int', min: 0, max: 65536 },
    },
    maxOffset: intSlider('Largest offset k', 128, 1, 2048),
    metric: choice('Matrix', { dot: 'dot product', cosine: 'cosine' }, 'segmented'),
  },

  compute(engine, { dModel, base, positions, maxOffset, ...params }, previous) {
    const starts = params.starts.slice(0, MAX_STARTS);
    if (starts.length === 0) throw new Error('Give at least one starting position.');
    // The curves depend on the starts, the offsets, dModel and base only: a change of positions reuses them.
    const reach = Math.max(maxOffset, EXAMPLE_OFFSET);
    const key = [starts.join(','), reach, dModel, base].join('|');
    const curves =
      previous?.key === key
        ? previous.curves
        : starts.map((start) => engine.dotByOffset(start, reach, dModel, base));
    // How far the curves from other starts stray from the first one (the engine's), and the first offset after
    // which the first curve rises again (a comparison of the engine's values).
    const diff = memo(engine, 'dotByOffsetSpread', starts, maxOffset, dModel, base);
    let rise = -1;
    for (let k = 0; k < maxOffset && rise < 0; k += 1) if (curves[0][k + 1] > curves[0][k]) rise = k;
    return { key, starts, maxOffset, curves, diff, rise, size: Math.min(positions, MATRIX_LIMIT) };
  },

  view({ engine, frame, readout, redraw, drawn, watchWidth }) {
    const view = { reading: null }; // 'curve' or 'cell': the plot the reader last moved in
    // The reading, and the offset marked in both plots, follow the plot the reader moved in last.
    view.refresh = () => {
      if (view.reading === 'curve') {
        const k = view.curve.cursor();
        const { curves, starts } = drawn().data;
        view.matrix.markDiagonal(k);
        const values = curves.map((c, j) => `${formatValue(c[k])} from pos ${formatValue(starts[j])}`);
        readout(`k ${k}: dot product ${values.join(', ')}`);
      } else if (view.reading === 'cell') {
        const { k, text } = view.matrix.cursor();
        view.curve.mark(k);
        view.matrix.markDiagonal(k);
        readout(text);
      }
    };
    view.curve = offsetCurve({
      onOffset: () => {
        view.reading = 'curve';
        view.refresh();
      },
    });
    view.matrix = similarityMatrix({
      engine,
      frame,
      onCell: () => {
        view.reading = 'cell';
        view.curve.release();
        view.refresh();
      },
      onArrive: redraw,
    });
    view.diff = h('p', { class: 'pe-similarity-diff' });
    frame.plot.append(
      h('div', { class: 'pe-similarity-panels' }, view.curve.element, view.matrix.element),
      view.diff,
    );
    frame.action('Download PNG', () => view.matrix.download());
    // Widths are kept from the observers, so that a redraw never reads layout.
    watchWidth(view.curve.element, (width) => {
      view.curve.resize(width);
      redraw();
    });
    watchWidth(view.matrix.element, (width) => view.matrix.resize(width));
    return view;
  },

  draw(view, data, { dModel, base, positions, metric }) {
    view.matrix.want({ size: data.size, dModel, base, metric });
    // The matrix on show (the newest, or the last one while the worker makes the newest) is what the summary
    // describes; a matrix arriving from the worker redraws, and so updates it.
    data.matrix = view.matrix.shown();
    view.curve.draw(data);
    const { maxOffset, diff, starts } = data;
    const note =
      positions > MATRIX_LIMIT
        ? `The matrix shows the first ${formatInt(MATRIX_LIMIT)} of ${formatInt(positions)} positions, the most ` +
          'the engine computes it for.'
        : '';
    view.matrix.note(note);
    const text = `${data.key}|${maxOffset}|${diff}`;
    if (view.diffText !== text) {
      view.diffText = text;
      replaceChildren(
        view.diff,
        `Largest difference between the curves for k = 0\u2013${formatInt(maxOffset)}: `,
        h('strong', { class: 'pe-similarity-diff-value' }, ...scientific(diff)),
        starts.length > 1 ? ' \u2014 the same curve from every start, up to rounding.' : ' (one start only).',
      );
    }
    view.refresh();
  },

  summary({ starts, maxOffset, curves, diff, matrix }) {
    const at = (k) => listText(curves.map((curve) => formatFixed(curve[k], 2)));
    const { size, metric, low, high } = matrix;
    return (
      `Dot product of position vectors against offset k = 0\u2013${formatInt(maxOffset)} from ` +
      `${listText(starts.map(formatValue))}: ${at(0)} at k = 0 and ${at(EXAMPLE_OFFSET)} at k = ${EXAMPLE_OFFSET}; ` +
      `the curves differ by at most ${scientificText(diff)}. The ${formatInt(size)} \u00d7 ${formatInt(size)} ` +
      `${metric === 'cosine' ? 'cosine' : 'dot-product'} matrix ranges from ${formatValue(low)} to ` +
      `${formatValue(high)}, constant along each diagonal.`
    );
  },

  live: ({ starts, maxOffset, curves, diff, rise }) => ({
    'similarity-first-rise':
      rise >= 0 ? `after k = ${formatInt(rise)}` : `nowhere up to k = ${formatInt(maxOffset)}`,
    'similarity-starts': listText(starts.map(formatValue)),
    'similarity-k0': listText(curves.map((curve) => formatFixed(curve[0], 2))),
    'similarity-k37': listText(curves.map((curve) => formatFixed(curve[EXAMPLE_OFFSET], 2))),
    'similarity-diff': scientific(diff),
  }),

  table({ starts, curves, maxOffset }) {
    const rows = [];
    for (let k = 0; k <= maxOffset; k += 1) rows.push([k, ...curves.map((curve) => formatValue(curve[k]))]);
    return {
      columns: ['k', ...starts.map((s) => `from pos ${formatValue(s)}`)],
      rows,
      note: 'Dot products PE(pos)\u00b7PE(pos+k); the matrix is in the PNG download.',
    };
  },
});

/** "a", "a and b", "a, b and c". */
function listText(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
