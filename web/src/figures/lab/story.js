// The sentences of the lab's results paragraph, written from the reader's run: each scheme's word at a length
// is lab/verdict.js's across its seeds (works: at least 90% right on every seed; chance: inside the 95% binomial
// interval around what an order-blind model scores; below chance: under it), so that no sentence can say
// "works" of a run that did not, or "a coin flip" of a task that has no nouns.
import { chanceOf, wordFor } from '../../lab/verdict.js';
import { formatInt } from '../../ui/format.js';
import { percentShort } from './curves.js';
import { SAMPLES, SCHEME_NAMES } from './params.js';
import { FACTOR, farLength, verdictsAt } from './predict.js';

/** The phrase for one verdict, and the order the phrases are told in. */
const PHRASES = [
  ['works', 'work (at least 90% right on every seed)'],
  ['mixed', 'work on some seeds only'],
  ['fails', 'fall short of 90% but beat chance'],
  ['chance', 'score at chance'],
  ['below', 'score below chance'],
];

/** The verdict's word, with "below" split from "chance" when the median is under chance's interval. */
function wordOf(verdict, task) {
  if (verdict.word === 'chance' && wordFor(verdict.median, task, SAMPLES) === 'below chance') return 'below';
  return verdict.word;
}

/**
 * One sentence over every raced scheme at length n: "At 16 tokens, RoPE (100.0%) and ALiBi (97.5%) work (at
 * least 90% right on every seed); sinusoidal (41.0%) scores at chance." Medians of the seeds; the verdict's seed
 * counts where they split.
 */
export function sentenceAt(race, n, task) {
  const verdicts = verdictsAt(race, n, task);
  const parts = [];
  for (const [word, phrase] of PHRASES) {
    const group = verdicts.filter((v) => wordOf(v, task) === word);
    if (group.length === 0) continue;
    const names = group.map((v) => {
      const seeds = v.word === 'mixed' ? `, ${formatInt(v.working)} of ${formatInt(v.seeds)} seeds` : '';
      return `${SCHEME_NAMES[v.scheme] ?? v.scheme} (${percentShort(v.median)}${seeds})`;
    });
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    // A task blind models cannot score on by guessing (majority) has no chance level to beat.
    const told = word === 'fails' && chanceOf(task) === null ? 'fall short of 90%' : phrase;
    const verb = names.length === 1 ? singular(told) : told;
    parts.push(`${list} ${verb}`);
  }
  return `At ${formatInt(n)} tokens, ${parts.join('; ')}.`;
}

/** "work (...)" -> "works (...)", "fall short" -> "falls short", "score" -> "scores". */
function singular(phrase) {
  return phrase.replace(/^(\w+)/, (verb) => `${verb}s`);
}

/** The results paragraph's sentences, or an ellipsis each before the race is evaluated. */
export function story(race, params) {
  const done = race.state === 'done' && race.runs.every((r) => r.evaluation);
  if (!done)
    return { 'lab-story-trained': '\u2026', 'lab-story-double': '\u2026', 'lab-story-far': '\u2026' };
  return {
    'lab-story-trained': sentenceAt(race, params.length, params.task),
    'lab-story-double': sentenceAt(race, FACTOR * params.length, params.task),
    'lab-story-far': sentenceAt(race, farLength(race), params.task),
  };
}
