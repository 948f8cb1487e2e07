// Figure `columns`: chosen dimensions of the encoding as curves over position. Each is a sampled sine or cosine;
// only the period differs. Dots mark the values at whole positions, the only places the encoding exists.
import { scaleLinear } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { series } from '../ui/colors.js';
import { columnStore } from '../ui/column-store.js';
import { h, replaceChildren, uid } from '../ui/dom.js';
import { formatInt, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { dimensionsOf, hoverAnnouncer, pairOf } from '../ui/linked.js';
import { memo } from '../ui/memo.js';
import { watchWidth } from '../ui/resize.js';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_KEYS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';
import './columns.css';

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
const DOT_RADIUS = 2.5;
const SMOOTH_STEPS = 8;
const SAMPLES_PER_PERIOD = 20;
// Curves are written in tenths of a pixel inside groups scaled by 1 / UNIT: whole numbers turn into path text
// several times faster than fixed decimals, and a tenth of a pixel is finer than anything the eye can see.
const UNIT = 10;
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
  const columnsOf = columnStore(engine);
  const previewColumnsOf = columnStore(engine);
  let columns = null; // dimension -> its engine values over position
  let periods = null;
  let shown = null;
  let visible = []; // the dimensions drawn, in the reader's order
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
  const controlsShown = state.controls !== false;
  frame.addControls(controls, controlsShown);

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
  const scaled = { transform: `scale(${1 / UNIT})` };
  const curves = h('svg:g', { ...scaled, class: 'pe-columns-curves' });
  const preview = h('svg:path', { ...scaled, class: 'pe-columns-preview', visibility: 'hidden' });
  const cursorLine = h('svg:line', { class: 'pe-columns-cursor', visibility: 'hidden' });
  const cursorDot = h('svg:circle', { class: 'pe-columns-cursor-dot', r: 5, visibility: 'hidden' });
  svg.append(xAxis, yAxis, zero, preview, curves, cursorLine, cursorDot);
  frame.plot.append(picker, addMessage, h('div', { class: 'pe-columns' }, svg));
  xAxis.setAttribute('transform', `translate(0,${MARGIN.top + HEIGHT})`);
  yAxis.setAttribute('transform', `translate(${MARGIN.left},0)`);

  const stopWatching = watchWidth(frame.plot, (next) => {
    width = next;
    draw();
  });

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  function visibleDimensions(dModel) {
    return state.dimensions.filter((d) => Number.isInteger(d) && d >= 0 && d < dModel);
  }

  function colorOf(dim) {
    return series[state.dimensions.indexOf(dim) % series.length];
  }

  function plotWidth() {
    return Math.max(120, width - MARGIN.left - MARGIN.right);
  }

  /** Whether whole positions are far enough apart for dots (a window of one position is one dot). */
  function dotted(positions) {
    return plotWidth() / Math.max(1, positions - 1) >= DOT_SPACING_PX;
  }

  /** Whether curves are smoothed between whole positions: while there are dots and something between them. */
  function spacious(positions) {
    return positions > 1 && dotted(positions);
  }

  /**
   * The dimensions whose columns a drawing of `dims` reads: the dimensions themselves, and while the curves are
   * smoothed between whole positions, the other half of each one's sin/cos pair (see curvePath).
   */
  function needed(dims, { positions, dModel, layout }) {
    if (!spacious(positions)) return dims;
    return dims.flatMap((d) => {
      const { sin, cos } = dimensionsOf(pairOf(d, dModel, layout).pair, dModel, layout);
      return [sin, cos];
    });
  }

  function render() {
    const { dModel, base, positions, layout } = state;
    const dims = visibleDimensions(dModel);
    const next = frame.attempt(() =>
      columnsOf(positions, dModel, base, layout, needed(dims, { positions, dModel, layout })),
    );
    if (!next) return;
    const nextPeriods = frame.attempt(() => memo(engine, 'pairPeriods', dModel, base));
    if (!nextPeriods) return;
    columns = next;
    periods = nextPeriods;
    shown = { dModel, base, positions, layout };
    visible = dims;
    if (cursor && (cursor.pos >= positions || !visible.includes(cursor.dim))) cursor = null;
    renderChips();
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
    return columns.get(dim)[pos];
  }

  /** Smallest and largest of the engine's values of one dimension over the window (for the summary). */
  function extent(dim) {
    const column = columns.get(dim);
    let min = Infinity;
    let max = -Infinity;
    for (let p = 0; p < shown.positions; p += 1) {
      const v = column[p];
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return { min, max };
  }

  // The chips change only with the list of dimensions or with dModel (which marks some beyond it).
  let chipsShown = '';
  function renderChips() {
    const key = `${state.dimensions.join(',')}|${shown.dModel}`;
    if (key === chipsShown) return;
    chipsShown = key;
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

  // Where things go, in tenths of a pixel: x = ax * position + bx, y = ay * value + by (the scales x and y
  // times UNIT), rounded; xs holds x at every whole position and stepTo the "dx," from the one before, shared
  // by all curves while the window and the width stay.
  let geometry = { key: '', ax: 0, bx: 0, ay: 0, by: 0, xs: [], stepTo: [] };
  function geometryFor(positions, plotW) {
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
   * also passes through fractional positions p + j / steps, enough samples per period to look smooth: there the
   * pair's (sin, cos) at p turned by the engine's rotation for offset j / steps (shiftRotation), the property
   * PE(p + k) = R(k) PE(p) that the rotation section shows. Slow waves need only the values at whole positions.
   * The path moves by relative steps between rounded points ("M x,y l dx,dy dx,dy ..."): short numbers, so the
   * text is about a third shorter, and the browser parses it that much sooner.
   * @param {Map<number, Float64Array>} source columns holding dim (and, while smoothing, its pair)
   */
  function curvePath(dim, source) {
    const { positions, dModel, layout } = shown;
    const { ax, bx, ay, by, xs, stepTo } = geometryFor(positions, plotWidth());
    const column = source.get(dim);
    const { pair, sin } = pairOf(dim, dModel, layout);
    const steps = spacious(positions)
      ? Math.min(SMOOTH_STEPS, Math.ceil(SAMPLES_PER_PERIOD / periods[pair]))
      : 1;
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
    const sines = source.get(both.sin);
    const cosines = source.get(both.cos);
    const turns = rotations(pair, steps);
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

  // The engine's rotation matrices of a pair for offsets 1/steps .. (steps-1)/steps, kept per pair and
  // parameters so that moving the number of positions, the highlight or the width asks the engine nothing.
  const turnsByPair = new Map();
  function rotations(pair, steps) {
    const { dModel, base } = shown;
    const key = `${pair}|${dModel}|${base}|${steps}`;
    let turns = turnsByPair.get(key);
    if (!turns) {
      turns = [];
      for (let j = 1; j < steps; j += 1) turns.push(engine.shiftRotation(pair, j / steps, dModel, base));
    }
    turnsByPair.delete(key);
    turnsByPair.set(key, turns);
    if (turnsByPair.size > 4 * MAX_CURVES) turnsByPair.delete(turnsByPair.keys().next().value);
    return turns;
  }

  /** A filled circle at every whole position of one column, as one path. */
  function dotsPath(column) {
    const { positions } = shown;
    const { ay, by, xs } = geometryFor(positions, plotWidth());
    const r = DOT_RADIUS * UNIT;
    const arcs = `a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
    let d = '';
    for (let p = 0; p < positions; p += 1) d += `M${xs[p] - r},${Math.round(ay * column[p] + by)}${arcs}`;
    return d;
  }

  // One <g> per curve, kept while its dimension is shown, holding the line and the dots; a redraw only sets the
  // path data and colours that changed.
  const nodes = new Map();
  function nodeFor(dim) {
    let node = nodes.get(dim);
    if (!node) {
      const line = h('svg:path', { class: 'pe-columns-line' });
      const dots = h('svg:path', { class: 'pe-columns-dots' });
      const g = h('svg:g', { class: 'pe-columns-curve', 'data-dimension': dim }, line, dots);
      node = { g, line, dots, color: '', lineD: '', dotsD: '' };
      nodes.set(dim, node);
    }
    return node;
  }

  /** Sets an attribute only when its value changes (an unchanged one would still invalidate layout). */
  function setAttr(target, name, value) {
    if (target.getAttribute(name) !== value) target.setAttribute(name, value);
  }

  function draw() {
    if (!shown || width === 0) return;
    const plotW = plotWidth();
    setAttr(svg, 'width', String(width));
    setAttr(svg, 'height', String(HEIGHT + MARGIN.top + MARGIN.bottom));
    // More than one position per device pixel: the fast curves are zigzags denser than the pixels, and
    // antialiasing them costs the rasteriser several times more than the lines themselves (about 100 ms a step at
    // 2048 positions with software compositing). Drawn without it they look the same: solid bands.
    setAttr(svg, 'data-dense', String(shown.positions > plotW * devicePixelRatio));
    x = scaleLinear()
      .domain([0, Math.max(1, shown.positions - 1)])
      .range([MARGIN.left, MARGIN.left + plotW]);
    y = scaleLinear()
      .domain([-1.1, 1.1])
      .range([MARGIN.top + HEIGHT, MARGIN.top]);
    drawAxis(xAxis, 'bottom', x, { ticks: plotW < 360 ? 4 : 8, label: 'position', format: formatInt });
    drawAxis(yAxis, 'left', y, { ticks: 5, label: 'value' });
    setAttr(zero, 'x1', String(MARGIN.left));
    setAttr(zero, 'x2', String(MARGIN.left + plotW));
    setAttr(zero, 'y1', String(y(0)));
    setAttr(zero, 'y2', String(y(0)));
    // A width change can start the smoothing, which reads the other half of each pair too.
    columns = columnsOf(shown.positions, shown.dModel, shown.base, shown.layout, needed(visible, shown));
    const dots = dotted(shown.positions);
    for (const [dim, node] of nodes) {
      if (visible.includes(dim)) continue;
      node.g.remove();
      nodes.delete(dim);
    }
    visible.forEach((dim, i) => {
      const node = nodeFor(dim);
      if (curves.children[i] !== node.g) curves.insertBefore(node.g, curves.children[i] ?? null);
      const color = colorOf(dim);
      if (node.color !== color) {
        node.g.style.color = color;
        node.color = color;
      }
      const lineD = curvePath(dim, columns);
      if (node.lineD !== lineD) {
        node.line.setAttribute('d', lineD);
        node.lineD = lineD;
      }
      const dotsD = dots ? dotsPath(columns.get(dim)) : '';
      if (node.dotsD !== dotsD) {
        if (dotsD) node.dots.setAttribute('d', dotsD);
        else node.dots.removeAttribute('d');
        node.dotsD = dotsD;
      }
    });
    drawHighlight();
    if (cursor) drawCursor();
  }

  let previewShown = '';
  function drawHighlight() {
    const dim = state.highlight;
    const valid = dim !== null && dim !== undefined && shown && x && dim >= 0 && dim < shown.dModel;
    const listed = valid && visible.includes(dim);
    curves.classList.toggle('has-highlight', Boolean(listed));
    for (const [d, node] of nodes) node.g.classList.toggle('is-highlight', listed && d === dim);
    // A hovered dimension that is not among the curves is previewed as a dashed curve, its column fetched when
    // it is first hovered.
    if (valid && !listed) {
      const { positions, dModel, base, layout } = shown;
      const key = `${dim}|${positions}|${dModel}|${base}|${layout}|${plotWidth()}`;
      if (key !== previewShown) {
        const source = previewColumnsOf(positions, dModel, base, layout, needed([dim], shown));
        preview.setAttribute('d', curvePath(dim, source));
        previewShown = key;
      }
      preview.setAttribute('visibility', 'visible');
      preview.dataset.dimension = String(dim);
    } else if (preview.dataset.dimension !== undefined) {
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
    const dims = visible;
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
    const dims = shown ? visible : [];
    if (dims.length) showPoint(cursor?.pos ?? 0, cursor?.dim ?? dims[0]);
  });
  svg.addEventListener('keydown', (event) => {
    if (!shown) return;
    const dims = visible;
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
    const dims = visible;
    const rows = [];
    for (let p = 0; p < shown.positions; p += 1) rows.push([p, ...dims.map((d) => formatValue(value(p, d)))]);
    return { columns: ['position', ...dims.map((d) => `dim ${d}`)], rows };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      // Controls that are not shown (in the article the section bar has them) are not kept in step: writing a
      // value into one formats its label, on every slider step.
      const encoding = controlsShown
        ? showParameters(controls, patch)
        : SINUSOIDAL_KEYS.some((key) => key in patch);
      if (encoding || 'dimensions' in patch) render();
      else drawHighlight();
    },
    destroy() {
      stopWatching();
      frame.destroy();
    },
  };
}
