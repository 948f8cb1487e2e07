// What a figure's values write in an address, and the events between a figure and the page's URL state: pure
// functions of strings (Node's tests run them), which the figure's frame, its Embed dialog and URL state
// (app/url-state.js) share. The query names each value by its owner and its URL name: `heatmap.dModel=128`.
import { formatParam } from './params.js';

/** Events between figures and URL state (ui/figure.js sends and answers them; app/url-state.js listens). */
export const MOUNT_EVENT = 'pe:figure-mount';
export const CHANGE_EVENT = 'pe:params-change';
export const APPLY_EVENT = 'pe:apply-params';
export const LINK_EVENT = 'pe:share-link';

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
 * The web component snippet: its loader from beside the page (a classic script, which runs on a host that sends
 * no CORS header and then says so in the element's place), then the element with kebab-case attributes.
 * @param {string} pageHref @param {string} id @param {[string, string][]} entries
 */
export function componentSnippet(pageHref, id, entries) {
  const src = new URL('pe-figure-loader.js', pageHref).href;
  const attributes = entries.map(([name, text]) => ` ${kebab(name)}="${escapeAttribute(text)}"`).join('');
  return (
    `<script src="${escapeAttribute(src)}" defer></script>\n` +
    `<pe-figure figure="${escapeAttribute(id)}"${attributes}></pe-figure>`
  );
}
