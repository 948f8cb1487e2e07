// Values that move with others: those a URL or a reader's change leaves out of range of the rest (a target
// length below the trained one, the lab's batch past what its model fits), moved, each with a note that says
// what was asked, what moved it and what is shown.
import { defaultsOf, quote, show } from './params.js';

/** @typedef {import('./params.js').ParamDecl} ParamDecl */
/** @typedef {import('./params.js').ParamNote} ParamNote */

/**
 * Parameters that must move with others the URL set (a target length below the trained one), moved, each with a
 * note: `bound(values, given)` returns the values to change, given all values and those the URL gave.
 * @param {Record<string, ParamDecl>} decls
 * @param {Record<string, any>} options the values the URL gave (readQuery's options)
 * @param {(values: Record<string, any>, given: Record<string, any>) => Record<string, any>} bound
 * @returns {{ options: Record<string, any>, notes: ParamNote[] }}
 */
export function keepBound(decls, options, bound) {
  const values = { ...defaultsOf(decls), ...options };
  const given = Object.keys(options);
  /** @type {ParamNote[]} */
  const notes = [];
  const moved = { ...options };
  if (given.length === 0) return { options: moved, notes };
  for (const [key, value] of Object.entries(bound(values, options))) {
    if (value === values[key] || !decls[key]) continue;
    const others = given.filter((other) => other !== key);
    notes.push(movedNote(decls, key, key in options ? values[key] : undefined, others, value));
    moved[key] = value;
  }
  return { options: moved, notes };
}

/**
 * Notes on the parameters that a reader's change on the controls moved and that no control shows (the lab's
 * batch, lowered when the model grows): the value asked for, what moved it, and the value used.
 * @param {Record<string, ParamDecl>} decls
 * @param {Record<string, any>} before every value before the change
 * @param {Record<string, any>} moved the values the change moved, each without a control
 * @param {string[]} changed the keys the reader changed
 * @returns {ParamNote[]}
 */
export function followNotes(decls, before, moved, changed) {
  return Object.entries(moved)
    .filter(([key, value]) => decls[key] && value !== before[key])
    .map(([key, value]) => movedNote(decls, key, before[key], changed, value));
}

/** A parameter's name in the URL. */
const nameOf = (decls, key) => decls[key]?.url || key;

/**
 * "batch "256" cannot stand with size: showing 169." for `key`, moved with the keys `others` (`asked`
 * undefined: "moves with").
 */
function movedNote(decls, key, asked, others, value) {
  const name = nameOf(decls, key);
  const why = asked === undefined ? 'moves with' : `${quote(asked)} cannot stand with`;
  const what = others.map((other) => nameOf(decls, other)).join(' and ') || "the figure's other values";
  return {
    key,
    name,
    kind: /** @type {const} */ ('clamp'),
    text: `${name} ${why} ${what}: showing ${show(value)}.`,
  };
}
