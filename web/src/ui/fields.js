// A labelled text field for a short list of numbers ("0, 100, 300"), for controls that take several values at
// once. The text is parsed, not validated: a figure hands the numbers to the engine, whose message then names
// the bad value.
import { MAX_LIST_TEXT, parseNumberList } from '../core/params.js';
import { h, uid, valueHandle } from './dom.js';
import './fields.css';

/**
 * @param {{ label: string, value: number[], onChange?: (values: number[]) => void, name?: string,
 *   size?: number }} options onChange runs when the reader commits the text (Enter or leaving the field).
 * @returns {{ element: HTMLElement, input: HTMLInputElement, value: number[] }}
 */
export function numberList({ label, value, onChange = () => {}, name, size = 14 }) {
  const id = uid('numbers');
  const input = h('input', {
    id,
    type: 'text',
    name: name ?? id,
    inputmode: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    size,
    maxlength: MAX_LIST_TEXT,
    value: value.join(', '),
  });
  let current = value;
  const commit = () => {
    const next = parseNumberList(input.value);
    if (next.length === current.length && next.every((v, i) => Object.is(v, current[i]))) return;
    current = next;
    onChange(current);
  };
  input.addEventListener('change', commit);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') commit();
  });
  const element = h('div', { class: 'pe-control pe-numbers' }, h('label', { for: id }, label), input);
  return valueHandle(
    element,
    input,
    () => current,
    (v) => {
      current = v;
      input.value = v.join(', ');
    },
  );
}
