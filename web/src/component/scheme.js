// Which colour scheme a <pe-figure> shows: its `theme` attribute when it names one; else the scheme the host
// page declares around it, when that names one alone (CSS `color-scheme: dark` on the page's root or body, as a
// blog's own dark mode sets it); else the reader's system setting (the palette's light-dark() tokens under
// `color-scheme: light dark`). A blog that switches its scheme by an attribute of <html> or <body> (a class, a
// style, a data- attribute) is followed as it switches.
import { isScheme, notifyTheme } from '../ui/theme.js';

/** @type {Set<HTMLElement>} */
const elements = new Set();
/** @type {MutationObserver | null} */
let observer = null;

/**
 * The scheme the page declares where the element sits: its parent's computed color-scheme, when it names one
 * scheme alone ("dark", "only light"); null when it names both or none.
 * @param {HTMLElement} element
 * @returns {'light' | 'dark' | null}
 */
export function declaredScheme(element) {
  const parent = element.parentElement ?? document.documentElement;
  const words = getComputedStyle(parent).colorScheme.split(/\s+/);
  const light = words.includes('light');
  const dark = words.includes('dark');
  if (dark !== light) return dark ? 'dark' : 'light';
  return null;
}

/**
 * The element's attribute that carries the page's scheme to its shadow root's rules (the site's scheme rules,
 * written for the element by vite.config.js's componentStyles).
 */
export const SCHEME_ATTRIBUTE = 'data-pe-scheme';

/** Sets the element's scheme from the page; returns whether it changed. */
function follow(element) {
  const before = element.getAttribute(SCHEME_ATTRIBUTE);
  const scheme = isScheme(element.getAttribute('theme')) ? null : declaredScheme(element);
  if (scheme === before) return false;
  if (scheme) element.setAttribute(SCHEME_ATTRIBUTE, scheme);
  else element.removeAttribute(SCHEME_ATTRIBUTE);
  return true;
}

function followAll() {
  let changed = false;
  for (const element of elements) changed = follow(element) || changed;
  // Canvases read the palette when they paint: a changed scheme repaints them.
  if (changed) notifyTheme();
}

/**
 * Keeps the element's scheme following the page while it is connected.
 * @param {HTMLElement} element
 */
export function followPageScheme(element) {
  elements.add(element);
  if (!observer) {
    observer = new MutationObserver(followAll);
    for (const node of [document.documentElement, document.body]) {
      // Any attribute: blogs switch their scheme by a class, a style or an attribute of their own naming.
      if (node) observer.observe(node, { attributes: true });
    }
  }
  if (follow(element)) notifyTheme();
}

/**
 * Stops following for the element (disconnected), or follows again after its theme attribute changed.
 * @param {HTMLElement} element
 * @param {{ connected: boolean }} state
 */
export function updatePageScheme(element, { connected }) {
  if (!connected) {
    elements.delete(element);
    return;
  }
  follow(element);
}
