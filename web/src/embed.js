// One figure alone, for iframes: embed.html?figure=<id>&<its parameters>. Posts its height to the parent page
// so an embedding page can size the iframe to fit.
import { loadFigure } from './figures/index.js';
import { mountNow } from './ui/lazy.js';
import { optionsFromQuery } from './ui/params.js';
import { initTheme } from './ui/theme.js';

const query = new URLSearchParams(window.location.search);
const id = query.get('figure') ?? 'heatmap';
const slot = document.getElementById('figure');
if (query.get('theme') === 'dark' || query.get('theme') === 'light') {
  document.documentElement.dataset.theme = query.get('theme');
}
initTheme(null);
document.getElementById('embed-source').href = `./index.html#${encodeURIComponent(id)}`;

loadFigure(id)
  .then((module) => {
    document.getElementById('embed-title').textContent = module.title ?? 'PE Explorer';
    document.title = `${module.title ?? id}: PE Explorer`;
    return mountNow(slot, id, optionsFromQuery(query, module.params));
  })
  .catch((error) => {
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
