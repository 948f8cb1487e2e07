// The sinusoidal part's one set of controls: a bar in the formula section with the four shared parameters, a
// one-line summary of them and an error line, docked to the top of the window while the reader is in the part.
import { SINUSOIDAL } from '../figures/shared-params.js';
import { createControls } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { formatInt, formatSig } from '../ui/format.js';
import { showNotes } from '../ui/frame.js';

/**
 * @param {Record<string, unknown>} params the initial values
 * @param {(patch: Record<string, unknown>) => void} onChange called on every change by the reader
 */
export function sectionBar(params, onChange) {
  const controls = createControls(SINUSOIDAL, params, onChange);
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
  const error = h('p', { class: 'pe-error', role: 'alert', hidden: true });
  // Notes on the bar's values from the address (app/url-state.js), each until the reader sets its parameter.
  const notes = h('div', { class: 'pe-url-notes', hidden: true });
  let noteList = [];
  const element = h(
    'div',
    {
      class: 'pe-section-bar',
      role: 'group',
      'aria-label': 'Encoding parameters for this part of the article (every figure below follows them)',
    },
    h('div', { class: 'pe-section-bar-head' }, summary, toggle),
    notes,
    h(
      'div',
      { class: 'pe-section-bar-controls', id: panelId },
      Object.values(controls).map((c) => c.element),
    ),
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
      `d_model ${formatInt(values.dModel)} \u00b7 base ${formatSig(values.base, 6)} \u00b7 ` +
      `${formatInt(values.positions)} positions \u00b7 ${values.layout}`;
    if (summary.textContent !== text) summary.textContent = text;
  }
  sync(params);

  return {
    element,
    sync,
    /** Shows notes on the bar's values from the address (core/params.js's ParamNote). */
    setNotes(list) {
      noteList = list;
      showNotes(notes, list);
    },
    /** Drops the notes on parameters the reader has set. */
    dropNotes(keys) {
      const kept = noteList.filter((note) => !keys.includes(note.key));
      if (kept.length !== noteList.length) this.setNotes(kept);
    },
    /** Called on every step: the error line is written only when its message changes. */
    showError(message) {
      const text = message ?? '';
      if (error.textContent === text) return;
      error.textContent = text;
      error.hidden = !message;
    },
  };
}

/**
 * Keeps the bar in its place until the reader scrolls past it, then fixes it to the top of the window until the
 * last section of the part leaves; its place keeps the bar's height so nothing jumps.
 */
export function dockWhileReading(bar, place, lastSection) {
  let pending = 0;
  const check = () => {
    pending = 0;
    const placeTop = place.getBoundingClientRect().top;
    const docked = bar.classList.contains('is-docked');
    const height = bar.offsetHeight;
    const shouldDock = placeTop < 0 && lastSection.getBoundingClientRect().bottom > height;
    if (shouldDock === docked) return;
    place.style.minHeight = shouldDock ? `${height}px` : '';
    bar.classList.toggle('is-docked', shouldDock);
  };
  const onScroll = () => {
    if (!pending) pending = requestAnimationFrame(check);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll, { passive: true });
  check();
}
