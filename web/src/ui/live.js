// Live numbers in the prose. A section writes `<output class="live" data-live="NAME"></output>` where a number
// belongs; whoever owns the numbers fills them from engine values on every update. Sections without a section
// controller have their figure do it: the figure looks up the <section> around its mount point, so the same
// module fills nothing when it stands alone on embed.html. Prose that answers a question the figure asks is marked
// `data-answer="NAME"`: it stays hidden until values[NAME] is true (the reader predicted, or the run ended).
import { replaceChildren } from './dom.js';

/** The <section> that holds a mounted figure, or null (embed page). */
export function sectionOf(element) {
  return element.closest('section');
}

/**
 * Fills every [data-live=NAME] under root with values[NAME]: a string, or DOM children (an array); shows every
 * [data-answer=NAME] whose values[NAME] is true and hides it when false.
 * Names missing from values are left as they are, and so are outputs whose text would not change: figures
 * call this on every slider step, and each write costs a layout of the paragraph around it.
 */
export function fillLive(root, values) {
  if (!root) return;
  for (const output of root.querySelectorAll('[data-live]')) {
    const name = output.dataset.live;
    if (!Object.hasOwn(values, name)) continue;
    const parts = Array.isArray(values[name]) ? values[name] : [values[name]];
    const text = parts.map((part) => (part instanceof Node ? part.textContent : String(part))).join('');
    if (output.textContent !== text) replaceChildren(output, ...parts);
  }
  for (const answer of root.querySelectorAll('[data-answer]')) {
    const name = answer.dataset.answer;
    if (Object.hasOwn(values, name)) answer.hidden = values[name] !== true;
  }
}
