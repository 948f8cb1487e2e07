// The <pe-figure> custom element. Each element holds one figure in its own shadow root, styled by the site's
// stylesheet loaded into that root (assets/pe-figure.css, written by the build), so the host page's styles and
// the figure's do not mix. Parameters are attributes, the kebab-case of the figure's URL names (dModel ->
// d-model), validated by the figure's own parse() exactly as embed.html validates its URL, and followed live.
// The engine is loaded once per page, whatever the number of elements (engine.js keeps one instance).
import { mountNow } from '../app/lazy.js';
import { loadFigure } from '../app/registry.js';
import { EMBED_DEFAULTS, EMBED_NAMES } from '../core/embed-options.js';
import { h } from '../ui/dom.js';
import { notifyTheme, watchScheme } from '../ui/theme.js';
import { attributeOf, queryOf } from './query.js';
import { followPageScheme, SCHEME_ATTRIBUTE, updatePageScheme } from './scheme.js';

/** The element's name. */
export const TAG = 'pe-figure';

/**
 * Defines <pe-figure> (once: a second script tag for it changes nothing).
 * @param {{ styles: Sheet, fonts: Sheet, chunkStyles?: string }} files the element's stylesheet and the font
 *   faces, each as a URL or as its text (the npm package carries the element's stylesheet in its code, and
 *   writes each font's URL into the faces); and, in the site's build, the folder whose figure stylesheets
 *   loading a figure adds to the page's head (switched off there, see switchOffChunkStyles)
 */
export function definePeFigure({ styles, fonts, chunkStyles }) {
  if (customElements.get(TAG)) return;
  const tidyHead = chunkStyles ? () => switchOffChunkStyles(chunkStyles, fonts) : () => {};
  customElements.define(TAG, elementClass(styles, fonts, tidyHead));
}

/** @typedef {{ href: string } | { css: string }} Sheet a stylesheet: its URL, or its text */

/** A constructed stylesheet of `css` (no inline style, which a blog's Content-Security-Policy may forbid). */
function constructed(css) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

/**
 * Loading a figure's code adds its stylesheets to the page's head (the site's pages want them there). In a host
 * page they would style nothing of the figure, which has them in its shadow root already, and could meet the
 * page's own markup: they are switched off (media "not all"). They are not taken out: a figure still loading
 * waits for its stylesheet's load event, which a removed link would never send.
 */
function switchOffChunkStyles(assets, fonts) {
  for (const link of document.head.querySelectorAll(/** @type {'link'} */ ('link[rel="stylesheet"]'))) {
    if (link.href.startsWith(assets) && link.href !== fonts.href && link.media !== 'not all')
      link.media = 'not all';
  }
}

/** The font faces' stylesheet added to the page: the one of this definition, once per page. */
let fontFaces = false;

/**
 * Font faces are not read from a shadow root's stylesheets, so the faces of the figures' fonts (KaTeX's, and the
 * article's text face that the element's own text is set in) go into the host page, once: a link in its head, or
 * a constructed stylesheet adopted by the document (no inline style, which a blog's Content-Security-Policy may
 * forbid). They only declare font families named KaTeX_* and Source Serif 4 (with its fallbacks): a page that
 * names neither is set as before.
 * @param {{ href: string } | { css: string }} fonts
 */
function addFontFaces(fonts) {
  if (fontFaces) return;
  fontFaces = true;
  if ('css' in fonts) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, constructed(fonts.css)];
    return;
  }
  document.head.append(h('link', { rel: 'stylesheet', href: fonts.href, 'data-pe-figure': '' }));
}

/** Parameters from an element's attributes, keyed by URL name: only those the figure declares. */
function attributesOf(element, figure) {
  /** @type {Record<string, string>} */
  const params = {};
  for (const name of [...figure.params.map((p) => p.name), ...EMBED_NAMES]) {
    const value = element.getAttribute(attributeOf(name));
    if (value !== null) params[name] = value;
  }
  return params;
}

/** Every parameter at its default, then those the attributes give, as figure.parse reads them. */
function optionsOf(element, figure) {
  const defaults = Object.fromEntries(figure.params.map(({ key, default: value }) => [key, value]));
  return { ...defaults, ...EMBED_DEFAULTS, ...figure.readEmbed(queryOf(attributesOf(element, figure))) };
}

/**
 * @param {Sheet} styles
 * @param {Sheet} fonts
 * @param {() => void} tidyHead
 */
function elementClass(styles, fonts, tidyHead) {
  /** @type {CSSStyleSheet | null} the element's stylesheet given as text, shared by every element */
  let sheet = null;
  /** What a shadow root holds before its figure: a link to the element's stylesheet, or nothing (adopted). */
  const styleNodes = (root) => {
    if (!('css' in styles)) return [h('link', { rel: 'stylesheet', href: styles.href })];
    root.adoptedStyleSheets = [(sheet ??= constructed(styles.css))];
    return [];
  };
  return class PeFigure extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: 'open' });
      /** @type {{ figure: any, handle: { update(patch: object): void, destroy(): void } } | null} */
      this.mounted = null;
      this.generation = 0;
      this.observer = new MutationObserver((records) => this.changed(records));
    }

    connectedCallback() {
      watchScheme();
      followPageScheme(this);
      addFontFaces(fonts);
      this.observer.observe(this, { attributes: true });
      this.render();
    }

    disconnectedCallback() {
      this.observer.disconnect();
      updatePageScheme(this, { connected: false });
      this.generation += 1;
      this.mounted?.handle.destroy();
      this.mounted = null;
    }

    /** Attribute changes: another figure mounts anew, a scheme repaints, parameters update in place. */
    changed(records) {
      const names = new Set(records.map((record) => record.attributeName));
      names.delete(SCHEME_ATTRIBUTE); // the page's scheme, set by followPageScheme
      if (names.size === 0) return;
      if (names.has('figure') || !this.mounted) {
        this.render();
        return;
      }
      if (names.has('theme')) {
        updatePageScheme(this, { connected: true });
        notifyTheme();
      }
      try {
        this.mounted.handle.update(optionsOf(this, this.mounted.figure));
      } catch {
        this.render(); // the figure gives way to the message naming the bad attribute
      }
    }

    /** Mounts the figure the attributes name, or shows why it cannot be. */
    async render() {
      const generation = (this.generation += 1);
      this.mounted?.handle.destroy();
      this.mounted = null;
      const slot = h('div', { class: 'pe-figure-slot' });
      this.shadowRoot.replaceChildren(...styleNodes(this.shadowRoot), slot);
      const id = (this.getAttribute('figure') ?? '').slice(0, 40);
      try {
        const figure = await loadFigure(id);
        tidyHead();
        if (generation !== this.generation) return;
        const handle = await mountNow(slot, id, optionsOf(this, figure));
        if (generation !== this.generation) {
          handle.destroy();
          return;
        }
        this.mounted = { figure, handle };
        this.dispatchEvent(new CustomEvent('pe-figure-ready', { detail: { figure: id } }));
      } catch (error) {
        if (generation !== this.generation) return;
        const message = error instanceof Error ? error.message : String(error);
        slot.replaceChildren(h('p', { class: 'pe-error', role: 'alert' }, `<pe-figure>: ${message}`));
      }
    }
  };
}
