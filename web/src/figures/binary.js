// Figure `binary`: the binary-counter intuition. The bits of a position beside the fastest sine dimensions, and
// one clock per chosen pair whose hand is that pair's (sin, cos) at the position: fast hands tell neighbours
// apart, slow hands tell distant positions apart, like the low and high bits of a counter.
import { getEngine } from '../engine.js';
import { columnStore } from '../ui/column-store.js';
import { slider } from '../ui/controls.js';
import { h, replaceChildren } from '../ui/dom.js';
import { formatInt, formatSig, formatValue } from '../ui/format.js';
import { createFrame } from '../ui/frame.js';
import { dimensionsOf, hoverAnnouncer, pairOf } from '../ui/linked.js';
import { memo } from '../ui/memo.js';
import {
  SINUSOIDAL_DEFAULTS,
  SINUSOIDAL_KEYS,
  SINUSOIDAL_PARAMS,
  showParameters,
  sinusoidalControls,
} from '../ui/sinusoidal-controls.js';
import './binary.css';

/** Title shown when the figure stands alone. */
export const title = 'Positions as a binary counter and as clocks';

/** URL parameters accepted on embed.html, with their types. */
export const params = {
  ...SINUSOIDAL_PARAMS,
  position: 'number',
  pairs: 'numbers',
};

const FAST_PAIRS = 8;
const CLOCKS = 6;
const MAX_BITS = 11;
const PLAY_INTERVAL_MS = 700;
const CLOCK_SIZE = 84;
/**
 * Mounts the binary-counter figure.
 * @param {HTMLElement} element
 * @param {{ dModel?: number, positions?: number, base?: number, layout?: 'interleaved'|'split',
 *   position?: number, pairs?: number[], controls?: boolean, highlight?: number | null }} options
 *   `pairs`: the pairs drawn as clocks; by default pairs whose periods roughly double from one to the next.
 */
export function mount(element, options = {}) {
  const engine = getEngine();
  let state = {
    ...SINUSOIDAL_DEFAULTS,
    position: 5,
    pairs: null,
    highlight: null,
    controls: true,
    ...options,
  };
  const columnsOf = columnStore(engine);
  let columns = null; // dimension -> its engine values from position 0 to at least the one shown
  let periods = null;
  let shown = null;
  let timer = 0;
  const announce = hoverAnnouncer(element);
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  const frame = createFrame(element, {
    id: 'binary',
    title: 'Binary counter and clocks',
    caption:
      'Left: the bits of the position, least significant first. Middle: the sine dimensions of the fastest ' +
      'pairs (bar length is the value, right positive, left negative). Right: one clock per chosen pair, its ' +
      'hand at the pair\u2019s (sin, cos) for this position. Hover or focus a bar or clock to read it.',
    table: tableData,
  });

  const controls = sinusoidalControls(state, set);
  const controlsShown = state.controls !== false;
  frame.addControls(controls, controlsShown);

  // The position slider and Play belong to this figure, so they show in the article too.
  const position = slider({
    label: 'Position',
    min: 0,
    max: Math.max(0, state.positions - 1),
    value: state.position,
    format: formatInt,
    onChange: (v) => showPosition(v),
  });
  const play = h('button', { type: 'button', class: 'pe-button pe-binary-play', 'aria-pressed': 'false' });
  play.addEventListener('click', togglePlay);
  const ownControls = h('div', { class: 'pe-binary-controls' }, position.element, play);
  syncPlayLabel();
  reducedMotion.addEventListener('change', onMotionChange);

  const bits = h('ol', { class: 'pe-binary-bits', start: 0, 'aria-label': 'Bits, least significant first' });
  const bars = h('ol', { class: 'pe-binary-bars', 'aria-label': 'Sine dimensions of the fastest pairs' });
  const clocks = h('div', { class: 'pe-binary-clocks' });
  const explain = h('p', { class: 'pe-binary-explain' });
  frame.plot.append(
    ownControls,
    h(
      'div',
      { class: 'pe-binary-grid' },
      h('div', { class: 'pe-binary-col' }, h('p', { class: 'pe-binary-head' }, 'Bits (LSB first)'), bits),
      h(
        'div',
        { class: 'pe-binary-col' },
        h('p', { class: 'pe-binary-head' }, 'Fastest sine dimensions'),
        bars,
      ),
      h(
        'div',
        { class: 'pe-binary-col pe-binary-col-clocks' },
        h('p', { class: 'pe-binary-head' }, 'Clocks'),
        clocks,
      ),
    ),
    explain,
  );

  function set(patch) {
    state = { ...state, ...patch };
    render();
  }

  /** The clock pairs: the reader's, or the first pair whose period reaches 1, 2, 4, ... times pair 0's. */
  function clockPairs() {
    const n = periods.length;
    if (Array.isArray(state.pairs) && state.pairs.length) {
      return state.pairs.filter((p) => Number.isInteger(p) && p >= 0 && p < n).slice(0, CLOCKS);
    }
    const chosen = [];
    for (let k = 0; chosen.length < CLOCKS; k += 1) {
      const i = periods.findIndex((p) => p >= periods[0] * 2 ** k);
      if (i < 0) break;
      if (!chosen.includes(i)) chosen.push(i);
    }
    return chosen;
  }

  function render() {
    const { dModel, base, positions, layout } = state;
    // The figure reads only the position shown, so the engine checks the parameters without computing values
    // (no dimensions asked for), and its message is the reader's if they are out of range.
    const checked = frame.attempt(() => engine.sinusoidalColumns(positions, dModel, base, layout, []));
    if (!checked) return;
    const nextPeriods = frame.attempt(() => memo(engine, 'pairPeriods', dModel, base));
    if (!nextPeriods) return;
    periods = nextPeriods;
    shown = { dModel, base, positions, layout };
    const max = String(Math.max(0, positions - 1));
    if (position.input.max !== max) position.input.max = max;
    build();
    showPosition(Math.min(state.position, positions - 1));
  }

  function value(pos, dim) {
    return columns.get(dim)[pos];
  }

  // Rows and clocks are built when what they show changes (the number of bits with the window; bars, clocks and
  // their periods with the other parameters or the chosen pairs) and otherwise only updated as the position
  // moves, so a slider step that leaves them alone costs nothing, and keyboard focus on a bar or clock survives
  // Play.
  let bitItems = [];
  let barItems = [];
  let clockItems = [];
  let dimsShown = []; // the dimensions the bars and clocks read
  let bitsBuilt = 0;
  let restBuilt = '';

  function build() {
    const { dModel, base, layout, positions } = shown;
    const bitCount = Math.min(MAX_BITS, Math.max(1, (positions - 1).toString(2).length));
    if (bitCount !== bitsBuilt) buildBits(bitCount);
    const pairs = clockPairs();
    const key = `${dModel}|${base}|${layout}|${pairs.join(',')}`;
    if (key !== restBuilt) buildRest(pairs);
    restBuilt = key;
  }

  function buildBits(bitCount) {
    bitsBuilt = bitCount;
    bitItems = Array.from({ length: bitCount }, (_, k) => {
      const valueEl = h('span', { class: 'pe-binary-bit-value' });
      const item = h(
        'li',
        { class: 'pe-binary-bit' },
        h('span', { class: 'pe-binary-bit-label' }, `bit ${k}`),
        valueEl,
      );
      return { item, valueEl };
    });
    replaceChildren(
      bits,
      bitItems.map((b) => b.item),
    );
  }

  function buildRest(pairs) {
    const { dModel, layout } = shown;
    const fast = Math.min(FAST_PAIRS, periods.length);
    barItems = Array.from({ length: fast }, (_, i) => {
      const dim = dimensionsOf(i, dModel, layout).sin;
      const bar = h('span', { class: 'pe-binary-bar' });
      const valueEl = h('span', { class: 'pe-binary-bar-value' });
      const item = h(
        'li',
        { class: 'pe-binary-bar-row', tabindex: 0, 'data-dimension': dim },
        h('span', { class: 'pe-binary-bar-label' }, `dim ${dim}`),
        h('span', { class: 'pe-binary-track' }, bar),
        valueEl,
      );
      wireHover(item, () => describeDimension(dim), dim);
      return { item, bar, valueEl, dim, width: '' };
    });
    replaceChildren(
      bars,
      barItems.map((b) => b.item),
    );

    const r = CLOCK_SIZE / 2 - 6;
    const mid = CLOCK_SIZE / 2;
    clockItems = pairs.map((i) => {
      const { sin: sinDim, cos: cosDim } = dimensionsOf(i, dModel, layout);
      const hand = h('svg:line', { class: 'pe-binary-hand', x1: mid, y1: mid });
      const clock = h(
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
        { class: 'pe-binary-clock', tabindex: 0, role: 'img', 'data-pair': i, 'data-dimension': sinDim },
        clock,
        h('span', { class: 'pe-binary-clock-label' }, `pair ${i}`),
        h('span', { class: 'pe-binary-clock-period' }, `period ${formatPeriod(periods[i])}`),
      );
      wireHover(item, () => describePair(i), sinDim);
      return { item, hand, pair: i, sinDim, cosDim, r: r * 0.85, mid, x2: '', y2: '' };
    });
    replaceChildren(
      clocks,
      clockItems.map((c) => c.item),
    );
    dimsShown = [...barItems.map((b) => b.dim), ...clockItems.flatMap((c) => [c.sinDim, c.cosDim])];
    dimsShown.push(dimensionsOf(0, dModel, layout).sin);

    const others = clockItems.map((c) => c.pair).filter((i) => i !== 0);
    explain.textContent =
      `Bit 0 of a counter flips at every step, bit 1 every 2 steps, bit 2 every 4. Pair 0 plays bit 0: it ` +
      `repeats every ${formatPeriod(periods[0])} positions, so neighbouring positions get clearly different ` +
      `values.` +
      (others.length
        ? ` The other clocks are pairs ${others.join(', ')}, with periods ${others
            .map((i) => formatPeriod(periods[i]))
            .join(', ')} positions: each about twice the one before, like the higher bits.`
        : '') +
      ` No single bit or hand pins down the position; together they do.`;
  }

  /** Sets an element's text only when it changes, so an unchanged readout costs no layout. */
  function setText(target, text) {
    if (target.textContent !== text) target.textContent = text;
  }

  let positionShown = '';
  function showPosition(pos) {
    if (!shown) return;
    state.position = pos;
    if (position.value !== pos) position.value = pos;
    // The same position with the same bits, bars and clocks shows the same values: a step of the window that
    // keeps the position changes nothing here.
    const key = `${pos}|${bitsBuilt}|${restBuilt}`;
    if (key === positionShown) return;
    positionShown = key;
    // Values from position 0 to this one (the store keeps them for the positions before it too).
    columns = columnsOf(Math.floor(pos) + 1, shown.dModel, shown.base, shown.layout, dimsShown);
    const binary = pos.toString(2).padStart(bitItems.length, '0');
    const lsbFirst = [...binary].reverse();
    bitItems.forEach((b, k) => {
      setText(b.valueEl, lsbFirst[k]);
      b.item.classList.toggle('is-one', lsbFirst[k] === '1');
    });
    for (const b of barItems) {
      const v = value(pos, b.dim);
      // Half the track at |value| = 1, to the right when positive: layout of the engine's value.
      const width = `${(Math.abs(v) * 50).toFixed(2)}%`;
      if (b.width !== width) {
        b.bar.style.width = width;
        b.width = width;
      }
      b.bar.classList.toggle('is-negative', v < 0);
      setText(b.valueEl, formatSig(v, 3));
    }
    for (const c of clockItems) {
      // The hand points at (sin, cos): 12 o'clock at position 0, turning clockwise by the pair's angle.
      const x2 = (c.mid + c.r * value(pos, c.sinDim)).toFixed(2);
      const y2 = (c.mid - c.r * value(pos, c.cosDim)).toFixed(2);
      if (c.x2 !== x2 || c.y2 !== y2) {
        c.hand.setAttribute('x2', x2);
        c.hand.setAttribute('y2', y2);
        c.x2 = x2;
        c.y2 = y2;
      }
      const label = describePair(c.pair);
      if (c.item.getAttribute('aria-label') !== label) c.item.setAttribute('aria-label', label);
    }
    const focused = [...barItems, ...clockItems].find((x) => x.item === document.activeElement);
    if (focused)
      frame.setReadout(
        focused.pair !== undefined ? describePair(focused.pair) : describeDimension(focused.dim),
      );
    const pairs = clockItems.map((c) => c.pair);
    const summary = `Position ${formatInt(pos)} is ${binary} in binary (dModel ${formatInt(shown.dModel)}, base ${formatValue(shown.base)}). Sine of pair 0 is ${formatValue(
      value(pos, dimensionsOf(0, shown.dModel, shown.layout).sin),
    )}; clocks for pairs ${pairs.join(', ')} with periods ${pairs.map((i) => formatPeriod(periods[i])).join(', ')}.`;
    frame.setSummary(summary);
    drawHighlight();
  }

  function formatPeriod(p) {
    return p >= 1000 ? formatInt(p) : formatSig(p, 4);
  }

  function describeDimension(dim) {
    const { pair } = pairOf(dim, shown.dModel, shown.layout);
    return (
      `position ${state.position}, dimension ${dim} (pair ${pair}, sin), value ${formatValue(value(state.position, dim))}, ` +
      `period ${formatValue(periods[pair])}`
    );
  }

  function describePair(i) {
    const { sin, cos } = dimensionsOf(i, shown.dModel, shown.layout);
    return (
      `position ${state.position}, pair ${i}: sin ${formatValue(value(state.position, sin))}, ` +
      `cos ${formatValue(value(state.position, cos))}, period ${formatValue(periods[i])}`
    );
  }

  function wireHover(target, describe, dim) {
    const enter = () => {
      frame.setReadout(describe());
      state.highlight = dim;
      drawHighlight();
      announce(dim);
    };
    const leave = () => {
      state.highlight = null;
      drawHighlight();
      announce(null);
    };
    target.addEventListener('pointerenter', enter);
    target.addEventListener('focus', enter);
    target.addEventListener('pointerleave', leave);
    target.addEventListener('blur', leave);
  }

  function drawHighlight() {
    const dim = state.highlight;
    const pair =
      dim === null || dim === undefined || !shown ? null : pairOf(dim, shown.dModel, shown.layout).pair;
    for (const b of barItems)
      b.item.classList.toggle('is-highlight', pairOf(b.dim, shown.dModel, shown.layout).pair === pair);
    for (const c of clockItems) c.item.classList.toggle('is-highlight', c.pair === pair);
  }

  function syncPlayLabel() {
    const playing = timer !== 0;
    play.setAttribute('aria-pressed', String(playing));
    if (reducedMotion.matches && !playing) {
      play.textContent = 'Step';
      play.removeAttribute('aria-pressed');
    } else {
      play.textContent = playing ? 'Pause' : 'Play';
    }
  }

  function step() {
    if (!shown) return;
    showPosition(state.position + 1 < shown.positions ? state.position + 1 : 0);
  }

  // With reduced motion the button steps one position per press instead of animating.
  function togglePlay() {
    if (timer) {
      clearInterval(timer);
      timer = 0;
    } else if (reducedMotion.matches) {
      step();
    } else {
      step();
      timer = setInterval(step, PLAY_INTERVAL_MS);
    }
    syncPlayLabel();
  }

  function onMotionChange() {
    if (reducedMotion.matches && timer) {
      clearInterval(timer);
      timer = 0;
    }
    syncPlayLabel();
  }

  function tableData() {
    const { dModel, layout } = shown;
    const rows = clockPairs().map((i) => {
      const { sin, cos } = dimensionsOf(i, dModel, layout);
      return [
        i,
        sin,
        cos,
        formatValue(periods[i]),
        formatValue(value(state.position, sin)),
        formatValue(value(state.position, cos)),
      ];
    });
    return {
      columns: [
        'pair',
        'sin dimension',
        'cos dimension',
        'period',
        `sin at ${state.position}`,
        `cos at ${state.position}`,
      ],
      rows,
    };
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
      if (encoding || 'pairs' in patch) render();
      else if ('position' in patch && shown) showPosition(Math.min(patch.position, shown.positions - 1));
      else drawHighlight();
    },
    destroy() {
      if (timer) clearInterval(timer);
      reducedMotion.removeEventListener('change', onMotionChange);
      frame.destroy();
    },
  };
}
