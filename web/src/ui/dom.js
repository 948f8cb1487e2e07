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

/**
 * A box that scrolls what it holds when that is wider or taller than the box (a wide table): in the tab order,
 * so that a keyboard user can focus it and scroll it with the arrow keys, and named for what it holds. A named
 * group rather than a region, so that the article's many data tables add no landmarks.
 * @param {string} label the box's accessible name
 * @param {Record<string, unknown>} attributes the box's own (its class)
 */
export function scrollBox(label, attributes, ...children) {
  return h('div', { ...attributes, tabindex: 0, role: 'group', 'aria-label': label }, ...children);
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

/**
 * A control as a figure holds it: its element, its input (where it has one) and its `value`, read and written
 * through `get` and `set` (writing it from code does not call the control's onChange).
 * @template T
 * @param {HTMLElement} element @param {any} input @param {() => T} get @param {(value: T) => void} set
 */
export function valueHandle(element, input, get, set) {
  return {
    element,
    input,
    get value() {
      return get();
    },
    set value(v) {
      set(v);
    },
  };
}

let nextId = 0;
/** A page-unique id for label/for and aria pairs. */
export function uid(prefix = 'pe') {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/**
 * Attribute and text writes that happen only when the value changes. A figure redrawn on every slider step
 * sends everything through one of these, so what a step leaves as it was is not touched (each write to a node
 * costs style, layout and paint).
 * @returns {{ put(node: Element, name: string, value: unknown): void, drop(node: Element, name: string): void,
 *   putText(node: Node, text: string): void, putRect(node: Element, x: number, y: number, width: number,
 *   height: number): void }} putRect writes a rectangle's four attributes
 */
export function changeWriter() {
  const written = new WeakMap();
  const texts = new WeakMap();
  function put(node, name, value) {
    let cache = written.get(node);
    if (!cache) {
      cache = new Map();
      written.set(node, cache);
    }
    const text = String(value);
    if (cache.get(name) === text) return;
    cache.set(name, text);
    node.setAttribute(name, text);
  }
  return {
    put,
    putRect(node, x, y, width, height) {
      put(node, 'x', x);
      put(node, 'y', y);
      put(node, 'width', width);
      put(node, 'height', height);
    },
    drop(node, name) {
      written.get(node)?.delete(name);
      node.removeAttribute(name);
    },
    putText(node, text) {
      if (texts.get(node) === text) return;
      texts.set(node, text);
      node.textContent = text;
    },
  };
}

/**
 * Children of `parent` that a redraw reuses: `show(count)` keeps the first `count` items made by `make(i)` in
 * the parent (before `before`, or last), detaching the rest but keeping them for later, and returns the items.
 * An item is a node, or an object whose `node` is its root (with handles to its parts).
 * @template T
 * @param {Element} parent
 * @param {(index: number) => T} make
 * @param {Node | null} [before]
 * @returns {(count: number) => T[]}
 */
export function nodePool(parent, make, before = null) {
  const items = [];
  let shown = 0;
  const nodeOf = (item) => (item instanceof Node ? item : item.node);
  return (count) => {
    while (items.length < count) items.push(make(items.length));
    for (let i = shown; i < count; i += 1) parent.insertBefore(nodeOf(items[i]), before);
    for (let i = count; i < shown; i += 1) nodeOf(items[i]).remove();
    shown = count;
    return items.slice(0, count);
  };
}

/** Whether two lists hold the same items in the same order (compared with ===). */
export function sameList(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The focused element in the document or shadow root that holds `node`: inside a <pe-figure>,
 * document.activeElement is the element itself, not the control within it that has focus.
 * @param {Node} node
 * @returns {Element | null}
 */
export function activeIn(node) {
  const root = /** @type {Document | ShadowRoot} */ (node.getRootNode());
  return 'activeElement' in root ? root.activeElement : document.activeElement;
}
