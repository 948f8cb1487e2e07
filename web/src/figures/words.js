// The engine's vocabulary as the figures about words offer it: a parameter that is one word, picked from a
// drop-down of every word the engine knows, and the list itself for figures that show it.
import { getEngine } from '../engine/engine.js';
import { select } from '../ui/controls.js';
import { memo } from '../ui/memo.js';

/** Every word the engine knows, in alphabetical order (read-only). */
export function vocabulary() {
  return memo(getEngine(), 'vocabulary');
}

/**
 * A parameter that is one vocabulary word. An empty one from a URL is refused; a word that is not in the
 * vocabulary is kept, so that the engine's message names it.
 * @param {string} label
 * @param {string} word the default
 * @returns {import('../core/params.js').ParamDecl}
 */
export function wordParam(label, word) {
  return {
    type: 'string',
    default: word,
    label,
    maxLength: 40,
    minLength: 1,
    control: (value, onChange) =>
      select({ label, options: vocabulary().map((w) => ({ value: w, label: w })), value, onChange }),
  };
}
