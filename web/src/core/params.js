// A figure's parameters, declared once: their types, defaults, ranges, controls and URL names. From the
// declarations come the figure's defaults, URL reading (readQuery: typed, checked against the declaration, with a
// note for every value it refuses or brings into range) and its labelled controls. Values set by the reader's
// controls or the article are not checked here: the engine validates every value it is given.
// Pure: no DOM (the controls are made by ui/controls.js's createControls), so Node's tests run it as it ships.
//
// What a URL value gets (readQuery), the same for every figure:
// - refused, with a message (kind 'error'), and the parameter keeps its default: a number that is not a decimal
//   number or not finite (empty, "NaN", "1e309", text), a value that is not one of an enum's or a width's
//   choices, a boolean other than 1/0/true/false/yes/no/on/off (or empty, true), text longer than the
//   parameter's maxLength or (spaces aside) shorter than its minLength, and a list that is empty or holds an item that is not a finite number;
// - brought to the nearest value the figure offers, with a note (kind 'clamp'): a number below `min` or above
//   `max`, a whole-number parameter given a fraction, a value between the steps of `step` or between the
//   powers of two of a 'pow2' scale, list items outside `items`' range, and a list longer than `maxItems`
//   (the first maxItems items are shown).
// Every value quoted in a note is cut to QUOTE_LENGTH characters (quote()).

/**
 * Longest string a URL parameter may carry into a figure, and most items in a list typed in a field or read from
 * a URL (unless the parameter declares its own `maxLength` or `maxItems`).
 */
export const MAX_TEXT = 200;
export const MAX_ITEMS = 32;
/** Characters of a list read at most (URL or field): room for MAX_ITEMS numbers written out in full. */
export const MAX_LIST_TEXT = MAX_ITEMS * 32;
// A decimal number, matched in linear time: each digit can belong to one part only.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A list typed by the reader ("0, 100 300", commas, spaces or semicolons between) as numbers: a piece that is
 * not a decimal number becomes NaN (the engine's message then names it); at most MAX_ITEMS items from the
 * first MAX_LIST_TEXT characters.
 * @param {string} text
 */
export function parseNumberList(text) {
  return text
    .slice(0, MAX_LIST_TEXT)
    .split(/[\s,;]+/)
    .filter((piece) => piece !== '')
    .slice(0, MAX_ITEMS)
    .map((piece) => (DECIMAL.test(piece) ? Number(piece) : NaN));
}

/**
 * @typedef {object} ParamDecl
 * @property {string} type 'int', 'number', 'enum', 'string', 'boolean' or 'numbers'
 * @property {unknown} default
 * @property {string} [label] the control's visible label
 * @property {string|((value: any, onChange: (v: any) => void) => { element: HTMLElement, value: any })} [control]
 *   'slider', 'select', 'segmented', 'toggle', 'numbers' or a function making the control; none: the parameter
 *   comes only from options or the URL
 * @property {number} [min] @property {number} [step]
 * @property {number | ((params: Record<string, any>) => number)} [max] a function when the end follows other
 *   parameters (a position below the number of positions): defineFigure keeps the value within it
 * @property {string} [scale] 'linear', 'log' or 'pow2' (powers of two from min to max)
 * @property {{ value: unknown, label: string }[]} [options] choices of an enum (values keep their type)
 * @property {(value: any) => string} [format] how the control shows a value
 * @property {string|false} [url] the URL name (the key by default); false keeps it out of URLs
 * @property {boolean} [linked] the article's section bar stands in for this control (`controls: false`)
 * @property {number} [maxLength] strings: most characters accepted from a URL (MAX_TEXT by default)
 * @property {number} [minLength] strings: fewest characters, spaces aside, accepted from a URL (none by default)
 * @property {number} [maxItems] lists: most items the figure shows (MAX_ITEMS by default); a URL giving more
 *   shows the first maxItems, with a note
 * @property {{ type: string, min?: number, max?: number | ((params: Record<string, any>) => number) }} [items]
 *   lists: the type ('int' or 'number') and range of each item
 */

/**
 * What readQuery says about one URL value: refused (kind 'error', the default is kept) or brought into range
 * (kind 'clamp'). `text` names the parameter, quotes the value short and says what is allowed.
 * @typedef {{ key: string, name: string, kind: 'error' | 'clamp', text: string }} ParamNote
 */

/** The declared defaults: { key: default }. */
export function defaultsOf(decls) {
  return Object.fromEntries(Object.entries(decls).map(([key, d]) => [key, d.default]));
}

/** Types of the URL parameters (for the embed page, the web component and URL state). */
export function urlParamsOf(decls) {
  return Object.entries(decls)
    .filter(([, d]) => d.url !== false)
    .map(([key, d]) => ({ key, name: d.url ?? key, type: d.type, default: d.default }));
}

/** The upper end of a parameter's range for the given values of all parameters. */
export function maxOf(decl, values) {
  return typeof decl.max === 'function' ? decl.max(values) : decl.max;
}

/**
 * The parameters whose `max` follows others and lies below their value, brought down to it: { key: value } for
 * those that moved (none when the end is not a number: the engine then names the bad parameter).
 * @param {Record<string, ParamDecl>} decls
 * @param {Record<string, any>} values
 */
export function clampToBounds(decls, values) {
  const patch = {};
  for (const [key, decl] of Object.entries(decls)) {
    if (typeof decl.max !== 'function') continue;
    const max = decl.max(values);
    if (Number.isFinite(max) && values[key] > max) patch[key] = max;
  }
  return patch;
}

/**
 * Options from a URL query: each declared parameter present, read and checked against its declaration (see the
 * policy at the top of this file). Refused values are left out, so the figure keeps their defaults.
 * @param {URLSearchParams} query
 * @param {Record<string, ParamDecl>} decls
 */
export function parseQuery(query, decls) {
  return readQuery(query, decls).options;
}

/**
 * Reads a URL query against the declarations: { options, notes }, where options holds the values to use (only
 * parameters the URL names and that were not refused) and notes one ParamNote per value refused or changed.
 * Declarations are read in order, so a range that follows another parameter (`max` a function) uses that
 * parameter's value as read from the same URL (or its default).
 * @param {URLSearchParams} query
 * @param {Record<string, ParamDecl>} decls
 * @returns {{ options: Record<string, any>, notes: ParamNote[] }}
 */
export function readQuery(query, decls) {
  const values = defaultsOf(decls);
  /** @type {Record<string, any>} */
  const options = {};
  /** @type {ParamNote[]} */
  const notes = [];
  for (const { key, name } of urlParamsOf(decls)) {
    if (!query.has(name)) continue;
    const read = readValue(query.get(name) ?? '', decls[key], { key, name }, values);
    if (read.note) notes.push({ key, name, ...read.note });
    if ('value' in read) options[key] = values[key] = read.value;
  }
  return { options, notes };
}

/** Most characters of a URL value quoted in a note or message. */
export const QUOTE_LENGTH = 40;

/**
 * A value quoted for a message: in double quotes, cut to QUOTE_LENGTH characters with an ellipsis.
 * @param {unknown} value
 */
export function quote(value) {
  const text = String(value);
  const head = Array.from(text.slice(0, 2 * QUOTE_LENGTH));
  return head.length > QUOTE_LENGTH || text.length > 2 * QUOTE_LENGTH
    ? `"${head.slice(0, QUOTE_LENGTH).join('')}\u2026"`
    : `"${text}"`;
}

/**
 * A message as a figure shows it: any run of more than QUOTE_LENGTH + 8 characters without a space (a long
 * value echoed by the engine) cut to QUOTE_LENGTH with an ellipsis, so that no message is wider than its line.
 * @param {string} message
 */
export function shortenMessage(message) {
  return message.replace(
    new RegExp(`\\S{${QUOTE_LENGTH + 9},}`, 'gu'),
    (word) => `${Array.from(word).slice(0, QUOTE_LENGTH).join('')}\u2026`,
  );
}

/** A number in a note: grouped digits ("2,048"), six significant digits at most. */
const grouped = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });
const wholes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
// Whole numbers exactly (1,048,576, not 1,048,580); others to six significant digits.
export const show = (x) =>
  !Number.isFinite(x) ? String(x) : Number.isInteger(x) ? wholes.format(x) : grouped.format(x);
const showDefault = (value) =>
  value === null || value === undefined
    ? "the figure's own choice"
    : Array.isArray(value)
      ? value.map(show).join(', ')
      : typeof value === 'number'
        ? show(value)
        : typeof value === 'boolean'
          ? value
            ? 'on'
            : 'off'
          : quote(value);

function refuse(param, raw, problem, allowed, decl) {
  const text = `${param.name} ${quote(raw)} ${problem}; allowed: ${allowed}. Showing the default, ${showDefault(decl.default)}.`;
  return { note: { kind: /** @type {const} */ ('error'), text } };
}

function readValue(raw, decl, param, values) {
  switch (decl.type) {
    case 'int':
    case 'number':
      return decl.options ? readChoice(raw, decl, param) : readNumber(raw, decl, param, values);
    case 'enum':
      return readChoice(raw, decl, param);
    case 'boolean':
      return readBoolean(raw, decl, param);
    case 'numbers':
      return readList(raw, decl, param, values);
    default:
      return readText(raw, decl, param);
  }
}

function readChoice(raw, decl, param) {
  const match = decl.options?.find((o) => String(o.value) === raw);
  if (match) return { value: match.value };
  const choices = (decl.options ?? []).map((o) => String(o.value)).join(', ');
  return refuse(param, raw, 'is not one of the choices', `one of ${choices}`, decl);
}

const TRUE = ['', '1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

function readBoolean(raw, decl, param) {
  const text = raw.trim().toLowerCase();
  if (TRUE.includes(text)) return { value: true };
  if (FALSE.includes(text)) return { value: false };
  return refuse(param, raw, 'is not a yes or no', '1, 0, true, false, yes, no, on or off', decl);
}

function readText(raw, decl, param) {
  const most = decl.maxLength ?? MAX_TEXT;
  const least = decl.minLength ?? 0;
  if (raw.length <= most && raw.trim().length >= least) return { value: raw };
  const problem = raw.length > most ? `is ${show(raw.length)} characters long` : 'is empty';
  const allowed = least > 0 ? `${show(least)} to ${show(most)}` : `at most ${show(most)}`;
  return refuse(param, raw, problem, `text of ${allowed} characters`, decl);
}

/** What a number parameter (or a list's item) allows, in words, for the values read so far. */
function describe(decl, values) {
  const max = maxOf(decl, values);
  const kind =
    decl.scale === 'pow2'
      ? 'a power of two'
      : decl.type === 'int'
        ? decl.step > 1
          ? `a multiple of ${show(decl.step)}`
          : 'a whole number'
        : 'a number';
  const from = decl.min !== undefined ? ` from ${show(decl.min)}` : '';
  const to = Number.isFinite(max) ? ` to ${show(max)}` : '';
  return `${kind}${from}${to}`;
}

/**
 * A number read from text: { value } when it is a finite decimal number, else { problem }.
 * @param {string} raw
 */
function numberOf(raw) {
  const text = raw.trim();
  if (!DECIMAL.test(text)) return { problem: 'is not a number' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { problem: 'is too large to be a number' };
  return { value: value === 0 ? 0 : value }; // -0 reads as 0
}

/**
 * The nearest value the declaration allows to x (a finite number), and why it differs: { value, why }, `why`
 * empty when x is allowed as it is.
 */
export function nearestAllowed(x, decl, values) {
  const max = maxOf(decl, values);
  const low = decl.min ?? -Infinity;
  const high = Number.isFinite(max) ? Math.max(low, max) : Infinity;
  if (x < low) return { value: low, why: `is below the least this figure draws, ${show(low)}` };
  if (x > high) return { value: high, why: `is above the most this figure draws, ${show(high)}` };
  if (decl.scale === 'pow2') {
    const power = 2 ** Math.round(Math.log2(x));
    const value = Math.min(high, Math.max(low, power));
    return value === x ? { value, why: '' } : { value, why: 'is not a power of two' };
  }
  if (decl.type === 'int' && decl.step > 1) {
    const value = Math.min(high, Math.max(low, Math.round(x / decl.step) * decl.step));
    return value === x ? { value, why: '' } : { value, why: `is not a multiple of ${show(decl.step)}` };
  }
  if (decl.type === 'int' && !Number.isInteger(x)) {
    return { value: Math.min(high, Math.max(low, Math.round(x))), why: 'is not a whole number' };
  }
  return { value: x, why: '' };
}

function readNumber(raw, decl, param, values) {
  const read = numberOf(raw);
  if (read.problem) return refuse(param, raw, read.problem, describe(decl, values), decl);
  // A range that follows the value itself (the lab's, widened to a value from the URL) is judged with it set.
  const { value, why } = nearestAllowed(read.value, decl, { ...values, [param.key]: read.value });
  if (!why) return { value };
  return {
    value,
    note: {
      kind: /** @type {const} */ ('clamp'),
      text: `${param.name} ${quote(raw)} ${why}: showing ${show(value)}.`,
    },
  };
}

/**
 * The first `most` comma-separated pieces of a list and how many pieces it has, in one pass (a list of 65,536
 * items costs a scan, not 65,536 strings).
 * @param {string} raw @param {number} most
 */
function pieces(raw, most) {
  const first = [];
  let count = 0;
  let start = 0;
  for (let at = raw.indexOf(','); ; at = raw.indexOf(',', start)) {
    const end = at < 0 ? raw.length : at;
    if (first.length < most) first.push(raw.slice(start, end));
    count += 1;
    if (at < 0) break;
    start = at + 1;
  }
  return { first, count };
}

function readList(raw, decl, param, values) {
  const most = decl.maxItems ?? MAX_ITEMS;
  const itemDecl = decl.items ?? { type: 'number' };
  const allowed = `1 to ${show(most)} items separated by commas, each ${describe(itemDecl, values)}`;
  if (raw.trim() === '') return refuse(param, raw, 'is empty', allowed, decl);
  const { first, count } = pieces(raw, most);
  const value = [];
  const changes = [];
  for (const [i, piece] of first.entries()) {
    const read = numberOf(piece);
    if (read.problem)
      return refuse(param, raw, `has item ${i + 1}, ${quote(piece)}, that ${read.problem}`, allowed, decl);
    const near = nearestAllowed(read.value, itemDecl, values);
    if (near.why) changes.push(`item ${i + 1}, ${quote(piece)}, ${near.why}: showing ${show(near.value)}`);
    value.push(near.value);
  }
  if (count > most) {
    changes.unshift(
      `${show(count)} items given; this figure shows at most ${show(most)}: showing the first ${show(most)}`,
    );
  }
  if (changes.length === 0) return { value };
  const shown =
    changes.length > 4 ? [...changes.slice(0, 3), `and ${changes.length - 3} more changes`] : changes;
  return {
    value,
    note: { kind: /** @type {const} */ ('clamp'), text: `${param.name}: ${shown.join('; ')}.` },
  };
}

/** The value as a URL parameter writes it. */
export function formatParam(value, type) {
  // A list left to the figure's own choice (a null default, as the binary figure's clocks) writes as empty.
  if (type === 'numbers') return value == null ? '' : /** @type {number[]} */ (value).join(',');
  if (type === 'boolean') return value ? '1' : '0';
  return String(value);
}
