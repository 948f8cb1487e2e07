// defineFigure: one declaration per figure. A figure says what it shows (id, title, caption), what it takes
// (parameters: type, default, range, control, URL name), what it asks the engine (`compute`), how it draws
// (`view` once, `draw` on every change) and how it reads as text (`summary`, `table`, `live`). Everything else
// comes from here: mount / update / destroy, the frame with its controls kept in sync, the text alternative, CSV,
// live numbers in the prose; and from core/figure.js, which needs no page: URL parsing, the parameter list that
// embeds and URL state use, and the computation Node's tests run.
import { embedEntries } from '../core/embed-options.js';
import { figureBasics, pick } from '../core/figure.js';
import { followNotes } from '../core/moves.js';
import { clampToBounds, maxOf, urlParamsOf } from '../core/params.js';
import { APPLY_EVENT, CHANGE_EVENT, changedEntries, MOUNT_EVENT } from '../core/url.js';
import { getEngine } from '../engine/engine.js';
import { createControls } from './controls.js';
import { embedButton } from './embed-dialog.js';
import { exportCaption } from './export-image.js';
import { createFrame } from './frame.js';
import { hoverAnnouncer } from './linked.js';
import { fillLive, sectionOf } from './live.js';
import { engineRecovery } from './recover.js';
import { watchWidth } from './resize.js';

/** A figure's parameters by name (each figure knows its own; the spec machinery does not). @typedef {any} Params */

/**
 * @template Data, View
 * @typedef {object} FigureSpec
 * @property {string} id the figure id (a key of app/registry.js), also data-figure on the mounted element
 * @property {string} title shown when the figure stands alone, and naming its controls and data table
 * @property {string} [caption] what to notice in the picture (one to three sentences)
 * @property {string[]} [primary] the parameters whose controls stay beside the picture (by default the first
 *   two declared with a control); the others fold into the frame's "Settings"
 * @property {Record<string, import('../core/params.js').ParamDecl>} [params]
 * @property {string[]} [ownControls] parameters declared without a control whose control the view makes itself
 *   (a text field, a button that sets one); the view marks it `data-param="<key>"` (keys separated by spaces),
 *   or asks `ctx.fixed`, so that an embed that keeps the parameter hides it
 * @property {Record<string, unknown>} [options] defaults of options that are not parameters (the article's
 *   links between figures: a highlighted dimension, callbacks); a change to one calls `onOptions`
 * @property {boolean} [lab] the figure also uses the training lab's module (engine/engine.js getLab), which is then
 *   loaded before it mounts; every other figure needs only the engine, and the page never loads the lab's
 * @property {boolean} [models] the figure also uses the models' module (engine/engine.js getModels: ropeSpectrum
 *   and the learned-table analyses), loaded before it mounts
 * @property {(engine: import('../../../cpp/bindings/pe-engine.d.ts').PeEngine, params: Params, previous: Data | null) => Data} [compute] engine calls
 *   only; a thrown Error is shown in place and the figure keeps its last drawing
 * @property {(ctx: FigureContext) => View} view builds the figure's nodes once; the view's parts that have a
 *   `destroy()` (charts, maps) are destroyed with the figure
 * @property {(view: View, data: Data, params: Params) => void} [draw]
 * @property {(data: Data, params: Params) => string} [summary] the one-line text alternative
 * @property {(data: Data, params: Params, engine: import('../../../cpp/bindings/pe-engine.d.ts').PeEngine) => { columns: string[], rows: unknown[][],
 *   note?: string, csv?: { columns: string[], rows: unknown[][] } }} [table] the data table and CSV
 * @property {(data: Data, params: Params) => Record<string, unknown>} [live] numbers for the
 *   `data-live` outputs of the section around the figure (none on the embed page)
 * @property {(params: Params, patch: Record<string, unknown>) => Record<string, unknown>} [follow]
 *   parameters that move with a reader's change to a control (a lower bound pushed past an upper one pushes it
 *   along): given the parameters with the change and the change itself, the other values to set; their controls
 *   follow. Values from options are left as given, for the engine to judge.
 * @property {(params: Params, given: Record<string, unknown>) => Record<string, unknown>} [bound] parameters
 *   that must move with others a URL sets, for the figure to draw at all (a target length below the trained
 *   one): given all values and those the URL gave, the values to change; each change is noted in the figure
 * @property {(view: View, dimension: number | null, params: Params) => void} [mark] marks a dimension: the one
 *   the reader points at here (`ctx.hover`) or in a linked figure (the `highlight` option), or none; called
 *   again after every draw, so that new parameters keep the mark
 * @property {(view: View, options: Params, changed: string[]) => void} [onOptions]
 * @property {(view: View) => void} [destroy] what `ctx.own` does not already stop
 */

/**
 * @typedef {object} FigureContext
 * @property {HTMLElement} element the mount point
 * @property {ReturnType<typeof createFrame>} frame controls, plot, readout, error line, actions
 * @property {Record<string, { element: HTMLElement, value: any, input?: HTMLInputElement }>} controls the
 *   parameters' controls in the page (for a range that follows another parameter, say)
 * @property {import('../../../cpp/bindings/pe-engine.d.ts').PeEngine} engine the loaded engine
 * @property {() => Params} params the current parameters
 * @property {() => Params} options the current options
 * @property {(key: string) => boolean} fixed whether parameter `key` stays at its value: an embed names the
 *   controls it shows (`controls=`), and the view's own controls for the others (marked `data-param="<key>"`,
 *   hidden by the frame) must not change them either
 * @property {(patch: Record<string, unknown>) => void} set changes parameters as the reader would
 * @property {(text: string) => void} readout
 * @property {(error: unknown) => void} fail shows an Error from work the view did itself (a worker's answer) on
 *   the error line, or, for an engine that stopped, asks again or shows the failure box (ui/recover.js)
 * @property {() => void} redraw draws again from the last computed data (after the view's own state changed)
 * @property {() => { data: any, params: Params }} drawn what the last draw showed (for readouts between draws)
 * @property {(dimension: number | null) => void} hover the reader points at a dimension here (null: no longer):
 *   marked (`mark`) and announced to linked figures
 * @property {<T>(part: T) => T} own destroys a part outside the view with the figure: a function is called,
 *   anything else has its `destroy()` called
 * @property {(element: Element, onWidth?: (width: number) => void) => () => number} watchWidth follows the
 *   element's width (ui/resize.js) while the figure is mounted, calling onWidth (by default, drawing again) on
 *   each change; returns the width last reported (0 before), so that a draw need not read layout
 */

/**
 * Declares a figure. The result is what the registry, the article, the embed page and URL state use.
 * @template Data, View
 * @param {FigureSpec<Data, View>} spec
 */
export function defineFigure(spec) {
  const {
    declarations: decls,
    defaults,
    optionDefaults,
    params,
    controllable,
    parse,
    readEmbed,
    compute,
  } = figureBasics(spec);
  return Object.freeze({
    id: spec.id,
    title: spec.title,
    /** Whether the lab's module must be loaded (engine/engine.js loadLab) before mount. */
    needsLab: spec.lab === true,
    /** Whether the models' module must be loaded (engine/engine.js loadModels) before mount. */
    needsModels: spec.models === true,
    /** The URL parameters, in declaration order (core/figure.js). */
    params,
    /** The parameters' declarations as given (core/figure.js). */
    declarations: decls,
    /** Options from a URL query, with notes on what was refused (core/figure.js). */
    parse,
    /** Options from a query of an embed, with `plain` and `controls=` (core/figure.js). */
    readEmbed,
    /** What the figure computes for these options, as a mounted figure does (core/figure.js). */
    compute,
    /**
     * Mounts the figure; values the page's address holds for it (URL state, answering MOUNT_EVENT) come first.
     * @param {HTMLElement} element
     * @param {Record<string, unknown>} [options] parameters, and the figure's other options
     */
    mount: (element, options = {}) => {
      const request = { id: spec.id, params, parse, options: {} };
      element.dispatchEvent(new CustomEvent(MOUNT_EVENT, { bubbles: true, detail: request }));
      return mountFigure(spec, decls, controllable, element, {
        ...defaults,
        ...optionDefaults,
        ...options,
        ...request.options,
      });
    },
  });
}

function mountFigure(spec, decls, controllable, element, initial) {
  const engine = getEngine();
  const keys = Object.keys(decls);
  const isParam = (key) => keys.includes(key);
  let state = { ...initial };
  let data = null;
  let drawn = null; // the parameters `data` was computed for
  const params = () => pick(state, keys);

  const frame = createFrame(element, {
    id: spec.id,
    title: spec.title,
    caption: spec.caption,
    table: spec.table ? () => spec.table(data, drawn, engine) : undefined,
    imageCaption: () => exportCaption(spec.title, decls, drawn ?? params()),
  });
  const urlParams = urlParamsOf(decls);
  frame.actions.append(
    embedButton({
      id: spec.id,
      title: spec.title,
      entries: () => changedEntries(urlParams, params()),
      controls: () => controllable,
      options: embedEntries,
    }),
  );
  const controls = createControls(decls, state, (patch) => apply(...withFollowers(patch)));
  const bounded = keys.filter((key) => typeof decls[key].max === 'function');
  const shownControls = state.controls === false ? omitLinked(controls) : controls;
  const primary = primaryKeys(spec, decls);
  const [inRow, folded] = partition(shownControls, (key) => primary.includes(key));
  frame.addControls(inRow);
  frame.addSettings(folded);
  const fixed = (key) => state.showControls != null && isParam(key) && !state.showControls.includes(key);
  const live = spec.live ? sectionOf(element) : null;
  const announce = hoverAnnouncer(element);
  const recovery = engineRecovery(frame, () => render());
  const parts = [];
  let marked = state.highlight ?? null;
  const own = (part) => {
    parts.push(typeof part === 'function' ? part : () => part.destroy());
    return part;
  };

  /** @type {FigureContext} */
  const ctx = {
    element,
    frame,
    controls: shownControls,
    engine,
    params,
    options: () => state,
    fixed,
    set,
    readout: (text) => frame.setReadout(text),
    fail: (error) => recovery.handle(error) || frame.showError(messageOf(error)),
    redraw: () => data !== null && paint(),
    drawn: () => ({ data, params: drawn }),
    hover(dimension) {
      marked = dimension ?? null;
      markNow();
      announce(marked);
    },
    own,
    watchWidth: (target, onWidth = () => ctx.redraw()) => own(watchWidth(target, onWidth)).width,
  };
  const view = spec.view(ctx);
  let fixedKeys = '';
  applyEmbed();

  // The embed's options: the frame plain or whole, and the controls of fixed parameters hidden (those chosen by
  // name all beside the picture, none folded into Settings). The view draws again when the fixed parameters
  // change, for its own controls drawn with the picture (a sentence's movable words).
  function applyEmbed() {
    frame.setPlain(Boolean(state.plain));
    const chosen = state.showControls != null;
    const [row, folded] = partition(shownControls, (key) => chosen || primary.includes(key));
    frame.arrange(row, folded, fixed);
    const next = keys.filter(fixed).join(' ');
    if (next === fixedKeys) return;
    fixedKeys = next;
    if (next) element.dataset.fixed = next;
    else delete element.dataset.fixed;
    ctx.redraw();
  }

  // The values a reader's change on the controls moves with it (spec.follow), and a note on each moved value
  // that no control shows, so that no change goes unseen.
  /** @returns {[Record<string, unknown>, import('../core/params.js').ParamNote[]]} */
  function withFollowers(patch) {
    if (!spec.follow) return [patch, []];
    const before = params();
    const moved = spec.follow({ ...before, ...patch }, patch);
    /** @type {Record<string, unknown>} */
    const unseen = {};
    for (const [key, value] of Object.entries(moved)) {
      if (shownControls[key]) shownControls[key].value = value;
      else unseen[key] = value;
    }
    return [{ ...patch, ...moved }, followNotes(decls, before, unseen, Object.keys(patch))];
  }

  // A change by the figure's own interaction (a click on the picture): a fixed parameter stays as it is,
  // whatever the view asks.
  function set(given) {
    apply(Object.fromEntries(Object.entries(given).filter(([key]) => !fixed(key))));
  }

  // A change by the reader is told to URL state; `notes` say what else it moved. A change on the controls is
  // applied whole, with the values it moved (withFollowers), fixed or not: a kept value that cannot stand
  // with the reader's choice moves, with its note, or the figure would draw what the note denies.
  function apply(patch, notes = []) {
    if (Object.keys(patch).length === 0) return;
    state = { ...state, ...patch };
    dropNotes(Object.keys(patch));
    if (notes.length > 0) {
      state = { ...state, notes: [...(state.notes ?? []), ...notes] };
      frame.setNotes(state.notes);
    }
    render();
    const detail = { id: spec.id, params: urlParams, values: params(), keys: Object.keys(patch) };
    element.dispatchEvent(new CustomEvent(CHANGE_EVENT, { bubbles: true, detail }));
  }

  // The notes on URL values (figure.parse): each stays until its parameter is set anew.
  function dropNotes(keys) {
    const notes = state.notes ?? [];
    const kept = notes.filter((note) => !keys.includes(note.key));
    if (kept.length === notes.length) return;
    state = { ...state, notes: kept };
    frame.setNotes(kept);
  }

  function render() {
    keepInBounds();
    const next = params();
    const result = attempt(() => (spec.compute ? spec.compute(engine, next, data) : next));
    if (result === undefined) return;
    data = result;
    drawn = next;
    paint();
  }

  function paint() {
    const ok = attempt(() => {
      spec.draw?.(view, data, drawn);
      return true;
    });
    if (!ok) return;
    recovery.drew();
    markNow();
    if (spec.summary) frame.setSummary(spec.summary(data, drawn));
    if (live) fillLive(live, spec.live(data, drawn));
  }

  // Runs fn; an Error is shown on the error line (the figure keeps its last drawing), or, for a lost engine,
  // handled by `recovery`; returns undefined then.
  function attempt(fn) {
    try {
      const result = fn();
      frame.clearError();
      return result;
    } catch (error) {
      ctx.fail(error);
      return undefined;
    }
  }

  function markNow() {
    if (spec.mark && drawn !== null) spec.mark(view, marked, drawn);
  }

  // A parameter whose range follows others (a position below the number of positions) stays inside it, and its
  // slider's end moves with it; the end is written only when it changes (each write costs a layout).
  function keepInBounds() {
    if (bounded.length === 0) return;
    const patch = clampToBounds(decls, state);
    state = { ...state, ...patch };
    for (const key of bounded) {
      const control = controls[key];
      if (!control?.input) continue;
      const max = maxOf(decls[key], state);
      const text = String(Number.isFinite(max) ? max : 0);
      if (control.input.max !== text) control.input.max = text;
      if (key in patch) control.value = state[key];
    }
  }

  frame.setNotes(state.notes ?? []);
  render();
  const onApply = (/** @type {CustomEvent} */ event) => handle.update(event.detail);
  element.addEventListener(APPLY_EVENT, onApply);

  const handle = {
    /** Changes parameters and options from outside (the article's section bar, linked figures, URL state). */
    update(patch = {}) {
      const changedParams = [];
      const changedOptions = [];
      for (const [key, value] of Object.entries(patch)) {
        if (Object.is(state[key], value)) continue;
        (isParam(key) ? changedParams : changedOptions).push(key);
      }
      state = { ...state, ...patch };
      for (const key of changedParams) {
        // Controls the article's bar stands in for are not in the page: writing them would be wasted work.
        if (shownControls[key]) shownControls[key].value = state[key];
      }
      if (changedOptions.includes('notes')) frame.setNotes(state.notes ?? []);
      else dropNotes(changedParams);
      if (changedParams.length > 0) render();
      if (changedOptions.includes('highlight')) {
        marked = state.highlight ?? null;
        markNow();
      }
      if (changedOptions.includes('plain') || changedOptions.includes('showControls')) applyEmbed();
      if (changedOptions.length > 0) spec.onOptions?.(view, state, changedOptions);
    },
    destroy() {
      element.removeEventListener(APPLY_EVENT, onApply);
      recovery.destroy();
      spec.destroy?.(view);
      for (const part of Object.values(view ?? {})) part?.destroy?.();
      for (const stop of parts) stop();
      frame.destroy();
    },
  };
  return handle;
}

function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

function primaryKeys(spec, decls) {
  if (spec.primary) return spec.primary;
  return Object.keys(decls)
    .filter((key) => decls[key].control)
    .slice(0, 2);
}

/** Splits an object by its keys: [those that pass, the others]. */
function partition(object, test) {
  const entries = Object.entries(object);
  return [
    Object.fromEntries(entries.filter(([key]) => test(key))),
    Object.fromEntries(entries.filter(([key]) => !test(key))),
  ];
}

function omitLinked(controls) {
  return Object.fromEntries(Object.entries(controls).filter(([, control]) => !control.linked));
}
