// A figure's parameters, declared once: their types, defaults, ranges, controls and URL names. From the
// declarations come the figure's defaults, URL parsing (typed and capped) and its labelled controls. Ranges are
// not enforced here: the engine validates every value it is given, so a bad value shows the engine's message.
// Pure: no DOM (the controls are made by ui/controls.js's createControls), so Node's tests run it as it ships.

/** Longest string a URL parameter may carry into a figure, and most items in a list. */
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
 * @property {number} [maxLength] strings and lists: most characters / items accepted from a URL
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
 * Options from a URL query: each declared parameter present is converted to its type and capped in length.
 * A number that does not parse becomes NaN, so that the engine's message names it.
 * @param {URLSearchParams} query
 * @param {Record<string, ParamDecl>} decls
 */
export function parseQuery(query, decls) {
  const options = {};
  for (const { key, name, type } of urlParamsOf(decls)) {
    if (!query.has(name)) continue;
    options[key] = parseValue(query.get(name) ?? '', type, decls[key]);
  }
  return options;
}

function parseValue(raw, type, decl) {
  const cap = decl.maxLength ?? (type === 'numbers' ? MAX_ITEMS : MAX_TEXT);
  const text = raw.slice(0, type === 'numbers' ? cap * 32 : cap);
  if (type === 'int' || type === 'number') return text.trim() === '' ? NaN : Number(text);
  if (type === 'boolean') return text === '' || text === 'true' || text === '1';
  if (type === 'numbers') {
    return text
      .split(',')
      .slice(0, cap)
      .map((s) => (s.trim() === '' ? NaN : Number(s)));
  }
  if (type === 'enum') {
    // Enum values may be numbers (a width chosen from a list); the declared options say which.
    const match = decl.options?.find((o) => String(o.value) === text);
    return match ? match.value : text;
  }
  return text;
}

/** The value as a URL parameter writes it. */
export function formatParam(value, type) {
  if (type === 'numbers') return /** @type {number[]} */ (value).join(',');
  if (type === 'boolean') return value ? '1' : '0';
  return String(value);
}
