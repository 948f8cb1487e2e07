// Figure `columns`: chosen dimensions of the encoding as curves over position. Each is a sampled sine or cosine;
// only the period differs. Dots mark the values at whole positions, the only places the encoding exists.
import { scaleLinear } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { series } from '../ui/colors.js';
import { h, replaceChildren, uid } from '../ui/dom.js';
import { formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { memo } from '../ui/memo.js';
import { hoverAnnouncer, pairOf } from '../ui/linked.js';
import './columns.css';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';
import { watchWidth } from '../ui/resize.js';

/** Title shown when the figure stands alone. */
export const title = 'Single dimensions of the encoding over position';

/** URL parameters accepted on embed.html, with their types. */
export const params = {
  ...SINUSOIDAL_PARAMS,
  dimensions: 'numbers',
};

const MARGIN = { top: 12, right: 12, bottom: 46, left: 46 };
const HEIGHT = 240;
const MAX_CURVES = series.length;
// Dots and the smooth curve between whole positions only while positions are a few pixels apart or more.
const DOT_SPACING_PX = 5;
const SMOOTH_STEPS = 8;
const SAMPLES_PER_PERIOD = 20;

/**
 * Mounts the columns figure.
 * @param {HTMLElement} element
 * @param {{ dModel?: number, positions?: number, base?: number, layout?: 'interleaved'|'split',
 *   dimensions?: number[], controls?: boolean, highlight?: number | null }} options
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    ...SINUSOIDAL_DEFAULTS,
    dimensions: [0, 32, 128, 256, 500],
    highlight: null,
    controls: true,
    ...options,
  };
  let table = null;
  let periods = null;
  let shown = null;
  let cursor = null; // { pos, dim }
  let width = 0;
  let x = null;
  let y = null;
  const announce = hoverAnnouncer(element);

  const frame = createFrame(element, {
    id: 'columns',
    title: 'Dimensions over position',
    caption:
      'Each curve is one dimension (one column of the heatmap) against position; dots are the values at whole ' +
      'positions. Add dimensions by number or by clicking a heatmap column. Hover, or focus the chart and use ' +
      'the arrow keys (left/right: position, up/down: curve), to read values.',
    table: tableData,
  });

  const controls = sinusoidalControls(state, set);
  frame.addControls(controls, state.controls !== false);

  // Choosing dimensions is this figure's own control, shown in the article too.
  const addId = uid('dimension');
  const addInput = h('input', {
    id: addId,
    type: 'number',
    min: 0,
    step: 1,
    inputmode: 'numeric',
    class: 'pe-columns-add-input',
  });
  const addButton = h('button', { type: 'button', class: 'pe-button' }, 'Add');
  const chips = h('ul', { class: 'pe-columns-chips', 'aria-label': 'Dimensions shown' });
  const picker = h(
    'div',
    { class: 'pe-columns-picker' },
    h('div', { class: 'pe-control' }, h('label', { for: addId }, 'Dimension'), addInput, addButton),
    chips,
  );
  const addMessage = h('p', { class: 'pe-columns-message', 'aria-live': 'polite' });
  addButton.addEventListener('click', addFromInput);
  addInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addFromInput();
    }
  });

  const svg = h('svg:svg', {
    class: 'pe-columns-svg',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Curves of the chosen dimensions over position; arrow keys move the cursor and read values',
  });
  const xAxis = h('svg:g');
  const yAxis = h('svg:g');
  const zero = h('svg:line', { class: 'pe-columns-zero' });
  const curves = h('svg:g', { class: 'pe-columns-curves' });
  const preview = h('svg:path', { class: 'pe-columns-preview', visibility: 'hidden' });
  const cursorLine = h('svg:line', { class: 'pe-columns-cursor', visibility: 'hidden' });
  const cursorDot = h('svg:circle', { class: 'pe-columns-cursor-dot', r: 5, visibility: 'hidden' });
  svg.append(xAxis, yAxis, zero, preview, curves, cursorLine, cursorDot);
  frame.plot.append(picker, addMessage, h('div', { class: 'pe-columns' }, svg));

  const stopWatching = watchWidth(frame.plot, (next) => {
    width = next;
    draw();
  });

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function visibleDimensions() {
    return state.dimensions.filter((d) => Number.isInteger(d) && d >= 0 && d < shown.dModel);
  }

  function colorOf(dim) {
    return series[state.dimensions.indexOf(dim) % series.length];
  }

  function render() {
    const { dModel, base, positions, layout } = state;
    const next = frame.attempt(() => memo(engine, 'sinusoidalTable', positions, dModel, base, layout));
    if (!next) return;
    const nextPeriods = frame.attempt(() => memo(engine, 'pairPeriods', dModel, base));
    if (!nextPeriods) return;
    table = next;
    periods = nextPeriods;
    shown = { dModel, base, positions, layout };
    if (cursor && (cursor.pos >= positions || !visibleDimensions().includes(cursor.dim))) cursor = null;
    renderChips();
    const dims = visibleDimensions();
    const hidden = state.dimensions.filter((d) => !dims.includes(d));
    frame.setSummary(
      `${formatInt(dims.length)} dimensions (${dims.join(', ') || 'none'}) over ${formatInt(positions)} ` +
        `positions, dModel ${formatInt(dModel)}, base ${formatValue(base)}, ${layout} layout. ` +
        dims
          .map((d) => {
            const { min, max } = extent(d);
            return `Dimension ${d} runs from ${formatValue(min)} to ${formatValue(max)}.`;
          })
          .join(' ') +
        (hidden.length ? ` Not shown (beyond dModel): ${hidden.join(', ')}.` : ''),
    );
    draw();
    if (cursor) showPoint(cursor.pos, cursor.dim, false);
    else frame.setReadout('');
  }

  function value(pos, dim) {
    return table[pos * shown.dModel + dim];
  }

  /** Smallest and largest of the engine's values of one dimension over the window (for the summary). */
  function extent(dim) {
    let min = Infinity;
    let max = -Infinity;
    for (let p = 0; p < shown.positions; p += 1) {
      const v = value(p, dim);
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return { min, max };
  }

  function renderChips() {
    replaceChildren(
      chips,
      state.dimensions.map((d) => {
        const outside = !(d < shown.dModel);
        return h(
          'li',
          { class: outside ? 'pe-columns-chip is-outside' : 'pe-columns-chip', 'data-dimension': d },
          h('span', { class: 'pe-columns-swatch', style: `background:${colorOf(d)}`, 'aria-hidden': 'true' }),
          outside ? `dim ${d} (beyond dModel)` : `dim ${d}`,
          h(
            'button',
            {
              type: 'button',
              class: 'pe-columns-remove',
              'aria-label': `Remove dimension ${d}`,
              onClick: () => setDimensions(state.dimensions.filter((v) => v !== d)),
            },
            '\u00d7',
          ),
        );
      }),
    );
    addInput.max = String(shown.dModel - 1);
  }

  function setDimensions(next) {
    state.dimensions = next;
    element.dispatchEvent(
      new CustomEvent('pe:dimensions-change', { detail: { dimensions: [...next] }, bubbles: true }),
    );
    render();
  }

  function addFromInput() {
    if (!shown) return;
    const raw = addInput.value.trim();
    const dim = Number(raw);
    if (raw === '' || !Number.isInteger(dim) || dim < 0 || dim >= shown.dModel) {
      addMessage.textContent = `Dimension must be a whole number from 0 to ${shown.dModel - 1}; received "${raw}".`;
      return;
    }
    if (state.dimensions.includes(dim)) {
      addMessage.textContent = `Dimension ${dim} is already shown.`;
      return;
    }
    if (state.dimensions.length >= MAX_CURVES) {
      addMessage.textContent = `At most ${MAX_CURVES} curves; remove one first.`;
      return;
    }
    addMessage.textContent = '';
    addInput.value = '';
    setDimensions([...state.dimensions, dim]);
  }

  function spacing() {
    return (x.range()[1] - x.range()[0]) / Math.max(1, shown.positions - 1);
  }

  /**
   * The path of one dimension. A fast wave (few positions per period) drawn through whole positions alone would
   * zigzag, so between them its curve comes from the engine's rotation of the pair by fractional offsets
   * (shiftRotation), enough samples per period to look smooth; slow waves need only the table's values.
   */
  function curvePath(dim) {
    const { positions, dModel, base, layout } = shown;
    const { pair, sin } = pairOf(dim, dModel, layout);
    const steps =
      positions > 1 && spacing() >= DOT_SPACING_PX
        ? Math.min(SMOOTH_STEPS, Math.ceil(SAMPLES_PER_PERIOD / periods[pair]))
        : 1;
    let d = '';
    if (steps > 1) {
      const samples = fineSamples(pair, dModel, base, steps, (positions - 1) * steps + 1);
      for (let k = 0; k <= (positions - 1) * steps; k += 1) {
        d += `${k === 0 ? 'M' : 'L'}${x(k / steps).toFixed(1)},${y(samples[2 * k + (sin ? 1 : 0)]).toFixed(1)}`;
      }
      return d;
    }
    for (let p = 0; p < positions; p += 1) {
      d += `${p === 0 ? 'M' : 'L'}${x(p).toFixed(1)},${y(value(p, dim)).toFixed(1)}`;
    }
    return d;
  }

  // (cos, sin) of a pair at offsets k / steps, kept per pair so that moving the number of positions, the
  // highlight or the width of the page asks the engine only for offsets it has not answered yet.
  const fine = new Map();
  function fineSamples(pair, dModel, base, steps, count) {
    const key = `${pair}|${dModel}|${base}|${steps}`;
    let samples = fine.get(key) ?? [];
    for (let k = samples.length / 2; k < count; k += 1) {
      const r = engine.shiftRotation(pair, k / steps, dModel, base);
      samples.push(r[0], r[1]);
    }
    fine.delete(key);
    fine.set(key, samples);
    if (fine.size > 2 * MAX_CURVES) fine.delete(fine.keys().next().value);
    return samples;
  }

  function draw() {
    if (!shown || width === 0) return;
    const plotWidth = Math.max(120, width - MARGIN.left - MARGIN.right);
    svg.setAttribute('width', String(width));
    svg.setAttribute('height', String(HEIGHT + MARGIN.top + MARGIN.bottom));
    x = scaleLinear()
      .domain([0, Math.max(1, shown.positions - 1)])
      .range([MARGIN.left, MARGIN.left + plotWidth]);
    y = scaleLinear()
      .domain([-1.1, 1.1])
      .range([MARGIN.top + HEIGHT, MARGIN.top]);
    xAxis.setAttribute('transform', `translate(0,${MARGIN.top + HEIGHT})`);
    yAxis.setAttribute('transform', `translate(${MARGIN.left},0)`);
    drawAxis(xAxis, 'bottom', x, { ticks: plotWidth < 360 ? 4 : 8, label: 'position', format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 5, label: 'value' });
    zero.setAttribute('x1', String(MARGIN.left));
    zero.setAttribute('x2', String(MARGIN.left + plotWidth));
    zero.setAttribute('y1', String(y(0)));
    zero.setAttribute('y2', String(y(0)));
    const dots = spacing() >= DOT_SPACING_PX;
    const groups = visibleDimensions().map((dim) => {
      const color = colorOf(dim);
      const g = h(
        'svg:g',
        { class: 'pe-columns-curve', 'data-dimension': dim, style: `color:${color}` },
        h('svg:path', { d: curvePath(dim) }),
      );
      if (dots) {
        for (let p = 0; p < shown.positions; p += 1) {
          g.append(h('svg:circle', { cx: x(p).toFixed(1), cy: y(value(p, dim)).toFixed(1), r: 2.5 }));
        }
      }
      return g;
    });
    curves.replaceChildren(...groups);
    drawHighlight();
    if (cursor) drawCursor();
  }

  function drawHighlight() {
    const dim = state.highlight;
    const valid = dim !== null && dim !== undefined && shown && x && dim >= 0 && dim < shown.dModel;
    const listed = valid && visibleDimensions().includes(dim);
    curves.classList.toggle('has-highlight', Boolean(listed));
    for (const g of curves.children)
      g.classList.toggle('is-highlight', listed && g.dataset.dimension === String(dim));
    // A hovered dimension that is not among the curves is previewed as a dashed curve.
    if (valid && !listed) {
      preview.setAttribute('d', curvePath(dim));
      preview.setAttribute('visibility', 'visible');
      preview.dataset.dimension = String(dim);
    } else {
      preview.setAttribute('visibility', 'hidden');
      delete preview.dataset.dimension;
    }
  }

  function drawCursor() {
    const { pos, dim } = cursor;
    const cx = x(pos);
    cursorLine.setAttribute('x1', String(cx));
    cursorLine.setAttribute('x2', String(cx));
    cursorLine.setAttribute('y1', String(MARGIN.top));
    cursorLine.setAttribute('y2', String(MARGIN.top + HEIGHT));
    cursorLine.setAttribute('visibility', 'visible');
    cursorDot.setAttribute('cx', String(cx));
    cursorDot.setAttribute('cy', String(y(value(pos, dim))));
    cursorDot.style.color = colorOf(dim);
    cursorDot.setAttribute('visibility', 'visible');
  }

  function showPoint(pos, dim, link = true) {
    cursor = { pos, dim };
    const { pair, sin } = pairOf(dim, shown.dModel, shown.layout);
    frame.setReadout(
      `position ${pos}, dimension ${dim} (pair ${pair}, ${sin ? 'sin' : 'cos'}), value ${formatValue(value(pos, dim))}`,
    );
    drawCursor();
    if (link) {
      state.highlight = dim;
      drawHighlight();
      announce(dim);
    }
  }

  function leave() {
    state.highlight = null;
    drawHighlight();
    announce(null);
  }

  svg.addEventListener('pointermove', (event) => {
    if (!shown || !x) return;
    const dims = visibleDimensions();
    if (dims.length === 0) return;
    const rect = svg.getBoundingClientRect();
    const pos = Math.round(x.invert(event.clientX - rect.left));
    if (pos < 0 || pos >= shown.positions) return;
    const py = event.clientY - rect.top;
    let best = dims[0];
    for (const d of dims) {
      if (Math.abs(y(value(pos, d)) - py) < Math.abs(y(value(pos, best)) - py)) best = d;
    }
    showPoint(pos, best);
  });
  svg.addEventListener('pointerleave', leave);
  svg.addEventListener('blur', leave);
  svg.addEventListener('focus', () => {
    const dims = shown ? visibleDimensions() : [];
    if (dims.length) showPoint(cursor?.pos ?? 0, cursor?.dim ?? dims[0]);
  });
  svg.addEventListener('keydown', (event) => {
    if (!shown) return;
    const dims = visibleDimensions();
    if (dims.length === 0) return;
    const pos = cursor?.pos ?? 0;
    const index = Math.max(0, dims.indexOf(cursor?.dim ?? dims[0]));
    const big = event.shiftKey ? 10 : 1;
    let nextPos = pos;
    let nextIndex = index;
    if (event.key === 'ArrowLeft') nextPos -= big;
    else if (event.key === 'ArrowRight') nextPos += big;
    else if (event.key === 'ArrowUp') nextIndex -= 1;
    else if (event.key === 'ArrowDown') nextIndex += 1;
    else if (event.key === 'Home') nextPos = 0;
    else if (event.key === 'End') nextPos = shown.positions - 1;
    else return;
    event.preventDefault();
    nextPos = Math.min(shown.positions - 1, Math.max(0, nextPos));
    nextIndex = (nextIndex + dims.length) % dims.length;
    showPoint(nextPos, dims[nextIndex]);
  });

  function tableData() {
    const dims = visibleDimensions();
    const rows = [];
    for (let p = 0; p < shown.positions; p += 1) rows.push([p, ...dims.map((d) => formatValue(value(p, d)))]);
    return { columns: ['position', ...dims.map((d) => `dim ${d}`)], rows };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      const encoding = showParameters(controls, patch);
      if (encoding || 'dimensions' in patch) render();
      else drawHighlight();
    },
    destroy() {
      stopWatching();
      frame.destroy();
    },
  };
}
