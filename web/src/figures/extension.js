// Figure `extension`: running a RoPE model past its trained context. Which pairs never completed a turn in
// training and meet new angles at the target length (none, position interpolation, NTK-aware base scaling), and
// how far low-precision angles drift from the true ones at large positions.
import { scaleLinear, scaleLog } from 'd3-scale';
import { getEngine } from '../engine.js';
import { drawAxis } from '../ui/axes.js';
import { series } from '../ui/colors.js';
import { segmented, slider } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { indexStepper } from '../ui/grid-cursor.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { fillLive, sectionOf } from '../ui/live.js';
import { scientific } from '../ui/scientific.js';
import './extension.css';

/** Title shown when the figure stands alone. */
export const title = 'Longer contexts: RoPE pairs out of range, and precision at large positions';

/** URL parameters accepted on embed.html, with their types. */
export const params = {
  headDim: 'number',
  base: 'number',
  trained: 'number',
  target: 'number',
  method: 'string',
  position: 'number',
};

const MARGIN = { top: 14, right: 14, bottom: 46, left: 62 };
const METHODS = [
  { value: 'none', label: 'none' },
  { value: 'interpolation', label: 'position interpolation' },
  { value: 'ntk', label: 'NTK-aware' },
];
const FORMATS = ['float32', 'bfloat16', 'float16'];
// The positions the precision chart samples: 1 to 10^9, 24 per decade. These are inputs, not results.
const GRID = Array.from({ length: 9 * 24 + 1 }, (_, i) => Number((10 ** (i / 24)).toPrecision(6)));
// Positions quoted in the prose.
const QUOTED = [100, 1e6];

const SUPERSCRIPT = {
  '-': '\u207b',
  0: '\u2070',
  1: '\u00b9',
  2: '\u00b2',
  3: '\u00b3',
  4: '\u2074',
  5: '\u2075',
  6: '\u2076',
  7: '\u2077',
  8: '\u2078',
  9: '\u2079',
};

/** Tick label of a log axis: "1", "10", "100", "1000", then 10 with a superscript exponent; '' between decades. */
function decade(v, every = 1) {
  const exponent = Math.round(Math.log10(v));
  if (Math.abs(Math.log10(v) - exponent) > 1e-9 || exponent % every !== 0) return '';
  if (exponent >= 0 && exponent <= 3) return String(10 ** exponent);
  return `10${Array.from(String(exponent), (c) => SUPERSCRIPT[c]).join('')}`;
}

function describeError(value) {
  return Number.isFinite(value) ? `${formatSig(value, 3)} rad` : 'overflow';
}

/** The same for the prose, where a tiny error gets a real superscript. */
function liveError(value) {
  if (!Number.isFinite(value)) return 'overflow';
  return value !== 0 && value < 1e-3 ? [...scientific(value, 3), ' rad'] : `${formatSig(value, 3)} rad`;
}

/**
 * Mounts the extension figure.
 * @param {HTMLElement} element
 * @param {{ headDim?: number, base?: number, trained?: number, target?: number,
 *   method?: 'none'|'interpolation'|'ntk', position?: number, controls?: boolean }} options
 *   `trained` and `target` are lengths in positions; the sliders move them in powers of two.
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    headDim: 128,
    base: 10000,
    trained: 2048,
    target: 8192,
    method: 'none',
    position: 1e6,
    controls: true,
    ...options,
  };
  let data = null;
  let pairCursor = null;
  let gridCursor = null;

  const frame = createFrame(element, {
    id: 'extension',
    title: 'Context extension and precision',
    caption:
      'Top: positions per full turn (wavelength) of every RoPE pair, on a log axis, before (hollow) and after ' +
      'the chosen method (filled). Red pairs never completed a turn in training and meet angles at the target ' +
      'length that training never showed them. Bottom: the largest angle error over all pairs when positions ' +
      'and angles are stored in float32, bfloat16 or float16, against double precision; log\u2013log. Hover, or ' +
      'focus a chart and use the arrow keys, to read exact values.',
    table: tableData,
  });

  const log2 = (v) => Math.round(Math.log2(v));
  const controls = {
    headDim: slider({
      label: 'Head width',
      min: 4,
      max: 512,
      step: 2,
      value: state.headDim,
      format: formatInt,
      onChange: (v) => set({ headDim: v }),
    }),
    base: slider({
      label: 'Base',
      min: 100,
      max: 1e6,
      scale: 'log',
      value: state.base,
      onChange: (v) => set({ base: v }),
    }),
    trained: slider({
      label: 'Trained length',
      min: 7,
      max: 20,
      value: log2(state.trained),
      format: (e) => formatInt(2 ** e),
      onChange: (e) => set({ trained: 2 ** e, target: Math.max(state.target, 2 ** e) }),
    }),
    target: slider({
      label: 'Target length',
      min: 7,
      max: 24,
      value: log2(state.target),
      format: (e) => formatInt(2 ** e),
      onChange: (e) => set({ target: 2 ** e, trained: Math.min(state.trained, 2 ** e) }),
    }),
    method: segmented({
      label: 'Method',
      options: METHODS,
      value: state.method,
      onChange: (v) => set({ method: v }),
    }),
    position: slider({
      label: 'Position for precision',
      min: 1,
      max: 1e9,
      scale: 'log',
      value: state.position,
      format: (v) => formatSig(v, 3),
      onChange: (v) => set({ position: v }),
    }),
  };
  frame.addControls(controls, state.controls !== false);

  const counts = h('p', { class: 'pe-ext-counts', 'data-readout': 'counts' });
  const pairs = h('svg:svg', {
    class: 'pe-ext-chart',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Wavelength of every pair against the trained length; left and right arrow keys step pairs',
  });
  const pairLegend = h(
    'ul',
    { class: 'pe-ext-legend' },
    h('li', {}, h('span', { class: 'pe-ext-dot pe-ext-dot-before' }), 'trained wavelength'),
    h('li', {}, h('span', { class: 'pe-ext-dot pe-ext-dot-in' }), 'after the method, in range'),
    h('li', {}, h('span', { class: 'pe-ext-dot pe-ext-dot-out' }), 'after the method, out of range'),
    h('li', {}, h('span', { class: 'pe-ext-dash pe-ext-dash-trained' }), 'trained length'),
    h('li', {}, h('span', { class: 'pe-ext-dash pe-ext-dash-target' }), 'target length'),
  );
  const errors = h('svg:svg', {
    class: 'pe-ext-chart',
    tabindex: 0,
    role: 'img',
    'aria-label': 'Angle error against position for three formats; left and right arrow keys step positions',
  });
  const errorLegend = h(
    'ul',
    { class: 'pe-ext-legend' },
    FORMATS.map((f, i) =>
      h('li', {}, h('span', { class: 'pe-ext-swatch', style: `background:${series[i]}` }), f),
    ),
  );
  const chosen = h('p', { class: 'pe-ext-chosen', 'data-readout': 'position' });
  frame.plot.append(
    h('h3', { class: 'pe-ext-heading' }, 'Which pairs leave the trained range'),
    counts,
    pairs,
    pairLegend,
    h('h3', { class: 'pe-ext-heading' }, 'Angle error at large positions'),
    chosen,
    errors,
    errorLegend,
  );

  const resize = new ResizeObserver(() => layout());
  resize.observe(frame.plot);

  function set(patch) {
    state = { ...state, ...patch };
    controls.trained.value = log2(state.trained);
    controls.target.value = log2(state.target);
    render();
  }

  function compute() {
    const { headDim, base, trained, target, method, position } = state;
    const byMethod = {};
    for (const m of METHODS)
      byMethod[m.value] = engine.contextExtension(headDim, base, trained, target, m.value);
    if (!byMethod[method])
      throw new Error(`method must be one of none, interpolation, ntk; received "${method}"`);
    const outOf = {};
    for (const m of METHODS) outOf[m.value] = byMethod[m.value].outOfRange.reduce((a, b) => a + b, 0);
    const precision = {};
    const at = {};
    const quoted = {};
    for (const f of FORMATS) {
      precision[f] = engine.phaseError(GRID, headDim, base, f).angleError;
      at[f] = engine.phaseError([position], headDim, base, f).angleError[0];
      quoted[f] = engine.phaseError(QUOTED, headDim, base, f).angleError;
    }
    return {
      shown: { headDim, base, trained, target, method, position },
      result: byMethod[method],
      byMethod,
      outOf,
      precision,
      at,
      quoted,
    };
  }

  function render() {
    const next = frame.attempt(compute);
    if (!next) return;
    data = next;
    const { shown, outOf, byMethod } = data;
    const total = shown.headDim / 2;
    const firstNoTurn = data.result.fullTurn.indexOf(0);
    counts.textContent =
      `Pairs out of range at ${formatInt(shown.target)} positions (of ${total}): none ${outOf.none}, ` +
      `position interpolation ${outOf.interpolation} (positions divided by ` +
      `${formatValue(byMethod.interpolation.scale)}), NTK-aware ${outOf.ntk} (base ` +
      `${formatInt(byMethod.ntk.effectiveBase)}).`;
    chosen.textContent =
      `At position ${formatSig(shown.position, 3)}: ` +
      FORMATS.map((f) => `${f} ${describeError(data.at[f])}`).join(', ') +
      '.';
    layout();
    const methodLabel = METHODS.find((m) => m.value === shown.method).label;
    frame.setSummary(
      `Head width ${shown.headDim}, base ${formatValue(shown.base)}, trained on ${formatInt(shown.trained)} ` +
        `positions, run at ${formatInt(shown.target)} with ${methodLabel}: ${outOf[shown.method]} of ${total} ` +
        `pairs meet angles they never saw in training` +
        (firstNoTurn >= 0
          ? ` (pairs ${firstNoTurn} to ${total - 1} never completed a turn in training)`
          : '') +
        `. At position ${formatSig(shown.position, 3)} the angle error is ` +
        FORMATS.map((f) => `${describeError(data.at[f])} in ${f}`).join(', ') +
        '.',
    );
    fillLive(sectionOf(element), {
      'ext-headdim': formatInt(shown.headDim),
      'ext-base': formatValue(shown.base),
      'ext-pairs': formatInt(total),
      'ext-trained': formatInt(shown.trained),
      'ext-target': formatInt(shown.target),
      'ext-none': formatInt(outOf.none),
      'ext-interpolation': formatInt(outOf.interpolation),
      'ext-ntk': formatInt(outOf.ntk),
      'ext-first-out': firstNoTurn >= 0 ? formatInt(firstNoTurn) : 'none',
      'ext-last-pair': formatInt(total - 1),
      'ext-scale': formatValue(byMethod.interpolation.scale),
      'ext-ntk-base': formatInt(byMethod.ntk.effectiveBase),
      'ext-ntk-slowest': formatValue(byMethod.ntk.targetWavelength[total - 1]),
      'ext-interp-slowest': formatValue(byMethod.interpolation.targetWavelength[total - 1]),
      'ext-f32-100': liveError(data.quoted.float32[0]),
      'ext-f32-1e6': liveError(data.quoted.float32[1]),
      'ext-bf16-100': liveError(data.quoted.bfloat16[0]),
      'ext-f16-100': liveError(data.quoted.float16[0]),
      'ext-f16-1e6': liveError(data.quoted.float16[1]),
    });
    if (pairCursor !== null) showPair(Math.min(pairCursor, total - 1));
    if (gridCursor !== null) showGrid(gridCursor);
  }

  let scales = {};

  function layout() {
    if (!data) return;
    const width = Math.max(240, frame.plot.clientWidth);
    drawPairs(width, 280);
    drawErrors(width, 280);
  }

  function drawPairs(width, height) {
    const { headDim, trained, target } = data.shown;
    const { wavelength, targetWavelength, outOfRange } = data.result;
    const total = headDim / 2;
    const values = [...wavelength, ...targetWavelength, trained, target];
    const x = scaleLinear()
      .domain([-0.5, total - 0.5])
      .range([MARGIN.left, width - MARGIN.right]);
    const y = scaleLog()
      .domain([Math.min(...values) / 1.5, Math.max(...values) * 1.5])
      .range([height - MARGIN.bottom, MARGIN.top]);
    scales.pairs = x;
    const xAxis = h('svg:g', { transform: `translate(0,${height - MARGIN.bottom})` });
    const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},0)` });
    const line = (value, cls) =>
      h('svg:line', { class: cls, x1: MARGIN.left, x2: width - MARGIN.right, y1: y(value), y2: y(value) });
    const r = Math.max(1.5, Math.min(4, (width - MARGIN.left - MARGIN.right) / total / 2.5));
    const marks = [];
    for (let i = 0; i < total; i += 1) {
      marks.push(h('svg:circle', { class: 'pe-ext-before', cx: x(i), cy: y(wavelength[i]), r: r + 1 }));
      marks.push(
        h('svg:circle', {
          class: outOfRange[i] ? 'pe-ext-out' : 'pe-ext-in',
          cx: x(i),
          cy: y(targetWavelength[i]),
          r,
        }),
      );
    }
    const cursor =
      pairCursor !== null
        ? h('svg:line', {
            class: 'pe-ext-rule',
            x1: x(pairCursor),
            x2: x(pairCursor),
            y1: MARGIN.top,
            y2: height - MARGIN.bottom,
          })
        : null;
    replaceChildren(
      pairs,
      line(trained, 'pe-ext-trained'),
      line(target, 'pe-ext-target'),
      marks,
      cursor,
      xAxis,
      yAxis,
    );
    pairs.setAttribute('width', String(width));
    pairs.setAttribute('height', String(height));
    drawAxis(xAxis, 'bottom', x, { ticks: width < 420 ? 4 : 8, label: 'pair i', format: formatInt });
    drawAxis(yAxis, 'left', y, {
      ticks: 5,
      label: 'positions per turn',
      format: (v) => decade(v),
    });
  }

  function drawErrors(width, height) {
    const x = scaleLog()
      .domain([1, 1e9])
      .range([MARGIN.left, width - MARGIN.right]);
    const y = scaleLog()
      .domain([1e-9, 10])
      .range([height - MARGIN.bottom, MARGIN.top])
      .clamp(true);
    scales.errors = x;
    const xAxis = h('svg:g', { transform: `translate(0,${height - MARGIN.bottom})` });
    const yAxis = h('svg:g', { transform: `translate(${MARGIN.left},0)` });
    const children = [];
    // Where float16 overflows, shade the rest of the axis instead of drawing a number.
    const overflowAt = data.precision.float16.findIndex((v) => !Number.isFinite(v));
    if (overflowAt >= 0) {
      const x0 = x(GRID[overflowAt]);
      children.push(
        h('svg:rect', {
          class: 'pe-ext-overflow',
          x: x0,
          y: MARGIN.top,
          width: width - MARGIN.right - x0,
          height: height - MARGIN.bottom - MARGIN.top,
        }),
        h(
          'svg:text',
          { class: 'pe-ext-overflow-label', x: x0 + 4, y: height - MARGIN.bottom - 6 },
          'float16: overflow',
        ),
      );
    }
    children.push(
      h('svg:line', {
        class: 'pe-ext-pi',
        x1: MARGIN.left,
        x2: width - MARGIN.right,
        y1: y(Math.PI),
        y2: y(Math.PI),
      }),
      h(
        'svg:text',
        { class: 'pe-ext-pi-label', x: MARGIN.left + 4, y: y(Math.PI) - 4 },
        '\u03c0: the angle is noise',
      ),
    );
    FORMATS.forEach((f, s) => {
      // Exact zeros and overflows have no place on a log axis: the path breaks there.
      let d = '';
      let open = false;
      data.precision[f].forEach((v, i) => {
        if (!(v > 0) || !Number.isFinite(v)) {
          open = false;
          return;
        }
        d += `${open ? 'L' : 'M'}${x(GRID[i]).toFixed(1)},${y(v).toFixed(1)}`;
        open = true;
      });
      children.push(h('svg:path', { d, fill: 'none', stroke: series[s], 'stroke-width': 2 }));
    });
    const markAt = (position, cls) =>
      h('svg:line', {
        class: cls,
        x1: x(position),
        x2: x(position),
        y1: MARGIN.top,
        y2: height - MARGIN.bottom,
      });
    children.push(markAt(data.shown.position, 'pe-ext-chosen-line'));
    if (gridCursor !== null) children.push(markAt(GRID[gridCursor], 'pe-ext-rule'));
    replaceChildren(errors, children, xAxis, yAxis);
    errors.setAttribute('width', String(width));
    errors.setAttribute('height', String(height));
    drawAxis(xAxis, 'bottom', x, {
      ticks: width < 420 ? 3 : 9,
      label: 'position',
      format: (v) => decade(v, width < 420 ? 3 : 1),
    });
    drawAxis(yAxis, 'left', y, {
      ticks: 6,
      label: 'angle error (rad)',
      format: (v) => decade(v, 2),
    });
  }

  function showPair(i) {
    pairCursor = i;
    const r = data.result;
    const yes = (b) => (b ? 'yes' : 'no');
    frame.setReadout(
      `pair ${i}: ${formatValue(r.wavelength[i])} positions per turn in training, ` +
        `${formatValue(r.targetWavelength[i])} after the method; angle at the trained length ` +
        `${formatValue(r.trainedAngle[i])} rad, at the target ${formatValue(r.targetAngle[i])} rad; ` +
        `full turn in training ${yes(r.fullTurn[i])}; out of range ${yes(r.outOfRange[i])}`,
    );
    layout();
  }

  function showGrid(g) {
    gridCursor = g;
    frame.setReadout(
      `position ${formatSig(GRID[g], 6)}: ` +
        FORMATS.map((f) => `${f} ${describeError(data.precision[f][g])}`).join(', '),
    );
    layout();
  }

  pairs.addEventListener('pointermove', (event) => {
    if (!data || !scales.pairs) return;
    const i = Math.round(scales.pairs.invert(event.clientX - pairs.getBoundingClientRect().left));
    if (i >= 0 && i < data.shown.headDim / 2 && i !== pairCursor) showPair(i);
  });
  pairs.addEventListener(
    'keydown',
    indexStepper({
      get: () => pairCursor,
      apply: (i) => data && showPair(i),
      max: () => data.shown.headDim / 2 - 1,
    }),
  );
  pairs.addEventListener('focus', () => data && pairCursor === null && showPair(0));

  errors.addEventListener('pointermove', (event) => {
    if (!data || !scales.errors) return;
    const position = scales.errors.invert(event.clientX - errors.getBoundingClientRect().left);
    const g = Math.round(Math.log10(Math.max(1, position)) * 24);
    if (g >= 0 && g < GRID.length && g !== gridCursor) showGrid(g);
  });
  errors.addEventListener(
    'keydown',
    indexStepper({
      get: () => gridCursor,
      apply: (g) => data && showGrid(g),
      max: () => GRID.length - 1,
    }),
  );
  errors.addEventListener('focus', () => data && gridCursor === null && showGrid(0));

  function tableData() {
    const r = data.result;
    const columns = [
      'pair',
      'wavelength',
      'wavelength after method',
      'angle at trained length',
      'angle at target',
      'full turn',
      'out of range',
    ];
    const rows = Array.from(r.wavelength, (_, i) => [
      i,
      formatValue(r.wavelength[i]),
      formatValue(r.targetWavelength[i]),
      formatValue(r.trainedAngle[i]),
      formatValue(r.targetAngle[i]),
      r.fullTurn[i] ? 'yes' : 'no',
      r.outOfRange[i] ? 'yes' : 'no',
    ]);
    return { columns, rows, note: `Method: ${data.shown.method}. Angles in radians, lengths in positions.` };
  }

  render();

  return {
    update(patch = {}) {
      state = { ...state, ...patch };
      for (const key of ['headDim', 'base', 'method', 'position']) {
        if (patch[key] !== undefined) controls[key].value = patch[key];
      }
      set({});
    },
    destroy() {
      resize.disconnect();
      frame.destroy();
    },
  };
}
