// The sinusoidal part of the article (sections formula to similarity) as one linked unit: one set of controls,
// in a bar that docks to the top of the window while the reader is in this part; every figure follows it; every
// live number in the prose is recomputed by the engine; a dimension hovered in one figure is marked in all.
import { mountWhenVisible } from '../app/lazy.js';
import { getEngine, loadEngine } from '../engine.js';
import { SINUSOIDAL, SINUSOIDAL_DEFAULTS } from '../figures/shared-params.js';
import { createControls } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { formatInt, formatSig } from '../ui/format.js';
import { HOVER_DIMENSION, SELECT_DIMENSION } from '../ui/linked.js';
import { renderMath } from '../ui/math.js';
import { memo } from '../ui/memo.js';
import './sinusoidal.css';

/** The sections this controller owns, in reading order. */
export const SECTIONS = ['formula', 'columns', 'periods', 'ranges', 'rotation', 'similarity'];

const DEFAULT_DIMENSIONS = [0, 32, 128, 256, 500];
/** Live numbers computed from the engine's dimension ranges (computeLive leaves them out with ranges: false). */
const RANGE_VALUES = ['flat01', 'flat05'];
/** How long the slider rests before live numbers away from the viewport catch up. */
const RANGES_REST_MS = 250;
const MAX_COLUMNS = 8;

/**
 * Takes over the figure slots of the sinusoidal sections (so the generic lazy mounting in main.js skips them),
 * builds the section controls and starts filling the live numbers. Call before the generic mounting loop.
 * @param {Document} root
 * @returns {{ update(patch): void } | null} null when the page has none of these sections
 */
export function startSinusoidalSection(root = document) {
  const sections = SECTIONS.map((id) => root.getElementById(id)).filter(Boolean);
  if (sections.length === 0) return null;

  let params = { ...SINUSOIDAL_DEFAULTS };
  let dimensions = [...DEFAULT_DIMENSIONS];
  let highlight = null;
  let scheduled = 0;
  let engine = null;

  // The prose of these sections is static: its live elements are found once.
  const prose = proseOf(sections);
  // Live numbers that need the dimension ranges are refreshed on a slider step only while near the viewport;
  // away from it they catch up when the slider rests or when they come near.
  const rangesNear = new Set();
  let rangesStale = false;
  let rangesTimer = 0;
  const rangesObserver = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) rangesNear.add(entry.target);
        else rangesNear.delete(entry.target);
      }
      if (rangesNear.size > 0 && rangesStale) catchUpRanges();
    },
    { rootMargin: '200px 0px' },
  );
  for (const { element, name } of prose.outputs)
    if (RANGE_VALUES.includes(name)) rangesObserver.observe(element);

  // One options object per slot, kept current: a figure that mounts later starts from the latest parameters.
  const slots = [];
  // Figures outside the viewport are not redrawn while a slider moves; they catch up as they come into view. At
  // 2048 positions by 512 dimensions this keeps a slider step to the figures the reader can see.
  const nearViewport = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const slot = slots.find((s) => s.element === entry.target);
        if (!slot) continue;
        slot.visible = entry.isIntersecting;
        if (slot.visible && slot.stale && slot.handle) {
          slot.stale = false;
          slot.handle.update({ ...params });
        }
      }
    },
    { rootMargin: '0px' },
  );
  for (const section of sections) {
    for (const element of section.querySelectorAll('[data-mount]')) {
      const id = element.dataset.mount;
      // data-linked claims the slot for this controller; main.js mounts only the slots nobody has claimed.
      element.dataset.linked = id;
      const options = { ...params, highlight, controls: false };
      if (id === 'columns') options.dimensions = dimensions;
      const slot = { id, element, options, handle: null, visible: false, stale: false };
      slots.push(slot);
      nearViewport.observe(element);
      mountWhenVisible(element, id, options).then(
        (handle) => {
          slot.handle = handle;
        },
        () => {
          // The slot shows the error in place of the figure.
        },
      );
    }
  }

  const bar = buildBar();
  const barSlot = root.querySelector('[data-section-controls]') ?? sections[0].querySelector('h2');
  if (barSlot.matches('[data-section-controls]')) barSlot.append(bar.element);
  else barSlot.after(bar.element);
  dockWhileReading(bar.element, barSlot, sections[sections.length - 1]);

  const part = sections;
  const inPart = (target) => part.some((section) => section.contains(target));
  root.addEventListener(HOVER_DIMENSION, (event) => {
    if (!inPart(event.target)) return;
    highlight = event.detail?.dimension ?? null;
    for (const slot of slots) {
      slot.options.highlight = highlight;
      slot.handle?.update({ highlight });
    }
  });
  root.addEventListener(SELECT_DIMENSION, (event) => {
    if (!inPart(event.target)) return;
    const dimension = event.detail?.dimension;
    if (!Number.isInteger(dimension) || dimensions.includes(dimension)) return;
    // The columns figure has one colour per curve for eight curves; the oldest choice makes room.
    setDimensions([...dimensions, dimension].slice(-MAX_COLUMNS));
  });
  root.addEventListener('pe:dimensions-change', (event) => {
    if (!inPart(event.target) || !Array.isArray(event.detail?.dimensions)) return;
    dimensions = [...event.detail.dimensions];
    for (const slot of slots) if (slot.id === 'columns') slot.options.dimensions = dimensions;
  });

  function setDimensions(next) {
    dimensions = next;
    for (const slot of slots) {
      if (slot.id !== 'columns') continue;
      slot.options.dimensions = dimensions;
      slot.handle?.update({ dimensions });
    }
  }

  function set(patch) {
    params = { ...params, ...patch };
    // Slider input arrives faster than frames; coalesce it so every figure redraws at most once per frame.
    if (!scheduled) scheduled = requestAnimationFrame(flush);
  }

  function flush() {
    scheduled = 0;
    const ranges = rangesWanted();
    const live = engine ? computeLive(engine, params, { ranges }) : null;
    if (live?.error) {
      bar.showError(live.error);
      return;
    }
    bar.showError(null);
    bar.sync(params);
    for (const slot of slots) {
      Object.assign(slot.options, params);
      if (!slot.handle) continue;
      if (slot.visible) slot.handle.update({ ...params });
      else slot.stale = true;
    }
    if (!live) return;
    showLive(prose, live);
    if (ranges) {
      rangesStale = false;
      clearTimeout(rangesTimer);
    } else {
      rangesStale = true;
      // The slider may still be moving: catch up once it has rested.
      clearTimeout(rangesTimer);
      rangesTimer = setTimeout(catchUpRanges, RANGES_REST_MS);
    }
  }

  /**
   * Whether this step fills the numbers that need the engine's dimension ranges (a pass over the whole table,
   * about 2 ms at 2048 x 512): when they are near the viewport, or when the ranges figure is drawn this step
   * (it asks the engine the same question, so memo answers the second time for free).
   */
  function rangesWanted() {
    return rangesNear.size > 0 || slots.some((s) => s.id === 'ranges' && s.visible && s.handle);
  }

  function catchUpRanges() {
    clearTimeout(rangesTimer);
    if (!rangesStale || !engine) return;
    const live = computeLive(engine, params);
    if (live.error) {
      bar.showError(live.error);
      return;
    }
    rangesStale = false;
    showLive(prose, live);
  }

  function buildBar() {
    const controls = createControls(SINUSOIDAL, params, set);
    const summary = h('span', { class: 'pe-section-bar-summary' });
    const panelId = 'pe-section-bar-controls';
    const toggle = h(
      'button',
      {
        type: 'button',
        class: 'pe-button pe-section-bar-toggle',
        'aria-expanded': 'false',
        'aria-controls': panelId,
      },
      'Change',
    );
    const panel = h(
      'div',
      { class: 'pe-section-bar-controls', id: panelId },
      Object.values(controls).map((c) => c.element),
    );
    const error = h('p', { class: 'pe-error', role: 'alert', hidden: true });
    const element = h(
      'div',
      {
        class: 'pe-section-bar',
        role: 'group',
        'aria-label': 'Encoding parameters for this part of the article (every figure below follows them)',
      },
      h('div', { class: 'pe-section-bar-head' }, summary, toggle),
      panel,
      error,
    );
    toggle.addEventListener('click', () => {
      const open = !element.classList.contains('is-open');
      element.classList.toggle('is-open', open);
      toggle.setAttribute('aria-expanded', String(open));
      toggle.textContent = open ? 'Done' : 'Change';
    });
    function sync(values) {
      for (const key of Object.keys(SINUSOIDAL)) {
        if (controls[key].value !== values[key]) controls[key].value = values[key];
      }
      const text =
        `dModel ${formatInt(values.dModel)} \u00b7 base ${formatSig(values.base, 6)} \u00b7 ` +
        `${formatInt(values.positions)} positions \u00b7 ${values.layout}`;
      if (summary.textContent !== text) summary.textContent = text;
    }
    sync(params);
    return {
      element,
      sync,
      showError(message) {
        // Called on every step: the error line is written only when its message changes.
        const text = message ?? '';
        if (error.textContent === text) return;
        error.textContent = text;
        error.hidden = !message;
      },
    };
  }

  loadEngine().then(
    (instance) => {
      engine = instance;
      const live = computeLive(engine, params);
      if (!live.error) showLive(prose, live);
    },
    () => {
      // Each figure slot reports a failed engine load in place.
    },
  );

  return {
    update(patch) {
      set(patch);
    },
  };
}

/**
 * Every live number of these sections for the given parameters, from engine calls. Counting and picking
 * entries of engine arrays is all that happens here; the values themselves are the engine's.
 * @param {{ ranges?: boolean }} options ranges: false leaves out the numbers that need the dimension ranges
 *   (RANGE_VALUES), the one costly engine call here
 */
export function computeLive(engine = getEngine(), { dModel, base, positions }, { ranges = true } = {}) {
  try {
    const periods = memo(engine, 'pairPeriods', dModel, base);
    const firstSlow = periods.findIndex((p) => p > positions);
    const values = {
      dModel: formatInt(dModel),
      base: formatSig(base, 6),
      positions: formatInt(positions),
      pairs: formatInt(periods.length),
      firstPeriod: formatPeriod(periods[0]),
      lastPeriod: formatPeriod(periods[periods.length - 1]),
      ratio: periods.length > 1 ? formatSig(periods[1] / periods[0], 5) : 'undefined (one pair)',
      firstSlowPair: firstSlow >= 0 ? formatInt(firstSlow) : 'none',
      firstSlowDim: firstSlow >= 0 ? formatInt(2 * firstSlow) : 'none',
    };
    if (ranges) {
      const r = memo(engine, 'dimensionRanges', positions, dModel, base);
      let below01 = 0;
      let below05 = 0;
      for (let i = 0; i < r.length; i += 1) {
        if (r[i] < 0.1) below01 += 1;
        if (r[i] < 0.5) below05 += 1;
      }
      values.flat01 = formatInt(below01);
      values.flat05 = formatInt(below05);
    }
    return {
      values,
      flags: { slow: firstSlow >= 0, noslow: firstSlow < 0, manyPairs: periods.length > 1 },
      tex: {
        formula:
          `\\begin{aligned} PE_{(pos,\\,2i)} &= \\sin\\!\\left(\\frac{pos}{${texNumber(base)}^{2i/${dModel}}}\\right) \\\\ ` +
          `PE_{(pos,\\,2i+1)} &= \\cos\\!\\left(\\frac{pos}{${texNumber(base)}^{2i/${dModel}}}\\right) \\\\ ` +
          `i &= ${periods.length > 1 ? `0, \\dots, ${periods.length - 1}` : '0'} \\end{aligned}`,
        ratio: `\\frac{T_{i+1}}{T_i} = ${texNumber(base)}^{2/${dModel}}`,
      },
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function formatPeriod(p) {
  return p >= 1000 ? formatInt(p) : formatSig(p, 4);
}

function texNumber(x) {
  return formatSig(x, 6).replace(/,/g, '{,}').replace('\u00d710^', '\\times 10^');
}

/** The live elements of the sections' prose, with what was last written to each. */
function proseOf(sections) {
  const all = (selector) => sections.flatMap((section) => [...section.querySelectorAll(selector)]);
  return {
    outputs: all('[data-live]').map((element) => ({ element, name: element.dataset.live, shown: null })),
    conditions: all('[data-show-if]').map((element) => ({ element, flag: element.dataset.showIf })),
    formulas: all('[data-live-tex]').map((element) => ({ element, name: element.dataset.liveTex })),
  };
}

/** Writes the numbers, conditions and formulas that changed; names missing from `values` are left alone. */
function showLive(prose, { values, flags, tex }) {
  for (const output of prose.outputs) {
    const value = values[output.name];
    if (!Object.hasOwn(values, output.name) || output.shown === value) continue;
    output.shown = value;
    if (output.element.textContent !== value) output.element.textContent = value;
  }
  for (const { element, flag } of prose.conditions) {
    const hidden = !flags[flag];
    if (element.hidden !== hidden) element.hidden = hidden;
  }
  for (const { element, name } of prose.formulas) {
    // Typesetting is the costliest part of a slider step; most steps leave a formula's text unchanged.
    if (Object.hasOwn(tex, name) && element.dataset.texShown !== tex[name]) {
      renderMath(element, tex[name]);
      element.dataset.texShown = tex[name];
    }
  }
}

/**
 * Keeps the bar in its place in the formula section until the reader scrolls past it, then fixes it to the top
 * of the window until the last section of the part leaves; its place keeps the bar's height so nothing jumps.
 */
function dockWhileReading(bar, place, lastSection) {
  let pending = 0;
  const check = () => {
    pending = 0;
    const placeTop = place.getBoundingClientRect().top;
    const docked = bar.classList.contains('is-docked');
    const height = bar.offsetHeight;
    const shouldDock = placeTop < 0 && lastSection.getBoundingClientRect().bottom > height;
    if (shouldDock === docked) return;
    if (shouldDock) place.style.minHeight = `${height}px`;
    else place.style.minHeight = '';
    bar.classList.toggle('is-docked', shouldDock);
  };
  const onScroll = () => {
    if (!pending) pending = requestAnimationFrame(check);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll, { passive: true });
  check();
}
