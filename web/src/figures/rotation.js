// Figure `rotation`: a shift by k positions turns every sin/cos pair by the same angle, whatever pos is. One pair
// on its unit circle, the engine's 2x2 matrix R(k), the points at pos and pos+k, and the residual of
// PE(pos+k) = R(k) PE(pos) over all pairs.
import { getEngine } from '../engine.js';
import { cssVar, series } from '../ui/colors.js';
import { columnStore } from '../ui/column-store.js';
import { slider } from '../ui/controls.js';
import { changeWriter, h } from '../ui/dom.js';
import { formatFixed, formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { dimensionsOf, hoverAnnouncer, pairOf } from '../ui/linked.js';
import { fillLive, sectionOf } from '../ui/live.js';
import { renderMath } from '../ui/math.js';
import { memo } from '../ui/memo.js';
import { watchWidth } from '../ui/resize.js';
import { scientific, scientificText } from '../ui/scientific.js';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';
import { onThemeChange } from '../ui/theme.js';
import './rotation.css';

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
const DOT_RADIUS = 1.5; // CSS px
const DOT_SUBPIXELS = 8; // a dot's centre is placed to 1/8 of a device pixel

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

  // Everything below is built once; a redraw moves nodes and rewrites only the attributes and text that changed,
  // so dragging a slider costs no new DOM (a focused point also keeps its focus while the parameters change).
  // The circle is three layers of the same size: axes and unit circle (SVG), one small dot per position (a
  // canvas: thousands of overlapping discs cost far less as pixels than as SVG geometry to rasterize), then the
  // arc and the two points the reader can hover or focus (SVG).
  const axisX = h('svg:line', { class: 'pe-rotation-axis' });
  const axisY = h('svg:line', { class: 'pe-rotation-axis' });
  const labelX = h('svg:text', { class: 'pe-rotation-axis-label', 'text-anchor': 'end' }, 'sin');
  const labelY = h('svg:text', { class: 'pe-rotation-axis-label' }, 'cos');
  const unit = h('svg:circle', { class: 'pe-rotation-unit' });
  const dotsCanvas = h('canvas', { class: 'pe-rotation-dots', width: 1, height: 1, 'aria-hidden': 'true' });
  const arcPath = h('svg:path', { class: 'pe-rotation-arc' });
  const points = { pos: buildPoint('pos', series[0]), shifted: buildPoint('shifted', series[1]) };
  const back = h(
    'svg:svg',
    { class: 'pe-rotation-back', 'aria-hidden': 'true' },
    axisX,
    axisY,
    labelX,
    labelY,
    unit,
  );
  const svg = h(
    'svg:svg',
    { class: 'pe-rotation-svg', role: 'group' },
    arcPath,
    points.pos.group,
    points.shifted.group,
  );

  const keyPos = document.createTextNode('');
  const keyShifted = document.createTextNode('');
  const legendKey = h(
    'p',
    { class: 'pe-rotation-key' },
    h(
      'span',
      { class: 'pe-rotation-key-item' },
      h('span', { class: 'pe-rotation-swatch', style: `background:${series[0]}` }),
      keyPos,
    ),
    h(
      'span',
      { class: 'pe-rotation-key-item' },
      h('span', { class: 'pe-rotation-swatch', style: `background:${series[1]}` }),
      keyShifted,
    ),
  );
  const circleHost = h(
    'div',
    { class: 'pe-rotation-circle' },
    h('div', { class: 'pe-rotation-stack' }, back, dotsCanvas, svg),
    legendKey,
  );

  const matrix = h('div', { class: 'pe-rotation-matrix', role: 'math' });
  const angleLead = document.createTextNode('');
  const angleValue = h('strong', {});
  const angle = h('p', { class: 'pe-rotation-angle' }, angleLead, angleValue, ' clockwise, whatever pos is.');
  const residualLead = document.createTextNode('');
  const residualValue = h('strong', { class: 'pe-rotation-residual-value' });
  const residual = h(
    'p',
    { class: 'pe-rotation-residual' },
    residualLead,
    residualValue,
    ' \u2014 zero to double precision.',
  );
  const sampleCaption = h('caption', {});
  const sampleBody = h('tbody', {});
  const sampleRows = []; // one { tr, th, cells, error } per row ever shown, reused
  const sample = h(
    'div',
    { class: 'pe-rotation-sample' },
    h(
      'table',
      { class: 'pe-rotation-table' },
      sampleCaption,
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
      sampleBody,
    ),
  );
  const side = h('div', { class: 'pe-rotation-side' }, matrix, angle, residual, sample);
  frame.plot.append(h('div', { class: 'pe-rotation' }, circleHost, side));

  const announce = hoverAnnouncer(element);
  // The circle's width, kept from the observer so a redraw never reads layout; 0 until first measured.
  let hostWidth = 0;
  const stopWatching = watchWidth(circleHost, (next) => {
    hostWidth = next;
    draw();
  });
  // What was last written, to skip unchanged work: the matrix TeX (KaTeX is the costly part), the dots (painted
  // again only when the positions drawn, the circle or the colours change), the summary, the live numbers in
  // the prose.
  let texShown = null;
  let dotsKey = null;
  // The dots' colour (colorWords of the page's --muted), read once and again after each change of colour scheme.
  let dotsColor = null;
  let dotsImage = null; // the canvas's pixels, kept between paints
  let dotsCover = null; // the alpha of each of those pixels
  let dotsStamps = null; // discStamps for the current size
  const stopTheme = onThemeChange(() => {
    dotsColor = null;
    dotsKey = null;
    draw();
  });
  // The canvas is painted at the screen's resolution: paint it again when that changes (browser zoom, another
  // monitor), as the SVG layers redraw themselves.
  let ratioQuery = null;
  const onRatio = () => {
    watchRatio();
    draw();
  };
  function watchRatio() {
    ratioQuery?.removeEventListener('change', onRatio);
    ratioQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    ratioQuery.addEventListener('change', onRatio);
  }
  watchRatio();
  // Engine results kept between renders. The pair's two dimensions come from a column store: PE(pos) does not
  // depend on how many positions are asked for, so dragging Positions or Offset rarely asks the engine again.
  const columnsOf = columnStore(engine);
  const write = changeWriter();
  // Engine results for the sampled rows, by position, kept while the arguments they depend on stay the same:
  // dragging Positions moves three of the five rows, so the other two are not asked for again.
  const residualAt = perPosition();
  const rotatedAt = perPosition();

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
    // Written only when they change (as the sliders do with their values): each write costs a layout.
    const setMax = (control, max) => {
      const text = String(Number.isFinite(max) ? max : 0);
      if (control.input.max !== text) control.input.max = text;
    };
    setMax(ownControls.pair, pairMax);
    setMax(ownControls.pos, posMax);
    setMax(ownControls.offset, posMax);
    ownControls.pair.value = shownPair();
    for (const key of ['pos', 'offset']) ownControls[key].value = state[key];
  }

  function render() {
    clampOwn();
    const { dModel, base, positions, layout, pos, offset } = state;
    const pair = shownPair();
    const next = frame.attempt(() => {
      const matrixValues = engine.shiftRotation(pair, offset, dModel, base);
      // Only the pair's two dimensions, in double precision, over every position drawn or listed (0 to
      // positions-1, and each of them k ahead), instead of the whole table.
      const { sin, cos } = dimensionsOf(pair, dModel, layout);
      const held = columnsOf(positions + offset, dModel, base, layout, [sin, cos]);
      const columns = { sin: held.get(sin), cos: held.get(cos) };
      const rows = samplePositions(pos, positions).map((p) => {
        const at = pairAt(columns, p);
        return {
          pos: p,
          at,
          rotated: rotatedAt(`${pair} ${offset} ${dModel} ${base} ${layout}`, p, () =>
            rotateByEngine(at, pair, offset, dModel, base),
          ),
          shifted: pairAt(columns, p + offset),
          error: residualAt(`${offset} ${dModel} ${base}`, p, () =>
            engine.rotationResidual(p, offset, dModel, base),
          ),
        };
      });
      // pos is always one of the sampled rows; its residual is the one the text quotes.
      const error =
        rows.find((row) => row.pos === pos)?.error ?? engine.rotationResidual(pos, offset, dModel, base);
      return { matrixValues, error, columns, periods: memo(engine, 'pairPeriods', dModel, base), rows };
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

  /** (sin, cos) of the pair on show at position p, from the engine's columns. */
  function pairAt(columns, p) {
    return [columns.sin[p], columns.cos[p]];
  }

  /** Clockwise turn of R(k) in degrees, in [0, 360): atan2 of the engine's sin and cos entries. */
  function turnDegrees() {
    const [cos, sin] = shown.matrixValues;
    const degrees = (Math.atan2(sin, cos) * 180) / Math.PI;
    return degrees < 0 ? degrees + 360 : degrees;
  }

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

  /** Sets attributes (numbers as strings) through the change writer: only those whose value changed. */
  function attrs(node, values) {
    for (const name of Object.keys(values)) write.put(node, name, values[name]);
  }

  function place(point, [s, c], x, y, text) {
    attrs(point.radius, { x1: x(0), y1: y(0), x2: x(s), y2: y(c) });
    attrs(point.hit, { cx: x(s), cy: y(c) });
    attrs(point.dot, { cx: x(s), cy: y(c) });
    attrs(point.label, {
      x: x(s) + (s >= 0 ? 10 : -10),
      y: y(c) + (c >= 0 ? -10 : 18),
      'text-anchor': s >= 0 ? 'start' : 'end',
    });
    write.putText(point.label, text);
  }

  function draw() {
    if (!shown) return;
    const width = Math.max(160, Math.min(MAX_SIDE, hostWidth || MAX_SIDE));
    // [-DOMAIN, DOMAIN] onto [0, width], y upwards.
    const scale = width / (2 * DOMAIN);
    const x = (v) => (v + DOMAIN) * scale;
    const y = (v) => (DOMAIN - v) * scale;
    const r = scale;
    for (const layer of [back, svg]) attrs(layer, { width, height: width, viewBox: `0 0 ${width} ${width}` });
    const { columns, dModel, base, positions, pair, layout, pos, offset } = shown;
    const from = pairAt(columns, pos);
    const to = pairAt(columns, pos + offset);

    attrs(axisX, { x1: 0, x2: width, y1: y(0), y2: y(0) });
    attrs(axisY, { x1: x(0), x2: x(0), y1: 0, y2: width });
    attrs(labelX, { x: width - 4, y: y(0) - 6 });
    attrs(labelY, { x: x(0) + 6, y: 12 });
    attrs(unit, { cx: x(0), cy: y(0), r });

    const ratio = window.devicePixelRatio || 1;
    const key = `${pair} ${dModel} ${base} ${layout} ${positions} ${width} ${ratio}`;
    if (key !== dotsKey) {
      paintDots(columns, positions, width, ratio);
      dotsKey = key;
    }
    // The arc runs along the unit circle between the two engine points; clockwise is SVG's sweep flag 1.
    const turn = turnDegrees();
    attrs(arcPath, {
      d:
        offset === 0 || turn === 0
          ? ''
          : `M${x(from[0])},${y(from[1])}A${r},${r} 0 ${turn > 180 ? 1 : 0},1 ${x(to[0])},${y(to[1])}`,
    });
    place(points.pos, from, x, y, 'pos');
    place(points.shifted, to, x, y, 'pos+k');
    write.putText(keyPos, `PE(pos), pos = ${formatInt(pos)}`);
    write.putText(keyShifted, `PE(pos+k), pos+k = ${formatInt(pos + offset)}`);
    attrs(points.pos.group, { 'aria-label': describePoint('pos') });
    attrs(points.shifted.group, { 'aria-label': describePoint('shifted') });
    attrs(svg, {
      'aria-label':
        `Unit circle of pair ${pair}: ${describePoint('pos')}; ${describePoint('shifted')}; ` +
        `turned ${formatFixed(turn, 2)} degrees clockwise.`,
    });
  }

  /**
   * One disc of radius DOT_RADIUS px per position 0..positions-1, centred on the engine's (sin, cos), painted
   * into the canvas pixel by pixel at the screen's resolution: each pixel takes the coverage of the disc that
   * covers it most (so overlapping dots merge as one shape, as they did as one SVG path under one opacity).
   * Coverage comes from discStamps, with each centre placed to 1/DOT_SUBPIXELS of a pixel.
   */
  function paintDots(columns, positions, width, ratio) {
    const size = Math.max(1, Math.round(width * ratio));
    if (dotsCanvas.width !== size) {
      dotsCanvas.width = size;
      dotsCanvas.height = size;
    }
    attrs(dotsCanvas, { style: `width:${width}px;height:${width}px` });
    const ctx = dotsCanvas.getContext('2d');
    if (dotsImage?.width !== size) {
      dotsImage = ctx.createImageData(size, size);
      dotsCover = new Uint8Array(size * size);
    }
    // One 32-bit store per pixel: the colour with its alpha, packed in the platform's byte order.
    const words = new Uint32Array(dotsImage.data.buffer, dotsImage.data.byteOffset, size * size);
    const cover = dotsCover;
    words.fill(0);
    cover.fill(0);
    dotsColor ??= colorWords(cssVar('--muted', element));
    const colors = dotsColor;
    const reach = DOT_RADIUS * ratio + 0.5; // coverage falls from 1 to 0 over the half pixel either side
    if (dotsStamps?.reach !== reach || dotsStamps.size !== size) dotsStamps = discStamps(reach, size);
    const { stamps, half } = dotsStamps;
    const { sin, cos } = columns;
    const scale = (width * ratio) / (2 * DOMAIN);
    for (let p = 0; p < positions; p += 1) {
      const cx = (sin[p] + DOMAIN) * scale;
      const cy = (DOMAIN - cos[p]) * scale;
      const ix = Math.floor(cx);
      const iy = Math.floor(cy);
      const { offsets, dx, dy, alphas } =
        stamps[((cy - iy) * DOT_SUBPIXELS) | 0][((cx - ix) * DOT_SUBPIXELS) | 0];
      const at = iy * size + ix;
      // Inside the canvas with room for the whole disc (always, in practice: the circle leaves a margin).
      const inside = ix >= half && iy >= half && ix + half < size && iy + half < size;
      for (let k = 0; k < offsets.length; k += 1) {
        if (!inside) {
          const px = ix + dx[k];
          const py = iy + dy[k];
          if (px < 0 || py < 0 || px >= size || py >= size) continue;
        }
        const o = at + offsets[k];
        const alpha = alphas[k];
        if (alpha > cover[o]) {
          cover[o] = alpha;
          words[o] = colors[alpha];
        }
      }
    }
    ctx.putImageData(dotsImage, 0, 0);
  }

  function describePoint(which) {
    const { columns, pair, pos, offset } = shown;
    const p = which === 'pos' ? pos : pos + offset;
    const [s, c] = pairAt(columns, p);
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
    const { matrixValues, offset, pair, error, periods: all, rows } = shown;
    const [a, b, c, d] = matrixValues;
    attrs(matrix, {
      'data-matrix': Array.from(matrixValues).join(' '),
      'aria-label': `R of k equals the matrix with rows ${formatValue(a)}, ${formatValue(b)} and ${formatValue(c)}, ${formatValue(d)}`,
    });
    const texString = `R(${offset}) = \\begin{pmatrix} ${tex(a)} & ${tex(b)} \\\\ ${tex(c)} & ${tex(d)} \\end{pmatrix}`;
    if (texString !== texShown) {
      renderMath(matrix, texString);
      texShown = texString;
    }
    write.putText(
      angleLead,
      `For pair ${pair} (period ${formatValue(all[pair])} positions), R(${offset}) turns every point `,
    );
    write.putText(angleValue, `${formatFixed(turnDegrees(), 2)}\u00b0`);
    write.putText(
      residualLead,
      `Largest error of PE(pos+k) \u2212 R(k)\u00b7PE(pos) at pos ${formatInt(shown.pos)}, over all ${formatInt(all.length)} pairs: `,
    );
    writeScientific(residualValue, error);

    write.putText(sampleCaption, `Pair ${pair}, k = ${offset}: the same R(k) at every pos`);
    rows.forEach((row, i) => {
      if (!sampleRows[i]) {
        const cells = [0, 1, 2].map(() => h('td', {}));
        const errorCell = h('td', { class: 'pe-rotation-row-error' });
        const th = h('th', { scope: 'row' });
        sampleRows[i] = { tr: h('tr', {}, th, cells, errorCell), th, cells, error: errorCell };
      }
      const cellsOf = sampleRows[i];
      if (cellsOf.tr.parentNode !== sampleBody) sampleBody.append(cellsOf.tr);
      attrs(cellsOf.tr, { 'data-pos': row.pos });
      write.putText(cellsOf.th, formatInt(row.pos));
      [row.at, row.rotated, row.shifted].forEach((v, j) =>
        write.putText(cellsOf.cells[j], `(${formatValue(v[0])}, ${formatValue(v[1])})`),
      );
      writeScientific(cellsOf.error, row.error);
    });
    for (const extra of sampleRows.slice(rows.length)) extra.tr.remove();
  }

  function writeSummary() {
    const { pair, pos, offset, error, matrixValues } = shown;
    const [a, b, c, d] = matrixValues;
    const text =
      `Pair ${pair}: ${describePoint('pos')}; ${describePoint('shifted')}. R(${offset}) = ` +
      `[[${formatValue(a)}, ${formatValue(b)}], [${formatValue(c)}, ${formatValue(d)}]] turns pos ${pos} ` +
      `into pos ${pos + offset} by ${formatFixed(turnDegrees(), 2)} degrees clockwise; the largest error ` +
      `over all pairs is ${scientificText(error)}.`;
    frame.setSummary(text);
  }

  function liveValues() {
    const { pair, pos, offset, error, periods: all } = shown;
    return {
      'rotation-pair': formatInt(pair),
      'rotation-pos': formatInt(pos),
      'rotation-offset': formatInt(offset),
      'rotation-turn': `${formatFixed(turnDegrees(), 2)}\u00b0`,
      'rotation-pairs': formatInt(all.length),
      'rotation-residual': scientific(error),
    };
  }

  function tableData() {
    const { columns, pair, positions, offset } = shown;
    const columnNames = ['pos', 'sin at pos', 'cos at pos', 'pos+k', 'sin at pos+k', 'cos at pos+k'];
    const rows = [];
    for (let p = 0; p < positions; p += 1) {
      const at = pairAt(columns, p);
      const to = pairAt(columns, p + offset);
      rows.push([
        p,
        formatValue(at[0]),
        formatValue(at[1]),
        p + offset,
        formatValue(to[0]),
        formatValue(to[1]),
      ]);
    }
    return { columns: columnNames, rows, note: `Pair ${pair}, offset k = ${offset}.` };
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
      stopWatching();
      stopTheme();
      ratioQuery.removeEventListener('change', onRatio);
      frame.destroy();
    },
  };
}

/** The pair a highlighted dimension belongs to, or null when nothing (valid) is highlighted. */
function pairFor(dimension, { dModel, layout }) {
  if (!Number.isInteger(dimension) || dimension < 0 || dimension >= dModel) return null;
  return pairOf(dimension, dModel, layout).pair;
}

/**
 * R(k)·(sin, cos) of one pair, computed by the engine. R(k) acting on (sin, cos) is the RoPE rotation by k acting
 * on (cos, sin), so ropeRotate with startPos k turns the pair, written in that order into an otherwise zero row,
 * and the figure only reads the two results back.
 */
function rotateByEngine([s, c], pair, offset, dModel, base) {
  const row = new Float64Array(dModel);
  row[2 * pair] = c;
  row[2 * pair + 1] = s;
  const out = getEngine().ropeRotate(row, 1, dModel, offset, base, 'interleaved');
  return [out[2 * pair + 1], out[2 * pair]];
}

/**
 * A cache of values by position for one set of other arguments: get(argumentsKey, p, compute) returns the value
 * kept for p, or computes and keeps it; a new argumentsKey (or a 65th position) empties it first.
 */
function perPosition() {
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

/**
 * The pixels a disc covers, for each of DOT_SUBPIXELS^2 places of its centre inside a pixel of a canvas `size`
 * pixels wide: `reach` is how far from the centre its edge ends (radius plus half a pixel of smoothing).
 * stamps[y][x] lists the covered pixels: offset from the centre's pixel in the canvas (dy * size + dx), dx, dy,
 * and the coverage as an alpha 1..255. `half` is the farthest any of them lies from the centre's pixel.
 */
function discStamps(reach, size) {
  const half = Math.ceil(reach);
  const stamps = [];
  for (let sy = 0; sy < DOT_SUBPIXELS; sy += 1) {
    const row = [];
    for (let sx = 0; sx < DOT_SUBPIXELS; sx += 1) {
      const fx = (sx + 0.5) / DOT_SUBPIXELS;
      const fy = (sy + 0.5) / DOT_SUBPIXELS;
      const offsets = [];
      const dx = [];
      const dy = [];
      const alphas = [];
      for (let j = -half; j <= half; j += 1) {
        for (let i = -half; i <= half; i += 1) {
          const coverage = reach - Math.hypot(i + 0.5 - fx, j + 0.5 - fy);
          const alpha = Math.round(Math.min(1, coverage) * 255);
          if (alpha <= 0) continue;
          offsets.push(j * size + i);
          dx.push(i);
          dy.push(j);
          alphas.push(alpha);
        }
      }
      row.push({
        offsets: Int32Array.from(offsets),
        dx: Int32Array.from(dx),
        dy: Int32Array.from(dy),
        alphas: Uint8Array.from(alphas),
      });
    }
    stamps.push(row);
  }
  return { reach, size, stamps, half };
}

/** A CSS colour with every alpha 0..255, as RGBA words in the platform's byte order (entry a has alpha a). */
function colorWords(color) {
  const probe = document.createElement('canvas');
  probe.width = 1;
  probe.height = 1;
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  const words = new Uint32Array(256);
  const bytes = new Uint8Array(words.buffer);
  for (let a = 0; a < 256; a += 1) bytes.set([r, g, b, a], a * 4);
  return words;
}

const scientificShown = new WeakMap(); // element -> the text writeScientific last put there

/** Writes x in exponent form into element (see ui/scientific.js), rebuilding it only when the text changes. */
function writeScientific(element, x) {
  const text = scientificText(x);
  if (scientificShown.get(element) === text) return;
  element.replaceChildren(
    ...scientific(x).map((part) => (part instanceof Node ? part : document.createTextNode(part))),
  );
  scientificShown.set(element, text);
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
