// Figure `rotation`: a shift by k positions turns every sin/cos pair by the same angle, whatever pos is. One pair
// on its unit circle, the engine's 2x2 matrix R(k), the points at pos and pos+k, and the residual of
// PE(pos+k) = R(k) PE(pos) over all pairs.
import { scaleLinear } from 'd3-scale';
import { getEngine } from '../engine.js';
import { series } from '../ui/colors.js';
import { slider } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { formatFixed, formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { dimensionsOf, hoverAnnouncer, pairOf } from '../ui/linked.js';
import { fillLive, sectionOf } from '../ui/live.js';
import { renderMath } from '../ui/math.js';
import { scientific, scientificText } from '../ui/scientific.js';
import './rotation.css';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';

/** Title shown when the figure stands alone. */
export const title = 'A shift by k is a rotation';

/** URL parameters accepted on embed.html, with their types. */
export const params = {
  ...SINUSOIDAL_PARAMS,
  pair: 'number',
  pos: 'number',
  offset: 'number',
};

const MAX_SIDE = 340;
const DOMAIN = 1.4;

/**
 * Mounts the rotation figure.
 * @param {HTMLElement} element
 * @param {{ dModel?: number, base?: number, positions?: number, layout?: 'interleaved'|'split',
 *   pair?: number, pos?: number, offset?: number, controls?: boolean, highlight?: number | null }} options
 *   `highlight` (a dimension, from a hover anywhere in the section) shows that dimension's pair while it lasts;
 *   with null the figure returns to the pair chosen with its slider.
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    ...SINUSOIDAL_DEFAULTS,
    pair: 16,
    pos: 10,
    offset: 3,
    highlight: null,
    controls: true,
    ...options,
  };
  let shown = null; // everything drawn, computed by the engine for one set of parameters
  let focused = null; // 'pos' | 'shifted' while a point is hovered or focused

  const frame = createFrame(element, {
    id: 'rotation',
    title: 'Shift as rotation',
    caption:
      'Pair i of PE(pos) is the point (sin \u03c9\u1d62pos, cos \u03c9\u1d62pos) on the unit circle; small dots ' +
      'are every position shown. Moving k positions ahead turns the point clockwise by \u03c9\u1d62k, the ' +
      'same angle from every pos: the matrix R(k) does it. Hover or focus a point to read its coordinates.',
    table: tableData,
  });

  const sharedControls = sinusoidalControls(state, set);
  const ownControls = {
    pair: slider({
      label: 'Pair i',
      min: 0,
      max: Math.max(0, Math.floor(state.dModel / 2) - 1),
      value: state.pair,
      format: formatInt,
      onChange: (v) => set({ pair: v, highlight: null }),
    }),
    pos: slider({
      label: 'Position pos',
      min: 0,
      max: Math.max(0, state.positions - 1),
      value: state.pos,
      format: formatInt,
      onChange: (v) => set({ pos: v }),
    }),
    offset: slider({
      label: 'Offset k',
      min: 0,
      max: Math.max(0, state.positions - 1),
      value: state.offset,
      format: formatInt,
      onChange: (v) => set({ offset: v }),
    }),
  };
  frame.addControls(sharedControls, state.controls !== false);
  frame.addControls(ownControls);

  const svg = h('svg:svg', { class: 'pe-rotation-svg', role: 'group' });
  const legendKey = h('p', { class: 'pe-rotation-key' });
  const circleHost = h('div', { class: 'pe-rotation-circle' }, svg, legendKey);
  const matrix = h('div', { class: 'pe-rotation-matrix', role: 'math' });
  const angle = h('p', { class: 'pe-rotation-angle' });
  const residual = h('p', { class: 'pe-rotation-residual' });
  const sample = h('div', { class: 'pe-rotation-sample' });
  const side = h('div', { class: 'pe-rotation-side' }, matrix, angle, residual, sample);
  frame.plot.append(h('div', { class: 'pe-rotation' }, circleHost, side));

  const announce = hoverAnnouncer(element);
  const resize = new ResizeObserver(() => draw());
  resize.observe(circleHost);

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  /** The pair on show: a highlighted dimension's while the highlight lasts, else the slider's. */
  function shownPair() {
    return pairFor(state.highlight, state) ?? state.pair;
  }

  /** Clamps the figure's own sliders to the current sizes and keeps their ranges in step. */
  function clampOwn() {
    const pairMax = Math.max(0, Math.floor(state.dModel / 2) - 1);
    const posMax = Math.max(0, Math.floor(state.positions) - 1);
    if (Number.isFinite(pairMax)) state.pair = Math.min(state.pair, pairMax);
    if (Number.isFinite(posMax)) {
      state.pos = Math.min(state.pos, posMax);
      state.offset = Math.min(state.offset, posMax);
    }
    ownControls.pair.input.max = String(Number.isFinite(pairMax) ? pairMax : 0);
    ownControls.pos.input.max = String(Number.isFinite(posMax) ? posMax : 0);
    ownControls.offset.input.max = String(Number.isFinite(posMax) ? posMax : 0);
    ownControls.pair.value = shownPair();
    for (const key of ['pos', 'offset']) ownControls[key].value = state[key];
  }

  function render() {
    clampOwn();
    const { dModel, base, positions, layout, pos, offset } = state;
    const pair = shownPair();
    const next = frame.attempt(() => {
      const matrixValues = engine.shiftRotation(pair, offset, dModel, base);
      const error = engine.rotationResidual(pos, offset, dModel, base);
      const table = engine.sinusoidalTable(positions + offset, dModel, base, layout);
      const periods = engine.pairPeriods(dModel, base);
      const rows = samplePositions(pos, positions).map((p) => ({
        pos: p,
        at: pairAt(table, p, pair, dModel, layout),
        rotated: rotateByEngine(table, p, pair, offset, dModel, base, layout),
        shifted: pairAt(table, p + offset, pair, dModel, layout),
        error: engine.rotationResidual(p, offset, dModel, base),
      }));
      return { matrixValues, error, table, periods, rows };
    });
    if (!next) return;
    shown = { ...next, dModel, base, positions, layout, pair, pos, offset };
    draw();
    writeSide();
    writeSummary();
    fillLive(sectionOf(element), liveValues());
    if (focused) showPoint(focused);
  }

  function dims() {
    const { sin, cos } = dimensionsOf(shown.pair, shown.dModel, shown.layout);
    return [sin, cos];
  }

  /** Clockwise turn of R(k) in degrees, in [0, 360): atan2 of the engine's sin and cos entries. */
  function turnDegrees() {
    const [cos, sin] = shown.matrixValues;
    const degrees = (Math.atan2(sin, cos) * 180) / Math.PI;
    return degrees < 0 ? degrees + 360 : degrees;
  }

  // Built once and moved on every render, so a focused point keeps its focus while the parameters change.
  const axisX = h('svg:line', { class: 'pe-rotation-axis' });
  const axisY = h('svg:line', { class: 'pe-rotation-axis' });
  const labelX = h('svg:text', { class: 'pe-rotation-axis-label', 'text-anchor': 'end' }, 'sin');
  const labelY = h('svg:text', { class: 'pe-rotation-axis-label' }, 'cos');
  const unit = h('svg:circle', { class: 'pe-rotation-unit' });
  const dotsPath = h('svg:path', { class: 'pe-rotation-dots' });
  const arcPath = h('svg:path', { class: 'pe-rotation-arc' });
  const points = { pos: buildPoint('pos', series[0]), shifted: buildPoint('shifted', series[1]) };
  svg.append(axisX, axisY, labelX, labelY, unit, dotsPath, arcPath, points.pos.group, points.shifted.group);

  function buildPoint(which, color) {
    const radius = h('svg:line', { class: 'pe-rotation-radius', stroke: color });
    const hit = h('svg:circle', { r: 14, class: 'pe-rotation-hit' });
    const dot = h('svg:circle', { r: 6, fill: color, class: 'pe-rotation-dot' });
    const label = h('svg:text', { class: 'pe-rotation-label' });
    const group = h(
      'svg:g',
      { class: 'pe-rotation-point', 'data-which': which, tabindex: 0, role: 'img' },
      radius,
      hit,
      dot,
      label,
    );
    group.addEventListener('pointerenter', () => showPoint(which));
    group.addEventListener('focus', () => showPoint(which));
    group.addEventListener('pointerleave', leavePoint);
    group.addEventListener('blur', leavePoint);
    return { group, radius, hit, dot, label };
  }

  function place(point, [s, c], x, y, text) {
    const attrs = (el, values) => {
      for (const [key, value] of Object.entries(values)) el.setAttribute(key, String(value));
    };
    attrs(point.radius, { x1: x(0), y1: y(0), x2: x(s), y2: y(c) });
    attrs(point.hit, { cx: x(s), cy: y(c) });
    attrs(point.dot, { cx: x(s), cy: y(c) });
    attrs(point.label, {
      x: x(s) + (s >= 0 ? 10 : -10),
      y: y(c) + (c >= 0 ? -10 : 18),
      'text-anchor': s >= 0 ? 'start' : 'end',
    });
    point.label.textContent = text;
  }

  function draw() {
    if (!shown) return;
    const width = Math.max(160, Math.min(MAX_SIDE, circleHost.clientWidth || MAX_SIDE));
    const x = scaleLinear().domain([-DOMAIN, DOMAIN]).range([0, width]);
    const y = scaleLinear().domain([-DOMAIN, DOMAIN]).range([width, 0]);
    const r = x(1) - x(0);
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(width));
    svg.setAttribute('viewBox', `0 0 ${width} ${width}`);
    const { table, dModel, positions, pair, layout, pos, offset } = shown;
    const from = pairAt(table, pos, pair, dModel, layout);
    const to = pairAt(table, pos + offset, pair, dModel, layout);

    axisX.setAttribute('x1', '0');
    axisX.setAttribute('x2', String(width));
    axisX.setAttribute('y1', String(y(0)));
    axisX.setAttribute('y2', String(y(0)));
    axisY.setAttribute('x1', String(x(0)));
    axisY.setAttribute('x2', String(x(0)));
    axisY.setAttribute('y1', '0');
    axisY.setAttribute('y2', String(width));
    labelX.setAttribute('x', String(width - 4));
    labelX.setAttribute('y', String(y(0) - 6));
    labelY.setAttribute('x', String(x(0) + 6));
    labelY.setAttribute('y', '12');
    unit.setAttribute('cx', String(x(0)));
    unit.setAttribute('cy', String(y(0)));
    unit.setAttribute('r', String(r));

    let dots = '';
    for (let p = 0; p < positions; p += 1) {
      const [s, c] = pairAt(table, p, pair, dModel, layout);
      dots += `M${x(s) - 1.5},${y(c)}a1.5,1.5 0 1,0 3,0a1.5,1.5 0 1,0 -3,0`;
    }
    dotsPath.setAttribute('d', dots);
    // The arc runs along the unit circle between the two engine points; clockwise is SVG's sweep flag 1.
    const turn = turnDegrees();
    arcPath.setAttribute(
      'd',
      offset === 0 || turn === 0
        ? ''
        : `M${x(from[0])},${y(from[1])}A${r},${r} 0 ${turn > 180 ? 1 : 0},1 ${x(to[0])},${y(to[1])}`,
    );
    place(points.pos, from, x, y, 'pos');
    place(points.shifted, to, x, y, 'pos+k');
    replaceChildren(
      legendKey,
      h(
        'span',
        { class: 'pe-rotation-key-item' },
        h('span', { class: 'pe-rotation-swatch', style: `background:${series[0]}` }),
        `PE(pos), pos = ${formatInt(pos)}`,
      ),
      h(
        'span',
        { class: 'pe-rotation-key-item' },
        h('span', { class: 'pe-rotation-swatch', style: `background:${series[1]}` }),
        `PE(pos+k), pos+k = ${formatInt(pos + offset)}`,
      ),
    );
    points.pos.group.setAttribute('aria-label', describePoint('pos'));
    points.shifted.group.setAttribute('aria-label', describePoint('shifted'));
    svg.setAttribute(
      'aria-label',
      `Unit circle of pair ${pair}: ${describePoint('pos')}; ${describePoint('shifted')}; ` +
        `turned ${formatFixed(turn, 2)} degrees clockwise.`,
    );
  }

  function describePoint(which) {
    const { table, dModel, layout, pair, pos, offset } = shown;
    const p = which === 'pos' ? pos : pos + offset;
    const [s, c] = pairAt(table, p, pair, dModel, layout);
    const [ds, dc] = dims();
    return (
      `${which === 'pos' ? 'PE(pos)' : 'PE(pos+k)'} at position ${formatInt(p)}, pair ${pair} ` +
      `(dims ${ds}, ${dc}): sin ${formatValue(s)}, cos ${formatValue(c)}`
    );
  }

  function showPoint(which) {
    if (!shown) return;
    focused = which;
    frame.setReadout(describePoint(which));
    announce(dims()[0]);
  }

  function leavePoint() {
    focused = null;
    announce(null);
  }

  function writeSide() {
    const { matrixValues, offset, pair, error, periods, rows } = shown;
    const [a, b, c, d] = matrixValues;
    matrix.dataset.matrix = Array.from(matrixValues).join(' ');
    matrix.setAttribute(
      'aria-label',
      `R of k equals the matrix with rows ${formatValue(a)}, ${formatValue(b)} and ${formatValue(c)}, ${formatValue(d)}`,
    );
    renderMath(
      matrix,
      `R(${offset}) = \\begin{pmatrix} ${tex(a)} & ${tex(b)} \\\\ ${tex(c)} & ${tex(d)} \\end{pmatrix}`,
    );
    replaceChildren(
      angle,
      `For pair ${pair} (period ${formatValue(periods[pair])} positions), R(${offset}) turns every point `,
      h('strong', {}, `${formatFixed(turnDegrees(), 2)}\u00b0`),
      ' clockwise, whatever pos is.',
    );
    replaceChildren(
      residual,
      `Largest error of PE(pos+k) \u2212 R(k)\u00b7PE(pos) at pos ${formatInt(shown.pos)}, over all ${formatInt(periods.length)} pairs: `,
      h('strong', { class: 'pe-rotation-residual-value' }, ...scientific(error)),
      ' \u2014 zero to double precision.',
    );
    replaceChildren(
      sample,
      h(
        'table',
        { class: 'pe-rotation-table' },
        h('caption', {}, `Pair ${pair}, k = ${offset}: the same R(k) at every pos`),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['pos', 'PE(pos)', 'R(k)\u00b7PE(pos)', 'PE(pos+k)', 'error, all pairs'].map((t) =>
              h('th', { scope: 'col' }, t),
            ),
          ),
        ),
        h(
          'tbody',
          {},
          rows.map((row) =>
            h(
              'tr',
              { 'data-pos': row.pos },
              h('th', { scope: 'row' }, formatInt(row.pos)),
              [row.at, row.rotated, row.shifted].map((v) =>
                h('td', {}, `(${formatValue(v[0])}, ${formatValue(v[1])})`),
              ),
              h('td', { class: 'pe-rotation-row-error' }, ...scientific(row.error)),
            ),
          ),
        ),
      ),
    );
  }

  function writeSummary() {
    const { pair, pos, offset, error, matrixValues } = shown;
    const [a, b, c, d] = matrixValues;
    frame.setSummary(
      `Pair ${pair}: ${describePoint('pos')}; ${describePoint('shifted')}. R(${offset}) = ` +
        `[[${formatValue(a)}, ${formatValue(b)}], [${formatValue(c)}, ${formatValue(d)}]] turns pos ${pos} ` +
        `into pos ${pos + offset} by ${formatFixed(turnDegrees(), 2)} degrees clockwise; the largest error ` +
        `over all pairs is ${scientificText(error)}.`,
    );
  }

  function liveValues() {
    const { pair, pos, offset, error, periods } = shown;
    return {
      'rotation-pair': formatInt(pair),
      'rotation-pos': formatInt(pos),
      'rotation-offset': formatInt(offset),
      'rotation-turn': `${formatFixed(turnDegrees(), 2)}\u00b0`,
      'rotation-pairs': formatInt(periods.length),
      'rotation-residual': scientific(error),
    };
  }

  function tableData() {
    const { table, dModel, layout, pair, positions, offset } = shown;
    const columns = ['pos', 'sin at pos', 'cos at pos', 'pos+k', 'sin at pos+k', 'cos at pos+k'];
    const rows = [];
    for (let p = 0; p < positions; p += 1) {
      const at = pairAt(table, p, pair, dModel, layout);
      const to = pairAt(table, p + offset, pair, dModel, layout);
      rows.push([
        p,
        formatValue(at[0]),
        formatValue(at[1]),
        p + offset,
        formatValue(to[0]),
        formatValue(to[1]),
      ]);
    }
    return { columns, rows, note: `Pair ${pair}, offset k = ${offset}.` };
  }

  render();

  return {
    update(patch = {}) {
      const before = shownPair();
      const next = { ...state, ...patch };
      // A hover elsewhere arrives as a highlight; redraw only when it moves this figure to another pair.
      const changed = Object.keys(next).some((key) => key !== 'highlight' && next[key] !== state[key]);
      state = next;
      showParameters(sharedControls, patch);
      if (changed || shownPair() !== before) render();
    },
    destroy() {
      resize.disconnect();
      frame.destroy();
    },
  };
}

/** The pair a highlighted dimension belongs to, or null when nothing (valid) is highlighted. */
function pairFor(dimension, { dModel, layout }) {
  if (!Number.isInteger(dimension) || dimension < 0 || dimension >= dModel) return null;
  return pairOf(dimension, dModel, layout).pair;
}

/** (sin, cos) of pair i at row p of an engine table, wherever the layout puts them. */
function pairAt(table, p, pair, dModel, layout) {
  const row = p * dModel;
  return layout === 'split'
    ? [table[row + pair], table[row + pair + dModel / 2]]
    : [table[row + 2 * pair], table[row + 2 * pair + 1]];
}

/**
 * R(k)·(sin, cos) of pair i at row p, computed by the engine. R(k) acting on (sin, cos) is the RoPE rotation by
 * k acting on (cos, sin), so ropeRotate with startPos k turns the pair, written in that order into an otherwise
 * zero row, and the figure only reads the two results back.
 */
function rotateByEngine(table, p, pair, offset, dModel, base, layout) {
  const [s, c] = pairAt(table, p, pair, dModel, layout);
  const row = new Float64Array(dModel);
  row[2 * pair] = c;
  row[2 * pair + 1] = s;
  const out = getEngine().ropeRotate(row, 1, dModel, offset, base, 'interleaved');
  return [out[2 * pair + 1], out[2 * pair]];
}

/** A few positions, the chosen one among them, to show that one R(k) serves them all. */
function samplePositions(pos, positions) {
  const picks = [0, pos, Math.floor(positions / 3), Math.floor((2 * positions) / 3), positions - 1];
  return [...new Set(picks.filter((p) => p >= 0 && p < positions))].sort((a, b) => a - b);
}

/** A readout number as TeX: U+2212 back to "-", exponent form as \times 10^{n}. */
function tex(x) {
  return formatValue(x)
    .replaceAll('\u2212', '-')
    .replace(/\u00d710\^(-?\d+)/, (_, e) => `\\times 10^{${e}}`);
}
