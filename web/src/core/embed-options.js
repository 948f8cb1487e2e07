// The embed options, read alike from embed.html's URL, a <pe-figure> element's attributes and a host page's
// `pe-explorer:set` message: `plain` shows the figure alone (its picture, key and readout: no title, caption,
// data table or share menu), and `controls` names the parameters whose controls are shown (`none`, or URL names
// separated by commas), every other parameter staying at its value. A value that cannot be read gets a note
// worded as params.js's readQuery words its own (the value quoted short, what is shown instead). Pure: no DOM.
import { quote, readQuery } from './params.js';

/** The options' names, as URL parameters and attributes. */
export const EMBED_NAMES = Object.freeze(['plain', 'controls']);

/** As today: the whole frame, every control (`showControls` null: all; else the keys of those shown). */
export const EMBED_DEFAULTS = Object.freeze({ plain: false, showControls: null });

/** The value of `controls` that shows none. */
export const NO_CONTROLS = 'none';

/** Most names of `controls` read (a figure has far fewer parameters); unknown names quoted in a note at most. */
const MOST_NAMES = 64;
const MOST_QUOTED = 4;

const PLAIN = Object.freeze({ plain: Object.freeze({ type: 'boolean', default: false }) });

/** An attribute name for a URL name (dModel -> d-model), as the element's attributes write it. */
const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The embed options a query gives, each only when the query names it (a message changing one parameter leaves
 * them as they are), and the notes on values that could not be read as given.
 * @param {URLSearchParams} query
 * @param {{ key: string, name: string }[]} params the figure's URL parameters that have a control
 * @returns {{ options: { plain?: boolean, showControls?: string[] | null },
 *   notes: import('./params.js').ParamNote[] }}
 */
export function readEmbedOptions(query, params) {
  const { options, notes } = readQuery(query, PLAIN);
  if (!query.has('controls')) return { options, notes };
  const read = readControls(query.get('controls') ?? '', params);
  return {
    options: read.keys === undefined ? options : { ...options, showControls: read.keys },
    notes: [...notes, ...read.notes],
  };
}

/**
 * The keys of the parameters `raw` names (URL names, or their kebab-case), in the figure's order: `none` names
 * none; an empty list is refused (every control stays); names that are not of `params` (the parameters that
 * have a control) are left out, with a note listing those it has.
 * @param {string} raw
 * @param {{ key: string, name: string }[]} params
 * @returns {{ keys?: string[], notes: import('./params.js').ParamNote[] }}
 */
export function readControls(raw, params) {
  const text = raw.trim();
  if (text.toLowerCase() === NO_CONTROLS) return { keys: [], notes: [] };
  const names = params.map((p) => p.name);
  const list = names.length === 0 ? 'it has none' : `its controls: ${names.join(', ')}`;
  const allowed = `${NO_CONTROLS}, or names of controls separated by commas (${list})`;
  const pieces = text
    .split(',', MOST_NAMES)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  if (pieces.length === 0) {
    const textOf = `controls ${quote(raw)} is empty; allowed: ${allowed}. Showing every control.`;
    return { notes: [note(textOf)] };
  }
  const chosen = new Set();
  const unknown = [];
  for (const piece of pieces) {
    const param = params.find((p) => p.name === piece || kebab(p.name) === piece);
    if (param) chosen.add(param.key);
    else if (!unknown.includes(piece)) unknown.push(piece);
  }
  const keys = params.filter((p) => chosen.has(p.key)).map((p) => p.key);
  if (unknown.length === 0) return { keys, notes: [] };
  const quoted = unknown.slice(0, MOST_QUOTED).map(quote).join(', ');
  const rest = unknown.length > MOST_QUOTED ? ` and ${unknown.length - MOST_QUOTED} more` : '';
  const verb = unknown.length === 1 ? 'names no control' : 'name no control';
  const textOf = `controls ${quoted}${rest} ${verb} here (${list}): left out.`;
  return { keys, notes: [note(textOf)] };
}

/** @returns {import('./params.js').ParamNote} */
function note(text) {
  return { key: 'controls', name: 'controls', kind: 'error', text };
}

/**
 * The embed options as URL entries ([name, text]), only those away from the defaults: `plain=1`, and
 * `controls` when not every control is shown (`none` when none is).
 * @param {{ plain: boolean, shown: string[], all: string[] }} choice `shown` and `all`: URL names of the
 *   parameters whose controls are shown, and of all that have one
 * @returns {[string, string][]}
 */
export function embedEntries({ plain, shown, all }) {
  /** @type {[string, string][]} */
  const entries = plain ? [['plain', '1']] : [];
  if (all.every((name) => shown.includes(name))) return entries;
  entries.push(['controls', shown.length === 0 ? NO_CONTROLS : shown.join(',')]);
  return entries;
}

/** The names embed.html's own URL reads besides a figure's (the figure, its theme, the host's origin). */
export const PAGE_NAMES = Object.freeze(['figure', 'theme', 'origin']);

/**
 * Notes for the names of `query` that the embed does not read (not one of the figure's URL parameters, an
 * embed option or one of `others`): each is left out, with the names the figure has; at most MOST_QUOTED
 * notes, then one counting the rest.
 * @param {URLSearchParams} query
 * @param {{ name: string }[]} params the figure's URL parameters
 * @param {readonly string[]} [others] further names the caller reads (embed.html's PAGE_NAMES)
 * @returns {import('./params.js').ParamNote[]}
 */
export function unknownNames(query, params, others = []) {
  const names = params.map((p) => p.name);
  const known = new Set([...names, ...EMBED_NAMES, ...others]);
  const unknown = [...new Set(query.keys())].filter((name) => !known.has(name));
  const list = names.length === 0 ? 'it has none' : `its parameters: ${names.join(', ')}`;
  const notes = unknown.slice(0, MOST_QUOTED).map((name) => ({
    key: name,
    name,
    kind: /** @type {const} */ ('error'),
    text: `${quote(name)} = ${quote(query.get(name) ?? '')} is not a parameter here (${list}): left out.`,
  }));
  if (unknown.length > MOST_QUOTED) {
    const more = unknown.length - MOST_QUOTED;
    const text = `${more} more ${more === 1 ? 'name was' : 'names were'} left out, none a parameter here.`;
    notes.push({ key: '', name: '', kind: 'error', text });
  }
  return notes;
}
