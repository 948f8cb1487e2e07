// The article's address read: its entries by owner (`heatmap.dModel=128` is figure heatmap's dModel), what was
// left out, and, in words, the notes for what the address asked for and did not get: entries left out and names
// a figure does not declare. Each reads as the embed page's notes do (core/params.js's readQuery): what was asked
// (the key, its value quoted short), what is shown and why. Pure: no DOM, so that Node's tests run it.
import { QUOTE_LENGTH, quote } from '../core/params.js';

/** Characters of the query read at most, keys read at most, and the longest key. */
export const MAX_QUERY = 4096;
export const MAX_KEYS = 64;
export const MAX_KEY_LENGTH = 64;

const KEY = /^([a-z]+)\.([A-Za-z][A-Za-z0-9]*)$/;

/**
 * The query's values by owner: Map of prefix to URLSearchParams of unprefixed names (readAddress's groups).
 * @param {string} search location.search, with or without its '?'
 * @param {Iterable<string>} owners the known prefixes
 * @returns {Map<string, URLSearchParams>}
 */
export function readQuery(search, owners) {
  return readAddress(search, owners).groups;
}

/**
 * An entry of the query that readAddress left out: its owner when the key names a known one (null when not),
 * the name after the prefix, the key and value as given, and why (`kind`): 'unknown' (no known owner, or a
 * malformed or overlong key), 'repeat' (the key came before; the first counts), 'long' (past MAX_QUERY
 * characters) or 'many' (past MAX_KEYS keys).
 * @typedef {{ owner: string | null, name: string, key: string, value: string,
 *   kind: 'unknown' | 'repeat' | 'long' | 'many' }} DroppedEntry
 */

/**
 * The query's values by owner (`groups`: Map of prefix to URLSearchParams of unprefixed names) and the entries
 * left out (`dropped`, each a DroppedEntry, at most MAX_KEYS of them; `more` counts the rest). Reads at most
 * MAX_QUERY characters (whole entries only) and MAX_KEYS keys; keys of unknown owners, malformed keys and
 * repeats of a key are left out (the first one counts).
 * @param {string} search location.search, with or without its '?'
 * @param {Iterable<string>} owners the known prefixes
 */
export function readAddress(search, owners) {
  const known = new Set(owners);
  /** @type {Map<string, URLSearchParams>} */
  const groups = new Map();
  /** @type {DroppedEntry[]} */
  const dropped = [];
  let more = 0;
  let length = 0;
  let keys = 0;
  for (const piece of search.replace(/^\?/, '').split('&')) {
    length += piece.length + 1;
    if (piece === '') continue;
    // A piece past the limits is looked at no further than its key (a few characters of it are quoted).
    const [[key, value] = []] = new URLSearchParams(piece.slice(0, MAX_KEY_LENGTH + 2 * QUOTE_LENGTH));
    if (key === undefined) continue;
    const match = key.length > MAX_KEY_LENGTH ? null : KEY.exec(key);
    const owner = match && known.has(match[1]) ? match[1] : null;
    const name = owner ? match[2] : key;
    const group = owner ? groups.get(owner) : undefined;
    const kind =
      length > MAX_QUERY + 1
        ? 'long'
        : keys >= MAX_KEYS
          ? 'many'
          : !owner
            ? 'unknown'
            : group?.has(name)
              ? 'repeat'
              : null;
    if (kind !== null) {
      if (dropped.length < MAX_KEYS) dropped.push({ owner, name, key, value, kind });
      else more += 1;
      continue;
    }
    const into = group ?? new URLSearchParams();
    into.set(name, new URLSearchParams(piece).get(key) ?? '');
    groups.set(owner, into);
    keys += 1;
  }
  return { groups, dropped, more };
}

/** @typedef {import('../core/params.js').ParamNote} ParamNote */

const count = new Intl.NumberFormat('en-US');

const WHY = {
  unknown: () => 'is not a key this article reads (sinusoidal.<name> or <figure>.<name>)',
  repeat: () => 'repeats a key given before it; the first is shown',
  long: () =>
    `lies past the first ${count.format(MAX_QUERY)} characters of the address, all the article reads`,
  many: () => `comes after the first ${count.format(MAX_KEYS)} keys of the address, all the article reads`,
};

/**
 * The note for an entry of the address that was left out.
 * @param {DroppedEntry} entry
 * @returns {ParamNote}
 */
export function droppedNote({ name, key, value, kind }) {
  const shown = kind === 'repeat' ? '' : ': left out';
  return { key: name, name, kind: 'error', text: `${quote(key)} = ${quote(value)} ${WHY[kind]()}${shown}.` };
}

/** The note that `more` further entries were left out too (none when there are none). */
export function moreNotes(more) {
  if (more === 0) return [];
  const text = `${count.format(more)} more entries of the address were left out.`;
  return [{ key: '', name: '', kind: /** @type {const} */ ('error'), text }];
}

/**
 * Notes for the names of `query` that are not among `params` (a figure's URL parameters): left out, with the
 * names it has.
 * @param {URLSearchParams} query
 * @param {{ name: string }[]} params
 * @param {string} owner the prefix, as the address writes it
 * @returns {ParamNote[]}
 */
export function unknownNames(query, params, owner) {
  const names = params.map((p) => p.name);
  const notes = [];
  for (const [name, value] of query) {
    if (names.includes(name)) continue;
    const text =
      `${quote(`${owner}.${name}`)} = ${quote(value)} is not a parameter here (its parameters: ` +
      `${names.join(', ')}): left out.`;
    notes.push({ key: name, name, kind: /** @type {const} */ ('error'), text });
  }
  return notes;
}
