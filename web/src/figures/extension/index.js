// Figure `extension`: running a RoPE model past its trained context. Which pairs never completed a turn in
// training and meet new angles at the target length (none, position interpolation, NTK-aware base scaling), and
// how far low-precision angles drift from the true ones at large positions.
import { defineFigure } from '../../app/figure.js';
import { changeWriter, h } from '../../ui/dom.js';
import { formatInt, formatSig, formatValue } from '../../ui/format.js';
import { memo } from '../../ui/memo.js';
import { scientific } from '../../ui/scientific.js';
import { BASE, choice, intSlider } from '../shared-params.js';
import { pairsChart, yes } from './pairs.js';
import { describeError, FORMATS, GRID, precisionChart } from './precision.js';
import './extension.css';

const METHODS = { none: 'none', interpolation: 'position interpolation', ntk: 'NTK-aware' };
// Positions quoted in the prose; the precision chart samples both.
const QUOTED = { 100: GRID.indexOf(100), 1e6: GRID.indexOf(1e6) };

/** A length in positions on a slider that moves in powers of two (2^min to 2^max). */
const powerOfTwo = (label, value, min, max) => ({
  ...intSlider(label, value, 2 ** min, 2 ** max),
  scale: 'pow2',
});

/** The same as describeError for the prose, where a tiny error gets a real superscript. */
function liveError(value) {
  if (!Number.isFinite(value)) return 'overflow';
  return value !== 0 && value < 1e-3 ? [...scientific(value, 3), ' rad'] : `${formatSig(value, 3)} rad`;
}

export default defineFigure({
  id: 'extension',
  title: 'Longer contexts: RoPE pairs out of range, and precision at large positions',
  caption:
    'Top: positions per full turn (wavelength) of every RoPE pair, on a log axis, before (hollow) and after ' +
    'the chosen method (filled). Red pairs never completed a turn in training and meet angles at the target ' +
    'length that training never showed them. Bottom: the largest angle error over all pairs when positions ' +
    'and angles are stored in float32, bfloat16 or float16, against double precision; log\u2013log. Hover, or ' +
    'focus a chart and use the arrow keys, to read exact values.',
  params: {
    headDim: intSlider('Head width', 128, 4, 512, 2),
    base: { ...BASE, min: 100 },
    trained: powerOfTwo('Trained length', 2048, 7, 20),
    target: powerOfTwo('Target length', 8192, 7, 24),
    method: choice('Method', METHODS, 'segmented'),
    position: {
      type: 'number',
      default: 1e6,
      min: 1,
      max: 1e9,
      scale: 'log',
      control: 'slider',
      label: 'Position for precision',
      format: (v) => formatSig(v, 3),
    },
  },

  // The target never falls below the trained length on the sliders; from a URL it may, and the engine says so.
  follow: ({ trained, target }, patch) =>
    'trained' in patch ? { target: Math.max(target, trained) } : { trained: Math.min(trained, target) },

  compute(engine, { headDim, base, trained, target, method, position }) {
    const extend = (m) => memo(engine, 'contextExtension', headDim, base, trained, target, m);
    // The chosen method first, so that an unknown one shows the engine's message.
    const result = extend(method);
    const byMethod = Object.fromEntries(Object.keys(METHODS).map((m) => [m, extend(m)]));
    // The engine gives the flags per pair, not their count or the first pair without a full turn.
    const outOf = Object.fromEntries(
      Object.keys(METHODS).map((m) => [m, byMethod[m].outOfRange.reduce((a, b) => a + b, 0)]),
    );
    const byFormat = (fn) => Object.fromEntries(FORMATS.map((f) => [f, fn(f)]));
    return {
      result,
      byMethod,
      outOf,
      firstNoTurn: result.fullTurn.indexOf(0),
      precision: byFormat((f) => memo(engine, 'phaseError', GRID, headDim, base, f).angleError),
      at: byFormat((f) => engine.phaseError([position], headDim, base, f).angleError[0]),
    };
  },

  view({ frame, readout, watchWidth }) {
    const view = { write: changeWriter(), reading: null, width: watchWidth(frame.plot) };
    const onRead = (chart) => (text) => {
      view.reading = chart;
      readout(text);
    };
    view.counts = h('p', { class: 'pe-ext-counts', 'data-readout': 'counts' });
    view.chosen = h('p', { class: 'pe-ext-chosen', 'data-readout': 'position' });
    view.pairs = pairsChart({ onRead: onRead('pairs') });
    view.precision = precisionChart({ onRead: onRead('precision') });
    frame.plot.append(
      h('h3', { class: 'pe-ext-heading' }, 'Which pairs leave the trained range'),
      view.counts,
      ...view.pairs.element,
      h('h3', { class: 'pe-ext-heading' }, 'Angle error at large positions'),
      view.chosen,
      ...view.precision.element,
    );
    return view;
  },

  draw(view, data, params) {
    const { outOf, byMethod } = data;
    view.write.putText(
      view.counts,
      `Pairs out of range at ${formatInt(params.target)} positions (of ${params.headDim / 2}): none ` +
        `${outOf.none}, position interpolation ${outOf.interpolation} (positions divided by ` +
        `${formatValue(byMethod.interpolation.scale)}), NTK-aware ${outOf.ntk} (base ` +
        `${formatInt(byMethod.ntk.effectiveBase)}).`,
    );
    view.write.putText(
      view.chosen,
      `At position ${formatSig(params.position, 3)}: ` +
        FORMATS.map((f) => `${f} ${describeError(data.at[f])}`).join(', ') +
        '.',
    );
    const width = Math.max(240, view.width() || view.counts.parentElement.clientWidth);
    view.pairs.draw(data.result, params, width);
    view.precision.draw(data.precision, params.position, width);
    // The chart the reader is on reads its index again, from the new data.
    view[view.reading]?.chart.reread();
  },

  summary({ outOf, firstNoTurn, at }, { headDim, base, trained, target, method, position }) {
    const total = headDim / 2;
    return (
      `Head width ${headDim}, base ${formatValue(base)}, trained on ${formatInt(trained)} positions, run at ` +
      `${formatInt(target)} with ${METHODS[method]}: ${outOf[method]} of ${total} pairs meet angles they never saw ` +
      `in training` +
      (firstNoTurn >= 0 ? ` (pairs ${firstNoTurn} to ${total - 1} never completed a turn in training)` : '') +
      `. At position ${formatSig(position, 3)} the angle error is ` +
      FORMATS.map((f) => `${describeError(at[f])} in ${f}`).join(', ') +
      '.'
    );
  },

  live({ outOf, byMethod, firstNoTurn, precision }, { headDim, base, trained, target }) {
    const total = headDim / 2;
    const error = (format, position) => liveError(precision[format][QUOTED[position]]);
    return {
      'ext-headdim': formatInt(headDim),
      'ext-base': formatValue(base),
      'ext-pairs': formatInt(total),
      'ext-trained': formatInt(trained),
      'ext-target': formatInt(target),
      'ext-none': formatInt(outOf.none),
      'ext-interpolation': formatInt(outOf.interpolation),
      'ext-ntk': formatInt(outOf.ntk),
      'ext-first-out': firstNoTurn >= 0 ? formatInt(firstNoTurn) : 'none',
      'ext-last-pair': formatInt(total - 1),
      'ext-scale': formatValue(byMethod.interpolation.scale),
      'ext-ntk-base': formatInt(byMethod.ntk.effectiveBase),
      'ext-ntk-slowest': formatValue(byMethod.ntk.targetWavelength[total - 1]),
      'ext-interp-slowest': formatValue(byMethod.interpolation.targetWavelength[total - 1]),
      'ext-f32-100': error('float32', 100),
      'ext-f32-1e6': error('float32', 1e6),
      'ext-bf16-100': error('bfloat16', 100),
      'ext-f16-100': error('float16', 100),
      'ext-f16-1e6': error('float16', 1e6),
    };
  },

  table({ result: r }, { method }) {
    const columns = [
      'pair',
      'wavelength',
      'wavelength after method',
      'angle at trained length',
      'angle at target',
      'full turn',
      'out of range',
    ];
    const rows = Array.from(r.wavelength, (_, i) => [
      i,
      formatValue(r.wavelength[i]),
      formatValue(r.targetWavelength[i]),
      formatValue(r.trainedAngle[i]),
      formatValue(r.targetAngle[i]),
      yes(r.fullTurn[i]),
      yes(r.outOfRange[i]),
    ]);
    return { columns, rows, note: `Method: ${method}. Angles in radians, lengths in positions.` };
  },
});
