// An index chart: one bar per index (a pair, a dimension) over an index axis, the bars split into a few series
// (one path each), reference lines across the plot, one highlighted index, and a cursor that the pointer and
// the keyboard move along the axis (indexCursor) and that reads the index under it. The figure says what the
// bars are and how an index reads; the chart owns the layout, the axes and the reading. A slider step usually
// changes a few bars and a line: every attribute and text goes through one change-aware writer and the bars'
// path pieces are kept while the axis stays, so what a step leaves as it was is not touched (each write to an
// SVG node costs style, layout and paint).
import { scaleLinear, scaleLog } from 'd3-scale';
import { drawAxis } from './axes.js';
import { changeWriter, h } from './dom.js';
import { formatInt } from './format.js';
import { indexCursor } from './grid-cursor.js';
import { watchWidth } from './resize.js';
import './index-chart.css';

const MARGIN = { top: 12, right: 12, bottom: 46, left: 54 };

/**
 * @param {{ name: string, label: string, series: string[], lines?: { name: string, anchor: 'start'|'end' }[],
 *   xLabel: string, yLabel: string, yScale?: 'linear'|'log', yFormat?: (v: number) => string, height: number,
 *   margin?: typeof MARGIN, describe: (index: number) => string, readout: (text: string) => void,
 *   onHover?: (index: number | null) => void }} options `name` prefixes the class names (`pe-<name>`,
 *   `-svg`, `-hit`, `-highlight`, `-<series>`, `-<line>`, `-<line>-label`); `label` is the chart's accessible
 *   name; `describe(index)` is the readout of an index
 */
export function indexChart({
  name,
  label,
  series,
  lines = [],
  xLabel,
  yLabel,
  yScale = 'linear',
  yFormat,
  height,
  margin = MARGIN,
  describe,
  readout,
  onHover,
}) {
  const svg = h('svg:svg', {
    class: `pe-index-chart-svg pe-${name}-svg`,
    tabindex: 0,
    role: 'img',
    'aria-label': label,
  });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const paths = series.map((s) => h('svg:path', { class: `pe-${name}-${s}` }));
  const rules = lines.map((line) => ({
    anchor: line.anchor,
    line: h('svg:line', { class: `pe-${name}-${line.name}` }),
    text: h('svg:text', { class: `pe-${name}-${line.name}-label`, 'text-anchor': line.anchor }),
  }));
  const mark = h('svg:rect', {
    class: `pe-index-chart-highlight pe-${name}-highlight`,
    visibility: 'hidden',
  });
  const hit = h('svg:rect', { class: `pe-index-chart-hit pe-${name}-hit`, fill: 'transparent' });
  svg.append(xAxis, yAxis, ...paths, ...rules.flatMap((r) => [r.line, r.text]), mark, hit);
  const element = h('div', { class: `pe-index-chart pe-${name}` }, svg);
  const bottom = margin.top + height;
  const { put, drop, putText } = changeWriter();

  let width = 0;
  let shown = null; // the last draw's arguments
  let x = null;
  let y = null;
  let cursor = null; // the index under the pointer or the keyboard
  let highlight = null; // { index, data }
  let marked = []; // the data attributes on the mark
  // What stays while only some values change: each bar's path up to its top and after it (for a count and a
  // width), and the tops themselves (for one array of values on one y axis).
  let heads = { key: '', list: [], tail: '' };
  let tops = { values: null, y: null, list: [] };

  function barHeads(count, plotWidth) {
    const key = `${count} ${plotWidth}`;
    if (heads.key === key) return heads;
    const barWidth = Math.max(0.5, (plotWidth / count) * (count > 64 ? 1 : 0.8)).toFixed(2);
    const list = Array.from({ length: count }, (_, i) => `M${x(i).toFixed(2)},${bottom}V`);
    heads = { key, list, tail: `h${barWidth}V${bottom}Z` };
    return heads;
  }

  function barTops(values) {
    if (tops.values === values && tops.y === y) return tops.list;
    // A bar of at least one pixel, so an index whose value is at the bottom still shows where it is. A plain
    // loop: Array.from over a typed array walks its iterator, on every step.
    const list = new Array(values.length);
    for (let i = 0; i < values.length; i += 1) list[i] = Math.min(bottom - 1, y(values[i])).toFixed(2);
    tops = { values, y, list };
    return list;
  }

  function paint() {
    if (!shown || width === 0) return;
    const { count, values, seriesOf, yDomain, lines: at = [] } = shown;
    const plotWidth = Math.max(120, width - margin.left - margin.right);
    put(svg, 'width', width);
    put(svg, 'height', bottom + margin.bottom);
    // Scales are made again only when they change, so the bars' pieces made from them can be kept.
    if (!x || x.domain()[1] !== count || x.range()[1] !== margin.left + plotWidth) {
      x = scaleLinear()
        .domain([0, count])
        .range([margin.left, margin.left + plotWidth]);
    }
    if (!y || y.domain()[0] !== yDomain[0] || y.domain()[1] !== yDomain[1]) {
      y = (yScale === 'log' ? scaleLog() : scaleLinear()).domain(yDomain).range([bottom, margin.top]);
    }
    put(xAxis, 'transform', `translate(0,${bottom})`);
    put(yAxis, 'transform', `translate(${margin.left},0)`);
    drawAxis(xAxis, 'bottom', x, { ticks: plotWidth < 360 ? 4 : 8, label: xLabel, format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 4, label: yLabel, format: yFormat });
    const { list, tail } = barHeads(count, plotWidth);
    const top = barTops(values);
    paths.forEach((path, s) => {
      let d = '';
      for (let i = 0; i < count; i += 1) if (seriesOf(i) === s) d += list[i] + top[i] + tail;
      put(path, 'd', d);
    });
    rules.forEach(({ anchor, line, text }, k) => {
      const ly = y(at[k].value);
      put(line, 'x1', margin.left);
      put(line, 'x2', margin.left + plotWidth);
      put(line, 'y1', ly);
      put(line, 'y2', ly);
      put(text, 'x', anchor === 'end' ? margin.left + plotWidth : margin.left + 4);
      put(text, 'y', ly - 4);
      putText(text, at[k].text);
    });
    put(hit, 'x', margin.left);
    put(hit, 'y', margin.top);
    put(hit, 'width', plotWidth);
    put(hit, 'height', height);
    placeMark();
  }

  function placeMark() {
    if (!highlight || !x || highlight.index < 0 || highlight.index >= shown.count) {
      put(mark, 'visibility', 'hidden');
      for (const key of marked) drop(mark, `data-${key}`);
      marked = [];
      return;
    }
    const step = (x.range()[1] - x.range()[0]) / shown.count;
    const w = Math.max(3, step);
    put(mark, 'x', x(highlight.index) + step / 2 - w / 2);
    put(mark, 'width', w);
    put(mark, 'y', margin.top);
    put(mark, 'height', height);
    put(mark, 'visibility', 'visible');
    marked = Object.keys(highlight.data);
    for (const key of marked) put(mark, `data-${key}`, highlight.data[key]);
  }

  const stopWatching = watchWidth(element, (next) => {
    width = next;
    paint();
  });

  indexCursor(svg, {
    at: (event) => Math.floor(x.invert(event.clientX - svg.getBoundingClientRect().left)),
    get: () => cursor,
    show: (index) => {
      cursor = index;
      readout(describe(index));
      onHover?.(index);
    },
    leave: () => onHover?.(null),
    max: () => (shown?.count ?? 1) - 1,
    ready: () => Boolean(shown && x),
  });

  return {
    element,
    svg,
    /**
     * Draws `count` bars: bar i is `values[i]` tall on the y axis (`yDomain`) and belongs to series
     * `seriesOf(i)`; `lines` gives each declared line its value and label. The readout of the index under the
     * cursor follows. `values` is kept, so pass a new array when the values change.
     * @param {{ count: number, values: ArrayLike<number>, seriesOf: (index: number) => number,
     *   yDomain: [number, number], lines?: { value: number, text: string }[] }} data
     */
    draw(data) {
      shown = data;
      if (cursor !== null) {
        cursor = Math.min(cursor, data.count - 1);
        readout(describe(cursor));
      }
      paint();
    },
    /**
     * Marks one index (with `data` as data attributes of the mark: `{ dimension: 3 }`), or none.
     * @param {number | null} index
     * @param {Record<string, number>} [data]
     */
    mark(index, data = {}) {
      highlight = index === null ? null : { index, data };
      if (shown) placeMark();
    },
    destroy: stopWatching,
  };
}
