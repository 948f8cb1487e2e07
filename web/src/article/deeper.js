// The article's "Going deeper" blocks: native <details>, closed by default, so the main line reads on its own.
// Chromium's find-in-page opens a closed <details> that holds a match by itself; a link to a block (from the
// contents, or an address ending in its id or in the id of something inside it) opens it here.
import './deeper.css';

/**
 * Opens the block that holds the element the address names, now and whenever the address changes.
 * @param {Document} root
 */
export function startDeeper(root = document) {
  const openTarget = () => {
    const target = named(root, root.location?.hash.slice(1) ?? '');
    if (target) openAround(target);
  };
  root.defaultView?.addEventListener('hashchange', openTarget);
  // A click on a link to the page's current address changes no hash: open the block all the same.
  root.addEventListener('click', (event) => {
    const link = /** @type {Element} */ (event.target).closest?.('a[href^="#"]');
    const target = link ? named(root, link.getAttribute('href').slice(1)) : null;
    if (target) openAround(target);
  });
  openTarget();
}

/** The element a fragment names, or null (none, or not valid percent-encoding). */
function named(root, fragment) {
  if (!fragment) return null;
  try {
    return root.getElementById(decodeURIComponent(fragment));
  } catch {
    return null;
  }
}

/** Opens every closed <details> holding `element`, and `element` itself when it is one. */
export function openAround(element) {
  for (let d = element.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
}
