// The literature reproduced in the lab: for each paper, its finding and where it is stated, and one or two
// presets (lab parameters as a query string) whose run puts the finding to a test. Each preset has one stated
// rule that reads the run's held-out accuracies (the median of its seeds at a length) and chooses the sentence
// of agreement or disagreement; `expected` is what seeds 1..10 show one at a time, which the claims test
// (tests/js/lab-claims.mjs, "papers-*") holds for at least 9 of them. Where the miniature disagrees with the
// paper, the preset says so and why, rather than being swapped for one that agrees. Every setup was chosen by
// a sweep across seeds (`node bench/lab-claims.mjs --only papers-<id> --set ...`; docs/lab-claims.md, "The
// papers"). Pure: the page, the Node tests and the sweep decide with these functions.
import { WORKS_AT } from './verdict.js';

const ALIBI_RULE =
  'Agrees when ALiBi works at twice the training length and sinusoidal does not (medians of the seeds).';
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const NAMES = {
  none: 'no positions',
  sinusoidal: 'sinusoidal',
  learned: 'learned',
  rope: 'RoPE',
  alibi: 'ALiBi',
  t5: 'T5 bias',
};

/**
 * @typedef {(scheme: string, n: number) => number | undefined} AccuracyAt the median across the run's seeds of a
 *   scheme's held-out accuracy at length n; undefined when the race does not train that scheme
 * @typedef {{ verdict: 'agrees' | 'disagrees', sentence: string }} Judgement
 * @typedef {object} Preset
 * @property {string} id the value of the lab's `paper` parameter
 * @property {string} label the preset link's text
 * @property {string} query the lab parameters it sets (the rest at the lab's defaults)
 * @property {string[]} reads the schemes its rule reads (the race may train more, for the eye)
 * @property {string} rule the rule, in words
 * @property {'agrees' | 'disagrees'} expected what seeds 1..10 show, one at a time
 * @property {string} [why] why the miniature disagrees, shown beside a disagreement
 * @property {(at: AccuracyAt, length: number) => Judgement} judge
 * @typedef {{ id: string, cite: string, title: string, source: string, finding: string, presets: Preset[] }} Paper
 */

/** @type {Paper[]} */
export const PAPERS = [
  {
    id: 'haviv',
    cite: 'Haviv et al. (2022)',
    title: 'Transformer Language Models without Positional Encodings Still Learn Positional Information',
    source:
      'Findings of EMNLP 2022: its language models with no positions against learned, sinusoidal and ALiBi, ' +
      'and its masked-language-model comparison',
    finding:
      'Causal language models given no positions come close to those given one, and probes find absolute ' +
      'position inside them: the causal mask lets a token count how many tokens it sees. Without the mask ' +
      '(a masked, bidirectional language model) no positions falls far behind.',
    presets: [
      {
        id: 'haviv-causal',
        label: 'causal, no positions',
        query: 'task=previous&causal=on&size=medium&batch=16&schemes=none,sinusoidal',
        reads: ['none'],
        rule: 'Agrees when no positions works at the training length: the median of the seeds at least 90%.',
        expected: 'agrees',
        judge(at, T) {
          const a = at('none', T);
          return a >= WORKS_AT
            ? agrees(
                `with a causal mask and no positions, the model copies the previous token ${pct(a)} of the time at the training length: it found position without being given one.`,
              )
            : disagrees(
                `with a causal mask and no positions, the model copies the previous token only ${pct(a)} of the time at the training length.`,
              );
        },
      },
      {
        id: 'haviv-bidirectional',
        label: 'bidirectional, no positions',
        query: 'task=previous&causal=off&size=medium&batch=16&schemes=none,sinusoidal',
        reads: ['none'],
        rule: 'Agrees when no positions does not work at the training length: the median of the seeds under 90%.',
        expected: 'agrees',
        judge(at, T) {
          const a = at('none', T);
          return a < WORKS_AT
            ? agrees(
                `without the causal mask, no positions copies the previous token only ${pct(a)} of the time at the training length (above 1 in 16 because it can guess among the tokens it sees, in any order).`,
              )
            : disagrees(
                `even without the causal mask, no positions copies the previous token ${pct(a)} of the time.`,
              );
        },
      },
    ],
  },
  {
    id: 'kazemnejad',
    cite: 'Kazemnejad et al. (2023)',
    title: 'The Impact of Positional Encoding on Length Generalization in Transformers',
    source:
      'NeurIPS 2023: its decoder-only models on small synthetic tasks (copying, reversal, arithmetic and others)',
    finding:
      'In decoder-only (causal) models trained on small synthetic tasks, no positional encoding generalises to ' +
      'longer sequences as well as or better than absolute, rotary, ALiBi and T5 positions.',
    presets: [
      {
        id: 'kazemnejad',
        label: 'copy the first token, causal, 2 blocks',
        query: 'task=first&size=medium&batch=16&steps=200&schemes=none,sinusoidal,learned,rope,alibi,t5',
        reads: ['none', 'sinusoidal', 'learned', 'rope', 'alibi', 't5'],
        rule:
          'Agrees when no positions works at 1, 2 and 4 times the training length and, at 4 times, no other ' +
          'scheme is more than 1 point above it (medians of the seeds).',
        expected: 'agrees',
        judge(at, T) {
          const none = [1, 2, 4].map((k) => at('none', k * T));
          const others = ['sinusoidal', 'learned', 'rope', 'alibi', 't5'];
          const far = others.map((s) => `${NAMES[s]} ${pct(at(s, 4 * T))}`).join(', ');
          const ahead = others.filter((s) => at(s, 4 * T) > none[2] + 0.01);
          const lead = `no positions scores ${none.map(pct).join(', ')} at 1, 2 and 4 times the training length; at 4 times the others score ${far}.`;
          return none.every((a) => a >= WORKS_AT) && ahead.length === 0 ? agrees(lead) : disagrees(lead);
        },
      },
    ],
  },
  {
    id: 'press',
    cite: 'Press et al. (2022)',
    title: 'Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation',
    source: 'ICLR 2022: Figure 1 (sinusoidal, rotary, T5 bias and ALiBi past the training length)',
    finding:
      'A model trained with ALiBi keeps its quality on inputs longer than it was trained on; one trained with ' +
      'sinusoidal positions does not.',
    presets: [
      {
        id: 'press-subject',
        label: 'who acts (the default task)',
        query: 'schemes=none,sinusoidal,alibi',
        reads: ['sinusoidal', 'alibi'],
        rule: ALIBI_RULE,
        expected: 'agrees',
        judge: judgeAlibi,
      },
      {
        id: 'press-previous',
        label: 'copy the previous token',
        query: 'task=previous&schemes=sinusoidal,alibi',
        reads: ['sinusoidal', 'alibi'],
        rule: ALIBI_RULE,
        expected: 'disagrees',
        why:
          'ALiBi sets its slopes by the number of heads: with the small model\u2019s 4 heads the steepest is 1/4, ' +
          'so its bias alone weighs the previous token only e^(1/4), about 1.3 times, above the one before it, ' +
          'and at twice the length more tokens further back share the attention. Press et al.\u2019s ' +
          'WikiText-103 models have 8 heads (steepest slope 1/2) and predict the next word from its context ' +
          'rather than copy one exact token. ALiBi still falls less than sinusoidal here.',
        judge: judgeAlibi,
      },
    ],
  },
  {
    id: 'ruoss',
    cite: 'Ruoss et al. (2023)',
    title: 'Randomized Positional Encodings Boost Length Generalization of Transformers',
    source: 'ACL 2023: Table 1 (reverse string among the algorithmic tasks)',
    finding:
      'Training on positions drawn as a sorted random subset of a longer range, then testing on 0 to n - 1, ' +
      'lets a transformer generalise to longer sequences on tasks where every plain scheme fails.',
    presets: [
      {
        id: 'ruoss-plain',
        label: 'reverse, plain positions',
        query: 'task=reverse&schemes=none,sinusoidal,learned',
        reads: ['none', 'sinusoidal', 'learned'],
        rule:
          'Agrees with the paper’s starting point when, at twice the training length, no scheme is more ' +
          'than 10 points above no positions (which cannot see order at all).',
        expected: 'agrees',
        judge: (at, T) => judgeRandomized(at, T, false),
      },
      {
        id: 'ruoss-randomized',
        label: 'reverse, randomized positions',
        query: 'task=reverse&schemes=none,sinusoidal,learned&randomized=16',
        reads: ['none', 'sinusoidal', 'learned'],
        rule:
          'Agrees when, at twice the training length, a scheme trained on randomized positions is more than ' +
          '10 points above no positions (which has no positions to randomize and trains as it is).',
        expected: 'agrees',
        judge: (at, T) => judgeRandomized(at, T, true),
      },
    ],
  },
];

/** @type {Preset['judge']} */
function judgeAlibi(at, T) {
  const [alibi, sinusoidal] = ['alibi', 'sinusoidal'].map((s) => at(s, 2 * T));
  const text = `at twice the training length ALiBi scores ${pct(alibi)}, sinusoidal ${pct(sinusoidal)}.`;
  return alibi >= WORKS_AT && sinusoidal < WORKS_AT ? agrees(text) : disagrees(text);
}

/** Points above no positions that count as generalising at all (the Ruoss presets). */
const ABOVE_BLIND = 0.1;

/** The Ruoss presets: at 2T, is some scheme more than ABOVE_BLIND above the order-blind model? */
function judgeRandomized(at, T, randomized) {
  const blind = at('none', 2 * T);
  const schemes = ['sinusoidal', 'learned'];
  const text =
    `at twice the training length ${schemes.map((s) => `${NAMES[s]} ${pct(at(s, 2 * T))}`).join(', ')}, ` +
    `no positions ${pct(blind)}.`;
  const above = schemes.some((s) => at(s, 2 * T) > blind + ABOVE_BLIND);
  const short = schemes.every((s) => at(s, 2 * T) < WORKS_AT)
    ? ' Better than order-blind, but no scheme works (90%): the paper trains for far more steps.'
    : '';
  if (randomized) return above ? agrees(`trained on randomized positions, ${text}${short}`) : disagrees(text);
  return above ? disagrees(text) : agrees(`with plain positions, ${text}`);
}

/** @returns {Judgement} */
const agrees = (sentence) => ({ verdict: 'agrees', sentence: `Agrees: ${sentence}` });
/** @returns {Judgement} */
const disagrees = (sentence) => ({ verdict: 'disagrees', sentence: `Disagrees: ${sentence}` });

/** Every preset, by id. */
export const PRESETS = Object.fromEntries(
  PAPERS.flatMap((p) => p.presets.map((s) => [s.id, { ...s, paper: p }])),
);

/**
 * The statement of a preset on a race's results: null while a scheme it reads is missing (not raced, or not yet
 * evaluated at a length the rule reads).
 * @param {Preset} preset
 * @param {AccuracyAt} at
 * @param {number} length the training length T
 * @returns {Judgement | null}
 */
export function judge(preset, at, length) {
  const lengths = [length, 2 * length, 4 * length];
  for (const scheme of preset.reads) {
    if (lengths.some((n) => at(scheme, n) === undefined)) return null;
  }
  return preset.judge(at, length);
}
