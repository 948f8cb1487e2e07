// The legend of a colour scale: the lowest value, a bar of its colours, the highest value, and the same in words
// for screen readers (the bar itself is decoration).
import { h } from './dom.js';

/**
 * @param {(image: ImageData) => void} paint fills the bar's 256 x 1 pixels, lowest value on the left
 * @returns {{ element: HTMLElement, show(low: string, high: string, label: string): void }} `show` writes the
 *   two ends and the legend's accessible name
 */
export function colorLegend(paint) {
  const bar = h('canvas', { class: 'pe-legend-bar', width: 256, height: 1, 'aria-hidden': 'true' });
  const ctx = bar.getContext('2d');
  const image = ctx.createImageData(256, 1);
  paint(image);
  ctx.putImageData(image, 0, 0);
  const [low, high] = [h('span'), h('span')];
  const element = h('div', { class: 'pe-legend', role: 'img' }, low, bar, high);
  return {
    element,
    show(lowText, highText, label) {
      low.textContent = lowText;
      high.textContent = highText;
      element.setAttribute('aria-label', label);
    },
  };
}
