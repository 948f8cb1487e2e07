// The lab as text: the one-line summary, the numbers the prose quotes (data-live), and the data table whose CSV
// holds every curve: training loss and accuracy per step, and held-out loss and accuracy per length. Over
// several seeds, a scheme's number is the median of its seeds (with the range beside it where there is room),
// and its word at twice the training length is lab/verdict.js's across the seeds.
import { raceStep } from '../../lab/race.js';
import { groupRuns, spreadAt } from '../../lab/seeds.js';
import { spread } from '../../lab/verdict.js';
import { formatFixed, formatInt } from '../../ui/format.js';
import { percentOf, percentShort, spreadText } from './curves.js';
import { SCHEME_NAMES, SCHEMES, setup } from './params.js';
import { accuracyAt, FACTOR, farLength, measuredText, verdictsAt } from './predict.js';
import { story } from './story.js';

const nameOf = (scheme) => SCHEME_NAMES[scheme] ?? scheme;

/** @param {ReturnType<typeof import('../../lab/race.js').createRace>} race */
export function summary(race, params) {
  const groups = groupRuns(race.runs);
  const head = setup(
    params,
    groups.map((g) => g.scheme),
  );
  const several = race.seeds.length > 1;
  const join = (parts) => parts.join(several ? '; ' : ', ');
  const { state, runs, total } = race;
  if (state === 'idle') return `${head} Not trained yet.`;
  if (state !== 'done') {
    const at = raceStep(runs);
    const last = groups
      .map(({ scheme, runs: seeds }) => {
        const values = seeds.filter((r) => r.step > 0).map((r) => r.accuracy[r.step - 1]);
        return values.length
          ? spreadText({ scheme, seeds: values.length, ...spread(values) }, percentOf)
          : null;
      })
      .filter(Boolean);
    const steps = `Step ${formatInt(at)} of ${formatInt(total)}`;
    return `${head} ${steps}; accuracy on the last training batch: ${join(last)}.`;
  }
  const far = farLength(race);
  const lengths = runs[0].evaluation.lengths;
  const list = (n) =>
    join(
      spreadAt(groups, (r) => r.evaluation.accuracy, lengths.indexOf(n)).map((s) => spreadText(s, percentOf)),
    );
  const double = FACTOR * params.length;
  const verdicts = verdictsAt(race, double, params.task)
    .map((v) => `${nameOf(v.scheme)} ${measuredText(v)}`)
    .join('; ');
  return (
    `${head} Held-out accuracy at the training length (${formatInt(params.length)} tokens): ` +
    `${list(params.length)}. At ${formatInt(double)} tokens: ${list(double)}. ` +
    `At ${formatInt(far)} tokens: ${list(far)}. At ${formatInt(double)} tokens, at least 90% right: ${verdicts}.`
  );
}

/**
 * The numbers the section's prose quotes: a scheme's accuracy is the median of its seeds. Before the race is
 * evaluated they read as an ellipsis, so that no sentence ever quotes a number the reader's run has not
 * produced.
 */
export function live(race, params) {
  const done = race.state === 'done';
  const value = (fn) => (done ? fn() : '\u2026');
  const far = farLength(race);
  const double = FACTOR * params.length;
  const seeds = race.seeds;
  const values = {
    'lab-answered': done,
    'lab-seed': String(params.seed),
    'lab-seeds': seeds.length === 1 ? `seed ${seeds[0]}` : `seeds ${seeds[0]} to ${seeds[seeds.length - 1]}`,
    'lab-steps': formatInt(params.steps),
    'lab-length': formatInt(params.length),
    'lab-last': formatInt(params.length - 1),
    'lab-double': formatInt(double),
    'lab-far': value(() => formatInt(far)),
    'lab-seconds': value(() => formatFixed(race.seconds, 1)),
  };
  const verdicts = done ? verdictsAt(race, double, params.task) : [];
  for (const scheme of SCHEMES) {
    const runs = race.runs.filter((r) => r.scheme === scheme);
    const at = (n) =>
      runs.length ? value(() => percentShort(spread(runs.map((r) => accuracyAt(r, n))).median)) : 'not raced';
    values[`lab-at-${scheme}`] = at(params.length);
    values[`lab-double-${scheme}`] = at(double);
    values[`lab-far-${scheme}`] = at(far);
    const verdict = verdicts.find((v) => v.scheme === scheme);
    values[`lab-works-${scheme}`] = runs.length
      ? value(() => `${formatInt(verdict.working)} of ${formatInt(verdict.seeds)}`)
      : 'not raced';
  }
  return { ...values, ...story(race, params) };
}

/**
 * Every curve as rows: one per held-out length (once evaluated), then one per training step. On one seed, a
 * loss and an accuracy column per scheme; on several, each scheme's median, lowest and highest seed of both (the
 * figure's lines and bands), and in the CSV every seed's own columns after them.
 */
export function table(race) {
  const groups = groupRuns(race.runs);
  const several = race.seeds.length > 1;
  const measures = ['loss', 'accuracy'];
  const cell = (v) => (v === undefined ? '' : String(v));
  const evaluated = race.runs.every((r) => r.evaluation);
  /** Columns and cells of the aggregate part: (pick(run) -> curve, index) -> cells. */
  const aggregate = {
    columns: groups.flatMap(({ scheme }) =>
      measures.flatMap((m) =>
        several
          ? [
              `${nameOf(scheme)} ${m} median`,
              `${nameOf(scheme)} ${m} lowest`,
              `${nameOf(scheme)} ${m} highest`,
            ]
          : [`${nameOf(scheme)} ${m}`],
      ),
    ),
    cells: (curve, i) =>
      groups.flatMap(({ runs }) =>
        measures.flatMap((m) => {
          const values = runs.map((r) => curve(r, m)?.[i]);
          if (values.some((v) => v === undefined)) return several ? ['', '', ''] : [''];
          if (!several) return [cell(values[0])];
          const { median, min, max } = spread(values);
          return [cell(median), cell(min), cell(max)];
        }),
      ),
  };
  const perSeed = {
    columns: several
      ? race.runs.flatMap((r) => measures.map((m) => `${nameOf(r.scheme)} ${m} seed ${r.seed}`))
      : [],
    cells: (curve, i) =>
      several ? race.runs.flatMap((r) => measures.map((m) => cell(curve(r, m)?.[i]))) : [],
  };
  const heldOut = (r, m) => r.evaluation?.[m];
  const training = (r, m) => r[m];
  const lead = ['measured on', 'step or length'];
  const shown = { columns: [...lead, ...aggregate.columns], rows: [] };
  const csv = { columns: [...shown.columns, ...perSeed.columns], rows: [] };
  const add = (first, x, curve, i) => {
    const row = [first, x, ...aggregate.cells(curve, i)];
    shown.rows.push(row);
    csv.rows.push([...row, ...perSeed.cells(curve, i)]);
  };
  // Held-out rows first: the page shows the first rows of a long table, and these are the race's result.
  if (evaluated) {
    race.runs[0].evaluation.lengths.forEach((n, i) => add('held-out sequences', n, heldOut, i));
  }
  const steps = Math.max(0, ...race.runs.map((r) => r.step));
  for (let i = 0; i < steps; i += 1) add('training batch', i + 1, training, i);
  const note =
    'Loss in nats, accuracy as a fraction. Training rows: the batch each step trained on, before its update. ' +
    (evaluated ? 'Held-out rows: the evaluation set of each length. ' : 'Held-out rows follow evaluation. ') +
    (several
      ? `Each scheme trained from ${race.seeds.length} seeds: the median, lowest and highest seed here, and ` +
        'every seed in the CSV.'
      : '');
  return several ? { ...shown, note: note.trim(), csv } : { ...shown, note: note.trim() };
}
