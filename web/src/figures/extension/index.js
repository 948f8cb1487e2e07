// Figure `extension`: running a RoPE model past its trained context. Which pairs never completed a turn in
// training and meet new angles at the target length, and by what factor each overshoots the largest angle of
// training (none, position interpolation, static NTK-aware scaling, Hugging Face's dynamic NTK, YaRN, Llama
// 3.1's rule, a raised base); how far low-precision angles drift from the true ones at large positions, and
// where 16-bit formats cannot even hold the positions.
import { changeWriter, h } from '../../ui/dom.js';
import { defineFigure } from '../../ui/figure.js';
import { formatInt, formatSig, formatValue } from '../../ui/format.js';
import { memo } from '../../ui/memo.js';
import { scientific } from '../../ui/scientific.js';
import { BASE, choice, intSlider } from '../shared-params.js';
import { pairsChart, yes } from './pairs.js';
import { describeError, FORMATS, GRID, precisionChart } from './precision.js';
import './extension.css';

const METHODS = {
  none: 'none',
  interpolation: 'position interpolation',
  ntk: 'NTK-aware (static)',
  dynamic: 'dynamic NTK',
  yarn: 'YaRN',
  llama3: 'Llama 3.1',
  raisedBase: 'raised base',
};
/** The base of the "raised base" method: Llama 3's rope_theta. */
const RAISED_BASE = 500000;
/** The 16-bit formats whose positions collide, and float32 for comparison. */
/** @type {('bfloat16' | 'float16' | 'float32')[]} */
const COLLIDING = ['bfloat16', 'float16', 'float32'];
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

/** A trained length set above the target raises the target; a target set below the trained length lowers it. */
const keepTargetAboveTrained = ({ trained, target }, patch) =>
  'trained' in patch ? { target: Math.max(target, trained) } : { trained: Math.min(trained, target) };

export default defineFigure({
  id: 'extension',
  title: 'Longer contexts: RoPE pairs out of range, and precision at large positions',
  caption:
    'Top: the period of every RoPE pair before (hollow) and after (filled) the chosen method, on a log axis. ' +
    'Red pairs never completed a turn in training and meet angles at the target length they never saw; the ' +
    'methods differ in how much of that overshoot they remove. Bottom: the largest angle error in float32, ' +
    'bfloat16 and float16 against double precision (log\u2013log).',
  primary: ['method', 'target'],
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

  // The target never falls below the trained length: a change to one moves the other, on the sliders and from
  // a URL (with a note).
  follow: keepTargetAboveTrained,
  bound: keepTargetAboveTrained,

  compute(engine, { headDim, base, trained, target, method, position }) {
    const extend = (m) =>
      memo(engine, 'contextExtension', headDim, base, trained, target, m, { raisedBase: RAISED_BASE });
    // The chosen method first, so that an unknown one shows the engine's message.
    const result = extend(method);
    const byMethod = Object.fromEntries(Object.keys(METHODS).map((m) => [m, extend(m)]));
    // The engine gives the flags per pair, not their count or the first pair without a full turn.
    const outOf = Object.fromEntries(
      Object.keys(METHODS).map((m) => [m, byMethod[m].outOfRange.reduce((a, b) => a + b, 0)]),
    );
    const byFormat = (fn) => Object.fromEntries(FORMATS.map((f) => [f, fn(f)]));
    // Positions rounded to each format: where they first collide (found once: float32's search is long) and
    // how many of the target length's positions stay distinct.
    const collisions = Object.fromEntries(
      COLLIDING.map((f) => [
        f,
        {
          ...memo(engine, 'positionRounding', 1, f),
          distinct: f === 'float32' ? target : memo(engine, 'positionRounding', target, f).distinct,
        },
      ]),
    );
    // The chosen method's largest overshoot among the pairs that never turned fully in training.
    let worst = -1;
    result.overshoot.forEach((v, i) => {
      if (!result.fullTurn[i] && (worst < 0 || v > result.overshoot[worst])) worst = i;
    });
    return {
      result,
      byMethod,
      outOf,
      collisions,
      worst,
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
    view.overshoot = h('p', { class: 'pe-ext-overshoot', 'data-readout': 'overshoot' });
    view.collisions = h('p', { class: 'pe-ext-collisions', 'data-readout': 'collisions' });
    view.chosen = h('p', { class: 'pe-ext-chosen', 'data-readout': 'position' });
    view.pairs = pairsChart({ onRead: onRead('pairs') });
    view.precision = precisionChart({ onRead: onRead('precision') });
    frame.plot.append(
      h('h3', { class: 'pe-ext-heading' }, 'Which pairs leave the trained range'),
      view.counts,
      view.overshoot,
      ...view.pairs.element,
      h('h3', { class: 'pe-ext-heading' }, 'Angle error at large positions'),
      view.collisions,
      view.chosen,
      ...view.precision.element,
    );
    return view;
  },

  draw(view, data, params) {
    const { outOf, byMethod } = data;
    view.write.putText(
      view.counts,
      `Pairs out of range at ${formatInt(params.target)} positions (of ${params.headDim / 2}): ` +
        Object.entries(METHODS)
          .map(([m, label]) => `${label} ${outOf[m]}`)
          .join(', ') +
        ` (positions divided by ${formatValue(byMethod.interpolation.scale)}; bases ` +
        `${formatInt(byMethod.ntk.effectiveBase)} static NTK, ${formatInt(byMethod.dynamic.effectiveBase)} ` +
        `dynamic NTK, ${formatInt(RAISED_BASE)} raised).`,
    );
    view.write.putText(view.overshoot, overshootText(data, params));
    view.write.putText(view.collisions, collisionText(data.collisions, params.target));
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

  summary(data, { headDim, base, trained, target, method, position }) {
    const { outOf, firstNoTurn, at } = data;
    const total = headDim / 2;
    return (
      `Head width ${headDim}, base ${formatValue(base)}, trained on ${formatInt(trained)} positions, run at ` +
      `${formatInt(target)} with ${METHODS[method]}: ${outOf[method]} of ${total} pairs meet angles they never saw ` +
      `in training` +
      (firstNoTurn >= 0 ? ` (pairs ${firstNoTurn} to ${total - 1} never completed a turn in training)` : '') +
      `. ${overshootText(data, { trained, target, method })} At position ${formatSig(position, 3)} the angle ` +
      'error is ' +
      FORMATS.map((f) => `${describeError(at[f])} in ${f}`).join(', ') +
      `. ${collisionText(data.collisions, target)}`
    );
  },

  live({ outOf, byMethod, firstNoTurn, precision, collisions }, { headDim, base, trained, target }) {
    const total = headDim / 2;
    const none = byMethod.none;
    const yarn = byMethod.yarn;
    const slowest = total - 1;
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
      'ext-overshoot-none': formatSig(none.overshoot[slowest], 3),
      'ext-overshoot-ntk': formatSig(byMethod.ntk.overshoot[firstNoTurn >= 0 ? firstNoTurn : 0], 3),
      'ext-dynamic-base': formatInt(byMethod.dynamic.effectiveBase),
      'ext-yarn': formatInt(outOf.yarn),
      'ext-yarn-mscale': formatSig(Math.sqrt(yarn.attentionScale), 4),
      'ext-llama3': formatInt(outOf.llama3),
      'ext-raised': formatInt(outOf.raisedBase),
      'ext-raised-overshoot': formatSig(byMethod.raisedBase.overshoot[slowest], 3),
      'ext-bf16-collision': formatInt(collisions.bfloat16.firstCollision),
      'ext-bf16-collides': formatInt(collisions.bfloat16.collidesWith),
      'ext-f16-collision': formatInt(collisions.float16.firstCollision),
      'ext-f16-collides': formatInt(collisions.float16.collidesWith),
      'ext-f32-collision': formatInt(collisions.float32.firstCollision),
      'ext-collide-target': formatInt(target),
      'ext-bf16-distinct': formatInt(collisions.bfloat16.distinct),
    };
  },

  table({ result: r }, { method }) {
    const columns = [
      'pair',
      'period',
      'period after method',
      'angle at trained length',
      'angle at target',
      'overshoot',
      'full turn',
      'out of range',
    ];
    const rows = Array.from(r.wavelength, (_, i) => [
      i,
      formatValue(r.wavelength[i]),
      formatValue(r.targetWavelength[i]),
      formatValue(r.trainedAngle[i]),
      formatValue(r.targetAngle[i]),
      formatSig(r.overshoot[i], 4),
      yes(r.fullTurn[i]),
      yes(r.outOfRange[i]),
    ]);
    return {
      columns,
      rows,
      note:
        `Method: ${METHODS[method]}. Angles in radians, lengths in positions; overshoot is the angle at the ` +
        'target over the largest angle of training.',
    };
  },
});

/** The chosen method's worst overshoot among pairs that never turned fully in training (and YaRN's scale). */
function overshootText({ result, worst }, { trained, target, method }) {
  const scale =
    method === 'yarn'
      ? ` YaRN also scales attention logits by ${formatSig(result.attentionScale, 4)} ` +
        `(mscale ${formatSig(Math.sqrt(result.attentionScale), 4)} = 0.1 ln s + 1, squared).`
      : '';
  if (worst < 0)
    return `Every pair turned fully in ${formatInt(trained)} positions: no angle is new.${scale}`;
  const factor = result.overshoot[worst];
  return (
    `Overshoot with ${METHODS[method]} (angle at ${formatInt(target)} over the largest angle of training): ` +
    `at most ${formatSig(factor, 3)}\u00d7, pair ${worst}` +
    (factor <= 1 + 1e-9 ? ', so no pair meets a new angle.' : '.') +
    scale
  );
}

/** Where positions stop being distinct in each 16-bit format, and how many of the target's survive. */
function collisionText(collisions, target) {
  const { bfloat16: bf, float16: f16, float32: f32 } = collisions;
  return (
    `Positions themselves collide: bfloat16 stores ${formatInt(bf.firstCollision)} as ` +
    `${formatInt(bf.collidesWith)}, float16 stores ${formatInt(f16.firstCollision)} as ` +
    `${formatInt(f16.collidesWith)} (float32 first at ${formatInt(f32.firstCollision)}). Of ` +
    `${formatInt(target)} positions, bfloat16 keeps ${formatInt(bf.distinct)} distinct and float16 ` +
    `${formatInt(f16.distinct)}.`
  );
}
