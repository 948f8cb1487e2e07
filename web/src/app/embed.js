// One figure alone, for iframes: embed.html?figure=<id>&<its parameters>. Posts its height to the parent page
// so an embedding page can size the iframe to fit, and takes { type: 'pe-explorer:set', params } from it: new
// parameters keyed by URL names, validated as the URL's are, applied to the figure in place. Only the height
// goes to any page; the rest goes to, and is taken from, the embedding page's origin (host-origin.js).
import { queryOf } from '../component/query.js';
import { PAGE_NAMES, unknownNames } from '../core/embed-options.js';
import { initTheme } from '../ui/theme.js';
import { hostOrigin } from './host-origin.js';
import { mountNow } from './lazy.js';
import { showLoadFailure } from './load-failure.js';
import { loadFigure } from './registry.js';

const query = new URLSearchParams(window.location.search);
// The whole id is looked up (a long one is simply unknown); messages quote it short (params.js's quote).
const id = query.get('figure') ?? 'heatmap';
const slot = document.getElementById('figure');
initTheme(null, { fixed: query.get('theme') });
/** @type {HTMLAnchorElement} */ (document.getElementById('embed-source')).href =
  `./index.html#${encodeURIComponent(id.slice(0, 40))}`;

const host = hostOrigin(query.get('origin'), document.referrer);
if (host.note !== null) {
  const note = document.createElement('p');
  note.className = 'pe-url-notes';
  note.setAttribute('role', 'status');
  note.textContent = host.note;
  slot.after(note);
}
const parent = window.parent === window ? null : window.parent;
/** Sends a message to the embedding page, when its origin is known. */
const tell = (message) => {
  if (parent !== null && host.origin !== null)
    parent.postMessage({ ...message, figure: id.slice(0, 40) }, host.origin);
};

/**
 * A plain figure (`plain=1`) stands alone: the page's title stays for screen readers (the figure's name, and
 * the heading outline) and its credit line goes.
 * @param {{ plain?: boolean }} options
 */
const showPlain = ({ plain }) => {
  if (plain === undefined) return;
  document.getElementById('embed-title').classList.toggle('visually-hidden', plain);
  /** @type {HTMLElement} */ (document.querySelector('.embed-credit')).hidden = plain;
};

/**
 * The figure's options for `query`, with a note for each name the page does not read (a misspelt parameter
 * would otherwise leave its default unnoted); `others`: names the page reads itself.
 * @param {any} figure @param {URLSearchParams} query @param {readonly string[]} [others]
 */
const optionsOf = (figure, query, others = []) => {
  const read = figure.readEmbed(query);
  return { ...read, notes: [...read.notes, ...unknownNames(query, figure.params, others)] };
};

/** The figure and its handle once mounted (messages from the embedding page wait for it). */
let resolveMounted;
const mounted = new Promise((resolve) => (resolveMounted = resolve));

loadFigure(id)
  .then((figure) => {
    document.getElementById('embed-title').textContent = figure.title;
    document.title = `${figure.title}: PE Explorer`;
    const options = optionsOf(figure, query, PAGE_NAMES);
    showPlain(options);
    return mountNow(slot, id, options).then((handle) => resolveMounted({ figure, handle }));
  })
  .catch((error) => {
    // The figure's code could not be loaded: the reader's message, and Try again loads the page afresh.
    if (showLoadFailure(slot, error, () => window.location.reload())) return;
    slot.replaceChildren();
    const message = document.createElement('p');
    message.className = 'pe-error';
    message.setAttribute('role', 'alert');
    message.textContent = error instanceof Error ? error.message : String(error);
    slot.append(message);
  });

// The height alone may go to any page: it tells nothing the embedding page could not measure itself.
const reportHeight = () =>
  parent?.postMessage({ type: 'pe-explorer:height', height: document.documentElement.scrollHeight }, '*');
// In the next frame, not in the observer's callback: reading the height there lays out the figure's own redraw,
// which WebKit then reports as "ResizeObserver loop completed with undelivered notifications".
let heightFrame = 0;
new ResizeObserver(() => {
  cancelAnimationFrame(heightFrame);
  heightFrame = requestAnimationFrame(reportHeight);
}).observe(document.body);
// A browser may hold back a cross-origin frame's rendering, and so its resize observations, while the frame is
// out of view; reading the height forces layout, so it is also reported once the figure has mounted.
mounted.then(reportHeight);

// Parameters from the embedding page. Only the parent window is listened to, and only from its origin when that
// is known; a value the URL would refuse is refused alike (the figure notes what it did with it, or the reply
// names the parameter).
mounted.then(() => tell({ type: 'pe-explorer:ready' }));
window.addEventListener('message', (event) => {
  if (parent === null || event.source !== parent || event.data?.type !== 'pe-explorer:set') return;
  if (host.origin !== null && event.origin !== host.origin) return;
  mounted
    .then(({ figure, handle }) => {
      const options = optionsOf(figure, queryOf(event.data.params));
      handle.update(options);
      showPlain(options);
    })
    .catch((error) =>
      tell({ type: 'pe-explorer:error', message: error instanceof Error ? error.message : String(error) }),
    );
});
