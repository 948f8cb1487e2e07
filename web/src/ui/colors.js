// Colour scales shared by the figures.
import { interpolateRdBu } from 'd3-scale-chromatic';

const LUT_SIZE = 1024;

/**
 * The diverging scale for encoding values: +1 red, 0 white, -1 blue. `packed` holds LUT_SIZE colours, entry i
 * for the value 1 - 2i / (LUT_SIZE - 1), each one 32-bit RGBA word in the platform's byte order (ImageData is
 * RGBA in memory), so a canvas of a million cells is painted with one store per cell, here or in the engine
 * (sinusoidalImage takes the same palette).
 */
export const diverging = (() => {
  const packed = new Uint32Array(LUT_SIZE);
  const bytes = new Uint8Array(packed.buffer);
  for (let i = 0; i < LUT_SIZE; i += 1) {
    const [r, g, b] = rgb(interpolateRdBu(i / (LUT_SIZE - 1)));
    bytes.set([r, g, b, 255], i * 4);
  }
  return {
    packed,
    /**
     * Paints values (row-major, image.width wide) into an ImageData: value +limit red, 0 white, -limit blue.
     * @param {ArrayLike<number>} values
     * @param {ImageData} image
     * @param {{ limit?: number, count?: number, masked?: number[] }} options count: cells to paint (default
     *   all); masked: the [r, g, b] for cells whose value is -Infinity (a masked attention entry)
     */
    paint(values, image, { limit = 1, count = image.width * image.height, masked = null } = {}) {
      const out = new Uint32Array(image.data.buffer, image.data.byteOffset, image.width * image.height);
      const span = limit || 1;
      const scale = (LUT_SIZE - 1) / 2 / span;
      // Rounding by truncation after adding 0.5: Math.round in this loop costs several times more.
      const offset = span * scale + 0.5;
      const top = LUT_SIZE - 1;
      if (masked) {
        const maskWord = new Uint32Array(new Uint8Array([...masked.slice(0, 3), 255]).buffer)[0];
        for (let i = 0; i < count; i += 1) {
          const v = values[i];
          const k = (offset - v * scale) | 0;
          out[i] = v === -Infinity ? maskWord : packed[k < 0 ? 0 : k > top ? top : k];
        }
        return;
      }
      for (let i = 0; i < count; i += 1) {
        const k = (offset - values[i] * scale) | 0;
        out[i] = packed[k < 0 ? 0 : k > top ? top : k];
      }
    },
  };
})();

/** The largest magnitude among values, at least 1e-12: the value a diverging scale draws full red. */
export function largestMagnitude(values) {
  let limit = 1e-12;
  for (const v of values) limit = Math.max(limit, Math.abs(v));
  return limit;
}

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

/**
 * One colour per position scheme, wherever a figure names schemes (the training lab's curves, keys and
 * panels): Okabe-Ito hues at a middle lightness, so that each reads on the light and the dark page alike.
 */
export const SCHEME_COLOURS = Object.freeze({
  none: '#8f8f8f',
  sinusoidal: '#e69f00',
  learned: '#009e73',
  rope: '#3d8fd1',
  alibi: '#d55e00',
  t5: '#cc79a7',
});
