// Light and dark colour schemes: follows the system unless the reader picks one (or an embedding page fixes
// one); figures that paint on a canvas subscribe to repaint with the new colours. The <pe-figure> element keeps
// its scheme on itself (its `theme` attribute), never on the host page's <html>: it calls watchScheme, not
// initTheme, and notifyTheme when its attribute changes.
const KEY = 'pe-explorer-theme';
const listeners = new Set();
const media = window.matchMedia('(prefers-color-scheme: dark)');
/** The colour tokens of styles.css, each `light-dark(light, dark)`. */
const PALETTE = [
  '--bg',
  '--fg',
  '--muted',
  '--rule',
  '--panel',
  '--accent',
  '--accent-2',
  '--focus',
  '--error-bg',
  '--error-fg',
  '--grid',
];

/** The scheme in force: "light" or "dark". */
export function currentTheme() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return media.matches ? 'dark' : 'light';
}

/** Calls fn after every change of scheme; returns a function that unsubscribes. */
export function onThemeChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function readStoredTheme() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function notify() {
  for (const fn of listeners) fn(currentTheme());
}

/**
 * Registers the palette tokens as colours, so that they compute to plain rgb() values in the scheme in force and
 * canvas drawing can read them (an unregistered token would read back as its `light-dark(...)` text).
 */
function registerPalette() {
  if (typeof CSS === 'undefined' || typeof CSS.registerProperty !== 'function') return;
  for (const name of PALETTE) {
    try {
      CSS.registerProperty({ name, syntax: '<color>', inherits: true, initialValue: 'transparent' });
    } catch {
      // Already registered (a second start-up in the same document): nothing to do.
    }
  }
}

/** Tells the figures that paint on a canvas that the scheme changed (their colours are to be read again). */
export function notifyTheme() {
  notify();
}

let watching = false;

/** Registers the palette and follows the system's scheme (once per document, however often it is called). */
export function watchScheme() {
  if (watching) return;
  watching = true;
  registerPalette();
  media.addEventListener('change', notify);
}

/** Whether a value names a scheme: "light" or "dark". */
export function isScheme(value) {
  return value === 'light' || value === 'dark';
}

/**
 * Applies the scheme fixed by the page (`fixed`: an embed's `theme=dark|light`), else the reader's stored choice,
 * else the system's; wires a toggle button (aria-pressed shows the dark state). A fixed scheme wins over a stored
 * choice: the embedding page chose it to match its own colours.
 * @param {HTMLElement | null} button
 * @param {{ fixed?: string | null }} [options]
 */
export function initTheme(button, { fixed = null } = {}) {
  watchScheme();
  const stored = readStoredTheme();
  const chosen = isScheme(fixed) ? fixed : stored;
  if (isScheme(chosen)) document.documentElement.dataset.theme = chosen;
  if (!button) return;
  const sync = () => {
    const dark = currentTheme() === 'dark';
    button.setAttribute('aria-pressed', String(dark));
    button.textContent = dark ? 'Light mode' : 'Dark mode';
  };
  sync();
  button.addEventListener('click', () => {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Storage can be unavailable in embedded or private contexts; the choice then lasts for the visit.
    }
    sync();
    notify();
  });
  onThemeChange(sync);
}
