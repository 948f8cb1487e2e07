// The chart of the columns figure: each chosen dimension as a curve through its engine values at whole
// positions, dots at those positions while they are a few pixels apart, a dashed preview of a dimension hovered
// in a linked figure, and a cursor that the pointer and the keyboard move along a curve and between curves.
// Curves are SVG paths written only when their text changes, in whole tenths of a pixel (see UNIT).
import { scaleLinear } from 'd3-scale';
import { dimensionsOf, pairOf } from '../../engine/layout.js';
import { drawAxis } from '../../ui/axes.js';
import { changeWriter, h } from '../../ui/dom.js';
import { formatInt } from '../../ui/format.js';
import { indexMove } from '../../ui/grid-cursor.js';
import { watchWidth } from '../../ui/resize.js';

const MARGIN = { top: 12, right: 12, bottom: 46, left: 46 };
const HEIGHT = 240;
// Dots and the smooth curve between whole positions only while positions are a few pixels apart or more.
const DOT_SPACING_PX = 5;
const DOT_RADIUS = 2.5;
// Curves are written in tenths of a pixel inside groups scaled by 1 / UNIT: whole numbers turn into path text
// several times faster than fixed decimals, and a tenth of a pixel is finer than anything the eye can see.
const UNIT = 10;

/**
 * @typedef {{ columns: Map<number, Float64Array>, rotations: Map<number, Float64Array[]>,
 *   value: (pos: number, dim: number) => number }} CurveSource the engine's values for some curves: both
 *   halves of each one's pair, and the rotations of each pair by fractions of a position (empty for slow pairs)
 */

/**
 * @param {{ colorOf: (dim: number) => string, describe: (pos: number, dim: number) => string,
 *   readout: (text: string) => void, onHover: (dim: number | null) => void,
 *   preview: (dim: number) => CurveSource }} options `preview` fetches a dimension that is not among the curves
 */
export function curveChart({ colorOf, describe, readout, onHover, preview }) {
  const svg = h('svg:svg', {
    class: 'pe-columns-svg',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Curves of the chosen dimensions over position; arrow keys move the cursor and read values',
  });
  const xAxis = h('svg:g', { transform: `translate(0,${MARGIN.top + HEIGHT})` });
  const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},0)` });
  const zero = h('svg:line', { class: 'pe-columns-zero' });
  const scaled = { transform: `scale(${1 / UNIT})` };
  const curves = h('svg:g', { ...scaled, class: 'pe-columns-curves' });
  const previewPath = h('svg:path', { ...scaled, class: 'pe-columns-preview', visibility: 'hidden' });
  const cursorLine = h('svg:line', { class: 'pe-rule', visibility: 'hidden' });
  const cursorDot = h('svg:circle', { class: 'pe-columns-cursor-dot', r: 5, visibility: 'hidden' });
  svg.append(xAxis, yAxis, zero, previewPath, curves, cursorLine, cursorDot);
  const element = h('div', { class: 'pe-columns' }, svg);
  const { put, drop } = changeWriter();

  let shown = null; // { dims, data, params }: the curves drawn, in the reader's order, and their values
  let x = null;
  let y = null;
  let cursor = null; // { pos, dim }
  let highlighted = null;
  let previewShown = '';
  // One <g> per curve, kept while its dimension is shown, holding the line and the dots.
  const nodes = new Map();

  const plotWidth = () => Math.max(120, watch.width() - MARGIN.left - MARGIN.right);
  /** Whether whole positions are far enough apart for dots (a window of one position is one dot). */
  const dotted = (positions) => plotWidth() / Math.max(1, positions - 1) >= DOT_SPACING_PX;

  // Where things go, in tenths of a pixel: x = ax * position + bx, y = ay * value + by (the scales x and y
  // times UNIT), rounded; xs holds x at every whole position and stepTo the "dx," from the one before, shared
  // by all curves while the window and the width stay.
  let geometry = { key: '' };
  function geometryFor(positions) {
    const plotW = plotWidth();
    const key = `${positions}|${plotW}`;
    if (geometry.key === key) return geometry;
    const ax = (UNIT * plotW) / Math.max(1, positions - 1);
    const bx = UNIT * MARGIN.left;
    const xs = new Int32Array(positions);
    const stepTo = new Array(positions);
    for (let p = 0; p < positions; p += 1) {
      xs[p] = Math.round(ax * p + bx);
      stepTo[p] = p === 0 ? '' : `${xs[p] - xs[p - 1]},`;
    }
    geometry = { key, ax, bx, ay: (-UNIT * HEIGHT) / 2.2, by: UNIT * (MARGIN.top + HEIGHT / 2), xs, stepTo };
    return geometry;
  }

  /**
   * The path of one dimension through the engine's values at whole positions. A fast wave (few positions per
   * period) drawn through whole positions alone would zigzag, so while positions are far enough apart its curve
   * also passes through fractional positions p + j / steps: there the pair's (sin, cos) at p turned by the
   * engine's rotation for offset j / steps (shiftRotation), the property PE(p + k) = R(k) PE(p) that the
   * rotation section shows. Slow waves need only the values at whole positions. The path moves by relative
   * steps between rounded points ("M x,y l dx,dy dx,dy ..."): short numbers, so the text is about a third
   * shorter, and the browser parses it that much sooner.
   * @param {number} dim
   * @param {CurveSource} source
   */
  function curvePath(dim, { columns, rotations }) {
    const { positions, dModel, layout } = shown.params;
    const { ax, bx, ay, by, xs, stepTo } = geometryFor(positions);
    const column = columns.get(dim);
    const { pair, sin } = pairOf(dim, dModel, layout);
    const turns = rotations.get(pair);
    const steps = positions > 1 && dotted(positions) ? turns.length + 1 : 1;
    let lastY = Math.round(ay * column[0] + by);
    // A window of one position is a single point: no steps, so no "l" (which would need some).
    let d = `M${xs[0]},${lastY}${positions > 1 ? 'l' : ''}`;
    if (steps === 1) {
      for (let p = 1; p < positions; p += 1) {
        const next = Math.round(ay * column[p] + by);
        d += `${stepTo[p]}${next - lastY} `;
        lastY = next;
      }
      return d;
    }
    const both = dimensionsOf(pair, dModel, layout);
    const sines = columns.get(both.sin);
    const cosines = columns.get(both.cos);
    let lastX = xs[0];
    for (let p = 0; p + 1 < positions; p += 1) {
      const s = sines[p];
      const c = cosines[p];
      for (let j = 1; j <= steps; j += 1) {
        let v = column[p + 1];
        if (j < steps) {
          const r = turns[j - 1];
          v = sin ? r[0] * s + r[1] * c : r[2] * s + r[3] * c;
        }
        const nextX = j < steps ? Math.round(ax * (p + j / steps) + bx) : xs[p + 1];
        const nextY = Math.round(ay * v + by);
        d += `${nextX - lastX},${nextY - lastY} `;
        lastX = nextX;
        lastY = nextY;
      }
    }
    return d;
  }

  /** A filled circle at every whole position of one column, as one path. */
  function dotsPath(column) {
    const { positions } = shown.params;
    const { ay, by, xs } = geometryFor(positions);
    const r = DOT_RADIUS * UNIT;
    const arcs = `a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
    let d = '';
    for (let p = 0; p < positions; p += 1) d += `M${xs[p] - r},${Math.round(ay * column[p] + by)}${arcs}`;
    return d;
  }

  function nodeFor(dim) {
    let node = nodes.get(dim);
    if (!node) {
      const line = h('svg:path', { class: 'pe-columns-line' });
      const dots = h('svg:path', { class: 'pe-columns-dots' });
      node = { g: h('svg:g', { class: 'pe-columns-curve', 'data-dimension': dim }, line, dots), line, dots };
      nodes.set(dim, node);
    }
    return node;
  }

  function paint() {
    const width = watch.width();
    if (!shown || width === 0) return;
    const { dims, data, params } = shown;
    const plotW = plotWidth();
    put(svg, 'width', width);
    put(svg, 'height', HEIGHT + MARGIN.top + MARGIN.bottom);
    // More than one position per device pixel: the fast curves are zigzags denser than the pixels, and
    // antialiasing them costs the rasteriser several times more than the lines themselves (about 100 ms a step
    // at 2048 positions with software compositing). Drawn without it they look the same: solid bands.
    put(svg, 'data-dense', params.positions > plotW * devicePixelRatio);
    x = scaleLinear()
      .domain([0, Math.max(1, params.positions - 1)])
      .range([MARGIN.left, MARGIN.left + plotW]);
    y = scaleLinear()
      .domain([-1.1, 1.1])
      .range([MARGIN.top + HEIGHT, MARGIN.top]);
    drawAxis(xAxis, 'bottom', x, { ticks: plotW < 360 ? 4 : 8, label: 'position', format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 5, label: 'value' });
    put(zero, 'x1', MARGIN.left);
    put(zero, 'x2', MARGIN.left + plotW);
    put(zero, 'y1', y(0));
    put(zero, 'y2', y(0));
    for (const [dim, node] of nodes) {
      if (dims.includes(dim)) continue;
      node.g.remove();
      nodes.delete(dim);
    }
    const dots = dotted(params.positions);
    dims.forEach((dim, i) => {
      const node = nodeFor(dim);
      if (curves.children[i] !== node.g) curves.insertBefore(node.g, curves.children[i] ?? null);
      put(node.g, 'style', `color:${colorOf(dim)}`);
      put(node.line, 'd', curvePath(dim, data));
      if (dots) put(node.dots, 'd', dotsPath(data.columns.get(dim)));
      else drop(node.dots, 'd');
    });
    placeHighlight();
    placeCursor();
  }

  function placeHighlight() {
    if (!shown || !x) return;
    const dim = highlighted;
    const valid = dim !== null && dim >= 0 && dim < shown.params.dModel;
    const listed = valid && shown.dims.includes(dim);
    curves.classList.toggle('pe-has-highlight', listed);
    for (const [d, node] of nodes) node.g.classList.toggle('pe-is-highlight', listed && d === dim);
    // A hovered dimension that is not among the curves is previewed as a dashed curve, its column fetched when
    // it is first hovered.
    if (valid && !listed) {
      const { positions, dModel, base, layout } = shown.params;
      const key = `${dim}|${positions}|${dModel}|${base}|${layout}|${plotWidth()}`;
      if (key !== previewShown) {
        put(previewPath, 'd', curvePath(dim, preview(dim)));
        previewShown = key;
      }
      put(previewPath, 'visibility', 'visible');
      put(previewPath, 'data-dimension', dim);
    } else {
      put(previewPath, 'visibility', 'hidden');
      drop(previewPath, 'data-dimension');
    }
  }

  function placeCursor() {
    const visibility = cursor && x ? 'visible' : 'hidden';
    put(cursorLine, 'visibility', visibility);
    put(cursorDot, 'visibility', visibility);
    if (visibility === 'hidden') return;
    const { pos, dim } = cursor;
    const cx = x(pos);
    put(cursorLine, 'x1', cx);
    put(cursorLine, 'x2', cx);
    put(cursorLine, 'y1', MARGIN.top);
    put(cursorLine, 'y2', MARGIN.top + HEIGHT);
    put(cursorDot, 'cx', cx);
    put(cursorDot, 'cy', y(shown.data.value(pos, dim)));
    put(cursorDot, 'style', `color:${colorOf(dim)}`);
  }

  function showPoint(pos, dim) {
    cursor = { pos, dim };
    readout(describe(pos, dim));
    placeCursor();
    onHover(dim);
  }

  const ready = () => shown && x && shown.dims.length > 0;
  svg.addEventListener('pointermove', (event) => {
    if (!ready()) return;
    const { dims, data, params } = shown;
    const rect = svg.getBoundingClientRect();
    const pos = Math.round(x.invert(event.clientX - rect.left));
    if (pos < 0 || pos >= params.positions) return;
    // The curve nearest the pointer at that position.
    const py = event.clientY - rect.top;
    const distance = (d) => Math.abs(y(data.value(pos, d)) - py);
    showPoint(
      pos,
      dims.reduce((best, d) => (distance(d) < distance(best) ? d : best)),
    );
  });
  svg.addEventListener('pointerleave', () => onHover(null));
  svg.addEventListener('blur', () => onHover(null));
  svg.addEventListener('focus', () => {
    if (ready()) showPoint(cursor?.pos ?? 0, cursor?.dim ?? shown.dims[0]);
  });
  // Up and Down move between curves (round the list); the other keys move along the curve as on every
  // one-index chart (indexMove).
  svg.addEventListener('keydown', (event) => {
    if (!ready()) return;
    const { dims, params } = shown;
    const pos = cursor?.pos ?? 0;
    const index = Math.max(0, dims.indexOf(cursor?.dim ?? dims[0]));
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const next = (index + (event.key === 'ArrowDown' ? 1 : -1) + dims.length) % dims.length;
      showPoint(pos, dims[next]);
      return;
    }
    const next = indexMove(event, pos, params.positions - 1);
    if (next === null) return;
    event.preventDefault();
    showPoint(next, dims[index]);
  });

  const watch = watchWidth(element, paint);

  return {
    element,
    /**
     * Draws the curves of `dims` (in this order) from `data`, for the parameters `params`. A cursor on a curve
     * or position no longer shown is dropped; otherwise its reading follows the new values.
     * @param {{ dims: number[], data: CurveSource, params: { positions: number, dModel: number, base: number,
     *   layout: string } }} next
     */
    draw(next) {
      shown = next;
      if (cursor && (cursor.pos >= next.params.positions || !next.dims.includes(cursor.dim))) cursor = null;
      readout(cursor ? describe(cursor.pos, cursor.dim) : '');
      paint();
    },
    /** Marks a dimension: its curve, or a preview of it when it is not among them; null marks none. */
    highlight(dim) {
      highlighted = dim;
      placeHighlight();
    },
    destroy: watch,
  };
}
