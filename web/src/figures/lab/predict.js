// Predict, then run: before the first step the reader says which schemes will still work on sequences twice the
// training length; the choice is locked when training starts, and once the race is evaluated it is shown beside
// what the engine measured. (Twice, not four times: at four times every scheme of the default race has lost
// some accuracy, and the question is which ones generalise at all.)
import { changeWriter, h, nodePool, uid } from '../../ui/dom.js';
import { formatInt } from '../../ui/format.js';
import { percentShort } from './curves.js';
import { SCHEME_NAMES, SCHEMES } from './params.js';

/** What "still works" means: at least this fraction of held-out targets right. */
export const WORKS = 0.9;
/** How far past the training length the question looks (the engine evaluates up to 4 T, at most 128). */
export const FACTOR = 2;

const percent = (x) => `${formatInt(100 * x)}%`;

/** The held-out accuracy of a run at length n, or undefined before evaluation or outside its lengths. */
export function accuracyAt(run, n) {
  const e = run.evaluation;
  return e ? e.accuracy[e.lengths.indexOf(n)] : undefined;
}

/** The longest length a race was evaluated at (min(4 T, 128), the engine's choice); 0 before evaluation. */
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
     * @param {number} length the training length
     */
    draw(race, length) {
      const racing = race.runs.map((r) => r.scheme);
      write.putText(
        question,
        `Predict first: which schemes will still get at least ${percent(WORKS)} right on sequences ` +
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
          : 'Tick the ones you expect to work, then press Play. Leave all unticked if you expect none to.',
      );
      const done = race.state === 'done';
      results.hidden = !done || !locked;
      if (results.hidden) return;
      let right = 0;
      rows(race.runs.length).forEach(({ cells }, i) => {
        const run = race.runs[i];
        const accuracy = accuracyAt(run, FACTOR * length);
        const said = picks.has(run.scheme);
        const works = accuracy >= WORKS;
        if (said === works) right += 1;
        write.putText(cells[0], SCHEME_NAMES[run.scheme]);
        write.putText(cells[1], said ? 'works' : 'fails');
        write.putText(cells[2], `${percentShort(accuracy)} at ${formatInt(FACTOR * length)} tokens`);
        write.putText(cells[3], said === works ? 'right' : 'wrong');
        write.put(cells[3], 'class', said === works ? 'pe-lab-right' : 'pe-lab-wrong');
      });
      write.putText(verdict, `You called ${right} of ${race.runs.length}.`);
    },
  };
}
