// A chart's key: each mark it draws beside what the mark stands for, as a list (the marks are decoration; the
// words carry the meaning). A mark takes its colour from the item, or from the page's foreground.
import { h } from './dom.js';
import './key-list.css';

/**
 * @param {{ label: string | Node, mark?: 'line' | 'dash' | 'dot' | 'ring' | 'box', color?: string }[]} items
 *   `color` is any CSS colour, including a custom property of the page (`var(--accent)`); a label that is a
 *   node (a text node the figure rewrites) is shown as it is
 * @param {string} [className] more classes of the list (`pe-key-above` for a key above its chart)
 */
export function keyList(items, className = '') {
  return h(
    'ul',
    { class: `pe-key ${className}`.trim() },
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
