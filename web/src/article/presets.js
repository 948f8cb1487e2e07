// Links in the prose that set up the lab ("train it in the lab"): each sets the lab on this page to the link's
// settings and scrolls to it. The settings go into the address as the lab's own group (lab.task=...), replacing
// whatever the lab had, and the page's URL state applies them as it applies Back and Forward: to the lab at once
// if it is mounted, or when it mounts. Without script the link still leads to the lab.

/** The query of `search` with every `lab.` entry replaced by the preset's (`task=previous&length=8`). */
export function presetSearch(search, preset) {
  const query = new URLSearchParams(search);
  for (const key of [...query.keys()]) if (key.startsWith('lab.')) query.delete(key);
  for (const [name, value] of new URLSearchParams(preset)) query.append(`lab.${name}`, value);
  const text = query.toString().replaceAll('%2C', ',');
  return text === '' ? '' : `?${text}`;
}

/**
 * @param {Document} root
 * @param {(element: Element) => void} [scrollTo] how the page scrolls to the lab (app/hold-in-view.js holds it
 *   there while the sections above take their real heights)
 */
export function startLabPresets(root = document, scrollTo = (element) => element.scrollIntoView()) {
  root.addEventListener('click', (event) => {
    const link = /** @type {Element} */ (event.target).closest?.('a.lab-preset[data-preset]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    const url = new URL(window.location.href);
    url.search = presetSearch(url.search, link.getAttribute('data-preset') ?? '');
    url.hash = 'lab';
    window.history.pushState(null, '', url.href);
    window.dispatchEvent(new PopStateEvent('popstate'));
    const lab = root.getElementById('lab');
    if (lab) scrollTo(lab);
  });
}
