// The sinusoidal part of the article (sections formula to similarity) as one linked unit: one set of controls
// (section-bar.js) that every figure follows, and a dimension hovered in one figure marked in all. Figures fill
// their own live numbers through their declaration (`live`); this fills the prose that belongs to no figure (the
// periods, the flat dimensions, the typeset formula) from engine calls, through the same fillLive.
import { engineLoaded, loadEngine } from '../engine/engine.js';
import { dimensionsOf, FLAT, flatDimensions, interleavedIndex } from '../engine/layout.js';
import { SINUSOIDAL_DEFAULTS } from '../figures/shared-params.js';
import { formatPeriod } from '../figures/sinusoidal-parts.js';
import { formatInt, formatSig } from '../ui/format.js';
import { HOVER_DIMENSION, SELECT_DIMENSION } from '../ui/linked.js';
import { fillLive } from '../ui/live.js';
import { renderMath } from '../ui/math.js';
import { memo } from '../ui/memo.js';
import { dockWhileReading, sectionBar } from './section-bar.js';
import './sinusoidal.css';

/** The sections this controller owns. */
export const SECTIONS = ['formula', 'columns', 'periods', 'ranges', 'rotation', 'similarity'];

const DEFAULT_DIMENSIONS = [0, 32, 128, 256, 500];
/** Prose numbers that need the engine's dimension ranges (proseNumbers leaves them out with ranges: false). */
const RANGE_VALUES = ['flat01', 'flat05', 'flatFirst', 'flatFrom', 'flatFromCount', 'halfDim', 'halfRange'];
/** How long the slider rests before range numbers away from the viewport catch up. */
const RANGES_REST_MS = 250;
const MAX_COLUMNS = 8;

/**
 * Takes over the figure slots of the sinusoidal sections (so the generic lazy mounting in main.js skips them),
 * builds the section controls and starts filling the prose. Call before the generic mounting loop.
 * @param {Document} root
 * @param {(element: HTMLElement, id: string, options: Record<string, unknown>) => Promise<any>} mountWhenVisible
 *   mounts figure `id` in `element` once it nears the viewport, resolving with its handle (the page's lazy
 *   mounting, app/lazy.js)
 * @returns {{ update(patch): void, params(): Record<string, unknown>, notes(list: any[]): void } | null} null
 *   when the page has none of these sections
 */
export function startSinusoidalSection(root, mountWhenVisible) {
  const sections = SECTIONS.map((id) => root.getElementById(id)).filter(Boolean);
  if (sections.length === 0) return null;
  let params = { ...SINUSOIDAL_DEFAULTS };
  let dimensions = [...DEFAULT_DIMENSIONS];
  let engine = null;
  let scheduled = 0;
  const prose = proseOf(sections);
  const figures = linkedFigures(sections, params, dimensions, mountWhenVisible);

  // Range numbers are refreshed on a slider step only while near the viewport (or while the ranges figure,
  // which asks the engine the same question, is drawn); away from it they catch up when the slider rests or
  // when they come near.
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
  for (const element of prose.outputs) {
    if (RANGE_VALUES.includes(element.dataset.live)) rangesObserver.observe(element);
  }

  const bar = sectionBar(params, (patch) => {
    bar.dropNotes(Object.keys(patch));
    set(patch);
  });
  const barSlot = root.querySelector('[data-section-controls]') ?? sections[0].querySelector('h2');
  if (barSlot.matches('[data-section-controls]')) barSlot.append(bar.element);
  else barSlot.after(bar.element);
  dockWhileReading(bar.element, barSlot, sections[sections.length - 1]);

  const inPart = (target) => sections.some((section) => section.contains(target));
  root.addEventListener(HOVER_DIMENSION, (/** @type {CustomEvent} */ event) => {
    if (inPart(event.target)) figures.tell({ highlight: event.detail?.dimension ?? null });
  });
  root.addEventListener(SELECT_DIMENSION, (/** @type {CustomEvent} */ event) => {
    const dimension = event.detail?.dimension;
    if (!inPart(event.target) || !Number.isInteger(dimension) || dimensions.includes(dimension)) return;
    // The columns figure has one colour per curve for eight curves; the oldest choice makes room.
    dimensions = [...dimensions, dimension].slice(-MAX_COLUMNS);
    figures.tell({ dimensions }, { only: 'columns' });
  });
  root.addEventListener('pe:dimensions-change', (/** @type {CustomEvent} */ event) => {
    if (!inPart(event.target) || !Array.isArray(event.detail?.dimensions)) return;
    dimensions = [...event.detail.dimensions];
    figures.tell({ dimensions }, { only: 'columns', quiet: true });
  });

  function set(patch) {
    params = { ...params, ...patch };
    // Slider input arrives faster than frames; coalesce it so every figure redraws at most once per frame.
    if (!scheduled) scheduled = requestAnimationFrame(flush);
  }

  function flush() {
    scheduled = 0;
    // The range numbers cost a pass over the whole table (about 2 ms at 2048 x 512): taken when near the
    // viewport, or when the ranges figure is drawn this step (memo then answers the second time for free).
    const ranges = rangesNear.size > 0 || figures.drawn('ranges');
    const numbers = engine ? proseNumbers(engine, params, { ranges }) : null;
    if (numbers?.error) {
      bar.showError(numbers.error);
      return;
    }
    bar.showError(null);
    bar.sync(params);
    figures.follow(params);
    if (!numbers) return;
    showProse(prose, numbers);
    clearTimeout(rangesTimer);
    rangesStale = !ranges;
    // The slider may still be moving: catch up once it has rested.
    if (rangesStale) rangesTimer = setTimeout(catchUpRanges, RANGES_REST_MS);
  }

  function catchUpRanges() {
    clearTimeout(rangesTimer);
    if (!rangesStale || !engine) return;
    const numbers = proseNumbers(engine, params);
    if (numbers.error) {
      bar.showError(numbers.error);
      return;
    }
    rangesStale = false;
    showProse(prose, numbers);
  }

  // Each figure slot reports a failed engine load in place (with Try again); the prose fills in whenever the
  // engine has loaded, on this try or a later one.
  loadEngine().catch(() => undefined);
  engineLoaded().then((instance) => {
    engine = instance;
    const numbers = proseNumbers(engine, params);
    if (!numbers.error) showProse(prose, numbers);
  });

  return {
    update(patch) {
      set(patch);
    },
    /** The bar's current values (URL state writes them). */
    params: () => ({ ...params }),
    /** Notes on the bar's values from the address (URL state reads them). */
    notes: (list) => bar.setNotes(list),
  };
}

/**
 * Mounts every figure slot of the sections as it nears the viewport, with the section's parameters and no
 * controls of its own for them. Figures outside the viewport are not redrawn while a slider moves; they catch up
 * as they come into view. At 2048 positions by 512 dimensions this keeps a slider step to the figures the reader
 * can see.
 */
function linkedFigures(sections, initial, dimensions, mountWhenVisible) {
  let params = initial;
  // One options object per slot, kept current: a figure that mounts later starts from the latest parameters.
  const slots = [];
  const nearViewport = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const slot = slots.find((s) => s.element === entry.target);
      if (!slot) continue;
      slot.visible = entry.isIntersecting;
      if (slot.visible && slot.stale && slot.handle) {
        slot.stale = false;
        slot.handle.update({ ...params });
      }
    }
  });
  for (const element of sections.flatMap((section) => [...section.querySelectorAll('[data-mount]')])) {
    const id = element.dataset.mount;
    // data-linked claims the slot for this controller; main.js mounts only the slots nobody has claimed.
    element.dataset.linked = id;
    const options = {
      ...params,
      highlight: null,
      controls: false,
      ...(id === 'columns' ? { dimensions } : {}),
    };
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
  return {
    /** New section parameters: figures in view redraw now, the others when they come into view. */
    follow(next) {
      params = next;
      for (const slot of slots) {
        Object.assign(slot.options, params);
        if (!slot.handle) continue;
        if (slot.visible) slot.handle.update({ ...params });
        else slot.stale = true;
      }
    },
    /** Gives figures (all, or those with id `only`) options; `quiet` records them for figures mounted later. */
    tell(patch, { only = null, quiet = false } = {}) {
      for (const slot of slots) {
        if (only !== null && slot.id !== only) continue;
        Object.assign(slot.options, patch);
        if (!quiet) slot.handle?.update(patch);
      }
    },
    /** Whether figure `id` is mounted and in view (so redrawn on this step). */
    drawn: (id) => slots.some((s) => s.id === id && s.visible && s.handle),
  };
}

/**
 * The prose numbers, conditions and formulas for the given parameters, from engine calls; counting and picking
 * entries of engine arrays is all that happens here.
 * @param {import('../../../cpp/bindings/pe-engine.d.ts').PeEngine} engine
 * @param {any} params dModel, base and positions
 * @param {{ ranges?: boolean }} [options] ranges: false leaves out RANGE_VALUES, the one costly engine call here
 * @returns {any} { values, flags, tex } or { error }
 */
function proseNumbers(engine, { dModel, base, positions, layout }, { ranges = true } = {}) {
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
      // How many pairs it takes for the period to double: log 2 over the log of the engine's period ratio.
      pairsPerDoubling:
        periods.length > 1 ? formatSig(Math.log(2) / Math.log(periods[1] / periods[0]), 3) : 'undefined',
      firstSlowPair: firstSlow >= 0 ? formatInt(firstSlow) : 'none',
      firstSlowDim: firstSlow >= 0 ? formatInt(dimensionsOf(firstSlow, dModel).sin) : 'none',
    };
    let flat = null;
    if (ranges) {
      const r = memo(engine, 'dimensionRanges', positions, dModel, base);
      values.flat01 = formatInt(r.filter((v) => v < FLAT).length);
      values.flat05 = formatInt(r.filter((v) => v < 0.5).length);
      flat = flatDimensions(r, dModel, layout);
      values.flatFirst = formatInt(Math.min(flat.first, dModel - 1));
      values.flatFrom = formatInt(Math.min(flat.tail, dModel - 1));
      values.flatFromCount = formatInt(dModel - flat.tail);
      const half = dModel / 2;
      values.halfDim = formatInt(half);
      values.halfRange = formatSig(r[interleavedIndex(half, dModel, layout)], 2);
    }
    const b = texNumber(base);
    const angle = `\\left(\\frac{pos}{${b}^{2i/${dModel}}}\\right)`;
    return {
      values,
      flags: {
        slow: firstSlow >= 0,
        noslow: firstSlow < 0,
        manyPairs: periods.length > 1,
        // Left as they are (undefined) while the ranges wait: showProse skips a condition it is not given.
        ...(flat === null
          ? {}
          : {
              someFlat: flat.first < dModel,
              noneFlat: flat.first >= dModel,
              flatTail: flat.tail < dModel,
              flatGap: flat.tail < dModel && flat.tail > flat.first,
              // Whether the right half's first dimension still moves by 0.1 or more (flat ones start later).
              flatAfterHalf: flat.first > dModel / 2,
              flatBeforeHalf: flat.first <= dModel / 2,
              interleaved: layout !== 'split',
              split: layout === 'split',
            }),
      },
      tex: {
        formula:
          `\\begin{aligned} PE_{(pos,\\,2i)} &= \\sin\\!${angle} \\\\ PE_{(pos,\\,2i+1)} &= \\cos\\!${angle} \\\\ ` +
          `i &= ${periods.length > 1 ? `0, \\dots, ${periods.length - 1}` : '0'} \\end{aligned}`,
        ratio: `\\frac{T_{i+1}}{T_i} = ${b}^{2/${dModel}}`,
      },
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function texNumber(x) {
  return formatSig(x, 6).replace(/,/g, '{,}').replace('\u00d710^', '\\times 10^');
}

/** The prose's live elements, found once (the prose is static). */
function proseOf(sections) {
  const all = (selector) => sections.flatMap((section) => [...section.querySelectorAll(selector)]);
  return {
    sections,
    outputs: all('[data-live]'),
    conditions: all('[data-show-if]'),
    formulas: all('[data-live-tex]'),
  };
}

/** Writes the numbers, conditions and formulas that changed; numbers missing from `values` are left alone. */
function showProse({ sections, conditions, formulas }, { values, flags, tex }) {
  for (const section of sections) fillLive(section, values);
  for (const element of conditions) {
    if (!(element.dataset.showIf in flags)) continue;
    const hidden = !flags[element.dataset.showIf];
    if (element.hidden !== hidden) element.hidden = hidden;
  }
  for (const element of formulas) {
    const text = tex[element.dataset.liveTex];
    // Typesetting is the costliest part of a slider step; most steps leave a formula's text unchanged.
    if (text !== undefined && element.dataset.texShown !== text) {
      renderMath(element, text);
      element.dataset.texShown = text;
    }
  }
}
