// The unit circle of one pair: axes, one small dot per position shown, the arc that R(k) turns, and the points
// at pos and pos+k that the reader can hover or focus. Built once; a redraw moves nodes and rewrites only the
// attributes and text that changed, so a focused point keeps its focus while the parameters change.
import { series } from '../../ui/colors.js';
import { changeWriter, h } from '../../ui/dom.js';
import { formatFixed, formatInt } from '../../ui/format.js';
import { dotLayer } from './dots.js';

const MAX_SIDE = 340;
const DOMAIN = 1.4;

/**
 * @param {{ element: HTMLElement, repaint: () => void, onPoint: (which: 'pos'|'shifted') => void, onLeave: () =>
 *   void }} options the mount point (for the scheme's colours); repaint when the dots need painting again (see
 *   dots.js); onPoint when a point is hovered or focused, onLeave after
 */
export function unitCircle({ element, repaint, onPoint, onLeave }) {
  const write = changeWriter();
  const attrs = (node, values) => {
    for (const name of Object.keys(values)) write.put(node, name, values[name]);
  };
  const axisX = h('svg:line', { class: 'pe-rotation-axis' });
  const axisY = h('svg:line', { class: 'pe-rotation-axis' });
  const labelX = h('svg:text', { class: 'pe-rotation-axis-label', 'text-anchor': 'end' }, 'sin');
  const labelY = h('svg:text', { class: 'pe-rotation-axis-label' }, 'cos');
  const unit = h('svg:circle', { class: 'pe-rotation-unit' });
  const back = h(
    'svg:svg',
    { class: 'pe-rotation-back', 'aria-hidden': 'true' },
    axisX,
    axisY,
    labelX,
    labelY,
    unit,
  );
  const dots = dotLayer(element, repaint);
  const arc = h('svg:path', { class: 'pe-rotation-arc' });
  const points = { pos: point('pos', series[0]), shifted: point('shifted', series[1]) };
  const svg = h(
    'svg:svg',
    { class: 'pe-rotation-svg', role: 'group' },
    arc,
    points.pos.group,
    points.shifted.group,
  );
  const keyPos = document.createTextNode('');
  const keyShifted = document.createTextNode('');
  const keyItem = (color, text) =>
    h(
      'span',
      { class: 'pe-rotation-key-item' },
      h('span', { class: 'pe-rotation-swatch', style: `background:${color}` }),
      text,
    );
  const host = h(
    'div',
    { class: 'pe-rotation-circle' },
    h('div', { class: 'pe-rotation-stack' }, back, dots.canvas, svg),
    h('p', { class: 'pe-rotation-key' }, keyItem(series[0], keyPos), keyItem(series[1], keyShifted)),
  );

  function point(which, color) {
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
    group.addEventListener('pointerenter', () => onPoint(which));
    group.addEventListener('focus', () => onPoint(which));
    group.addEventListener('pointerleave', onLeave);
    group.addEventListener('blur', onLeave);
    return { group, radius, hit, dot, label };
  }

  function place(target, [s, c], x, y, text) {
    attrs(target.radius, { x1: x(0), y1: y(0), x2: x(s), y2: y(c) });
    attrs(target.hit, { cx: x(s), cy: y(c) });
    attrs(target.dot, { cx: x(s), cy: y(c) });
    attrs(target.label, {
      x: x(s) + (s >= 0 ? 10 : -10),
      y: y(c) + (c >= 0 ? -10 : 18),
      'text-anchor': s >= 0 ? 'start' : 'end',
    });
    write.putText(target.label, text);
  }

  return {
    element: host,
    stop: dots.stop,
    /**
     * @param {{ sin: Float64Array, cos: Float64Array, pair: number, turn: number, describe: (which: string) =>
     *   string }} data the pair's columns from the engine, R(k)'s clockwise turn in degrees
     * @param {{ dModel: number, base: number, layout: string, positions: number, pos: number, offset: number }}
     *   params
     * @param {number} hostWidth the circle's width on the page, 0 before it is first measured
     */
    draw({ sin, cos, pair, turn, describe }, { dModel, base, layout, positions, pos, offset }, hostWidth) {
      const width = Math.max(160, Math.min(MAX_SIDE, hostWidth || MAX_SIDE));
      // [-DOMAIN, DOMAIN] onto [0, width], y upwards.
      const r = width / (2 * DOMAIN);
      const x = (v) => (v + DOMAIN) * r;
      const y = (v) => (DOMAIN - v) * r;
      for (const layer of [back, svg])
        attrs(layer, { width, height: width, viewBox: `0 0 ${width} ${width}` });
      attrs(axisX, { x1: 0, x2: width, y1: y(0), y2: y(0) });
      attrs(axisY, { x1: x(0), x2: x(0), y1: 0, y2: width });
      attrs(labelX, { x: width - 4, y: y(0) - 6 });
      attrs(labelY, { x: x(0) + 6, y: 12 });
      attrs(unit, { cx: x(0), cy: y(0), r });
      dots.paint({
        sin,
        cos,
        count: positions,
        width,
        domain: DOMAIN,
        id: `${pair} ${dModel} ${base} ${layout}`,
      });
      /** @type {[number, number]} */
      const from = [sin[pos], cos[pos]];
      /** @type {[number, number]} */
      const to = [sin[pos + offset], cos[pos + offset]];
      // The arc runs along the unit circle between the two engine points; clockwise is SVG's sweep flag 1.
      attrs(arc, {
        d:
          offset === 0 || turn === 0
            ? ''
            : `M${x(from[0])},${y(from[1])}A${r},${r} 0 ${turn > 180 ? 1 : 0},1 ${x(to[0])},${y(to[1])}`,
      });
      place(points.pos, from, x, y, 'pos');
      place(points.shifted, to, x, y, 'pos+k');
      write.putText(keyPos, `PE(pos), pos = ${formatInt(pos)}`);
      write.putText(keyShifted, `PE(pos+k), pos+k = ${formatInt(pos + offset)}`);
      attrs(points.pos.group, { 'aria-label': describe('pos') });
      attrs(points.shifted.group, { 'aria-label': describe('shifted') });
      attrs(svg, {
        'aria-label':
          `Unit circle of pair ${pair}: ${describe('pos')}; ${describe('shifted')}; ` +
          `turned ${formatFixed(turn, 2)} degrees clockwise.`,
      });
    },
  };
}
