// The hostile URL values tried on every declared parameter of every figure: empty, not numbers, out of range,
// not whole, enormous, HTML, lists far longer than a figure shows. tests/unit/hostile-values.test.mjs reads each
// through the figure's own reader in Node and requires a note naming every parameter a value cannot stand for;
// hostile-urls.spec.js loads the embed page with those that test what the page draws and shows.

export const TEN_KB = 'x'.repeat(10 * 1024);
export const LONG_LIST = Array.from({ length: 65536 }, () => '3').join(',');
export const HTML = '<img src=x onerror=alert(1)>';
/** A value echoed at length: more than 40 characters and an ellipsis without a space (core/params.js's quote). */
export const LONG_RUN = /\S{49,}/;

/**
 * The hostile values, each set on every parameter of the kinds it applies to (`only`) at once. `refused(type)`:
 * the types for which the value can never stand, so a note naming the parameter must appear. `page`: loaded on
 * the embed page too, for what the page draws with it (every range at its end), echoes (long and HTML text) or
 * lays out (a note on a list of 65,536 items).
 */
export const VALUES = [
  { label: 'empty', value: '', refused: (type) => type !== 'string' && type !== 'boolean' },
  { label: 'NaN', value: 'NaN', refused: (type) => type !== 'string' },
  { label: '-1', value: '-1' },
  { label: '0', value: '0' },
  { label: '1e309', value: '1e309', refused: (type) => type !== 'string' },
  { label: 'a huge integer', value: '9'.repeat(30), page: true },
  { label: '1.5', value: '1.5' },
  // Text is also an unknown choice for every enum.
  { label: 'text (an unknown choice)', value: 'diagonal', refused: (type) => type !== 'string' },
  { label: 'a 10 KB string', value: TEN_KB, refused: () => true, page: true },
  { label: HTML, value: HTML, refused: (type) => type !== 'string', page: true },
  {
    label: 'a list of 65,536 items',
    value: LONG_LIST,
    only: (type) => type === 'numbers',
    refused: () => true,
    page: true,
  },
];

/**
 * Whether `value` lies outside what a number parameter declares (not whole for an int, out of its range at the
 * declared defaults, between steps or powers of two): then the page must say what it shows instead.
 */
export function outside(key, decl, defaults, value) {
  const x = Number(value);
  if (decl.type !== 'int' && decl.type !== 'number') return false;
  if (decl.options) return !decl.options.some((o) => o.value === x);
  const max = typeof decl.max === 'function' ? decl.max({ ...defaults, [key]: x }) : decl.max;
  if (decl.min !== undefined && x < decl.min) return true;
  if (Number.isFinite(max) && x > max) return true;
  if (decl.type === 'int' && !Number.isInteger(x)) return true;
  if (decl.scale === 'pow2') return !Number.isInteger(Math.log2(x));
  return decl.type === 'int' && decl.step > 1 && x % decl.step !== 0;
}

/**
 * The query that sets every parameter of `params` a value applies to (`only`) to that value, and those
 * parameters: one load of the embed page, or one read of the figure's query.
 * @param {{ name: string, type: string }[]} params
 * @param {{ value: string, only?: (type: string) => boolean }} hostile
 */
export function hostileQuery(params, { value, only }) {
  const chosen = params.filter((p) => (only ? only(p.type) : true));
  return { chosen, query: chosen.map((p) => `${p.name}=${encodeURIComponent(value)}`).join('&') };
}

/**
 * The parameters of `chosen` for which `value` can never stand or lies outside what they declare: each must get
 * a note that names it.
 */
export function mustBeNoted(chosen, declarations, defaults, { value, refused }) {
  return chosen.filter((p) => refused?.(p.type) || outside(p.key, declarations[p.key], defaults, value));
}

/** Whether a note among `notes` (texts) names parameter `name`. */
export const names = (notes, name) =>
  notes.some((text) => text.startsWith(`${name} `) || text.startsWith(`${name}:`));
