// The box a reader sees in place of a figure that failed: what failed, in words, what to try, a note for the
// site's host when there is one, a "Try again" button when trying again can mend it, and the browser's own
// message kept under "Technical detail". A failed load (app/load-failure.js) and an engine that stopped twice
// (ui/figure.js) both show it.
import { h, uid } from './dom.js';

/**
 * @param {{ kind: string, what: string, tryThis: string, host?: string | null, detail: string,
 *   retry?: (() => void) | null }} failure
 * @returns {HTMLElement}
 */
export function failureBox({ kind, what, tryThis, host = null, detail, retry = null }) {
  const whatId = uid('pe-load-what');
  return h(
    'div',
    { class: 'pe-load-failure', 'data-failure': kind },
    h('p', { class: 'pe-load-what', id: whatId }, what),
    h('p', { class: 'pe-load-try' }, tryThis),
    host ? h('p', { class: 'pe-load-host' }, host) : null,
    retry
      ? h(
          'button',
          { type: 'button', class: 'pe-button', 'aria-describedby': whatId, onClick: retry },
          'Try again',
        )
      : null,
    h(
      'details',
      { class: 'pe-load-detail' },
      h('summary', {}, 'Technical detail'),
      h('p', {}, h('code', {}, detail)),
    ),
  );
}
