// Typesets the article's fixed formulas when the page is built (and served in development): every element
// written `<span data-tex="..." data-inline></span>` or `<div data-tex="..."></div>` in the HTML gets KaTeX's
// markup inside it, so the browser paints the math with the text, the page's script carries no typesetting
// for it, and the math reads even before the script runs. Live formulas (data-live-tex) are left to the page.
import katex from 'katex';
import { KATEX_OPTIONS } from '../../web/src/ui/katex-options.js';

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute's text as the browser reads it (the sources use named and numeric character references). */
export function decodeAttribute(value) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** An empty span or div with a data-tex attribute; its other attributes may span lines. */
const FORMULA = /<(span|div)(\s[^>]*?)?\sdata-tex="([^"]*)"([^>]*)>\s*<\/\1\s*>/g;

/**
 * The HTML with each fixed formula typeset in place. The element keeps its attributes, with data-tex renamed
 * data-tex-source (the TeX stays readable in the page's source; nothing typesets it again).
 * @param {string} html
 */
export function typesetFormulas(html) {
  return html.replace(FORMULA, (_, tag, before = '', tex, after) => {
    const displayMode = !/\sdata-inline\b/.test(before + after);
    const markup = katex.renderToString(decodeAttribute(tex), { ...KATEX_OPTIONS, displayMode });
    return `<${tag}${before} data-tex-source="${tex}"${after}>${markup}</${tag}>`;
  });
}

/**
 * The plugin: formulas typeset into the HTML, and KaTeX's font faces with `font-display: swap`, so that text
 * holding math paints at once in a fallback face instead of waiting for KaTeX's fonts (the article's opening
 * paragraphs hold formulas).
 */
export function typesetMath() {
  return {
    name: 'pe-typeset-math',
    transformIndexHtml: { order: 'pre', handler: typesetFormulas },
    transform(code, id) {
      if (!/[\\/]katex[\\/]dist[\\/]katex(\.min)?\.css$/.test(id)) return null;
      return { code: code.replace(/@font-face\s*\{/g, '$&font-display:swap;'), map: null };
    },
  };
}
