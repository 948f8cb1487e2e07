// Figure `order`: two sentences through the same seeded self-attention layer. Without position information the
// layer sees a bag of words, so "dog bites man" and "man bites dog" give the same sentence vector; an encoding or
// a causal mask separates them. One engine call (compareSentences) gives both sentences, how far apart they end
// up and the same measure under every encoding and mask, which the prose around the figure quotes.
import { select } from '../../ui/controls.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { defineFigure } from '../../ui/figure.js';
import { formatInt, formatSig, formatValue } from '../../ui/format.js';
import { memo } from '../../ui/memo.js';
import { sharedReadout } from '../../ui/readouts.js';
import { scientific } from '../../ui/scientific.js';
import { choice, widthChoice } from '../shared-params.js';
import { vocabulary } from '../words.js';
import { sentencePanel } from './sentence-panel.js';
import { sentenceVectors } from './vectors.js';
import { formatDifference, SAME, verdict } from './verdict.js';
import { wordField } from './word-field.js';
import './order.css';

// Each sentence's parameter and its side of compareSentences' result share the key.
const SIDES = [
  { name: 'A', key: 'a' },
  { name: 'B', key: 'b' },
];
const ENCODINGS = {
  none: 'none',
  sinusoidal: 'sinusoidal',
  learned: 'learned',
  rope: 'RoPE',
  alibi: 'ALiBi',
};
// A pair that is not a mirror image, for the ALiBi finding in the prose.
/** @type {[string, string]} */
const NON_MIRROR = ['the dog bites the man', 'the man bites the dog'];
const EXAMPLES = [
  ['dog bites man', 'man bites dog'],
  NON_MIRROR,
  ['the cat chased the dog', 'the dog chased the cat'],
  ['the quick brown fox jumps over the lazy dog', 'the lazy dog jumps over the quick brown fox'],
];

export default defineFigure({
  id: 'order',
  title: 'Dog bites man: what self-attention sees',
  caption:
    'Both sentences go through the same self-attention layer (seeded weights), and each becomes one vector, ' +
    'the mean of its words\u2019 outputs (red positive, blue negative, on one scale). Under them, their ' +
    'difference A \u2212 B as bars: a flat line means the layer cannot tell the two sentences apart.',
  primary: ['encoding', 'mask'],
  // The sentences' fields and words, the head shown and the question that reveals the answer.
  ownControls: ['a', 'b', 'head', 'reveal'],
  params: {
    // As long as the engine reads (32 words can take more than the usual cap of 200 characters).
    a: { type: 'string', label: 'Sentence A', default: 'dog bites man', maxLength: 2000, minLength: 1 },
    b: { type: 'string', label: 'Sentence B', default: 'man bites dog', maxLength: 2000, minLength: 1 },
    encoding: choice('Position information', ENCODINGS, 'segmented'),
    mask: choice('Mask', { bidirectional: 'bidirectional', causal: 'causal' }, 'segmented'),
    dModel: widthChoice(64, [8, 16, 32, 64, 128, 256]),
    seed: { type: 'int', default: 1, min: 0, max: 4294967295 },
    // Chosen beside the maps it changes, from as many heads as the layer has: every width offered is a multiple
    // of 8, where the engine's layer has 4 heads.
    head: { type: 'int', default: 1, min: 1, max: 4 },
    reveal: { type: 'boolean', default: false },
  },

  compute(engine, p) {
    for (const side of SIDES) readable(engine, side, p);
    const mirror = memo(engine, 'compareSentences', ...NON_MIRROR, 'alibi', p.dModel, p.seed);
    const compared = memo(engine, 'compareSentences', p.a, p.b, p.encoding, p.dModel, p.seed, {
      mask: p.mask,
    });
    return {
      ...compared,
      // The strip A - B draws, element by element; its largest magnitude is the engine's pooledDifference.
      difference: compared.a.pooled.map((x, i) => x - compared.b.pooled[i]),
      nonMirror: mirror.pooledDifferences.alibi.bidirectional,
    };
  },

  view({ frame, engine, params, set, readout, own, fixed }) {
    const view = { prediction: null };
    const part = sharedReadout(readout);
    const status = h('p', { class: 'pe-order-status', 'aria-live': 'polite' });
    const tokenize = (text) => memo(engine, 'tokenize', text);
    view.sides = SIDES.map(({ name, key }) => ({
      key,
      name,
      field: wordField({
        name,
        value: params()[key],
        tokenize,
        onChange: (text) => set({ [key]: text }),
        fixed: () => fixed(key),
        announce: (text) => {
          status.textContent = text;
        },
      }),
      panel: own(sentencePanel({ name, part })),
    }));
    view.head = select({
      label: 'Head shown',
      options: [],
      value: '1',
      onChange: (v) => set({ head: Number(v) }),
    });
    view.verdict = verdict({
      fixed: () => fixed('reveal'),
      onPredict: (choice) => {
        view.prediction = choice;
        set({ reveal: true });
        view.verdict.focusResult();
      },
    });
    view.vectors = sentenceVectors({ part });
    frame.plot.append(
      h(
        'div',
        { class: 'pe-order-sentences', 'data-export': 'omit' },
        view.sides.map(({ name, field }) => [
          h('span', { class: 'pe-order-vector-name' }, name),
          field.chips,
        ]),
      ),
      view.vectors.element,
      status,
      view.verdict.element,
    );
    frame.more.append(
      h('h3', { class: 'pe-order-inside' }, 'Inside the layer'),
      examples((a, b) => set({ a, b })),
      h('div', { class: 'pe-order-head', 'data-param': 'head' }, view.head.element),
      h(
        'div',
        { class: 'pe-order-sides' },
        view.sides.map(({ key, field, panel }) => {
          field.field.dataset.param = key;
          return h('div', { class: 'pe-order-side' }, field.field, panel.element);
        }),
      ),
      vocabularyList(),
    );
    return view;
  },

  draw(view, data, p) {
    const head = shownHead(data, p);
    if (view.head.input.options.length !== data.a.heads) {
      replaceChildren(
        view.head.input,
        Array.from({ length: data.a.heads }, (_, i) => h('option', { value: String(i + 1) }, String(i + 1))),
      );
    }
    view.head.value = String(head);
    // One colour limit for both sentences, so that equal colours mean equal values across the two columns.
    const magnitude = (m, v) => Math.max(m, Math.abs(v));
    const limit = [data.a.outputs, data.b.outputs].reduce((m, values) => values.reduce(magnitude, m), 1e-12);
    for (const { key, field, panel } of view.sides) {
      field.show(p[key]);
      panel.draw(data[key], head, limit);
    }
    // The vectors on a scale of their own (means are smaller than the outputs they average); A - B on theirs.
    const vectorLimit = [data.a.pooled, data.b.pooled].reduce(
      (m, values) => values.reduce(magnitude, m),
      1e-12,
    );
    const vectors = { a: data.a.pooled, b: data.b.pooled, difference: data.difference };
    view.vectors.draw(vectors, vectorLimit, p.reveal, view.verdict.fixed());
    view.verdict.show(data, p.reveal, view.prediction);
  },

  // The summary keeps the answer back until the reader has predicted, like the figure itself.
  summary: ({ a, b, pooledDifference }, p) => {
    const setting =
      `Sentence A \u201c${a.tokens.join(' ')}\u201d and sentence B \u201c${b.tokens.join(' ')}\u201d through one ` +
      `attention layer (d_model ${a.dModel}, ${a.heads} heads, ${p.encoding} encoding, ${a.mask} mask)`;
    if (!p.reveal) return `${setting}. Predict whether their sentence vectors differ to see the comparison.`;
    return (
      `${setting}: the sentence vectors differ by at most ${formatDifference(pooledDifference)}` +
      (pooledDifference < SAME ? ', which is zero to float precision.' : '.')
    );
  },

  table(data, p) {
    const head = shownHead(data, p);
    const rows = [];
    for (const { name, key } of SIDES) {
      const r = data[key];
      const n = r.seqLen;
      for (let q = 0; q < n; q += 1) {
        for (let k = 0; k < n; k += 1) {
          const weight = r.weights[(head - 1) * n * n + q * n + k];
          rows.push([name, `weight, head ${head}, key position`, r.tokens[q], q, k, formatValue(weight)]);
        }
      }
      for (let q = 0; q < n; q += 1) {
        for (let d = 0; d < r.dModel; d += 1) {
          rows.push([name, 'output, dimension', r.tokens[q], q, d, formatValue(r.outputs[q * r.dModel + d])]);
        }
      }
      for (let d = 0; d < r.dModel; d += 1) {
        rows.push([name, 'sentence vector, dimension', '', '', d, formatValue(r.pooled[d])]);
      }
    }
    return { columns: ['sentence', 'part', 'word', 'position', 'index', 'value'], rows };
  },

  // The prose quotes the sentences shown now under each setting it discusses.
  live: ({ a, pooledDifferences: d, nonMirror }, p) => ({
    'order-answered': Boolean(p.reveal),
    'order-dmodel': formatInt(a.dModel),
    'order-heads': formatInt(a.heads),
    'order-diff-none': prose(d.none.bidirectional),
    'order-diff-sinusoidal': prose(d.sinusoidal.bidirectional),
    'order-diff-causal': prose(d.none.causal),
    'order-diff-alibi': prose(d.alibi.bidirectional),
    'order-diff-alibi-causal': prose(d.alibi.causal),
    'order-diff-alibi-nonmirror': prose(nonMirror),
  }),
});

/**
 * Throws, naming the sentence, when the engine cannot read it: too many words (tokenize's message), or an
 * unknown word or none (attendSentence's, which is about that one sentence).
 * @param {import('../../../../cpp/bindings/pe-engine.d.ts').PeEngine} engine
 */
function readable(engine, { name, key }, p) {
  try {
    const { tokens, known } = memo(engine, 'tokenize', p[key]);
    if (tokens.length === 0 || known.includes(0)) engine.attendSentence(p[key], p.encoding, p.dModel, p.seed);
  } catch (e) {
    throw new Error(`Sentence ${name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** The head whose weights are shown (from 1): the one asked for, within the layer's heads. */
function shownHead({ a }, { head }) {
  return Math.min(Math.max(1, head), a.heads);
}

function prose(difference) {
  return difference < 1e-3 ? scientific(difference, 2) : formatSig(difference, 3);
}

function examples(choose) {
  return h(
    'div',
    {
      class: 'pe-order-examples',
      role: 'group',
      'aria-label': 'Example sentence pairs',
      'data-param': 'a b',
    },
    h('span', { class: 'pe-order-examples-label' }, 'Try:'),
    EXAMPLES.map(([a, b]) =>
      h(
        'button',
        { type: 'button', class: 'pe-button pe-order-example', onClick: () => choose(a, b) },
        `${a} / ${b}`,
      ),
    ),
  );
}

/** The vocabulary, listed when the reader opens it. */
function vocabularyList() {
  const list = h('p', { class: 'pe-order-vocabulary' });
  const details = h('details', { class: 'pe-order-vocab' }, h('summary', {}, 'Words the layer knows'), list);
  details.addEventListener('toggle', () => {
    if (!details.open || list.textContent) return;
    const words = vocabulary();
    list.textContent = `${formatInt(words.length)} words: ${words.join(', ')}.`;
  });
  return details;
}
