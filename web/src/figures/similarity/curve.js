// PE(pos)·PE(pos+k) against k, one path per start, with a focusable overlay that the pointer and the one-index
// key map (indexCursor) move along k. Nodes are built once and kept: a redraw rewrites a path's `d` only when
// its curve or the plot's width changed, and never reads layout.
import { scaleLinear } from 'd3-scale';
import { drawAxis } from '../../ui/axes.js';
import { series } from '../../ui/colors.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { formatInt, formatValue } from '../../ui/format.js';
import { indexCursor } from '../../ui/grid-cursor.js';

/** One colour and one dash pattern per start, so coinciding curves stay distinguishable. */
export const MAX_STARTS = 8;
const DASHES = ['', '8 5', '2 4', '12 4 2 4', '4 4', '1 3', '10 6', '6 2'];
const CURVE = { top: 12, right: 14, bottom: 44, left: 56, height: 260 };

/**
 * @param {{ onOffset: () => void }} options called when the reader moves along the curve (see `cursor`)
 */
export function offsetCurve({ onOffset }) {
  const svg = h('svg:svg', { class: 'pe-similarity-curve-svg' });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const lines = h('svg:g', { class: 'pe-similarity-lines' });
  const rule = h('svg:line', { class: 'pe-similarity-rule', visibility: 'hidden' });
  const markers = h('svg:g', { class: 'pe-similarity-markers' });
  const overlay = h('svg:rect', {
    class: 'pe-similarity-overlay',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Dot product against offset; use the arrow keys to move along k and read the values',
  });
  svg.append(xAxis, yAxis, lines, rule, markers, overlay);
  const key = h('p', { class: 'pe-similarity-key' });
  const element = h(
    'div',
    { class: 'pe-similarity-curve' },
    h('h3', { class: 'pe-similarity-heading' }, 'PE(pos)\u00b7PE(pos+k) against k'),
    svg,
    key,
  );
  const paths = []; // one per start, reused from one redraw to the next
  const dots = []; // the cursor's marker on each curve
  let shown = null; // { curves, starts, maxOffset } on show
  let scales = null;
  let cursor = null; // the k the reader moved to, or null
  const drawn = { curves: '', axes: '', key: '' };
  let width = 0; // kept from the figure's resize observer

  indexCursor(overlay, {
    at: (event) => {
      const rect = overlay.getBoundingClientRect();
      const k = Math.round(((event.clientX - rect.left) / rect.width) * shown.maxOffset);
      return Math.min(shown.maxOffset, Math.max(0, k));
    },
    get: () => cursor,
    show: (k) => {
      cursor = k;
      mark(k);
      onOffset();
    },
    leave: () => {},
    max: () => shown.maxOffset,
    ready: () => shown !== null,
  });

  function path(j) {
    if (!paths[j]) {
      paths[j] = h('svg:path', { class: 'pe-similarity-line', ...stroke(j) });
      lines.append(paths[j]);
    }
    return paths[j];
  }

  /** The rule and a marker on every curve at offset k, or none when k is past the curves' end. */
  function mark(k) {
    if (k === null || k > shown.maxOffset) {
      rule.setAttribute('visibility', 'hidden');
      for (const dot of dots.splice(0)) dot.remove();
      return;
    }
    const { x, y } = scales;
    for (const [name, value] of [
      ['x1', x(k)],
      ['x2', x(k)],
      ['y1', 0],
      ['y2', CURVE.height],
    ]) {
      rule.setAttribute(name, String(value));
    }
    rule.setAttribute('visibility', 'visible');
    shown.curves.forEach((curve, j) => {
      if (!dots[j]) {
        dots[j] = h('svg:circle', {
          r: Math.max(3, 6 - 1.5 * j),
          fill: series[j % series.length],
          class: 'pe-similarity-marker',
        });
        markers.append(dots[j]);
      }
      dots[j].setAttribute('cx', String(x(k)));
      dots[j].setAttribute('cy', String(y(curve[k])));
    });
    for (const dot of dots.splice(shown.curves.length)) dot.remove();
  }

  function draw({ key: curvesKey, curves, starts, maxOffset }) {
    shown = { curves, starts, maxOffset };
    // The first redraw may come before the resize observer's first report: the one layout read of the figure.
    if (width === 0) width = element.clientWidth;
    const full = Math.max(240, width);
    const plotWidth = full - CURVE.left - CURVE.right;
    const next = `${curvesKey}|${maxOffset}|${full}`;
    if (drawn.curves !== next) {
      drawn.curves = next;
      let low = Infinity;
      let high = -Infinity;
      for (const curve of curves) {
        for (let k = 0; k <= maxOffset; k += 1) {
          low = Math.min(low, curve[k]);
          high = Math.max(high, curve[k]);
        }
      }
      const x = scaleLinear().domain([0, maxOffset]).range([0, plotWidth]);
      const y = scaleLinear()
        .domain([Math.min(0, low), high])
        .nice()
        .range([CURVE.height, 0]);
      scales = { x, y };
      const [y0, y1] = y.domain();
      drawAxes(full, plotWidth, `${full}|${maxOffset}|${y0}|${y1}`);
      // One path per start, its `d` built in one pass with the scales' linear maps written out.
      const xScale = plotWidth / maxOffset;
      const yScale = CURVE.height / (y1 - y0);
      curves.forEach((curve, j) => {
        let d = `M0,${round((y1 - curve[0]) * yScale)}`;
        for (let k = 1; k <= maxOffset; k += 1)
          d += `L${round(k * xScale)},${round((y1 - curve[k]) * yScale)}`;
        path(j).setAttribute('d', d);
      });
      for (const extra of paths.splice(curves.length)) extra.remove();
    }
    if (drawn.key !== starts.join(',')) {
      drawn.key = starts.join(',');
      replaceChildren(
        key,
        starts.map((start, j) =>
          h(
            'span',
            { class: 'pe-similarity-key-item' },
            h('svg:svg', { width: 28, height: 10, 'aria-hidden': 'true' }, h('svg:line', stroke(j, 28))),
            `from pos ${formatValue(start)}`,
          ),
        ),
      );
    }
    if (cursor !== null) {
      cursor = Math.min(cursor, maxOffset);
      mark(cursor);
    }
  }

  function drawAxes(full, plotWidth, axesKey) {
    if (drawn.axes === axesKey) return;
    drawn.axes = axesKey;
    svg.setAttribute('width', String(full));
    svg.setAttribute('height', String(CURVE.height + CURVE.top + CURVE.bottom));
    xAxis.setAttribute('transform', `translate(${CURVE.left},${CURVE.top + CURVE.height})`);
    yAxis.setAttribute('transform', `translate(${CURVE.left},${CURVE.top})`);
    const { x, y } = scales;
    drawAxis(xAxis, 'bottom', x, { ticks: plotWidth < 320 ? 4 : 8, label: 'offset k', format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 6, label: 'PE(pos)\u00b7PE(pos+k)' });
    for (const g of [lines, markers, rule])
      g.setAttribute('transform', `translate(${CURVE.left},${CURVE.top})`);
    for (const [name, value] of [
      ['x', CURVE.left],
      ['y', CURVE.top],
      ['width', plotWidth],
      ['height', CURVE.height],
    ]) {
      overlay.setAttribute(name, String(value));
    }
  }

  return {
    element,
    draw,
    mark,
    /** The offset the reader moved to on the curve, or null (none yet, or the matrix was read since). */
    cursor: () => cursor,
    release() {
      cursor = null;
    },
    resize(next) {
      width = next;
    },
  };
}

/** Rounds a pixel coordinate to a tenth of a pixel, which keeps a curve's path string short. */
function round(v) {
  return Math.round(v * 10) / 10;
}

/** The stroke of curve j (its colour, width and dashes), for its path and its key; `length` makes a key line. */
function stroke(j, length) {
  return {
    ...(length ? { x1: 0, y1: 5, x2: length, y2: 5 } : {}),
    stroke: series[j % series.length],
    'stroke-width': Math.max(1.5, 5 - 1.5 * j),
    'stroke-dasharray': DASHES[j] || null,
  };
}
