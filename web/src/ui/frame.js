// The common frame of every figure, picture first: the plot, its readout and one or two primary controls, then
// the caption (what to notice), the other controls folded into "Settings", the text alternative (a one-line
// summary for screen readers plus a data table built on request) and one "Share / export" menu. Figures fill the
// parts; the frame owns layout.
import { shortenMessage } from '../core/params.js';
import { h, replaceChildren, scrollBox } from './dom.js';
import { downloadFigurePng, downloadSvg } from './export-image.js';
import { downloadCsv } from './export.js';
import './frame.css';

const TABLE_ROW_LIMIT = 200;

/**
 * Shows notes on values read from a URL (core/params.js's ParamNote) in `box`, a `.pe-url-notes` element: a
 * refused value as an alert, a changed one as a status line; the box is hidden when there are none.
 * @param {HTMLElement} box
 * @param {{ kind: string, text: string }[]} list
 */
export function showNotes(box, list) {
  replaceChildren(
    box,
    ...list.map(({ kind, text }) =>
      kind === 'error'
        ? h('p', { class: 'pe-error', role: 'alert' }, shortenMessage(text))
        : h('p', { class: 'pe-note pe-url-note', role: 'status' }, shortenMessage(text)),
    ),
  );
  box.hidden = list.length === 0;
}

/**
 * Builds the frame inside `element` and marks it with data-figure="<id>".
 * @param {HTMLElement} element the mount point
 * @param {{ id: string, title: string, caption?: string, table?: () => { columns: string[], rows: unknown[][],
 *   note?: string, csv?: { columns: string[], rows: unknown[][] } }, exportName?: string,
 *   imageCaption?: () => string }} spec
 *   `table` gives what the data table shows; `csv`, when present, is the fuller set the CSV download saves;
 *   `imageCaption`, the line under the figure's SVG and PNG images (its title and current parameters).
 */
export function createFrame(element, { id, title, caption, table, exportName = id, imageCaption }) {
  element.dataset.figure = id;
  element.classList.add('pe-figure');
  const controls = h('div', { class: 'pe-controls', role: 'group', 'aria-label': `${title}: controls` });
  const settingsGroup = h('div', { class: 'pe-controls', role: 'group', 'aria-label': `${title}: settings` });
  const settings = h(
    'details',
    { class: 'pe-settings', hidden: true },
    h('summary', {}, 'Settings'),
    settingsGroup,
  );
  const plot = h('div', { class: 'pe-plot' });
  // In place of the pictures when the engine stopped twice (showFailure); hidden otherwise.
  const failure = h('div', { class: 'pe-failure-slot', hidden: true });
  // Secondary pictures (a figure's inner workings), under the caption of the one picture on top.
  const more = h('div', { class: 'pe-more' });
  const readout = h('p', { class: 'pe-readout', 'aria-live': 'polite' });
  const error = h('p', { class: 'pe-error', role: 'alert', hidden: true });
  const notes = h('div', { class: 'pe-url-notes', hidden: true });
  // The text alternative is read by screen readers; the picture and the caption say it to the eye.
  const summary = h('p', { class: 'pe-summary visually-hidden' });
  const tableHost = scrollBox('Data table (scrolls)', { class: 'pe-table-host' });
  const details = h('details', { class: 'pe-data' }, h('summary', {}, 'Data table'), tableHost);
  const actions = h('div', {
    class: 'pe-actions',
    role: 'group',
    'aria-label': `${title}: share and export`,
  });
  const share = shareMenu(actions);
  // Built when opened and emptied when closed: a closed table holds no rows (up to TABLE_ROW_LIMIT of them) that
  // would go stale and weigh on the page for as long as it is open.
  details.addEventListener('toggle', () => {
    if (details.open) renderTable();
    else replaceChildren(tableHost);
  });
  const action = (label, onClick) =>
    actions.append(h('button', { type: 'button', class: 'pe-button', onClick }, label));
  if (table) {
    action('Download CSV', () => {
      const data = table();
      const { columns, rows } = data.csv ?? data;
      downloadCsv(`${exportName}.csv`, columns, rows);
    });
  }
  // The plot as an image file, SVG or PNG at twice its size, with a caption naming the figure and parameters.
  // A failure (a browser that cannot encode PNG) is shown on the error line; the figure stays as it is.
  const imageText = () => imageCaption?.() ?? `${title}; PE Explorer`;
  const failed = (e) => showMessage(e instanceof Error ? e.message : String(e));
  action('Download image (SVG)', () => {
    try {
      downloadSvg(`${exportName}.svg`, plot, imageText());
    } catch (e) {
      failed(e);
    }
  });
  action('Download image (PNG)', () => {
    downloadFigurePng(`${exportName}.png`, plot, imageText()).catch(failed);
  });
  const children = [notes, failure, plot, readout, controls, error];
  const captionLine = caption ? h('p', { class: 'pe-caption' }, caption) : null;
  if (captionLine) children.push(captionLine);
  children.push(more, settings, summary);
  if (table) children.push(details);
  children.push(share);
  replaceChildren(element, ...children);

  function showMessage(message) {
    error.textContent = shortenMessage(message);
    error.hidden = false;
  }

  function renderTable() {
    if (!table) return;
    const { columns, rows, note } = table();
    const shown = rows.slice(0, TABLE_ROW_LIMIT);
    replaceChildren(
      tableHost,
      h(
        'table',
        {},
        h('caption', {}, `${title}: data`),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            columns.map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h(
          'tbody',
          {},
          shown.map((row) =>
            h(
              'tr',
              {},
              row.map((cell) => h('td', {}, cell)),
            ),
          ),
        ),
      ),
      rows.length > shown.length || note
        ? h(
            'p',
            { class: 'pe-note' },
            [
              rows.length > shown.length
                ? `Showing ${shown.length} of ${rows.length} rows; Download CSV has them all.`
                : '',
              note ?? '',
            ].join(' '),
          )
        : null,
    );
  }

  return {
    element,
    controls,
    plot,
    more,
    readout,
    actions,
    /** Adds a button to the actions under the figure (a download). */
    action,
    /**
     * Puts a figure's controls (an object of { element }) in its control row under the picture, unless `shown`
     * is false (the article drives the figure from elsewhere); a row left empty takes no space.
     */
    addControls(controls, shown = true) {
      if (shown) this.controls.append(...Object.values(controls).map((c) => c.element));
      this.controls.hidden = this.controls.childElementCount === 0;
    },
    /**
     * Puts the figure's other controls (an object of { element }) in its "Settings" disclosure, which shows
     * only when it holds some.
     */
    addSettings(controls) {
      settingsGroup.append(...Object.values(controls).map((c) => c.element));
      settings.hidden = settingsGroup.childElementCount === 0;
    },
    /**
     * Places the controls (objects of { element }) that are in the frame's row or "Settings": `inRow` in the
     * row under the picture, before anything a figure added there itself, `folded` into "Settings". Hides those
     * of the parameters `fixed` says stay at their value, and the figure's own controls marked `data-param`
     * (keys separated by spaces) for any of them. A row or Settings with nothing left to show is hidden.
     * @param {Record<string, { element: HTMLElement }>} inRow
     * @param {Record<string, { element: HTMLElement }>} folded
     * @param {(key: string) => boolean} fixed
     */
    arrange(inRow, folded, fixed) {
      // A control the figure placed elsewhere itself (the lab's inspection) stays where it is.
      const ours = (controls) =>
        Object.values(controls)
          .map((c) => c.element)
          .filter((e) => e.parentElement === this.controls || e.parentElement === settingsGroup);
      this.controls.prepend(...ours(inRow));
      settingsGroup.append(...ours(folded));
      for (const [key, { element: control }] of Object.entries({ ...inRow, ...folded })) {
        control.hidden = fixed(key);
      }
      for (const own of element.querySelectorAll(/** @type {'div'} */ ('[data-param]'))) {
        own.hidden = (own.dataset.param ?? '').split(' ').some(fixed);
      }
      const showing = (box) =>
        [...box.children].some((child) => !(/** @type {HTMLElement} */ (child).hidden));
      this.controls.hidden = !showing(this.controls);
      settings.hidden = !showing(settingsGroup);
      // A plain figure shows its secondary pictures only around a control chosen there (a sentence's field).
      if (element.classList.contains('pe-plain')) {
        const chosen = [...more.querySelectorAll(/** @type {'div'} */ ('[data-param]'))];
        more.hidden = !chosen.some((own) => !own.hidden);
      }
    },
    /**
     * The figure alone (an embed's `plain`) or in its whole frame: plain keeps the picture, its key, readout,
     * notes and controls, and hides the caption from the eye (screen readers still read it, with the text
     * alternative), the secondary pictures (but those around a control chosen there: see arrange), the data
     * table and the share menu.
     * @param {boolean} plain
     */
    setPlain(plain) {
      captionLine?.classList.toggle('visually-hidden', plain);
      more.hidden = plain;
      details.hidden = plain;
      share.hidden = plain;
      element.classList.toggle('pe-plain', plain);
    },
    /**
     * Shows `box` (ui/failure-box.js) in place of the pictures, keeping the controls and what they hold; null
     * shows the pictures again.
     * @param {HTMLElement | null} box
     */
    showFailure(box) {
      if (box) replaceChildren(failure, box);
      else if (failure.hidden) return;
      else replaceChildren(failure);
      failure.hidden = !box;
      element.classList.toggle('pe-stopped', Boolean(box));
    },
    /** Shows an engine error and keeps whatever is drawn (the last good state). */
    showError: showMessage,
    /**
     * Shows the notes on values read from a URL (core/params.js's readQuery) under the controls: a refused value
     * as an alert, a value brought into range as a status note; none hides the line.
     * @param {{ kind: string, text: string }[]} list
     */
    setNotes(list) {
      showNotes(notes, list);
    },
    clearError() {
      // Called after every successful redraw; writing to a line already hidden would still cost a style pass.
      if (error.hidden) return;
      error.textContent = '';
      error.hidden = true;
    },
    /** Runs fn; on an Error shows its message and returns undefined, leaving the figure as it was. */
    attempt(fn) {
      try {
        const result = fn();
        this.clearError();
        return result;
      } catch (e) {
        this.showError(e instanceof Error ? e.message : String(e));
        return undefined;
      }
    },
    /**
     * Figures call this on every redraw: the line is written only when its text changes, while an open data
     * table is built again each time (its rows can change when the summary does not).
     */
    setSummary(text) {
      if (summary.textContent !== text) summary.textContent = text;
      if (details.open) renderTable();
    },
    setReadout(text) {
      if (readout.textContent !== text) readout.textContent = text;
    },
    destroy() {
      element.replaceChildren();
      delete element.dataset.figure;
      element.classList.remove('pe-figure');
    },
  };
}

/**
 * One "Share / export" menu around the figure's downloads and its Embed button: a native disclosure (keyboard
 * and screen-reader operable as it is) that Escape closes, returning focus to its button.
 * @param {HTMLElement} actions
 */
function shareMenu(actions) {
  const button = h('summary', {}, 'Share / export');
  const menu = h('details', { class: 'pe-share' }, button, actions);
  menu.addEventListener('keydown', (event) => {
    // Escape in a dialog opened from the menu (Embed) closes that dialog only.
    const inDialog = event.target instanceof Element && event.target.closest('dialog');
    if (event.key !== 'Escape' || !menu.open || inDialog) return;
    menu.open = false;
    button.focus();
  });
  return menu;
}
