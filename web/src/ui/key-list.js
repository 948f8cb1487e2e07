// A chart's key: each mark it draws beside what the mark stands for, as a list (the marks are decoration; the
// words carry the meaning). A mark takes its colour from the item, or from the page's foreground.
import { h } from './dom.js';
import './key-list.css';

/**
 * @param {{ label: string, mark?: 'line' | 'dash' | 'dot' | 'ring', color?: string }[]} items `color` is any
 *   CSS colour, including a custom property of the page (`var(--accent)`)
 */
export function keyList(items) {
  return h(
    'ul',
    { class: 'pe-key' },
    items.map(({ label, mark = 'line', color }) =>
      h(
        'li',
        {},
        h('span', {
          class: `pe-key-mark pe-key-${mark}`,
          style: color ? `--pe-key-color:${color}` : null,
          'aria-hidden': 'true',
        }),
        label,
      ),
    ),
  );
}
