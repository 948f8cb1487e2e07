// Predict, then run: before the first step the reader says which schemes will still work on sequences twice the
// training length; the choice is locked when training starts, and once the race is evaluated it is shown beside
// what the engine measured, judged across the seeds by lab/verdict.js's rule (a scheme works when every seed
// does; when only some do, the seeds split and the reader was neither right nor wrong). (Twice, not four
// times: at four times every scheme of the default race has lost some accuracy, and the question is which
// ones generalise at all.)
import { groupRuns } from '../../lab/seeds.js';
import { verdictOf, WORKS_AT } from '../../lab/verdict.js';
import { changeWriter, h, nodePool, uid } from '../../ui/dom.js';
import { formatInt } from '../../ui/format.js';
import { percentShort } from './curves.js';
import { SAMPLES, SCHEME_NAMES, SCHEMES } from './params.js';

/** How far past the training length the question looks (the engine's grid always holds 2 T). */
export const FACTOR = 2;

const percent = (x) => `${formatInt(100 * x)}%`;

/** The held-out accuracy of a run at length n, or undefined before evaluation or outside its lengths. */
export function accuracyAt(run, n) {
  const e = run.evaluation;
  return e ? e.accuracy[e.lengths.indexOf(n)] : undefined;
}

/**
 * The verdict across seeds on each scheme at length n (lab/verdict.js), once every run is evaluated:
 * [{ scheme, word, working, seeds, median, min, max }], or [] before.
 * @param {{ runs: { scheme: string, evaluation: unknown }[] }} race
 * @param {number} n
 * @param {string} task
 */
export function verdictsAt(race, n, task) {
  if (!race.runs.every((r) => r.evaluation)) return [];
  return groupRuns(race.runs).map(({ scheme, runs }) => ({
    scheme,
    ...verdictOf(
      runs.map((r) => accuracyAt(r, n)),
      task,
      SAMPLES,
    ),
  }));
}

/** What was measured, in words: the verdict with the median and, over several seeds, the range. */
export function measuredText({ word, working, seeds, median, min, max }) {
  const numbers =
    seeds === 1
      ? percentShort(median)
      : `median ${percentShort(median)}, seeds ${percentShort(min)} to ${percentShort(max)}`;
  const words = {
    works: seeds === 1 ? 'works' : `works for all ${seeds} seeds`,
    mixed: `works for ${working} of ${seeds} seeds`,
    chance: 'at chance',
    fails: 'fails',
  };
  return `${words[word]} (${numbers})`;
}

/** The longest length a race was evaluated at (4 T at most 128, the engine's choice); 0 before evaluation. */
export function farLength(race) {
  const e = race.runs[0].evaluation;
  return e ? e.lengths[e.lengths.length - 1] : 0;
}

export function predictPanel() {
  const write = changeWriter();
  const picks = new Set();
  let locked = false;
  const question = h('legend', {});
  const boxes = SCHEMES.map((scheme) => {
    const id = uid('predict');
    const input = h('input', { id, type: 'checkbox', value: scheme });
    input.addEventListener('change', () => (input.checked ? picks.add(scheme) : picks.delete(scheme)));
    return {
      scheme,
      input,
      node: h('label', { for: id, class: 'pe-lab-scheme' }, input, SCHEME_NAMES[scheme]),
    };
  });
  const note = h('p', { class: 'pe-lab-note' });
  const form = h(
    'fieldset',
    { class: 'pe-lab-predict-form' },
    question,
    h(
      'div',
      { class: 'pe-lab-predict-choices' },
      boxes.map((b) => b.node),
    ),
    note,
  );
  const tbody = h('tbody');
  const rows = nodePool(tbody, () => {
    const cells = Array.from({ length: 4 }, () => h('td'));
    return { node: h('tr', {}, cells), cells };
  });
  const verdict = h('p', { class: 'pe-lab-verdict', 'data-readout': 'prediction' });
  const results = h(
    'div',
    { class: 'pe-lab-predict-results', hidden: true },
    h(
      'table',
      { class: 'pe-lab-predict-table' },
      h('caption', {}, 'Your prediction beside the result'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['scheme', 'you said', 'measured', 'you were'].map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
      tbody,
    ),
    verdict,
  );
  const element = h('div', { class: 'pe-lab-predict' }, form, results);

  return {
    element,
    /** The choice is fixed from the first step of an experiment. */
    lock() {
      locked = true;
    },
    unlock() {
      locked = false;
    },
    /**
     * @param {{ runs: { scheme: string, evaluation: unknown }[], state: string }} race
     * @param {{ length: number, task: string }} config the training length and the task
     */
    draw(race, { length, task }) {
      const racing = race.runs.map((r) => r.scheme);
      write.putText(
        question,
        `Predict first: which schemes will still get at least ${percent(WORKS_AT)} right on sequences ` +
          `twice the training length (${formatInt(FACTOR * length)} tokens)?`,
      );
      for (const { scheme, input, node } of boxes) {
        node.hidden = !racing.includes(scheme);
        input.disabled = locked;
        input.checked = picks.has(scheme);
      }
      write.putText(
        note,
        locked
          ? 'Locked in when training started. Reset to change it.'
          : 'Tick those you expect to work (none, if you expect none), then press Play.',
      );
      const done = race.state === 'done';
      results.hidden = !done || !locked;
      if (results.hidden) return;
      const verdicts = verdictsAt(race, FACTOR * length, task);
      let right = 0;
      let split = 0;
      rows(verdicts.length).forEach(({ cells }, i) => {
        const judged = verdicts[i];
        const said = picks.has(judged.scheme);
        const outcome =
          judged.word === 'mixed' ? 'split' : said === (judged.word === 'works') ? 'right' : 'wrong';
        if (outcome === 'right') right += 1;
        if (outcome === 'split') split += 1;
        write.putText(cells[0], SCHEME_NAMES[judged.scheme] ?? judged.scheme);
        write.putText(cells[1], said ? 'works' : 'fails');
        write.putText(cells[2], `${measuredText(judged)} at ${formatInt(FACTOR * length)} tokens`);
        write.putText(cells[3], outcome === 'split' ? 'the seeds split' : outcome);
        write.put(cells[3], 'class', `pe-lab-${outcome}`);
      });
      write.putText(
        verdict,
        `You called ${right} of ${verdicts.length}.` +
          (split
            ? ` The seeds split on ${split}: ${split === 1 ? 'it works' : 'they work'} on some only.`
            : ''),
      );
    },
  };
}
