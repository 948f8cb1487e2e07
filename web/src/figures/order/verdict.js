// The question under the two sentences: the reader predicts whether the sentence vectors will differ before
// the figure says how far apart the engine found them (compareSentences), for the whole sentence and for the
// word that changes most between the two.
import { h, replaceChildren } from '../../ui/dom.js';
import { formatValue } from '../../ui/format.js';
import { scientificText } from '../../ui/scientific.js';

/** Below this the two sentence vectors are the same up to rounding. */
export const SAME = 1e-9;

/**
 * A max |difference| as the figure prints it: tiny ones in the page's one exponent form (3.3\u00d710^\u221216),
 * so that they do not read as 0.
 */
export function formatDifference(x) {
  if (x === 0) return '0';
  return x < 1e-3 ? scientificText(x, 2) : formatValue(x);
}

/** @type {[('differ'|'identical'|null), string][]} */
const CHOICES = [
  ['differ', 'They will differ'],
  ['identical', 'They will be identical'],
  [null, 'Skip: reveal'],
];

/**
 * @param {{ onPredict: (choice: 'differ' | 'identical' | null) => void, fixed?: () => boolean }} options
 *   while `fixed()` (an embed keeps `reveal` as it is) the question is hidden
 */
export function verdict({ onPredict, fixed = () => false }) {
  const element = h('div', { class: 'pe-order-compare', 'aria-live': 'polite', 'data-export': 'omit' });
  const question = [
    h(
      'p',
      { class: 'pe-order-question' },
      'Predict first: will the two sentence vectors (strips A and B above) differ?',
    ),
    h(
      'div',
      { class: 'pe-order-choices' },
      CHOICES.map(([choice, label]) =>
        h('button', { type: 'button', class: 'pe-button', onClick: () => onPredict(choice) }, label),
      ),
    ),
  ];
  let shown = null;

  /** What the reader sees: the question, or the comparison (with how their prediction fared). */
  function lines(comparison, revealed, prediction) {
    if (!revealed) return null;
    const { pooledDifference: pooled, sharedWord: word } = comparison;
    const outcome = pooled < SAME ? 'identical' : 'differ';
    const predicted = prediction === 'differ' ? 'differ' : 'be identical';
    return [
      prediction
        ? `You predicted they would ${predicted}: ${prediction === outcome ? 'right.' : 'not this time.'}`
        : null,
      `Sentence vectors: max |difference| = ${formatDifference(pooled)}` +
        (outcome === 'identical' ? ' (identical to float precision)' : ''),
      word
        ? `Same word: max |difference| = ${formatDifference(word.difference)} (\u201c${word.word}\u201d, ` +
          `position ${word.indexA} in A, ${word.indexB} in B)`
        : 'Same word: the sentences share no word.',
    ];
  }

  return {
    element,
    show(comparison, revealed, prediction) {
      const next = lines(comparison, revealed, prediction);
      const key = next ? next.join('\n') : `${fixed()}`;
      if (key === shown) return;
      shown = key;
      if (!next) {
        for (const part of question) part.hidden = fixed();
        // With its question hidden, the box has nothing to show.
        element.hidden = fixed();
        replaceChildren(element, question);
        return;
      }
      element.hidden = false;
      const [verdictLine, ...results] = next;
      replaceChildren(
        element,
        verdictLine ? h('p', { class: 'pe-order-verdict' }, verdictLine) : null,
        results.map((text) => h('p', { class: 'pe-order-result' }, text)),
      );
    },
    /** Whether an embed keeps the answer as it is (no question to ask). */
    fixed,
    /** Moves focus to the first result, so that a keyboard reader lands on the answer. */
    focusResult() {
      const result = element.querySelector('.pe-order-result');
      result?.setAttribute('tabindex', '-1');
      result?.focus();
    },
  };
}
