// Figure `similarity`: PE(pos)·PE(pos+k) against k from several starting positions (the curves coincide, since
// the dot product is sum_i cos(w_i k)), beside the positions-by-positions similarity matrix, whose diagonals are
// constant for the same reason. The matrix can also show queries against keys after seeded projections W_q
// and W_k (the diagonals break) and with RoPE applied after the projections (they are constant again); the
// engine measures each view's spread along its diagonals.
import { changeWriter, h, replaceChildren } from '../../ui/dom.js';
import { defineFigure } from '../../ui/figure.js';
import { formatFixed, formatInt, formatValue } from '../../ui/format.js';
import { memo } from '../../ui/memo.js';
import { scientific, scientificText } from '../../ui/scientific.js';
import { choice, intSlider, SINUSOIDAL } from '../shared-params.js';
import { MAX_STARTS, offsetCurve } from './curve.js';
import { HEAD_DIM, MATRIX_LIMIT, MODES, PROJECTED_LIMIT, similarityMatrix } from './matrix.js';
import './similarity.css';

/** The paper's example offset (Figure 5: 139.05 at k = 37), quoted in the prose. */
const EXAMPLE_OFFSET = 37;

export default defineFigure({
  id: 'similarity',
  title: 'Similarity depends only on distance',
  caption:
    'PE(pos)\u00b7PE(pos+k) against the offset k, one curve per starting position: they lie on top of each ' +
    'other, so the similarity depends only on k. In the matrix of every pair of positions (a, b), each ' +
    'diagonal b \u2212 a = k holds one value.',
  primary: ['maxOffset', 'mode'],
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
    mode: choice('Compare', MODES, 'segmented'),
  },

  compute(engine, { dModel, base, positions, maxOffset, metric, mode, ...params }, previous) {
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
    const size = Math.min(positions, mode === 'raw' ? MATRIX_LIMIT : PROJECTED_LIMIT);
    return { key, starts, maxOffset, curves, diff, rise, size, bridge: bridge(engine, dModel, base, metric) };
  },

  view({ engine, frame, fail, readout, redraw, drawn, watchWidth }) {
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
      fail,
      onCell: () => {
        view.reading = 'cell';
        view.curve.release();
        view.refresh();
      },
      onArrive: redraw,
    });
    view.diff = h('p', { class: 'pe-similarity-diff' });
    view.bridge = h('p', { class: 'pe-similarity-bridge', 'data-readout': 'bridge' });
    view.write = changeWriter();
    frame.plot.append(
      h('div', { class: 'pe-similarity-panels' }, view.curve.element, view.matrix.element),
      view.diff,
      view.bridge,
    );
    // Widths are kept from the observers, so that a redraw never reads layout.
    watchWidth(view.curve.element, (width) => {
      view.curve.resize(width);
      redraw();
    });
    watchWidth(view.matrix.element, (width) => view.matrix.resize(width));
    return view;
  },

  draw(view, data, { dModel, base, positions, metric, mode }) {
    view.matrix.want({ size: data.size, dModel, base, metric, mode });
    // The matrix on show (the newest, or the last one while the worker makes the newest) is what the summary
    // describes; a matrix arriving from the worker redraws, and so updates it.
    data.matrix = view.matrix.shown();
    view.curve.draw(data);
    const { maxOffset, diff, starts } = data;
    const note =
      positions > data.size
        ? `The matrix shows the first ${formatInt(data.size)} of ${formatInt(positions)} positions, the most ` +
          `the engine computes it for${mode === 'raw' ? '' : ' after the projections'}.`
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
    const { raw, projected, rope } = data.bridge;
    view.write.putText(
      view.bridge,
      `Spread along the diagonals (largest minus smallest value on one diagonal, as a share of the matrix's ` +
        `range; first ${BRIDGE_POSITIONS} positions, head width ${HEAD_DIM}): raw encodings ${percent(raw)}, ` +
        `through W_q and W_k ${percent(projected)}, RoPE after W_q and W_k ${percent(rope)}.`,
    );
    view.refresh();
  },

  summary({ starts, maxOffset, curves, diff, matrix, bridge: b }) {
    const at = (k) => listText(curves.map((curve) => formatFixed(curve[k], 2)));
    const { size, metric, low, high } = matrix;
    return (
      `Dot product of position vectors against offset k = 0\u2013${formatInt(maxOffset)} from ` +
      `${listText(starts.map(formatValue))}: ${at(0)} at k = 0 and ${at(EXAMPLE_OFFSET)} at k = ${EXAMPLE_OFFSET}; ` +
      `the curves differ by at most ${scientificText(diff)}. The ${formatInt(size)} \u00d7 ${formatInt(size)} ` +
      `${metric === 'cosine' ? 'cosine' : 'dot-product'} matrix ranges from ${formatValue(low)} to ` +
      `${formatValue(high)}, ${matrix.mode === 'raw' ? 'constant along each diagonal' : MODES[matrix.mode]}. ` +
      `Spread along the diagonals as a share of the range: raw ${percent(b.raw)}, through W_q and W_k ` +
      `${percent(b.projected)}, RoPE after them ${percent(b.rope)}.`
    );
  },

  live: ({ starts, maxOffset, curves, diff, rise, bridge }) => ({
    'similarity-first-rise':
      rise >= 0 ? `after k = ${formatInt(rise)}` : `nowhere up to k = ${formatInt(maxOffset)}`,
    'similarity-starts': listText(starts.map(formatValue)),
    'similarity-k0': listText(curves.map((curve) => formatFixed(curve[0], 2))),
    'similarity-k37': listText(curves.map((curve) => formatFixed(curve[EXAMPLE_OFFSET], 2))),
    'similarity-diff': scientific(diff),
    'bridge-raw': percent(bridge.raw),
    'bridge-projected': percent(bridge.projected),
    'bridge-rope': percent(bridge.rope),
    'bridge-positions': formatInt(BRIDGE_POSITIONS),
    'bridge-head': formatInt(HEAD_DIM),
  }),

  table({ starts, curves, maxOffset }) {
    const rows = [];
    for (let k = 0; k <= maxOffset; k += 1) rows.push([k, ...curves.map((curve) => formatValue(curve[k]))]);
    return {
      columns: ['k', ...starts.map((s) => `from pos ${formatValue(s)}`)],
      rows,
      note: 'Dot products PE(pos)\u00b7PE(pos+k); the matrix is in the image download.',
    };
  },
});

/** The positions over which the three views' diagonal spreads are compared (quoted in the prose). */
const BRIDGE_POSITIONS = 64;

/**
 * The largest spread along a diagonal (the engine's diagonalSpread) over the matrix's range, for the raw
 * encodings, after the projections, and with RoPE after them, at the first BRIDGE_POSITIONS positions.
 * @param {import('../../../../cpp/bindings/pe-engine.d.ts').PeEngine} engine
 * @returns {{ raw: number, projected: number, rope: number }}
 */
function bridge(engine, dModel, base, metric) {
  const n = BRIDGE_POSITIONS;
  const share = (values) => {
    const spread = engine.diagonalSpread(values, n);
    let [low, high, most] = [Infinity, -Infinity, 0];
    for (const v of values) [low, high] = [Math.min(low, v), Math.max(high, v)];
    for (const v of spread) most = Math.max(most, v);
    return most / (high - low || 1);
  };
  const projected = (mode) => memo(engine, 'projectedSimilarity', n, dModel, HEAD_DIM, base, mode, metric);
  return {
    raw: share(memo(engine, 'similarityMatrix', n, dModel, base, metric)),
    projected: share(projected('projected')),
    rope: share(projected('rope')),
  };
}

/** A share as a percentage; rounding-level shares say so rather than print 0%. */
function percent(share) {
  if (share < 1e-9) return 'below 10\u207b\u2077 % (rounding)';
  return `${formatFixed(share * 100, 1)}%`;
}

/** "a", "a and b", "a, b and c". */
function listText(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
