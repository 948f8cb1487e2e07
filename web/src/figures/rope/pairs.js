// The rope figure's first panel: one small diagram per pair of dimensions, with the query's and the key's arrows
// before and after RoPE turns them, each diagram reading its values on hover or focus.
import { scaleLinear } from 'd3-scale';
import { dimensionsOf } from '../../engine/layout.js';
import { changeWriter, h, nodePool } from '../../ui/dom.js';
import { formatValue } from '../../ui/format.js';

const SIZE = 92;
const HALF = SIZE / 2;
/** The arrows of a pair, drawn in this order: query and key before rotation, then after. */
const ARROWS = ['pe-rope-q0', 'pe-rope-k0', 'pe-rope-q', 'pe-rope-k'];

/** @param {(text: string) => void} readout */
export function pairsPanel(readout) {
  const { put, putText } = changeWriter();
  const dot = (which) => h('span', { class: `pe-rope-dot pe-rope-dot-${which}` });
  const [queryKey, keyKey] = [h('span'), h('span')];
  const key = h(
    'p',
    { class: 'pe-rope-key' },
    dot('q'),
    queryKey,
    dot('k'),
    keyKey,
    dot('0'),
    'before rotation',
  );
  const element = h(
    'div',
    { class: 'pe-rope-pairs', role: 'group', 'aria-label': 'Query and key pairs' },
    key,
  );
  const pairs = nodePool(element, makePair, key);

  function makePair(i) {
    const arrows = ARROWS.map((cls) => ({
      line: h('svg:line', { class: cls, x1: HALF, y1: HALF }),
      tip: h('svg:circle', { class: cls, r: 3 }),
    }));
    const item = { arrows, text: '' };
    const show = () => readout(item.text);
    item.node = h(
      'figure',
      { class: 'pe-rope-pair', tabindex: 0, onPointerenter: show, onFocus: show },
      h(
        'svg:svg',
        { width: SIZE, height: SIZE, viewBox: `0 0 ${SIZE} ${SIZE}`, 'aria-hidden': 'true' },
        h('svg:circle', { class: 'pe-rope-ring', cx: HALF, cy: HALF, r: HALF - 4 }),
        arrows.map(({ line, tip }) => [line, tip]),
      ),
      h('figcaption', {}, `pair ${i}`),
    );
    return item;
  }

  return {
    element,
    draw({ shown, held, qTurned, kTurned }) {
      const { headDim, convention, m, n, queriesOnly } = shown;
      // Rotation keeps a pair's length, so a box of half-width sqrt(2) * (largest component) holds every arrow.
      const reach = held.reach * Math.SQRT2 * 1.05;
      const to = scaleLinear()
        .domain([-reach, reach])
        .range([-HALF + 4, HALF - 4]);
      const vectors = [held.q, held.k, qTurned, kTurned];
      pairs(headDim / 2).forEach((pair, i) => {
        const { sin: a, cos: b } = dimensionsOf(i, headDim, convention === 'half' ? 'split' : 'interleaved');
        pair.arrows.forEach(({ line, tip }, v) => {
          const x = HALF + to(vectors[v][a]);
          const y = HALF - to(vectors[v][b]);
          put(line, 'x2', x);
          put(line, 'y2', y);
          put(tip, 'cx', x);
          put(tip, 'cy', y);
        });
        pair.text =
          `pair ${i} (dims ${a}, ${b}; one turn every ${formatValue(held.periods[i])} positions): ` +
          `query at m ${m} (${formatValue(qTurned[a])}, ${formatValue(qTurned[b])}), ` +
          `key ${queriesOnly ? 'unrotated' : `at n ${n}`} (${formatValue(kTurned[a])}, ` +
          `${formatValue(kTurned[b])})`;
        put(pair.node, 'aria-label', pair.text);
      });
      putText(queryKey, `query "${shown.query}" at m`);
      putText(keyKey, `key "${shown.key}" ${queriesOnly ? '(not rotated)' : 'at n'}`);
    },
  };
}
