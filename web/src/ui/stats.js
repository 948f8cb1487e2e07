// A figure's key numbers under its plot, as a description list ("Ratio of neighbouring periods: 1.0366"), so
// they read as text to screen readers and tests can find each one by its data-stat name.
import { h } from './dom.js';
import './stats.css';

/**
 * @param {Array<[name: string, label: string]>} items
 * @returns {{ element: HTMLDListElement, set(name: string, text: string): void }}
 */
export function statList(items) {
  const values = new Map(items.map(([name]) => [name, h('dd', { 'data-stat': name })]));
  const element = h(
    'dl',
    { class: 'pe-stats' },
    items.map(([name, label]) => h('div', {}, h('dt', {}, label), values.get(name))),
  );
  return {
    element,
    set(name, text) {
      const value = values.get(name);
      if (value.textContent !== text) value.textContent = text;
    },
  };
}
