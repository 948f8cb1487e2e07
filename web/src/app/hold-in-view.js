// Keeps what a link points at where the link put it. Sections the reader has not seen yet take an estimated
// height (styles.css) until they render at their own, and figures grow as they mount, so the layout above a
// linked section or figure keeps changing for a while after the jump. Browsers with scroll anchoring make up
// for most of it, but not for all (a section rendered in the very frame of the jump, from where the page was
// before it) and some browsers have none: the link would leave the reader thousands of pixels away.
//
// While held, the element's top stays at the distance from the window's top it had when the hold began. The
// hold ends at the reader's first wheel, touch, key or pointer press, when anything else scrolls the page away
// from the element (a script, assistive technology, the scrollbar), or once the layout has been still for
// QUIET_MS.
import { MAX_TEXT } from '../core/params.js';

const QUIET_MS = 3000;

const INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'];

let release = () => {};

/** Scrolling is by whole pixels: less than one is no move. */
const moved = (px) => Math.abs(px) >= 1;

/**
 * Holds element in place as described above, ending any earlier hold. Watches the page's sections (and the
 * element), since any change of their size may move it.
 * @param {Element} element
 * @param {Iterable<Element>} sections
 */
function holdInView(element, sections) {
  release();
  const top = element.getBoundingClientRect().top;
  const drift = () => element.getBoundingClientRect().top - top;
  // The scroll position the hold (or the browser's scroll anchoring, which keeps the element in place) last
  // left: a scroll elsewhere that moves the element is somebody else's.
  let held = window.scrollY;
  let timer = 0;
  const settle = () => {
    clearTimeout(timer);
    timer = window.setTimeout(end, QUIET_MS);
  };
  // The correction runs in the next frame, not in the observer's callback: the scroll would bring other
  // sections into view, whose real height (they had the estimate) would be reported again in the same frame,
  // which every browser turns into the error "ResizeObserver loop completed with undelivered notifications".
  let frame = 0;
  const correct = () => {
    frame = 0;
    const by = drift();
    if (moved(by)) window.scrollBy({ top: by, behavior: 'instant' });
    held = window.scrollY;
    settle();
  };
  const observer = new ResizeObserver(() => {
    if (!frame) frame = requestAnimationFrame(correct);
  });
  const scrolled = () => {
    if (!moved(window.scrollY - held)) return;
    if (moved(drift())) end();
    else held = window.scrollY;
  };
  function end() {
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    observer.disconnect();
    for (const type of INPUTS) window.removeEventListener(type, end, true);
    window.removeEventListener('scroll', scrolled);
    if (release === end) release = () => {};
  }
  for (const target of [...sections, element]) observer.observe(target);
  for (const type of INPUTS) window.addEventListener(type, end, { capture: true, passive: true });
  window.addEventListener('scroll', scrolled, { passive: true });
  settle();
  release = end;
}

/**
 * Scrolls to `element` and holds it in view while the sections above it take their real heights (a link that
 * changes the address without a hashchange, such as a lab preset, scrolls with this).
 * @param {Element} element
 * @param {Document} [root]
 */
export function scrollAndHold(element, root = document) {
  element.scrollIntoView();
  holdInView(element, root.querySelectorAll('.section'));
}

/**
 * Scrolls to the element the address's fragment names and holds it there, now and whenever the fragment
 * changes (a link in the contents or on a heading). Unknown fragments are left to the browser.
 * @param {Document} root
 */
export function holdLinkedElements(root = document) {
  const named = () => {
    const fragment = window.location.hash.slice(1);
    // Ids on the page are short; a fragment longer than the URL's cap on any text names nothing.
    if (!fragment || fragment.length > MAX_TEXT) return null;
    try {
      return root.getElementById(decodeURIComponent(fragment));
    } catch {
      return null; // not valid percent-encoding
    }
  };
  const sections = root.querySelectorAll('.section');
  const first = named();
  if (first) scrollAndHold(first, root);
  window.addEventListener('hashchange', () => {
    const element = named();
    if (element) holdInView(element, sections);
  });
}
