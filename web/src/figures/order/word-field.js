// A sentence the reader edits: a labelled text field, and one chip per word (placed apart by the figure). A word moves with its arrow
// buttons, with Alt or Ctrl and the arrow keys, or by dragging it onto another chip; words outside the
// vocabulary are marked where they stand. The field knows words only through `tokenize` (the engine's).
import { h, replaceChildren, uid } from '../../ui/dom.js';

/**
 * @param {{ name: string, value: string, tokenize: (text: string) => { tokens: string[], known: Uint8Array },
 *   onChange: (text: string) => void, announce: (text: string) => void, fixed?: () => boolean }} options
 *   `name` is the sentence's letter; `tokenize` may throw (too many words), and the field is then marked invalid
 *   with no chips; while `fixed()` (an embed keeps the sentence as it is) the words are shown, not movable
 */
export function wordField({ name, value, tokenize, onChange, announce, fixed = () => false }) {
  const id = uid('order-text');
  const input = h('input', {
    id,
    type: 'text',
    class: 'pe-order-input',
    value,
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const chips = h('div', {
    class: 'pe-order-chips',
    role: 'list',
    'aria-label': `Words of sentence ${name}`,
  });
  const field = h(
    'div',
    { class: 'pe-control pe-order-field' },
    h('label', { for: id }, `Sentence ${name}`),
    input,
  );
  let words = [];
  let shownKey = null;

  input.addEventListener('input', () => {
    show(input.value);
    onChange(input.value);
  });

  /** Shows `text` in the field (unless it is there already) and its words as chips. */
  function show(text) {
    if (input.value !== text) input.value = text;
    let tokenized;
    try {
      tokenized = tokenize(text);
    } catch {
      // The figure reports the engine's message and keeps its last good drawing; the chips would show words the
      // field no longer holds, so they go until the text can be read again.
      input.setAttribute('aria-invalid', 'true');
      words = [];
      shownKey = null;
      replaceChildren(chips);
      return;
    }
    input.removeAttribute('aria-invalid');
    const key = `${tokenized.tokens.join(' ')}|${tokenized.known.join('')}|${fixed()}`;
    if (key === shownKey) return;
    shownKey = key;
    words = tokenized.tokens;
    const before = places();
    replaceChildren(
      chips,
      words.map((word, i) => chip(word, i, tokenized.known[i] === 1)),
    );
    glide(before);
  }

  // Where each word's chip stands, by the word and its occurrence ("the" twice: "the#0", "the#1").
  function places() {
    const seen = new Map();
    const at = new Map();
    for (const c of chips.children) {
      const word = c.querySelector('.pe-order-word')?.firstChild?.textContent ?? '';
      const k = seen.get(word) ?? 0;
      seen.set(word, k + 1);
      at.set(`${word}#${k}`, c.getBoundingClientRect());
    }
    return at;
  }

  // A word that moved slides from its old place to its new one (not for readers who ask for less motion).
  function glide(before) {
    if (before.size === 0 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const after = places();
    [...chips.children].forEach((c, i) => {
      const from = before.get([...after.keys()][i]);
      const to = c.getBoundingClientRect();
      if (!from || (from.left === to.left && from.top === to.top)) return;
      const shift = `translate(${from.left - to.left}px, ${from.top - to.top}px)`;
      c.animate([{ transform: shift }, { transform: 'none' }], { duration: 400, easing: 'ease-in-out' });
    });
  }

  function chip(word, i, known) {
    const n = words.length;
    const mark = known ? null : h('span', { class: 'pe-order-unknown-mark', 'aria-hidden': 'true' }, '?');
    if (fixed()) {
      const title = known ? null : `\u201c${word}\u201d is not in the vocabulary`;
      return h(
        'span',
        { class: `pe-order-chip${known ? '' : ' pe-order-unknown'}`, role: 'listitem' },
        h('span', { class: 'pe-order-word', title }, word, mark),
      );
    }
    const button = h(
      'button',
      {
        type: 'button',
        class: 'pe-order-word',
        'data-index': i,
        'aria-roledescription': 'movable word',
        'aria-label': `${word}, word ${i + 1} of ${n}`,
        'aria-description': `${known ? '' : 'not in the vocabulary; '}press Alt or Ctrl with the arrow keys to move`,
        title: known ? null : `\u201c${word}\u201d is not in the vocabulary`,
      },
      word,
      mark,
    );
    button.addEventListener('keydown', (event) => {
      const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (!(event.altKey || event.ctrlKey) || !step) return;
      // Alt+Left would otherwise take the browser back a page.
      event.preventDefault();
      move(i, i + step);
    });
    dragging(button, i);
    const nudge = (label, to, disabled, glyph) =>
      h(
        'button',
        {
          type: 'button',
          class: 'pe-order-nudge',
          'aria-label': label,
          disabled,
          onClick: () => move(i, to),
        },
        glyph,
      );
    return h(
      'span',
      { class: `pe-order-chip${known ? '' : ' pe-order-unknown'}`, role: 'listitem' },
      nudge(`Move \u201c${word}\u201d left`, i - 1, i === 0, '\u25c0'),
      button,
      nudge(`Move \u201c${word}\u201d right`, i + 1, i === n - 1, '\u25b6'),
    );
  }

  function move(from, to) {
    const n = words.length;
    if (fixed() || to < 0 || to >= n || from === to) return;
    const next = words.slice();
    const [word] = next.splice(from, 1);
    next.splice(to, 0, word);
    const text = next.join(' ');
    show(text);
    onChange(text);
    announce(`Moved \u201c${word}\u201d to word ${to + 1} of ${n} in sentence ${name}: ${text}`);
    chips.querySelectorAll('.pe-order-word')[to]?.focus();
  }

  // The pointer drags a word onto the chip nearest to where it is let go.
  function dragging(button, index) {
    let start = null;
    let target = null;
    button.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      start = { x: event.clientX, y: event.clientY, moved: false };
      button.setPointerCapture(event.pointerId);
    });
    button.addEventListener('pointermove', (event) => {
      if (!start) return;
      if (!start.moved && Math.hypot(event.clientX - start.x, event.clientY - start.y) < 6) return;
      start.moved = true;
      button.classList.add('pe-order-dragging');
      target = nearestChip(event.clientX, event.clientY);
      for (const [i, c] of [...chips.children].entries()) {
        c.classList.toggle('pe-order-drop', i === target && i !== index);
      }
    });
    const finish = (event, commit) => {
      if (!start) return;
      const moved = start.moved;
      start = null;
      button.classList.remove('pe-order-dragging');
      for (const c of chips.children) c.classList.remove('pe-order-drop');
      if (button.hasPointerCapture(event.pointerId)) button.releasePointerCapture(event.pointerId);
      if (moved && commit && target !== null) move(index, target);
      target = null;
    };
    button.addEventListener('pointerup', (event) => finish(event, true));
    button.addEventListener('pointercancel', (event) => finish(event, false));
  }

  function nearestChip(x, y) {
    let best = null;
    let bestDistance = Infinity;
    for (const [i, c] of [...chips.children].entries()) {
      const r = c.getBoundingClientRect();
      // Rows of chips are closer together than chips in a row: vertical distance counts double.
      const d = Math.hypot(x - (r.left + r.width / 2), (y - (r.top + r.height / 2)) * 2);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    return best;
  }

  show(value);
  return { field, chips, show };
}
