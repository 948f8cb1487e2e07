// A figure as an image file: its plot redrawn as one standalone SVG (charts as vectors, pictures painted on
// canvases as embedded PNG, HTML parts such as keys, legends and labels as rectangles and text), with a caption
// line naming the figure and its parameters under it; and the same SVG drawn into a PNG at twice the size.
// Colours are read from the page as it is shown (custom properties and light-dark() resolved by the browser),
// so an export in the dark scheme looks like the page in the dark scheme, and the file needs no stylesheet.
import { formatParam } from '../core/params.js';
import { drawBox, drawControl, round, svgNode, transparent } from './export-html.js';
import { downloadBlob } from './export.js';
import { formatInt, formatSig } from './format.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Space around the plot and between the plot and the caption, in CSS pixels. */
export const PAD = 16;
/** The PNG's pixels per CSS pixel. */
export const PNG_SCALE = 2;
const CAPTION_SIZE = 13;
const CAPTION_LINE = 18;
const CAPTION_FONT = `${CAPTION_SIZE}px system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`;

// The computed properties written onto every copied SVG node: everything the page's stylesheet decides about
// how a chart's mark looks.
const SVG_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'paint-order',
  'visibility',
];

/**
 * The caption line of an exported figure: its title, then each parameter a reader sets, in the words of its
 * control ("model width d_model 128, positions 50"). Parameters without a label (seeds, internal switches) and
 * switches that are off are left out; a choice reads as its option's label, a number as its control shows it.
 * @param {string} title
 * @param {Record<string, import('../core/params.js').ParamDecl>} decls the figure's parameter declarations
 * @param {Record<string, unknown>} values the parameters the figure shows
 * @returns {string} e.g. "The sinusoidal encoding as a heatmap: model width d_model 128, positions 50; PE Explorer"
 */
export function exportCaption(title, decls, values) {
  const parts = Object.entries(decls)
    .filter(([key, decl]) => decl.label && decl.url !== false && values[key] != null)
    .map(([key, decl]) => captionPart(decl, values[key]))
    .filter(Boolean);
  return `${title}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}; PE Explorer`;
}

function captionPart(decl, value) {
  const label = decl.label ?? '';
  // "Positions" reads "positions" mid-line; "RoPE mode" keeps its capitals.
  const name = /^[A-Z][a-z]*$/.test(label.split(' ')[0]) ? label[0].toLowerCase() + label.slice(1) : label;
  if (decl.type === 'boolean') return value ? name : null;
  if (decl.type === 'string') return `${name} \u201c${value}\u201d`;
  if (decl.type === 'enum') {
    const option = decl.options?.find((o) => o.value === value);
    return `${name} ${option?.label ?? formatParam(value, decl.type)}`;
  }
  if (decl.type === 'numbers') return `${name} ${formatParam(value, decl.type).replaceAll(',', ', ')}`;
  if (decl.format) return `${name} ${decl.format(value)}`;
  if (typeof value !== 'number') return `${name} ${formatParam(value, decl.type)}`;
  // Whole numbers grouped as the page prints them ("base 10,000"), others to six significant digits.
  return `${name} ${Number.isInteger(value) ? formatInt(value) : formatSig(value, 6)}`;
}

/**
 * The plot (or any element) redrawn as an SVG document with the caption under it.
 * @param {Element} root what to draw: the figure's plot
 * @param {string} caption
 * @returns {{ svg: string, width: number, height: number }} the document's text and its size in CSS pixels
 */
export function figureSvg(root, caption) {
  const origin = root.getBoundingClientRect();
  const plotWidth = Math.ceil(origin.width);
  const plotHeight = Math.ceil(origin.height);
  const width = plotWidth + 2 * PAD;
  const lines = wrap(caption, width - 2 * PAD);
  const height = plotHeight + 2 * PAD + lines.length * CAPTION_LINE + PAD / 2;
  const context = { origin, clips: [], nextId: 0 };
  const svg = svgNode('svg', {
    xmlns: SVG_NS,
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
  });
  const foreground = getComputedStyle(root).color;
  svg.append(svgNode('title', {}, caption), svgNode('rect', { width, height, fill: backgroundOf(root) }));
  const defs = svgNode('defs');
  const plot = svgNode('g', { transform: `translate(${PAD} ${PAD})` });
  plot.append(...drawChildren(root, context));
  defs.append(...context.clips);
  const captionText = svgNode('text', {
    x: PAD,
    y: plotHeight + 2 * PAD,
    fill: foreground,
    style: `font: ${CAPTION_FONT}`,
    class: 'pe-export-caption',
  });
  lines.forEach((line, i) =>
    captionText.append(svgNode('tspan', { x: PAD, dy: i === 0 ? CAPTION_SIZE : CAPTION_LINE }, line)),
  );
  svg.append(defs, plot, captionText);
  return { svg: new XMLSerializer().serializeToString(svg), width, height };
}

/** Saves the SVG of figureSvg. */
export function downloadSvg(name, root, caption) {
  const { svg } = figureSvg(root, caption);
  downloadBlob(name, new Blob([svg], { type: 'image/svg+xml' }));
}

/**
 * Saves the figure as PNG: the SVG of figureSvg drawn at PNG_SCALE device pixels per CSS pixel. Resolves once
 * the file is handed to the browser; rejects with an Error if the browser cannot draw or encode it.
 */
export async function downloadFigurePng(name, root, caption) {
  const { svg, width, height } = figureSvg(root, caption);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * PNG_SCALE;
    canvas.height = height * PNG_SCALE;
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error(`The browser could not encode ${name} as PNG.`);
    downloadBlob(name, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function backgroundOf(element) {
  for (let node = element; node; node = node.parentElement) {
    const color = getComputedStyle(node).backgroundColor;
    if (!transparent(color)) return color;
  }
  return '#ffffff';
}

/** The SVG nodes that draw an element's children, in page order (later ones on top). */
function drawChildren(element, context) {
  const parts = [];
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) parts.push(...drawText(/** @type {Text} */ (child), context));
    else if (child instanceof HTMLElement || child instanceof SVGSVGElement)
      parts.push(...draw(child, context));
  }
  return parts;
}

/** @param {HTMLElement | SVGSVGElement} element */
function draw(element, context) {
  // A figure's image holds the figure, not its live interface: buttons and the parts a figure marks
  // data-export="omit" (a sentence's movable words, a question to answer) are left out.
  if (element instanceof HTMLButtonElement || element.dataset?.export === 'omit') return [];
  const style = getComputedStyle(element);
  if (style.display === 'none') return [];
  const box = element.getBoundingClientRect();
  // Text kept for screen readers only (one pixel, clipped away) is not part of the picture.
  if (box.width <= 1 && box.height <= 1) return [];
  const place = {
    x: round(box.left - context.origin.left),
    y: round(box.top - context.origin.top),
    width: round(box.width),
    height: round(box.height),
  };
  const visible = style.visibility !== 'hidden';
  if (element instanceof SVGSVGElement) return visible ? [copySvg(element, place)] : [];
  if (element instanceof HTMLCanvasElement) return visible ? [canvasImage(element, place, style)] : [];
  const parts = visible ? [...drawBox(style, place), ...drawControl(element, style, place)] : [];
  const inner = element instanceof HTMLSelectElement ? [] : drawChildren(element, context);
  if (style.overflowX === 'visible' && style.overflowY === 'visible') return [...parts, ...inner];
  // A scrolling or clipping box shows only what lies inside it.
  const id = `pe-export-clip-${(context.nextId += 1)}`;
  const clip = svgNode('clipPath', { id });
  clip.append(svgNode('rect', place));
  context.clips.push(clip);
  const group = svgNode('g', { 'clip-path': `url(#${id})` });
  group.append(...inner);
  return [...parts, group];
}

/** A text node of HTML as one SVG text per line it occupies, each stretched to the width it has on the page. */
function drawText(node, context) {
  const text = node.textContent ?? '';
  const parent = node.parentElement;
  if (!parent || text.trim() === '') return [];
  const style = getComputedStyle(parent);
  if (style.visibility === 'hidden') return [];
  const range = document.createRange();
  /** @type {{ top: number, left: number, right: number, height: number, words: string[] }[]} */
  const lines = [];
  for (const match of text.matchAll(/\S+/g)) {
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const rect = range.getClientRects()[0];
    if (!rect || rect.width === 0) continue;
    const last = lines.at(-1);
    if (last && Math.abs(last.top - rect.top) < 1) {
      last.words.push(match[0]);
      last.right = rect.right;
    } else {
      lines.push({
        top: rect.top,
        left: rect.left,
        right: rect.right,
        height: rect.height,
        words: [match[0]],
      });
    }
  }
  const transform = { uppercase: (s) => s.toUpperCase(), lowercase: (s) => s.toLowerCase() };
  const { origin } = context;
  return lines.map((line) => {
    const words = line.words.join(' ');
    return svgNode(
      'text',
      {
        x: round(line.left - origin.left),
        y: round(line.top - origin.top + line.height / 2),
        'dominant-baseline': 'central',
        textLength: round(line.right - line.left),
        lengthAdjust: 'spacingAndGlyphs',
        fill: style.color,
        'font-family': style.fontFamily,
        'font-size': style.fontSize,
        'font-weight': style.fontWeight,
        'font-style': style.fontStyle,
      },
      transform[style.textTransform]?.(words) ?? words,
    );
  });
}

/** A canvas as a PNG image where it is shown, scaled as the page scales it. */
function canvasImage(canvas, place, style) {
  return svgNode('image', {
    ...place,
    href: canvas.toDataURL('image/png'),
    preserveAspectRatio: 'none',
    style: `image-rendering: ${style.imageRendering}`,
  });
}

/** A copy of a chart's SVG with every node's computed look written on it, placed where the chart is. */
function copySvg(svg, place) {
  const copy = /** @type {SVGSVGElement} */ (svg.cloneNode(true));
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  /** @type {Map<Element, Record<string, string>>} */
  const looks = new Map();
  originals.forEach((original, i) => {
    const node = copies[i];
    for (const name of ['class', 'style', 'tabindex', 'role', 'focusable']) node.removeAttribute(name);
    for (const name of node.getAttributeNames()) {
      // Attributes that name the page's colours (currentColor, custom properties) give way to the style below.
      if (name.startsWith('aria-') || /currentcolor|var\(/i.test(node.getAttribute(name) ?? '')) {
        node.removeAttribute(name);
      }
    }
    if (original instanceof SVGTitleElement || original instanceof SVGDescElement) return;
    const style = getComputedStyle(original);
    if (style.display === 'none') {
      node.setAttribute('display', 'none');
      return;
    }
    const look = lookOf(style);
    looks.set(original, look);
    // Inherited properties are written where they change (or where an attribute of the node would otherwise
    // decide); opacity, which is not inherited, where it is not 1.
    const parent = original === svg ? null : looks.get(/** @type {Element} */ (original.parentNode));
    const declarations = Object.entries(look)
      .filter(([property, value]) => {
        if (property === 'opacity') return value !== '1';
        return !parent || parent[property] !== value || node.hasAttribute(property);
      })
      .map(([property, value]) => `${property}: ${value}`);
    if (declarations.length > 0) node.setAttribute('style', declarations.join('; '));
  });
  for (const [key, value] of Object.entries(place)) copy.setAttribute(key, String(value));
  copy.removeAttribute('xmlns');
  return copy;
}

/** The values of SVG_PROPERTIES in a computed style, colours concrete and references local to the file. */
function lookOf(style) {
  const color = style.color;
  return Object.fromEntries(
    SVG_PROPERTIES.map((property) => {
      const value = style.getPropertyValue(property).replace(/currentcolor/gi, color);
      return [property, value.replace(/url\("?[^#"]*(#[^")]+)"?\)/g, 'url($1)')];
    }),
  );
}

/** The caption in lines that fit `width` pixels in the caption's font. */
function wrap(text, width) {
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) return [text];
  measure.font = CAPTION_FONT;
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}
