// One figure alone, for iframes: embed.html?figure=<id>&<its parameters>. Posts its height to the parent page
// so an embedding page can size the iframe to fit.
import { initTheme } from '../ui/theme.js';
import { mountNow } from './lazy.js';
import { showLoadFailure } from './load-failure.js';
import { loadFigure } from './registry.js';

const query = new URLSearchParams(window.location.search);
const id = (query.get('figure') ?? 'heatmap').slice(0, 40);
const slot = document.getElementById('figure');
if (query.get('theme') === 'dark' || query.get('theme') === 'light') {
  document.documentElement.dataset.theme = query.get('theme');
}
initTheme(null);
/** @type {HTMLAnchorElement} */ (document.getElementById('embed-source')).href =
  `./index.html#${encodeURIComponent(id)}`;

loadFigure(id)
  .then((figure) => {
    document.getElementById('embed-title').textContent = figure.title;
    document.title = `${figure.title}: PE Explorer`;
    return mountNow(slot, id, figure.parse(query));
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

const reportHeight = () =>
  window.parent?.postMessage(
    { type: 'pe-explorer:height', figure: id, height: document.documentElement.scrollHeight },
    '*',
  );
new ResizeObserver(reportHeight).observe(document.body);
