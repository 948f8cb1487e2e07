// One experiment of the lab: a race of runs (lab/race.js) over its own pool of workers (lab/pool.js), and what
// the reader asks of the trained models. Reset or a changed control ends the experiment and terminates its
// workers, so that nothing of it stays in memory; the next one starts fresh workers when it is played.
import { startPool, StoppedError } from '../../lab/pool.js';
import { ASK_ABOVE_SECONDS, createRace } from '../../lab/race.js';

/** While a race trains, inspections are asked for at most this often (each waits behind a training chunk). */
const INSPECT_EVERY_MS = 1000;

/**
 * @param {{ key: string, config: Record<string, unknown>, schemes: string[], seeds: number[], samples: number,
 *   workers: number, onChange: () => void, calm?: () => Promise<void> | null }} options `onChange` runs after
 *   every chunk, state change, failure and inspection; `calm` holds training back while the reader works
 *   elsewhere (lab/calm.js)
 */
export function createExperiment({ key, config, schemes, seeds, samples, workers, onChange, calm }) {
  const pool = startPool(schemes.length * seeds.length, { workers });
  const experiment = {
    key,
    config,
    schemes,
    pool,
    /** @type {Error | null} the engine's or the browser's error that ended the race */
    failure: null,
    race: createRace(pool, {
      config,
      schemes,
      seeds,
      samples,
      calm,
      askAbove: ASK_ABOVE_SECONDS,
      onChange: () => onChange(),
      onError: (error) => {
        if (error instanceof StoppedError) return;
        experiment.failure = error;
        onChange();
      },
    }),
    /** The run of a scheme from a seed, or undefined when it does not race. */
    run: (scheme, seed) => experiment.race.runs.find((r) => r.scheme === scheme && r.seed === seed),
    /** Ends the experiment: its workers are terminated and nothing they still send is applied. */
    stop() {
      experiment.race.stop();
      pool.stop();
    },
  };
  return experiment;
}

/**
 * Keeps what the reader inspects following the models: asks the run's worker again whenever the question (which
 * scheme and seed, block, head, example) or the run's step changes, one request at a time, and at most every
 * INSPECT_EVERY_MS while training. Results of an ended experiment are dropped.
 * @param {{ onResult: () => void }} options
 */
export function inspector({ onResult }) {
  let asked = null; // the question last sent
  let busy = false;
  let last = 0;
  let timer = null;
  const state = {
    /** The newest answer: { question, attention, offsets, table, tableStep } or null. */
    answer: null,
    /** The engine's message for the question, when it refused it (a block past the model's, say). */
    error: null,
  };

  /**
   * @param {ReturnType<typeof createExperiment>} experiment
   * @param {{ inspect: string, seed: number, layer: number, head: number, at: number, example: number }}
   *   question the learned table shown is that of the same seed
   */
  function update(experiment, question) {
    const run = experiment.run(question.inspect, question.seed);
    const learned = experiment.run('learned', question.seed);
    if (!run || run.step === 0 || busy) return;
    const key = JSON.stringify([experiment.key, question, run.step, learned?.step ?? 0]);
    if (key === asked) return;
    const wait = experiment.race.state === 'running' ? last + INSPECT_EVERY_MS - performance.now() : 0;
    if (wait > 0) {
      // The redraw this asks for calls update again, with the question as it is then.
      timer ??= setTimeout(() => {
        timer = null;
        onResult();
      }, wait);
      return;
    }
    asked = key;
    busy = true;
    last = performance.now();
    const { layer, head, at, example } = question;
    Promise.all([
      run.handle.call('attention', layer, head, at, example),
      run.handle.call('offsetScores', layer, head, at),
      learned && learned.step > 0 ? learned.handle.call('positionTable') : null,
    ])
      .then(([attention, offsets, table]) => {
        if (experiment.race.state === 'stopped') return;
        state.answer = {
          question: { ...question, step: run.step },
          attention: attention.result,
          offsets: offsets.result,
          table: table ? table.result : null,
          tableStep: table ? table.step : 0,
        };
        state.error = null;
      })
      .catch((error) => {
        if (error instanceof StoppedError || experiment.race.state === 'stopped') return;
        state.error = error;
      })
      .finally(() => {
        busy = false;
        if (experiment.race.state !== 'stopped') onResult();
      });
  }

  return {
    state,
    update,
    /** Forgets every answer (a new experiment starts). */
    clear() {
      clearTimeout(timer);
      timer = null;
      asked = null;
      state.answer = null;
      state.error = null;
    },
  };
}
