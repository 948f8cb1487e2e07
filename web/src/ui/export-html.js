// HTML parts of a figure's plot redrawn as SVG for its exported image (export-image.js): a box's background and
// borders, and what a form control shows (a field's value, a chosen option, a slider's position).

const SVG_NS = 'http://www.w3.org/2000/svg';

/** @returns {SVGElement} */
export function svgNode(name, attributes = {}, text = '') {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    node.setAttribute(key, String(typeof value === 'number' ? round(value) : value));
  }
  if (text) node.textContent = text;
  return node;
}

export const round = (value) => Math.round(value * 100) / 100;
export const transparent = (color) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);

/** The background and borders of an HTML box. */
export function drawBox(style, { x, y, width, height }) {
  const parts = [];
  const radius = parseFloat(style.borderTopLeftRadius) || 0;
  const rx = Math.min(radius, width / 2, height / 2);
  if (!transparent(style.backgroundColor)) {
    parts.push(svgNode('rect', { x, y, width, height, rx, fill: style.backgroundColor }));
  }
  const sides = ['Top', 'Right', 'Bottom', 'Left'].map((side) => ({
    width: parseFloat(style[`border${side}Width`]) || 0,
    color: style[`border${side}Color`],
    style: style[`border${side}Style`],
  }));
  const shown = sides.map((s) => s.width > 0 && s.style !== 'none' && !transparent(s.color));
  const dash = (s, w) => (s.style === 'dashed' ? { 'stroke-dasharray': `${3 * w} ${3 * w}` } : {});
  if (shown.every(Boolean) && sides.every((s) => s.width === sides[0].width && s.color === sides[0].color)) {
    const w = sides[0].width;
    parts.push(
      svgNode('rect', {
        x: x + w / 2,
        y: y + w / 2,
        width: Math.max(0, width - w),
        height: Math.max(0, height - w),
        rx: Math.max(0, rx - w / 2),
        fill: 'none',
        stroke: sides[0].color,
        'stroke-width': w,
        ...dash(sides[0], w),
      }),
    );
    return parts;
  }
  const [top, right, bottom, left] = sides;
  const lines = [
    [top, x, y + top.width / 2, x + width, y + top.width / 2],
    [right, x + width - right.width / 2, y, x + width - right.width / 2, y + height],
    [bottom, x, y + height - bottom.width / 2, x + width, y + height - bottom.width / 2],
    [left, x + left.width / 2, y, x + left.width / 2, y + height],
  ];
  lines.forEach(([side, x1, y1, x2, y2], i) => {
    if (!shown[i]) return;
    parts.push(
      svgNode('line', {
        x1,
        y1,
        x2,
        y2,
        stroke: side.color,
        'stroke-width': side.width,
        ...dash(side, side.width),
      }),
    );
  });
  return parts;
}

/** What a form control shows that is not in the page's text: a field's value, a choice, a slider's position. */
export function drawControl(element, style, { x, y, width, height }) {
  const shown = (text) =>
    svgNode(
      'text',
      {
        x: x + (parseFloat(style.borderLeftWidth) || 0) + (parseFloat(style.paddingLeft) || 0),
        y: y + height / 2,
        'dominant-baseline': 'central',
        fill: style.color,
        'font-family': style.fontFamily,
        'font-size': style.fontSize,
        'font-weight': style.fontWeight,
      },
      text,
    );
  if (element instanceof HTMLSelectElement) {
    const text = element.selectedOptions[0]?.textContent ?? '';
    return text ? [shown(text)] : [];
  }
  if (element instanceof HTMLTextAreaElement) return element.value ? [shown(element.value)] : [];
  if (!(element instanceof HTMLInputElement)) return [];
  if (element.type === 'range') {
    const min = Number(element.min || 0);
    const max = Number(element.max || 100);
    const fraction = max > min ? (Number(element.value) - min) / (max - min) : 0;
    const r = Math.min(height / 2, 8);
    const accent = style.accentColor === 'auto' ? style.color : style.accentColor;
    const middle = y + height / 2;
    return [
      svgNode('line', {
        x1: x + r,
        y1: middle,
        x2: x + width - r,
        y2: middle,
        stroke: style.color,
        'stroke-width': 2,
      }),
      svgNode('circle', { cx: x + r + fraction * (width - 2 * r), cy: middle, r, fill: accent }),
    ];
  }
  return ['text', 'search', 'number', ''].includes(element.type) && element.value
    ? [shown(element.value)]
    : [];
}
