// Figure `binary`: the binary-counter intuition. The bits of a position beside the fastest sine dimensions, and
// one clock per chosen pair whose hand is that pair's (sin, cos) at the position: fast hands tell neighbours
// apart, slow hands tell distant positions apart, like the low and high bits of a counter. The figure says how
// far apart the chosen pairs are: neighbouring pairs differ in period by a small factor, not by 2.
import { dimensionsOf, pairOf } from '../engine/layout.js';
import { pairColumns } from '../ui/column-store.js';
import { activeIn, changeWriter, h, replaceChildren } from '../ui/dom.js';
import { defineFigure } from '../ui/figure.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { memo } from '../ui/memo.js';
import { intSlider, lastPosition, SINUSOIDAL } from './shared-params.js';
import { dimensionName, formatPeriod } from './sinusoidal-parts.js';
import './binary.css';

const FAST_PAIRS = 8;
/** Most clocks drawn (the reader's pairs past them are not shown). */
const CLOCKS = 6;

export default defineFigure({
  id: 'binary',
  // Not "Positions ...": the controls' group takes its name from the title, and the Positions slider is found by
  // its label.
  title: 'A position as a binary counter and as clocks',
  caption:
    'A position in binary (left, least significant bit first) and in sinusoids: the fastest pairs flip like ' +
    'the low bits (middle, bar length the value), the slower ones turn like clock hands (right). Press Play ' +
    'and watch them count together.',
  primary: ['position'],
  params: {
    ...SINUSOIDAL,
    // Shown in the article too, with Play beside it.
    position: intSlider('Position', 5, 0, lastPosition),
    // The pairs drawn as clocks; by default pairs whose periods roughly double from one to the next.
    pairs: {
      type: 'numbers',
      default: null,
      maxItems: CLOCKS,
      items: { type: 'int', min: 0, max: ({ dModel }) => Math.floor(dModel / 2) - 1 },
    },
  },

  compute(engine, params, previous) {
    const { dModel, base, positions, layout } = params;
    // The figure reads values only up to the position shown, so the engine first checks the parameters
    // without computing any (no dimensions asked for): its message is then about the reader's parameters.
    engine.sinusoidalColumns(positions, dModel, base, layout, []);
    const position = Math.min(params.position, positions - 1);
    const periods = memo(engine, 'pairPeriods', dModel, base);
    const fast = Array.from({ length: Math.min(FAST_PAIRS, periods.length) }, (_, i) => i);
    const pairs = clockPairs(periods, params.pairs);
    // Values from position 0 to the one shown (the store keeps them for the positions before it too).
    const upTo = { ...params, positions: Math.floor(position) + 1 };
    return { ...pairColumns(engine, previous, upTo, [...fast, ...pairs]), position, fast, pairs };
  },

  view({ frame, set, readout, hover, own }) {
    /** @type {any} */
    const view = { data: null, params: null, timer: 0, bits: [], bars: [], clocks: [], built: {}, set };
    Object.assign(view, { readout, hover, writer: changeWriter() });
    view.reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    view.play = h('button', {
      type: 'button',
      class: 'pe-button pe-binary-play',
      'aria-pressed': 'false',
      'data-param': 'position',
      onClick: () => togglePlay(view),
    });
    const onMotionChange = () => {
      if (view.reducedMotion.matches) stop(view);
      syncPlayLabel(view);
    };
    view.reducedMotion.addEventListener('change', onMotionChange);
    own(() => {
      stop(view);
      view.reducedMotion.removeEventListener('change', onMotionChange);
    });
    syncPlayLabel(view);
    view.bitList = h('ol', {
      class: 'pe-binary-bits',
      start: 0,
      'aria-label': 'Bits, least significant first',
    });
    view.barList = h('ol', { class: 'pe-binary-bars', 'aria-label': 'Sine dimensions of the fastest pairs' });
    view.clockList = h('div', { class: 'pe-binary-clocks' });
    view.explain = h('p', { class: 'pe-binary-explain' });
    view.spacing = h('p', { class: 'pe-binary-spacing' });
    const column = (head, list, extra = '') =>
      h('div', { class: `pe-binary-col${extra}` }, h('p', { class: 'pe-binary-head' }, head), list);
    frame.controls.append(view.play);
    frame.plot.append(
      h(
        'div',
        { class: 'pe-binary-grid' },
        column('Bits (LSB first)', view.bitList),
        column('Fastest sine dimensions', view.barList),
        column('Clocks', view.clockList, ' pe-binary-col-clocks'),
      ),
      view.explain,
      view.spacing,
    );
    return view;
  },

  draw(view, data, params) {
    view.data = data;
    view.params = params;
    build(view);
    showPosition(view);
  },

  mark(view, dim, { dModel, layout }) {
    const pair = dim === null ? null : pairOf(dim, dModel, layout).pair;
    for (const b of view.bars) b.item.classList.toggle('pe-is-highlight', b.pair === pair);
    for (const c of view.clocks) c.item.classList.toggle('pe-is-highlight', c.pair === pair);
  },

  summary: ({ position, periods, pairs, value }, { dModel, base, layout, positions }) =>
    `Position ${formatInt(position)} is ${binaryOf(position, positions)} in binary ` +
    `(d_model ${formatInt(dModel)}, base ${formatValue(base)}). Sine of pair 0 is ` +
    `${formatValue(value(position, dimensionsOf(0, dModel, layout).sin))}; clocks for pairs ${pairs.join(', ')} ` +
    `with periods ${pairs.map((i) => formatPeriod(periods[i])).join(', ')}.`,

  table({ position, periods, pairs, value }, { dModel, layout }) {
    const rows = pairs.map((i) => {
      const { sin, cos } = dimensionsOf(i, dModel, layout);
      return [i, sin, cos, ...[periods[i], value(position, sin), value(position, cos)].map(formatValue)];
    });
    const columns = [
      'pair',
      'sin dimension',
      'cos dimension',
      'period',
      `sin at ${position}`,
      `cos at ${position}`,
    ];
    return { columns, rows };
  },
});

/** The clock pairs: the reader's, or the first pair whose period reaches 1, 2, 4, ... times pair 0's. */
function clockPairs(periods, asked) {
  const n = periods.length;
  if (Array.isArray(asked) && asked.length) {
    return asked.filter((p) => Number.isInteger(p) && p >= 0 && p < n).slice(0, CLOCKS);
  }
  const chosen = [];
  for (let k = 0; chosen.length < CLOCKS; k += 1) {
    const i = periods.findIndex((p) => p >= periods[0] * 2 ** k);
    if (i < 0) break;
    if (!chosen.includes(i)) chosen.push(i);
  }
  return chosen;
}

const MAX_BITS = 11;

function bitCount(positions) {
  return Math.min(MAX_BITS, Math.max(1, (positions - 1).toString(2).length));
}

/** The position in binary, with as many digits as there are bits shown. */
function binaryOf(position, positions) {
  return position.toString(2).padStart(bitCount(positions), '0');
}

/**
 * Rows and clocks are built when what they show changes (the number of bits with the window; bars, clocks and
 * their periods with the other parameters or the chosen pairs) and otherwise only updated as the position
 * moves, so a slider step that leaves them alone costs nothing, and keyboard focus on a bar or clock survives
 * Play.
 */
function build(view) {
  const { dModel, base, layout, positions } = view.params;
  const { periods, fast, pairs } = view.data;
  const bits = bitCount(positions);
  if (bits !== view.built.bits) {
    view.built.bits = bits;
    view.bits = Array.from({ length: bits }, (_, k) => {
      const valueEl = h('span', { class: 'pe-binary-bit-value' });
      const item = h(
        'li',
        { class: 'pe-binary-bit' },
        h('span', { class: 'pe-binary-bit-label' }, `bit ${k}`),
        valueEl,
      );
      return { item, valueEl };
    });
    replaceChildren(view.bitList, ...view.bits.map((b) => b.item));
  }
  const key = `${dModel}|${base}|${layout}|${pairs.join(',')}`;
  if (key === view.built.rest) return;
  view.built.rest = key;
  view.bars = fast.map((pair) => {
    const dim = dimensionsOf(pair, dModel, layout).sin;
    const bar = h('span', { class: 'pe-binary-bar' });
    const valueEl = h('span', { class: 'pe-binary-bar-value' });
    const item = h(
      'li',
      { class: 'pe-binary-bar-row', tabindex: 0, 'data-dimension': dim },
      h('span', { class: 'pe-binary-bar-label' }, `dim ${dim}`),
      h('span', { class: 'pe-binary-track' }, bar),
      valueEl,
    );
    const entry = { item, bar, valueEl, dim, pair, describe: () => describeDimension(view, dim) };
    wireHover(view, entry, dim);
    return entry;
  });
  replaceChildren(view.barList, ...view.bars.map((b) => b.item));
  view.clocks = pairs.map((pair) => clock(view, pair));
  replaceChildren(view.clockList, ...view.clocks.map((c) => c.item));
  const others = pairs.filter((i) => i !== 0);
  view.explain.textContent =
    `Bit 0 of a counter flips at every step, bit 1 every 2 steps, bit 2 every 4. Pair 0 plays bit 0: it ` +
    `repeats every ${formatPeriod(periods[0])} positions, so neighbouring positions get clearly different ` +
    `values.` +
    (others.length
      ? ` The other clocks are pairs ${others.join(', ')}, with periods ${others
          .map((i) => formatPeriod(periods[i]))
          .join(', ')} positions.`
      : '') +
    ` Fast hands tell neighbours apart, slow hands tell far-apart positions apart, and a hand repeats after ` +
    `its period: no single hand pins down the position; together they do.`;
  view.spacing.textContent = spacingText(periods, pairs);
}

/**
 * How far apart the clocks' pairs are, from the engine's periods: the factor between neighbouring pairs, and for
 * each clock after the first its distance in pairs and its period over the previous clock's.
 */
export function spacingText(periods, pairs) {
  if (periods.length < 2) return 'With one pair there is nothing between the clocks.';
  const head =
    `Neighbouring pairs differ in period by a factor of ${formatSig(periods[1] / periods[0], 5)}, not 2, ` +
    `so the clocks skip pairs`;
  if (pairs.length < 2) return `${head}; with one clock there is no gap to show.`;
  const steps = pairs.slice(1).map((pair, k) => {
    const before = pairs[k];
    return `pair ${before} to ${pair}: ${formatInt(Math.abs(pair - before))} pairs apart, period \u00d7 ${formatSig(
      periods[pair] / periods[before],
      3,
    )}`;
  });
  return `${head}. ${steps.join('; ')}.`;
}

const CLOCK_SIZE = 84;

function clock(view, pair) {
  const { dModel, layout } = view.params;
  const { sin, cos } = dimensionsOf(pair, dModel, layout);
  const r = CLOCK_SIZE / 2 - 6;
  const mid = CLOCK_SIZE / 2;
  const hand = h('svg:line', { class: 'pe-binary-hand', x1: mid, y1: mid });
  const face = h(
    'svg:svg',
    {
      width: CLOCK_SIZE,
      height: CLOCK_SIZE,
      viewBox: `0 0 ${CLOCK_SIZE} ${CLOCK_SIZE}`,
      'aria-hidden': 'true',
    },
    h('svg:circle', { class: 'pe-binary-face', cx: mid, cy: mid, r }),
    h('svg:line', { class: 'pe-binary-tick', x1: mid, y1: mid - r, x2: mid, y2: mid - r + 6 }),
    hand,
    h('svg:circle', { class: 'pe-binary-pin', cx: mid, cy: mid, r: 2.5 }),
  );
  const item = h(
    'div',
    { class: 'pe-binary-clock', tabindex: 0, role: 'img', 'data-pair': pair, 'data-dimension': sin },
    face,
    h('span', { class: 'pe-binary-clock-label' }, `pair ${pair}`),
    h('span', { class: 'pe-binary-clock-period' }, `period ${formatPeriod(view.data.periods[pair])}`),
  );
  const entry = { item, hand, pair, sin, cos, r: r * 0.85, mid, describe: () => describePair(view, pair) };
  wireHover(view, entry, sin);
  return entry;
}

/** Shows the values at the position: the bits, each bar's length and each hand's direction. */
function showPosition(view) {
  const { position: pos, value } = view.data;
  // The same position with the same bits, bars and clocks shows the same values: a step of the window that
  // keeps the position changes nothing here.
  const key = `${pos}|${view.built.bits}|${view.built.rest}`;
  if (key === view.built.position) return;
  view.built.position = key;
  const { put, putText } = view.writer;
  const lsbFirst = [...binaryOf(pos, view.params.positions)].reverse();
  view.bits.forEach((b, k) => {
    putText(b.valueEl, lsbFirst[k]);
    b.item.classList.toggle('pe-is-one', lsbFirst[k] === '1');
  });
  for (const b of view.bars) {
    const v = value(pos, b.dim);
    // Half the track at |value| = 1, to the right when positive: layout of the engine's value.
    put(b.bar, 'style', `width:${(Math.abs(v) * 50).toFixed(2)}%`);
    b.bar.classList.toggle('pe-is-negative', v < 0);
    putText(b.valueEl, formatSig(v, 3));
  }
  for (const c of view.clocks) {
    // The hand points at (sin, cos): 12 o'clock at position 0, turning clockwise by the pair's angle.
    put(c.hand, 'x2', (c.mid + c.r * value(pos, c.sin)).toFixed(2));
    put(c.hand, 'y2', (c.mid - c.r * value(pos, c.cos)).toFixed(2));
    put(c.item, 'aria-label', c.describe());
  }
  const focused = [...view.bars, ...view.clocks].find((x) => x.item === activeIn(x.item));
  if (focused) view.readout(focused.describe());
}

function describeDimension(view, dim) {
  const { position, value, periods } = view.data;
  const { dModel, layout } = view.params;
  return (
    `position ${position}, ${dimensionName(dim, dModel, layout)}, value ${formatValue(value(position, dim))}, ` +
    `period ${formatValue(periods[pairOf(dim, dModel, layout).pair])}`
  );
}

function describePair(view, pair) {
  const { position, value, periods } = view.data;
  const { sin, cos } = dimensionsOf(pair, view.params.dModel, view.params.layout);
  return (
    `position ${position}, pair ${pair}: sin ${formatValue(value(position, sin))}, ` +
    `cos ${formatValue(value(position, cos))}, period ${formatValue(periods[pair])}`
  );
}

function wireHover(view, entry, dim) {
  const enter = () => {
    view.readout(entry.describe());
    view.hover(dim);
  };
  const leave = () => view.hover(null);
  entry.item.addEventListener('pointerenter', enter);
  entry.item.addEventListener('focus', enter);
  entry.item.addEventListener('pointerleave', leave);
  entry.item.addEventListener('blur', leave);
}

function syncPlayLabel({ play, timer, reducedMotion }) {
  const playing = timer !== 0;
  play.setAttribute('aria-pressed', String(playing));
  if (reducedMotion.matches && !playing) {
    play.textContent = 'Step';
    play.removeAttribute('aria-pressed');
  } else {
    play.textContent = playing ? 'Pause' : 'Play';
  }
}

function step(view) {
  if (!view.data) return;
  const { position } = view.data;
  view.set({ position: position + 1 < view.params.positions ? position + 1 : 0 });
}

function stop(view) {
  clearInterval(view.timer);
  view.timer = 0;
}

const PLAY_INTERVAL_MS = 700;

// With reduced motion the button steps one position per press instead of animating.
function togglePlay(view) {
  if (view.timer) {
    stop(view);
  } else {
    step(view);
    if (!view.reducedMotion.matches) view.timer = setInterval(() => step(view), PLAY_INTERVAL_MS);
  }
  syncPlayLabel(view);
}
