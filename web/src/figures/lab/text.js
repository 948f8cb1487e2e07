// The lab as text: the one-line summary, the numbers the prose quotes (data-live), and the data table whose CSV
// holds every curve: training loss and accuracy per step, and held-out loss and accuracy per length.
import { formatFixed, formatInt, formatSig } from '../../ui/format.js';
import { percentOf, percentShort } from './curves.js';
import { SCHEME_NAMES, SCHEMES, SIZES, TASKS } from './params.js';
import { accuracyAt, FACTOR, farLength } from './predict.js';

const taskName = (task) => TASKS.find((t) => t.value === task)?.label ?? task;

/** The experiment in words: what races, on what, for how long, from which seed. */
export function setup({ task, length, size, lr, steps, seed }, schemes) {
  return (
    `Task ${taskName(task)}; ${schemes.map((s) => SCHEME_NAMES[s]).join(', ')}; training length ` +
    `${formatInt(length)}; ${size} model (width ${SIZES[size].dModel}); learning rate ${formatSig(lr, 3)}; ` +
    `${formatInt(steps)} steps; seed ${seed}.`
  );
}

/** @param {ReturnType<typeof import('../../lab/race.js').createRace>} race */
export function summary(race, params) {
  const head = setup(
    params,
    race.runs.map((r) => r.scheme),
  );
  const { state, runs, total } = race;
  if (state === 'idle') return `${head} Not trained yet.`;
  if (state !== 'done') {
    const at = Math.min(...runs.map((r) => r.step));
    const last = runs
      .filter((r) => r.step > 0)
      .map((r) => `${SCHEME_NAMES[r.scheme]} ${percentOf(r.accuracy[r.step - 1])}`);
    return `${head} Step ${formatInt(at)} of ${formatInt(total)}; accuracy on the last training batch: ${last.join(', ')}.`;
  }
  const far = farLength(race);
  const list = (n) => runs.map((r) => `${SCHEME_NAMES[r.scheme]} ${percentOf(accuracyAt(r, n))}`).join(', ');
  return (
    `${head} Held-out accuracy at the training length (${formatInt(params.length)} tokens): ` +
    `${list(params.length)}. At ${formatInt(FACTOR * params.length)} tokens: ${list(FACTOR * params.length)}. ` +
    `At ${formatInt(far)} tokens: ${list(far)}.`
  );
}

/**
 * The numbers the section's prose quotes. Before the race is evaluated they read as an ellipsis, so that no
 * sentence ever quotes a number the reader's run has not produced.
 */
export function live(race, params) {
  const done = race.state === 'done';
  const value = (fn) => (done ? fn() : '\u2026');
  const far = farLength(race);
  const double = FACTOR * params.length;
  const values = {
    'lab-seed': String(params.seed),
    'lab-steps': formatInt(params.steps),
    'lab-length': formatInt(params.length),
    'lab-last': formatInt(params.length - 1),
    'lab-double': formatInt(double),
    'lab-far': value(() => formatInt(far)),
    'lab-seconds': value(() => formatFixed(race.seconds, 1)),
  };
  for (const scheme of SCHEMES) {
    const run = race.runs.find((r) => r.scheme === scheme);
    const at = (n) => (run ? value(() => percentShort(accuracyAt(run, n))) : 'not raced');
    values[`lab-at-${scheme}`] = at(params.length);
    values[`lab-double-${scheme}`] = at(double);
    values[`lab-far-${scheme}`] = at(far);
  }
  return values;
}

/** Every curve as rows: one per held-out length (once evaluated), then one per training step. */
export function table(race) {
  const { runs } = race;
  const columns = [
    'measured on',
    'step or length',
    ...runs.flatMap((r) => [`${SCHEME_NAMES[r.scheme]} loss`, `${SCHEME_NAMES[r.scheme]} accuracy`]),
  ];
  const cell = (v) => (v === undefined ? '' : String(v));
  const evaluated = runs.every((r) => r.evaluation);
  // Held-out rows first: the page shows the first rows of a long table, and these are the race's result.
  const rows = evaluated
    ? runs[0].evaluation.lengths.map((n, i) => [
        'held-out sequences',
        n,
        ...runs.flatMap((r) => [cell(r.evaluation.loss[i]), cell(r.evaluation.accuracy[i])]),
      ])
    : [];
  const steps = Math.max(0, ...runs.map((r) => r.step));
  for (let i = 0; i < steps; i += 1) {
    rows.push(['training batch', i + 1, ...runs.flatMap((r) => [cell(r.loss[i]), cell(r.accuracy[i])])]);
  }
  const note =
    'Loss in nats, accuracy as a fraction. Training rows: the batch each step trained on, before its update. ' +
    (evaluated ? 'Held-out rows: the evaluation set of each length.' : 'Held-out rows follow evaluation.');
  return { columns, rows, note };
}
