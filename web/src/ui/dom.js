// Builds DOM from plain values. Strings always become text nodes, so user or URL text can never become markup.

/**
 * Creates an element: `h('p', { class: 'note', 'aria-live': 'polite' }, 'text', child)`.
 * Attributes whose value is false, null or undefined are left out; `on<Event>` keys add listeners.
 */
export function h(tag, attributes = {}, ...children) {
  const svg = tag.startsWith('svg:');
  const element = svg
    ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4))
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      element.addEventListener(key.slice(2).toLowerCase(), value);
    } else {
      element.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

/** Appends children (elements, strings, numbers, nested arrays; null and false are skipped). */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Replaces all children of an element. */
export function replaceChildren(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

let nextId = 0;
/** A page-unique id for label/for and aria pairs. */
export function uid(prefix = 'pe') {
  nextId += 1;
  return `${prefix}-${nextId}`;
}
