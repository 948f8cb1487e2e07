// Figure `columns`: chosen dimensions of the encoding as curves over position. Each is a sampled sine or cosine;
// only the period differs. Dots mark the values at whole positions, the only places the encoding exists.
import { pairOf } from '../../engine/layout.js';
import { series } from '../../ui/colors.js';
import { pairColumns } from '../../ui/column-store.js';
import { defineFigure } from '../../ui/figure.js';
import { formatInt, formatValue } from '../../ui/format.js';
import { SINUSOIDAL } from '../shared-params.js';
import { dimensionName } from '../sinusoidal-parts.js';
import { curveChart } from './curves.js';
import { dimensionPicker } from './picker.js';
import './columns.css';

const MAX_CURVES = series.length;

export default defineFigure({
  id: 'columns',
  title: 'Single dimensions of the encoding over position',
  caption:
    'Each curve is one dimension (one column of the heatmap) against position; dots are the values at whole ' +
    'positions. Low dimensions swing fast and high ones slowly: add dimensions by number, or by clicking a ' +
    'heatmap column.',
  // The dimension picker (picker.js) above the curves.
  ownControls: ['dimensions'],
  params: {
    ...SINUSOIDAL,
    dimensions: {
      type: 'numbers',
      default: [0, 32, 128, 256, 500],
      maxItems: MAX_CURVES,
      // A dimension past the model's width is kept and shown as such (a chip "beyond d_model"), so that lowering
      // dModel and raising it again loses nothing: items may go up to the widest model.
      items: { type: 'int', min: 0, max: /** @type {number} */ (SINUSOIDAL.dModel.max) - 1 },
    },
  },

  compute(engine, params, previous) {
    const visible = params.dimensions.filter((d) => Number.isInteger(d) && d >= 0 && d < params.dModel);
    return { visible, ...curveData(engine, params, visible, previous) };
  },

  view({ frame, element, engine, set, readout, drawn, hover }) {
    /** @type {any} */
    const view = {};
    const colorOf = (dim) => series[drawn().params.dimensions.indexOf(dim) % series.length];
    view.picker = dimensionPicker({
      most: MAX_CURVES,
      colorOf,
      onChange: (dimensions) => {
        element.dispatchEvent(
          new CustomEvent('pe:dimensions-change', { detail: { dimensions: [...dimensions] }, bubbles: true }),
        );
        set({ dimensions });
      },
    });
    view.curves = curveChart({
      colorOf,
      describe: (pos, dim) => {
        const { data, params } = drawn();
        return `position ${pos}, ${dimensionName(dim, params.dModel, params.layout)}, value ${formatValue(data.value(pos, dim))}`;
      },
      readout,
      onHover: hover,
      // The preview's values come through a store of its own, so that hovering does not drop the curves'.
      preview: (dim) => (view.preview = curveData(engine, drawn().params, [dim], view.preview)),
    });
    frame.plot.append(...view.picker.elements, view.curves.element);
    return view;
  },

  draw({ picker, curves }, data, params) {
    picker.show(params.dimensions, params.dModel);
    curves.draw({ dims: data.visible, data, params });
  },

  mark: ({ curves }, dim) => curves.highlight(dim),

  summary: ({ visible, columns }, { positions, dModel, base, layout, dimensions }) => {
    const hidden = dimensions.filter((d) => !visible.includes(d));
    const runs = visible.map((d) => {
      const { min, max } = extent(columns.get(d), positions);
      return `Dimension ${d} runs from ${formatValue(min)} to ${formatValue(max)}.`;
    });
    return (
      `${formatInt(visible.length)} dimensions (${visible.join(', ') || 'none'}) over ${formatInt(positions)} ` +
      `positions, d_model ${formatInt(dModel)}, base ${formatValue(base)}, ${layout} layout. ${runs.join(' ')}` +
      (hidden.length ? ` Not shown (beyond d_model): ${hidden.join(', ')}.` : '')
    );
  },

  table({ visible, value }, { positions }) {
    const rows = [];
    for (let p = 0; p < positions; p += 1) rows.push([p, ...visible.map((d) => formatValue(value(p, d)))]);
    return { columns: ['position', ...visible.map((d) => `dim ${d}`)], rows };
  },
});

// A pair whose period is shorter than this many samples is drawn through fractional positions too (see
// curves.js), with at most SMOOTH_STEPS steps from one whole position to the next.
const SAMPLES_PER_PERIOD = 20;
const SMOOTH_STEPS = 8;

/**
 * The engine's values for the curves of `dims` (a CurveSource, see curves.js): both halves of each one's pair
 * over the window, and for a pair fast enough to be drawn between whole positions the engine's rotations by
 * the fractions of a position between its samples. The rotations are kept by pair and parameters in `previous`
 * (with the columns' store), so moving the number of positions asks the engine for none.
 * @param {import('../../../../cpp/bindings/pe-engine.d.ts').PeEngine} engine
 */
function curveData(engine, params, dims, previous) {
  const { dModel, base, layout } = params;
  const pairs = [...new Set(dims.map((d) => pairOf(d, dModel, layout).pair))];
  const read = pairColumns(engine, previous, params, pairs);
  const turns = previous?.turns ?? new Map();
  const rotations = new Map();
  for (const pair of pairs) {
    const steps = Math.min(SMOOTH_STEPS, Math.ceil(SAMPLES_PER_PERIOD / read.periods[pair]));
    const key = `${pair}|${dModel}|${base}|${steps}`;
    let list = turns.get(key);
    if (!list) {
      list = [];
      for (let j = 1; j < steps; j += 1) list.push(engine.shiftRotation(pair, j / steps, dModel, base));
    }
    turns.delete(key);
    turns.set(key, list);
    if (turns.size > 4 * MAX_CURVES) turns.delete(turns.keys().next().value);
    rotations.set(pair, list);
  }
  return { ...read, turns, rotations };
}

/** Smallest and largest of the engine's values of one dimension over the window (for the summary). */
function extent(column, positions) {
  let min = Infinity;
  let max = -Infinity;
  for (let p = 0; p < positions; p += 1) {
    min = Math.min(min, column[p]);
    max = Math.max(max, column[p]);
  }
  return { min, max };
}
