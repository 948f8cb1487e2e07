// Figure `rotation`: a shift by k positions turns every sin/cos pair by the same angle, whatever pos is. One pair
// on its unit circle, the engine's 2x2 matrix R(k), the points at pos and pos+k, and the residual of
// PE(pos+k) = R(k) PE(pos) over all pairs.
import { dimensionsOf, pairOf } from '../../engine/layout.js';
import { columnStore } from '../../ui/column-store.js';
import { h } from '../../ui/dom.js';
import { defineFigure } from '../../ui/figure.js';
import { formatFixed, formatInt, formatValue } from '../../ui/format.js';
import { memo } from '../../ui/memo.js';
import { scientific, scientificText } from '../../ui/scientific.js';
import { intSlider, lastPosition, SINUSOIDAL } from '../shared-params.js';
import { unitCircle } from './circle.js';
import { rotationSide } from './side.js';
import './rotation.css';

export default defineFigure({
  id: 'rotation',
  title: 'A shift by k is a rotation',
  caption:
    'Pair i of PE(pos) is the point (sin \u03b8\u1d62pos, cos \u03b8\u1d62pos) on the unit circle. Moving k ' +
    'positions ahead turns it clockwise by the same angle \u03b8\u1d62k from every pos: a shift is the ' +
    'rotation R(k), whatever the position.',
  primary: ['pair', 'offset'],
  params: {
    ...SINUSOIDAL,
    pair: intSlider('Pair i', 16, 0, ({ dModel }) => Math.max(0, Math.floor(dModel / 2) - 1)),
    pos: intSlider('Position pos', 10, 0, lastPosition),
    offset: intSlider('Offset k', 3, 0, lastPosition),
    // A dimension hovered anywhere in the article's section: its pair is shown while the hover lasts.
    highlight: { type: 'int', default: null, url: false },
  },

  compute(engine, params, previous) {
    const { dModel, base, positions, layout, pos, offset, highlight } = params;
    const pair = highlighted(highlight, params) ?? params.pair;
    const key = JSON.stringify([pair, dModel, base, positions, layout, pos, offset]);
    // A hover elsewhere that stays on this pair changes nothing here.
    if (previous?.key === key) return previous;
    // Engine results kept between steps: the pair's two columns (PE(pos) does not depend on how many positions
    // are asked for, so dragging Positions or Offset rarely asks again) and the sampled rows by position.
    const held = previous?.held ?? { columns: columnStore(engine), rows: byPosition() };
    const rotation = engine.shiftRotation(pair, offset, dModel, base);
    const dims = dimensionsOf(pair, dModel, layout);
    const columns = held.columns(positions + offset, dModel, base, layout, [dims.sin, dims.cos]);
    const sin = columns.get(dims.sin);
    const cos = columns.get(dims.cos);
    const rows = samplePositions(pos, positions).map((p) => ({
      pos: p,
      at: [sin[p], cos[p]],
      shifted: [sin[p + offset], cos[p + offset]],
      ...held.rows(`${pair} ${offset} ${dModel} ${base}`, p, () => ({
        rotated: engine.rotatePair(pair, p, offset, dModel, base),
        error: engine.rotationResidual(p, offset, dModel, base),
      })),
    }));
    return {
      key,
      held,
      pair,
      dims,
      sin,
      cos,
      rotation,
      rows,
      turn: turnDegrees(rotation),
      // pos is one of the sampled rows (an invalid pos is not: the engine then names it).
      error: rows.find((row) => row.pos === pos)?.error ?? engine.rotationResidual(pos, offset, dModel, base),
      periods: memo(engine, 'pairPeriods', dModel, base),
    };
  },

  view({ element, frame, readout, redraw, hover, watchWidth }) {
    const view = { shown: null, focused: null };
    view.showPoint = (which) => {
      if (!view.shown) return;
      view.focused = which;
      readout(describePoint(view.shown.data, view.shown.params, which));
      hover(view.shown.data.dims.sin);
    };
    view.circle = unitCircle({
      element,
      repaint: redraw,
      onPoint: view.showPoint,
      onLeave: () => {
        view.focused = null;
        hover(null);
      },
    });
    view.side = rotationSide();
    frame.plot.append(h('div', { class: 'pe-rotation' }, view.circle.element, view.side.element));
    view.width = watchWidth(view.circle.element);
    return view;
  },

  draw(view, data, params) {
    view.shown = { data, params };
    const describe = (which) => describePoint(data, params, which);
    view.circle.draw({ ...data, describe }, params, view.width());
    view.side.draw(data, params);
    if (view.focused) view.showPoint(view.focused);
  },

  summary(data, params) {
    const { pair, turn, error, rotation } = data;
    const { pos, offset } = params;
    const [a, b, c, d] = Array.from(rotation, formatValue);
    return (
      `Pair ${pair}: ${describePoint(data, params, 'pos')}; ${describePoint(data, params, 'shifted')}. ` +
      `R(${offset}) = [[${a}, ${b}], [${c}, ${d}]] turns pos ${pos} into pos ${pos + offset} by ` +
      `${formatFixed(turn, 2)} degrees clockwise; the largest error over all pairs is ${scientificText(error)}.`
    );
  },

  live: ({ pair, turn, error, periods }, { pos, offset }) => ({
    'rotation-pair': formatInt(pair),
    'rotation-pos': formatInt(pos),
    'rotation-offset': formatInt(offset),
    'rotation-turn': `${formatFixed(turn, 2)}\u00b0`,
    'rotation-pairs': formatInt(periods.length),
    'rotation-residual': scientific(error),
  }),

  table({ pair, sin, cos }, { positions, offset }) {
    const rows = [];
    for (let p = 0; p < positions; p += 1) {
      const q = p + offset;
      rows.push([p, formatValue(sin[p]), formatValue(cos[p]), q, formatValue(sin[q]), formatValue(cos[q])]);
    }
    return {
      columns: ['pos', 'sin at pos', 'cos at pos', 'pos+k', 'sin at pos+k', 'cos at pos+k'],
      rows,
      note: `Pair ${pair}, offset k = ${offset}.`,
    };
  },
});

/** The pair a highlighted dimension belongs to, or null when nothing (valid) is highlighted. */
function highlighted(dimension, { dModel, layout }) {
  if (!Number.isInteger(dimension) || dimension < 0 || dimension >= dModel) return null;
  return pairOf(dimension, dModel, layout).pair;
}

function describePoint({ sin, cos, pair, dims }, { pos, offset }, which) {
  const p = which === 'pos' ? pos : pos + offset;
  return (
    `${which === 'pos' ? 'PE(pos)' : 'PE(pos+k)'} at position ${formatInt(p)}, pair ${pair} ` +
    `(dims ${dims.sin}, ${dims.cos}): sin ${formatValue(sin[p])}, cos ${formatValue(cos[p])}`
  );
}

/**
 * Clockwise turn of R(k) in degrees, in [0, 360): atan2 of the engine's sin and cos entries.
 * @param {Iterable<number>} rotation shiftRotation's matrix, cos and sin first
 */
function turnDegrees([cos, sin]) {
  const degrees = (Math.atan2(sin, cos) * 180) / Math.PI;
  return degrees < 0 ? degrees + 360 : degrees;
}

/**
 * Values by position for one set of other arguments: get(argumentsKey, p, compute) returns the value kept for p,
 * or computes and keeps it; a new argumentsKey (or a 65th position) empties it first.
 */
function byPosition() {
  let kept = null;
  const values = new Map();
  return (argumentsKey, p, compute) => {
    if (argumentsKey !== kept || values.size >= 64) {
      values.clear();
      kept = argumentsKey;
    }
    if (!values.has(p)) values.set(p, compute());
    return values.get(p);
  };
}

/** A few positions, the chosen one among them, to show that one R(k) serves them all. */
function samplePositions(pos, positions) {
  const picks = [0, pos, Math.floor(positions / 3), Math.floor((2 * positions) / 3), positions - 1];
  return [...new Set(picks.filter((p) => p >= 0 && p < positions))].sort((a, b) => a - b);
}
