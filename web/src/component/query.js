// Parameters given outside a URL (a <pe-figure> element's attributes, a host page's `pe-explorer:set` message)
// are written as the URL query they stand for, so that figure.parse validates them exactly as it validates
// embed.html's URL. Pure: no DOM.

/** Most parameters read from one message or element (a figure declares far fewer). */
const MAX_ENTRIES = 64;

/**
 * The URL query for parameters keyed by URL names: numbers and strings as written, a list joined by commas, a
 * boolean as 1 or 0. Values of other types (objects, functions) are refused with an Error naming the parameter.
 * @param {Record<string, unknown>} params
 */
export function queryOf(params) {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw new Error(`The parameters must be an object keyed by URL names (received ${describe(params)}).`);
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params).slice(0, MAX_ENTRIES)) {
    query.set(name, textOf(name, value));
  }
  return query;
}

function textOf(name, value) {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value) && value.every((item) => typeof item === 'number' || typeof item === 'string')) {
    return value.join(',');
  }
  throw new Error(
    `Parameter "${name.slice(0, 40)}" must be a number, a string, a boolean or a list of numbers ` +
      `(received ${describe(value)}).`,
  );
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** The attribute name of a URL parameter name: dModel -> d-model, base -> base. */
export function attributeOf(name) {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
