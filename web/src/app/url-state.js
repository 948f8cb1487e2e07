// What the reader set, in the address: every figure's parameters and the sinusoidal part's section bar, so that a
// reload or a shared link shows the same, and Back and Forward step through the reader's changes. The query names
// each value by its owner and its URL name: `heatmap.dModel=128`, `similarity.maxOffset=20`, and for the
// section bar, which six figures follow, `sinusoidal.positions=50` (a linked figure's own prefix is read for those
// too, so `heatmap.positions=50` works). Only values that differ from the defaults are written.
// The string functions are pure (Node's tests run them); startUrlState wires them to the page.
import { formatParam, urlParamsOf } from './params.js';

/** The prefix of the section bar's values: the part of the article whose figures it drives. */
export const PART = 'sinusoidal';
/** Characters of the query read at most, keys read at most, and the longest key. */
export const MAX_QUERY = 4096;
export const MAX_KEYS = 64;
export const MAX_KEY_LENGTH = 64;

/** Events between figures and URL state (figure.js sends and answers them; startUrlState listens). */
export const MOUNT_EVENT = 'pe:figure-mount';
export const CHANGE_EVENT = 'pe:params-change';
export const APPLY_EVENT = 'pe:apply-params';
export const LINK_EVENT = 'pe:share-link';

const KEY = /^([a-z]+)\.([A-Za-z][A-Za-z0-9]*)$/;

/**
 * The query's values by owner: Map of prefix to URLSearchParams of unprefixed names. Reads at most MAX_QUERY
 * characters (whole entries only) and MAX_KEYS keys; keys of unknown owners, malformed keys and repeats of a key
 * are left out (the first one counts).
 * @param {string} search location.search, with or without its '?'
 * @param {Iterable<string>} owners the known prefixes
 * @returns {Map<string, URLSearchParams>}
 */
export function readQuery(search, owners) {
  const known = new Set(owners);
  /** @type {Map<string, URLSearchParams>} */
  const groups = new Map();
  let length = 0;
  let keys = 0;
  for (const piece of search.replace(/^\?/, '').split('&')) {
    length += piece.length + 1;
    if (length > MAX_QUERY + 1 || keys >= MAX_KEYS) break;
    if (piece === '') continue;
    const [[key, value] = []] = new URLSearchParams(piece);
    if (key === undefined || key.length > MAX_KEY_LENGTH) continue;
    const match = KEY.exec(key);
    if (!match || !known.has(match[1])) continue;
    const group = groups.get(match[1]) ?? new URLSearchParams();
    if (group.has(match[2])) continue;
    group.set(match[2], value);
    groups.set(match[1], group);
    keys += 1;
  }
  return groups;
}

/**
 * The parameters whose value differs from the default, as [URL name, text] in declaration order.
 * @param {{ key: string, name: string, type: string, default: unknown }[]} params a figure's URL parameters
 * @param {Record<string, unknown>} values
 * @param {Iterable<string>} [skip] keys left out (those the section bar owns)
 * @returns {[string, string][]}
 */
export function changedEntries(params, values, skip = []) {
  const left = new Set(skip);
  /** @type {[string, string][]} */
  const entries = [];
  for (const { key, name, type, default: fallback } of params) {
    if (left.has(key) || !Object.hasOwn(values, key)) continue;
    const text = formatParam(values[key], type);
    if (text !== formatParam(fallback, type)) entries.push([name, text]);
  }
  return entries;
}

/** A query value, percent-encoded except for commas (lists stay readable). */
function encodeValue(text) {
  return encodeURIComponent(text).replaceAll('%2C', ',');
}

/**
 * The query for the given values: '?prefix.name=value&...' ('' when there are none).
 * @param {Iterable<[string, [string, string][]]>} groups prefix and entries
 */
export function writeQuery(groups) {
  const parts = [];
  for (const [prefix, entries] of groups) {
    for (const [name, text] of entries) parts.push(`${prefix}.${name}=${encodeValue(text)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/**
 * The figure alone on the embed page, as an absolute URL next to the page at `pageHref`.
 * @param {string} pageHref @param {string} id @param {[string, string][]} entries
 */
export function embedUrl(pageHref, id, entries) {
  const url = new URL('embed.html', pageHref);
  url.search = [`figure=${encodeValue(id)}`, ...entries.map(([n, t]) => `${n}=${encodeValue(t)}`)].join('&');
  return url.href;
}

/**
 * The article with the query `search` and the figure's anchor. The article is the page itself, or, from the
 * embed page, index.html beside it.
 * @param {string} pageHref @param {string} search @param {string} id @param {boolean} onArticle
 */
export function articleUrl(pageHref, search, id, onArticle) {
  const url = new URL(onArticle ? pageHref : 'index.html', pageHref);
  url.search = search;
  url.hash = id;
  return url.href;
}

/** An attribute name of the web component for a URL name: dModel -> d-model, maxOffset -> max-offset. */
export function kebab(name) {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Text made safe inside a double-quoted HTML attribute. */
export function escapeAttribute(text) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The iframe snippet of docs/embedding.md, with the script that lets the figure size its iframe. */
export function iframeSnippet(src, title) {
  return [
    '<iframe',
    `  src="${escapeAttribute(src)}"`,
    `  title="${escapeAttribute(title)}"`,
    '  style="width: 100%; height: 560px; border: 0"',
    '  loading="lazy"',
    '></iframe>',
    '<script>',
    '  // Optional: let the figure size its iframe.',
    "  addEventListener('message', (event) => {",
    "    if (event.data?.type !== 'pe-explorer:height') return;",
    "    for (const frame of document.querySelectorAll('iframe')) {",
    '      if (frame.contentWindow === event.source) frame.style.height = `${event.data.height}px`;',
    '    }',
    '  });',
    '</script>',
  ].join('\n');
}

/**
 * The web component snippet: its module from beside the page, then the element with kebab-case attributes.
 * @param {string} pageHref @param {string} id @param {[string, string][]} entries
 */
export function componentSnippet(pageHref, id, entries) {
  const src = new URL('pe-figure.js', pageHref).href;
  const attributes = entries.map(([name, text]) => ` ${kebab(name)}="${escapeAttribute(text)}"`).join('');
  return (
    `<script type="module" src="${escapeAttribute(src)}"></script>\n` +
    `<pe-figure figure="${escapeAttribute(id)}"${attributes}></pe-figure>`
  );
}

/** Shortest time between two rewrites of the address while the reader drags (browsers throttle faster ones). */
const REPLACE_MS = 200;

/**
 * Keeps the address and the article in step: restores what the query names (the section bar at once, each figure
 * as it mounts), writes every change the reader makes (a new history entry when the reader turns another control
 * than the last one, the same entry rewritten while one control moves) and applies the state Back and Forward
 * bring back.
 * @param {object} options
 * @param {string[]} options.figureIds every figure id (the prefixes read besides PART)
 * @param {{ update(patch: Record<string, unknown>): void, params(): Record<string, unknown> } | null} options.section
 *   the section bar's part of the article (null when the page has none)
 * @param {Record<string, import('./params.js').ParamDecl>} options.sectionParams the bar's declarations
 * @param {(query: URLSearchParams) => object} options.parseSection
 */
export function startUrlState({ figureIds, section, sectionParams, parseSection }) {
  const owners = [PART, ...figureIds];
  const sectionList = urlParamsOf(sectionParams);
  const sectionKeys = sectionList.map((p) => p.key);
  const sectionNames = sectionList.map((p) => p.name);
  const sectionDefaults = Object.fromEntries(sectionList.map((p) => [p.key, p.default]));
  /** @type {Map<HTMLElement, { id: string, params: any[], parse: (q: URLSearchParams) => any }>} */
  const mounted = new Map();
  let groups = readQuery(window.location.search, owners);
  let sectionValues = section ? section.params() : {};
  let lastGesture = /** @type {string | null} */ (null);
  let timer = 0;

  const linked = (/** @type {HTMLElement} */ element) => element.dataset.linked !== undefined;
  const linkedIds = () =>
    [...document.querySelectorAll(/** @type {'div'} */ ('[data-linked]'))].map((e) => e.dataset.linked ?? '');

  /** The bar's values: its own group, then what linked figures' groups say of its parameters. */
  function sectionPatch() {
    const query = new URLSearchParams();
    for (const id of [PART, ...linkedIds()]) {
      for (const name of sectionNames) {
        const value = groups.get(id)?.get(name);
        if (value !== undefined && value !== null && !query.has(name)) query.set(name, value);
      }
    }
    return { ...sectionDefaults, ...parseSection(query) };
  }

  /** A figure's own values from the query (those the bar owns left to it). */
  function figureOptions(element, id, parse) {
    const query = new URLSearchParams(groups.get(id) ?? '');
    if (linked(element)) for (const name of sectionNames) query.delete(name);
    return parse(query);
  }

  function search() {
    return writeQuery(owners.filter((o) => groups.has(o)).map((o) => [o, [...(groups.get(o) ?? [])]]));
  }

  function setGroup(owner, entries) {
    if (entries.length === 0) groups.delete(owner);
    else groups.set(owner, new URLSearchParams(entries));
  }

  const hrefFor = (query) => {
    const url = new URL(window.location.href);
    url.search = query;
    return url.href;
  };

  // While one control moves, the address it makes waits here and replaces the entry at most every REPLACE_MS;
  // another control's change first settles it on its own entry, then adds the next entry.
  let pending = '';
  function commit(gesture) {
    const href = hrefFor(search());
    if (gesture === lastGesture) {
      pending = href;
      if (!timer) timer = window.setTimeout(flush, REPLACE_MS);
      return;
    }
    flush();
    lastGesture = gesture;
    if (href !== window.location.href) window.history.pushState(null, '', href);
  }

  function flush() {
    clearTimeout(timer);
    timer = 0;
    if (pending !== '' && pending !== window.location.href) window.history.replaceState(null, '', pending);
    pending = '';
  }

  // A reload or a new page within REPLACE_MS of a step keeps that step.
  window.addEventListener('pagehide', flush);

  if (section && groups.size > 0) {
    sectionValues = sectionPatch();
    section.update(sectionValues);
  }

  document.addEventListener(MOUNT_EVENT, (/** @type {CustomEvent} */ event) => {
    const element = /** @type {HTMLElement} */ (event.target);
    const { id, params, parse } = event.detail;
    mounted.set(element, { id, params, parse });
    Object.assign(event.detail.options, figureOptions(element, id, parse));
  });

  document.addEventListener(CHANGE_EVENT, (/** @type {CustomEvent} */ event) => {
    const element = /** @type {HTMLElement} */ (event.target);
    const { id, params, values, keys } = event.detail;
    setGroup(id, changedEntries(params, values, linked(element) ? sectionKeys : []));
    commit(`${id}.${keys.join(',')}`);
  });

  // The bar's controls change its values as they fire; this listener, on the document, runs after theirs.
  const onSectionInput = (/** @type {Event} */ event) => {
    const target = /** @type {Element} */ (event.target);
    if (!section || !target.closest?.('.pe-section-bar')) return;
    const values = section.params();
    const moved = sectionKeys.filter((key) => !Object.is(values[key], sectionValues[key]));
    if (moved.length === 0) return;
    sectionValues = values;
    setGroup(PART, changedEntries(sectionList, values));
    // The bar's values are written once, under PART: linked figures' copies of them go.
    for (const id of linkedIds()) {
      const group = groups.get(id);
      if (!group) continue;
      for (const name of sectionNames) group.delete(name);
      if (group.size === 0) groups.delete(id);
    }
    commit(`${PART}.${moved.join(',')}`);
  };
  document.addEventListener('input', onSectionInput);
  document.addEventListener('change', onSectionInput);

  window.addEventListener('popstate', () => {
    clearTimeout(timer);
    timer = 0;
    pending = '';
    lastGesture = null;
    groups = readQuery(window.location.search, owners);
    if (section) {
      sectionValues = sectionPatch();
      section.update(sectionValues);
    }
    for (const [element, { id, params, parse }] of mounted) {
      if (element.dataset.figure !== id) continue;
      const own = params.filter((p) => !(linked(element) && sectionKeys.includes(p.key)));
      const patch = {
        ...Object.fromEntries(own.map((p) => [p.key, p.default])),
        ...figureOptions(element, id, parse),
      };
      element.dispatchEvent(new CustomEvent(APPLY_EVENT, { detail: patch }));
    }
  });

  document.addEventListener(LINK_EVENT, (/** @type {CustomEvent} */ event) => {
    flush();
    event.detail.href = articleUrl(window.location.href, search(), event.detail.id, true);
  });

  return { flush };
}
