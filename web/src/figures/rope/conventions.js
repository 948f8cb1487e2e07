// The rope figure's last panel: how the interleaved and half conventions map onto each other (the permutation
// as an index diagram), and what swapping them does to the scores.
import { changeWriter, h, nodePool } from '../../ui/dom.js';
import { formatSig } from '../../ui/format.js';
import { watchWidth } from '../../ui/resize.js';

const HEIGHT = 110;
const LEFT = 86;
const RIGHT = 12;
/** Up to this head width the slots are numbered. */
const NUMBERED = 32;
/** The text lists this many entries of the permutation. */
const LISTED = 16;

export function conventionsPanel() {
  const { put, putText } = changeWriter();
  const text = h('p', { class: 'pe-rope-perm-text' });
  const swap = h('p', { class: 'pe-rope-swap', 'data-readout': 'swap' });
  const from = h('svg:text', { class: 'pe-rope-perm-label', x: 0, y: 24 });
  const to = h('svg:text', { class: 'pe-rope-perm-label', x: 0, y: HEIGHT - 12 });
  const svg = h('svg:svg', {
    class: 'pe-rope-perm',
    role: 'img',
    height: HEIGHT,
    'aria-label': 'Index diagram mapping one pairing convention onto the other',
  });
  const links = nodePool(svg, () => h('svg:line', { class: 'pe-rope-perm-link', y1: HEIGHT - 30, y2: 34 }));
  const index = (y) => () => h('svg:text', { class: 'pe-rope-perm-index', y, 'text-anchor': 'middle' });
  const tops = nodePool(svg, index(24));
  const bottoms = nodePool(svg, index(HEIGHT - 12));
  svg.append(from, to);
  const box = h('div', { class: 'pe-rope-permbox' }, svg);
  let data = null;

  function layout() {
    if (!data) return;
    const { headDim, convention, other } = data.shown;
    const { perm } = data.held;
    const w = Math.max(220, watch.width() || box.clientWidth);
    const step = (w - LEFT - RIGHT) / headDim;
    const xAt = (j) => LEFT + (j + 0.5) * step;
    put(svg, 'width', w);
    putText(from, convention);
    putText(to, other);
    links(headDim).forEach((line, j) => {
      put(line, 'x1', xAt(j));
      put(line, 'x2', xAt(perm[j]));
    });
    const labels = headDim <= NUMBERED ? headDim : 0;
    for (const pool of [tops, bottoms]) {
      pool(labels).forEach((label, j) => {
        put(label, 'x', xAt(j));
        putText(label, String(j));
      });
    }
  }

  const watch = watchWidth(box, layout);

  return {
    elements: [text, box, swap],
    draw(next) {
      data = next;
      const { shown, held } = next;
      const { headDim, convention, other } = shown;
      putText(
        text,
        `Slot j of the ${other} layout takes dimension p[j] of the ${convention} layout: p = [` +
          `${Array.from(held.perm.subarray(0, LISTED)).join(', ')}${headDim > LISTED ? ', \u2026' : ''}]. ` +
          'Applied to the rows of W_q and W_k, it converts a checkpoint.',
      );
      putText(
        swap,
        `Weights laid out for ${convention} but rotated as ${other}: the scores change by up to ` +
          `${formatSig(held.swapDifference, 4)}, yet each diagonal still stays constant (deviation ` +
          `${formatSig(held.deviation.swapped, 4)}), so nothing looks broken. Gathering q and k with the ` +
          `permutation first restores the scores (largest difference ${formatSig(held.restoreDifference, 4)}).`,
      );
      layout();
    },
    destroy: watch,
  };
}
