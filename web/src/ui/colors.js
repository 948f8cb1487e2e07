// Colour scales shared by the figures.
import { interpolateRdBu } from 'd3-scale-chromatic';

const LUT_SIZE = 1024;

/**
 * The diverging scale for encoding values: +1 red, 0 white, -1 blue, as a lookup table of RGB bytes so a
 * figure can paint a million cells without allocating a colour string for each.
 */
export const diverging = (() => {
  const lut = new Uint8ClampedArray(LUT_SIZE * 3);
  for (let i = 0; i < LUT_SIZE; i += 1) {
    const value = 1 - (2 * i) / (LUT_SIZE - 1);
    const [r, g, b] = rgb(interpolateRdBu((1 - value) / 2));
    lut.set([r, g, b], i * 3);
  }
  return {
    lut,
    /** Index into lut (times 3) for a value in [-limit, limit]. */
    index(value, limit = 1) {
      const t = Math.min(1, Math.max(-1, value / limit));
      return Math.round(((1 - t) / 2) * (LUT_SIZE - 1)) * 3;
    },
    css(value, limit = 1) {
      const i = this.index(value, limit);
      return `rgb(${lut[i]}, ${lut[i + 1]}, ${lut[i + 2]})`;
    },
  };
})();

function rgb(color) {
  const match = /rgb\((\d+), (\d+), (\d+)\)/.exec(color);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
}

/** Distinct series colours that read on light and dark backgrounds (Okabe-Ito, colour-blind safe). */
export const series = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#E69F00',
  '#56B4E9',
  '#9E9E00',
  '#7F7F7F',
];

/** A CSS custom property of the page, for canvas drawing that follows the colour scheme. */
export function cssVar(name, element = document.documentElement) {
  return getComputedStyle(element).getPropertyValue(name).trim();
}
