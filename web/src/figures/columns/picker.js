// The columns figure's own control, shown in the article too: the dimensions drawn as chips, each with a
// button that removes it, and a number field that adds one (checked against the model width and the number of
// colours, with the reason in a message when it is refused).
import { h, replaceChildren, uid } from '../../ui/dom.js';

/**
 * @param {{ most: number, colorOf: (dim: number) => string, onChange: (dimensions: number[]) => void }} options
 *   `most`: how many dimensions there can be; `onChange` gets the reader's new list
 */
export function dimensionPicker({ most, colorOf, onChange }) {
  const id = uid('dimension');
  const input = h('input', {
    id,
    type: 'number',
    min: 0,
    step: 1,
    inputmode: 'numeric',
    class: 'pe-columns-add-input',
  });
  const chips = h('ul', { class: 'pe-columns-chips', 'aria-label': 'Dimensions shown' });
  const message = h('p', { class: 'pe-columns-message', 'aria-live': 'polite' });
  let dimensions = [];
  let dModel = 0;
  let shownKey = '';

  function add() {
    if (dModel === 0) return;
    const raw = input.value.trim();
    const dim = Number(raw);
    if (raw === '' || !Number.isInteger(dim) || dim < 0 || dim >= dModel) {
      message.textContent = `Dimension must be a whole number from 0 to ${dModel - 1}; received "${raw}".`;
    } else if (dimensions.includes(dim)) {
      message.textContent = `Dimension ${dim} is already shown.`;
    } else if (dimensions.length >= most) {
      message.textContent = `At most ${most} curves; remove one first.`;
    } else {
      message.textContent = '';
      input.value = '';
      onChange([...dimensions, dim]);
    }
  }

  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  });

  function chip(d) {
    const outside = !(d < dModel);
    return h(
      'li',
      { class: outside ? 'pe-columns-chip pe-is-outside' : 'pe-columns-chip', 'data-dimension': d },
      h('span', { class: 'pe-columns-swatch', style: `background:${colorOf(d)}`, 'aria-hidden': 'true' }),
      outside ? `dim ${d} (beyond d_model)` : `dim ${d}`,
      h(
        'button',
        {
          type: 'button',
          class: 'pe-columns-remove',
          'aria-label': `Remove dimension ${d}`,
          onClick: () => onChange(dimensions.filter((v) => v !== d)),
        },
        '\u00d7',
      ),
    );
  }

  return {
    elements: [
      h(
        'div',
        { class: 'pe-columns-picker' },
        h(
          'div',
          { class: 'pe-control', 'data-param': 'dimensions' },
          h('label', { for: id }, 'Dimension'),
          input,
          h('button', { type: 'button', class: 'pe-button', onClick: add }, 'Add'),
        ),
        chips,
      ),
      message,
    ],
    // An embed that keeps the dimensions hides the field (the frame's data-param) and the chips' remove buttons.
    /** Shows the list; the chips are made again only when it or dModel (which marks some beyond it) changes. */
    show(nextDimensions, nextDModel) {
      dimensions = nextDimensions;
      dModel = nextDModel;
      const key = `${dimensions.join(',')}|${dModel}`;
      if (key === shownKey) return;
      shownKey = key;
      replaceChildren(chips, dimensions.map(chip));
      input.max = String(dModel - 1);
    },
  };
}
