// The lab's transport: Play (Pause while training), Step and Reset beside the step counter, a progress bar with
// the training rate and the time left, and a status line that screen readers hear when the race changes state
// (not on every chunk).
import { raceStep, STEP_SIZE } from '../../lab/race.js';
import { changeWriter, h } from '../../ui/dom.js';
import { formatFixed, formatInt } from '../../ui/format.js';

const STATUS = {
  idle: 'Ready: press Play to train every scheme side by side.',
  running: 'Training\u2026',
  paused: 'Paused.',
  evaluating:
    'Trained; evaluating every scheme on held-out sequences up to four times the training length\u2026',
  done: 'Done.',
  failed: 'Stopped by an error.',
};

/**
 * @param {{ play: () => void, pause: () => void, step: () => void, reset: () => void }} actions
 */
export function toolbar(actions) {
  const write = changeWriter();
  const button = (text, onClick, extra = {}) =>
    h('button', { type: 'button', class: 'pe-button pe-lab-button', onClick, ...extra }, text);
  const play = button('Play', () => (play.dataset.action === 'pause' ? actions.pause() : actions.play()), {
    'data-action': 'play',
    class: 'pe-button pe-lab-button pe-lab-play',
  });
  const step = button('Step', actions.step, { title: `Train ${STEP_SIZE} steps of every scheme and seed` });
  const reset = button('Reset', actions.reset, { title: 'Start again from fresh weights' });
  const counter = h('span', { class: 'pe-lab-counter', 'data-readout': 'step' });
  const progress = h('progress', { class: 'pe-lab-progress', max: 1, value: 0, 'aria-label': 'Training' });
  const rate = h('span', { class: 'pe-lab-rate', 'data-readout': 'rate' });
  // Evaluation has a bar of its own: the training bar stays full once training is done, and this one moves
  // (without a value, the browser's busy bar) until every model is evaluated.
  const evaluation = h('progress', { class: 'pe-lab-progress', max: 1, 'aria-label': 'Evaluation' });
  const evaluationRow = h(
    'div',
    { class: 'pe-lab-meter pe-lab-evaluation', hidden: true },
    evaluation,
    h('span', { class: 'pe-lab-rate' }, 'evaluation'),
  );
  const status = h('p', { class: 'pe-lab-status', role: 'status' });
  const element = h(
    'div',
    { class: 'pe-lab-toolbar' },
    h('div', { class: 'pe-lab-buttons' }, play, step, reset, counter),
    h('div', { class: 'pe-lab-meter' }, progress, rate),
    evaluationRow,
    status,
  );

  /**
   * @param {ReturnType<typeof import('../../lab/race.js').createRace>} race
   * @param {Error | null} failure
   * @param {number} workers how many workers the race trains in
   */
  function draw(race, failure, workers) {
    const { state, runs, total } = race;
    const running = state === 'running';
    write.put(play, 'data-action', running ? 'pause' : 'play');
    write.putText(play, running ? 'Pause' : 'Play');
    const finished = state === 'evaluating' || state === 'done' || state === 'failed';
    play.disabled = finished;
    step.disabled = running || finished;
    const at = raceStep(runs);
    const done = runs.reduce((sum, r) => sum + r.step, 0);
    write.putText(counter, `Step ${formatInt(at)} of ${formatInt(total)}`);
    write.put(progress, 'value', done / (runs.length * total));
    write.put(progress, 'aria-valuetext', `${formatInt(done)} of ${formatInt(runs.length * total)} steps`);
    write.putText(rate, rateText(race));
    const evaluated = runs.filter((r) => r.evaluation).length;
    evaluationRow.hidden = !(state === 'evaluating' || (state === 'done' && evaluated > 0));
    if (evaluated > 0 || state === 'done') write.put(evaluation, 'value', evaluated / runs.length);
    else write.drop(evaluation, 'value');
    write.put(evaluation, 'aria-valuetext', `${formatInt(evaluated)} of ${formatInt(runs.length)} models`);
    const text =
      state === 'done'
        ? `Done: ${runs.length} ${runs.length === 1 ? 'model' : 'models'} trained and evaluated in ` +
          `${formatFixed(race.seconds, 1)} s, in ${workers} ${workers === 1 ? 'worker' : 'workers'}.`
        : state === 'failed' && failure
          ? `${STATUS.failed} ${failure.message}`
          : state === 'paused' && race.question
            ? questionText(race.question.seconds)
            : state === 'paused'
              ? `Paused at step ${formatInt(at)}.`
              : state === 'evaluating'
                ? `${STATUS.evaluating} ${runs.filter((r) => r.evaluation).length} of ${runs.length} done.`
                : STATUS[state];
    write.putText(status, text);
  }

  return { element, draw, play, step, reset };
}

/** The race paused itself before a long run: how long, and what the reader can do. */
function questionText(seconds) {
  const minutes = Math.ceil(seconds / 60);
  return (
    `At the speed of its first steps this race would train for about ${formatInt(minutes)} minutes. ` +
    'Press Play to train anyway, or choose a smaller model, fewer seeds or fewer steps.'
  );
}

function rateText(race) {
  const rate = race.rate;
  if (race.state !== 'running' || rate === null) return '';
  const left = race.secondsLeft;
  const perRun = rate / race.runs.length;
  return (
    `${formatInt(rate)} steps/s (${formatInt(perRun)} per run)` +
    (left === null ? '' : ` \u00b7 about ${formatInt(Math.max(1, Math.ceil(left)))} s left`)
  );
}
