// SVG axes drawn with d3-axis; colours come from CSS (currentColor), so they follow the colour scheme.
import { axisBottom, axisLeft, axisTop, axisRight } from 'd3-axis';
import { select } from 'd3-selection';
import { sameList } from './dom.js';

const AXES = { bottom: axisBottom, left: axisLeft, top: axisTop, right: axisRight };

/** For each axis group, what it was last drawn from (see drawAxis). */
const drawn = new WeakMap();

/**
 * Draws (or redraws) an axis into an SVG <g>. Figures redraw on every slider step and most steps leave an axis as
 * it was; then nothing is written (every write to an SVG node costs style, layout and paint). What is compared is
 * what the axis shows: its side, the scale's domain and range, the tick values with their labels, and the label.
 * @param {SVGGElement} group
 * @param {'bottom'|'left'|'top'|'right'} side
 * @param scale a d3 scale
 * @param {{ ticks?: number, format?: (v: number) => string, label?: string, length?: number }} options
 */
export function drawAxis(group, side, scale, { ticks = 6, format, label, length } = {}) {
  const values = scale.ticks ? scale.ticks(ticks) : scale.domain();
  const show = format ?? scale.tickFormat?.(ticks) ?? String;
  const shape = [
    side,
    label ?? '',
    length ?? '',
    ...scale.domain(),
    ...scale.range(),
    scale.bandwidth?.() ?? '',
  ];
  const labels = values.map((v) => show(v));
  const last = drawn.get(group);
  const unchanged =
    last &&
    group.firstChild &&
    sameList(last.shape, shape) &&
    sameList(last.values, values) &&
    sameList(last.labels, labels);
  if (unchanged) return;
  drawn.set(group, { shape, values, labels });

  const axis = AXES[side](scale).ticks(ticks);
  if (format) axis.tickFormat(format);
  const g = select(group);
  g.attr('class', 'pe-axis').call(axis);
  g.selectAll('.pe-axis-label').remove();
  if (label) placeLabel(g, side, scale, label, length);
}

/** The axis title: centred along the axis, outside its tick labels (rotated on vertical axes). */
function placeLabel(g, side, scale, label, length) {
  const [r0, r1] = scale.range();
  const middle = (length ?? r0 + r1) / 2;
  const text = g.append('text').attr('class', 'pe-axis-label').attr('fill', 'currentColor').text(label);
  const at = {
    bottom: { x: middle, y: 34 },
    top: { x: middle, y: -30 },
    left: { x: -middle, y: -38, transform: 'rotate(-90)' },
    right: { x: middle, y: -38, transform: 'rotate(90)' },
  }[side];
  if (at.transform) text.attr('transform', at.transform);
  text.attr('x', at.x).attr('y', at.y).attr('text-anchor', 'middle');
}

/**
 * A tick format for log axes that labels only the powers of ten (d3's log ticks include every minor step).
 * @param {(v: number) => string} format how a power of ten is printed
 */
export function powersOfTen(format) {
  return (v) => (Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? format(v) : '');
}

/**
 * An SVG path through (xAt(i), y(values[i])) for every value with a place on a log axis: the pen lifts at zero,
 * negative and infinite values.
 * @param {ArrayLike<number>} values @param {(i: number) => number} xAt @param {(v: number) => number} y
 */
export function logPath(values, xAt, y) {
  let d = '';
  let pen = false;
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i];
    if (!(v > 0) || !Number.isFinite(v)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${xAt(i).toFixed(1)},${y(v).toFixed(1)}`;
    pen = true;
  }
  return d;
}
