// Figure `lab`: train tiny transformers in the browser, one per position scheme and seed, side by side on the
// same task and data, and watch which schemes learn and which still work past the training length, on every
// seed or only some. Training runs in
// Web Workers only (lab/pool.js, lab/race.js); this page draws what they send: loss and accuracy as they train,
// held-out accuracy by length once they are evaluated, and, inside a chosen model, attention, score by offset
// and the learned position table.
import { getLab } from '../../engine/engine.js';
import { inputCalm } from '../../lab/calm.js';
import { LAB_DEFAULTS, MIN_LENGTH } from '../../lab/defaults.js';
import { runConfig } from '../../lab/race.js';
import { h } from '../../ui/dom.js';
import { defineFigure } from '../../ui/figure.js';
import { memo } from '../../ui/memo.js';
import { raceCharts } from './curves.js';
import { createExperiment, inspector } from './experiment.js';
import { extensionPanel } from './extension-run.js';
import { inspectPanel } from './inspect.js';
import { papersPanel } from './papers.js';
import {
  configOf,
  INSPECTION,
  keepRunTogether,
  labLink,
  PARAMS,
  raceSeeds,
  SAMPLES,
  schemesOf,
} from './params.js';
import { predictPanel } from './predict.js';
import { scriptButton, weightsButton } from './script.js';
import { live, summary, table } from './text.js';
import { toolbar } from './toolbar.js';
import './lab.css';

/** Redraws while training come at most this often. */
const REDRAW_MS = 125;
/** After a control changes the experiment, its workers start (and a race that was training goes on) once the
 * controls have rested this long. */
const RESTART_MS = 400;

/**
 * What the engine says of a configuration, for every scheme that races and for the first and last seed (the
 * engine judges a seed by its range alone): a Lab is made and freed on the page (no training happens here), so
 * that a bad value shows the engine's message before anything is played.
 */
function checkConfig(config, schemes, seeds) {
  const { Lab } = getLab();
  let causal = false;
  const runs = [...schemes.map((scheme) => ({ scheme, seed: seeds[0] }))];
  if (seeds.length > 1) runs.push({ scheme: schemes[0], seed: seeds[seeds.length - 1] });
  for (const run of runs) {
    const lab = new Lab(runConfig(config, run.scheme, run.seed));
    causal = lab.config.causal;
    lab.delete();
  }
  return { causal };
}

export default defineFigure({
  id: 'lab',
  title: 'Train one yourself: position schemes race on the same task',
  caption:
    'Every scheme trains the same small transformer on the same batches, in your browser. Watch which curves ' +
    'reach the top, then, after evaluation, which stay above the 90% line at twice the training length: ' +
    'that is where the schemes part ways.',
  params: PARAMS,
  lab: true,

  // A new training length is also the example's; values the run cannot take together move, on the controls and
  // from a URL (with a note).
  follow: (params, patch) => {
    const at = 'length' in patch ? { at: patch.length } : {};
    return { ...at, ...keepRunTogether({ ...params, ...at }) };
  },
  bound: keepRunTogether,

  compute(engine, params, previous) {
    const schemes = [...new Set(schemesOf(params.schemes))];
    if (schemes.length === 0) throw new Error('Choose at least one scheme to train.');
    if (!Number.isInteger(params.workers) || params.workers < 0 || params.workers > 8) {
      throw new Error(`workers must be 0 (automatic) or a whole number up to 8; received ${params.workers}.`);
    }
    if (!Number.isInteger(params.seeds) || params.seeds < 1 || params.seeds > PARAMS.seeds.max) {
      throw new Error(
        `seeds must be a whole number from 1 to ${PARAMS.seeds.max}; received ${params.seeds}.`,
      );
    }
    const config = configOf(params);
    const seeds = raceSeeds(params);
    const key = JSON.stringify([config, schemes, seeds, params.workers]);
    const checked = previous?.key === key ? previous.checked : checkConfig(config, schemes, seeds);
    const sinusoidal = memo(engine, 'sinusoidalTable', config.length, config.dModel);
    return {
      key,
      config,
      schemes,
      seeds,
      checked,
      // The formula's table at the training length and width, beside the trained learned one, and how alike
      // its rows are (the engine's sinusoidal similarity, at the lab's base).
      sinusoidal,
      sinusoidalSimilarity: memo(
        engine,
        'similarityMatrix',
        config.length,
        config.dModel,
        LAB_DEFAULTS.base,
        'cosine',
      ),
      // The experiment lives across redraws and parameter changes; draw replaces it when `key` changes.
      shared: previous?.shared ?? { experiment: null },
    };
  },

  view({ frame, controls, element, redraw, engine, set }) {
    const view = { frame, controls, data: null, params: null, restart: null, frameRequest: 0, timer: 0 };
    // Chunks come back many times a second from every run; drawing each would take the page's thread (and, on
    // two cores, time from the workers) for curves nobody can follow that fast. Off screen, only a change of
    // the race's state is drawn (the prose beside the figure quotes its end); the rest waits until it is seen.
    let drawnAt = 0;
    let drawnState = '';
    let visible = true;
    let stale = false;
    view.observer = new IntersectionObserver((entries) => {
      visible = entries.some((entry) => entry.isIntersecting);
      if (visible && stale) schedule();
    });
    view.observer.observe(element);
    view.calm = inputCalm(element);
    const schedule = () => {
      const state = view.data?.shared.experiment?.race.state;
      if (!visible && state === drawnState) {
        stale = true;
        return;
      }
      stale = false;
      if (view.frameRequest || view.timer) return;
      const draw = () => {
        view.timer = 0;
        view.frameRequest = requestAnimationFrame(() => {
          view.frameRequest = 0;
          drawnAt = performance.now();
          drawnState = view.data?.shared.experiment?.race.state ?? '';
          redraw();
        });
      };
      const wait = drawnAt + REDRAW_MS - performance.now();
      if (wait > 0) view.timer = setTimeout(draw, wait);
      else draw();
    };
    view.schedule = schedule;
    const experiment = () => view.data.shared.experiment;
    // Pause and Reset redraw the toolbar in the click's own task: the status line answers at once, whatever
    // the throttled redraw of the rest waits for.
    const answer = () => {
      const { race, failure, pool } = experiment();
      view.toolbar.draw(race, failure, pool.size);
    };
    view.toolbar = toolbar({
      play: () => {
        view.predict.lock();
        experiment().race.play();
        schedule();
      },
      pause: () => {
        experiment().race.pause();
        answer();
        schedule();
      },
      step: () => {
        view.predict.lock();
        experiment().race.step();
        schedule();
      },
      reset: () => {
        renew(view, { playing: false });
        answer();
        schedule();
      },
    });
    view.predict = predictPanel();
    view.papers = papersPanel({
      choose: (next) => {
        for (const [key, value] of Object.entries(next)) if (controls[key]) controls[key].value = value;
        set(next);
      },
    });
    view.charts = raceCharts(frame.setReadout.bind(frame));
    view.inspector = inspector({ onResult: schedule });
    view.inspect = inspectPanel({
      readout: frame.setReadout.bind(frame),
      controls: INSPECTION.map((k) => controls[k]?.element).filter(Boolean),
      tableSimilarity: (values, rows, cols) => engine.tableSimilarity(values, rows, cols, 'cosine'),
    });
    view.link = h('a', { class: 'pe-button pe-lab-link' }, 'Link to this experiment');
    view.script = scriptButton(() => {
      const { config, schemes, seeds, checked } = view.data;
      const { inspect, seed } = inspected(view.params, schemes, seeds);
      return { config: { ...runConfig(config, inspect, seed), causal: checked.causal }, seeds };
    }, frame);
    view.weights = weightsButton(() => {
      const { schemes, seeds } = view.data;
      const { inspect, seed } = inspected(view.params, schemes, seeds);
      return view.data.shared.experiment?.run(inspect, seed);
    }, frame);
    frame.actions.append(view.link, view.script, view.weights.element);
    view.extension = extensionPanel({ readout: frame.setReadout.bind(frame), onChange: schedule });
    frame.plot.append(
      view.toolbar.element,
      view.predict.element,
      view.charts.element,
      view.papers.element,
      view.extension.element,
      view.inspect.element,
    );
    return view;
  },

  draw(view, data, params) {
    view.data = data;
    view.params = params;
    const current = data.shared.experiment;
    if (current?.key !== data.key) renew(view, { playing: current?.race.state === 'running' });
    const { race, failure, pool } = data.shared.experiment;
    const { config, schemes, seeds, checked, sinusoidal, sinusoidalSimilarity } = data;
    view.toolbar.draw(race, failure, pool.size);
    view.predict.draw(race, config);
    view.papers.draw(race, params);
    view.charts.draw(race, config.length);
    const question = inspection(view, params, schemes, seeds, config);
    view.inspector.update(data.shared.experiment, question);
    view.inspect.draw(view.inspector.state, {
      sinusoidal,
      sinusoidalSimilarity,
      length: config.length,
      dModel: config.dModel,
      causal: checked.causal,
      learnedRaces: schemes.includes('learned'),
      task: config.task,
      trained: race.runs.some((r) => r.step > 0),
    });
    view.extension.draw(params);
    view.link.setAttribute('href', labLink(params));
    view.weights.draw();
    // A race that failed keeps its drawing; the frame shows the engine's message in place of nothing.
    if (failure) throw failure;
  },

  summary: (data, params) => summary(data.shared.experiment.race, params),
  live: (data, params) => live(data.shared.experiment.race, params),
  table: (data) => table(data.shared.experiment.race),

  destroy(view) {
    view.observer.disconnect();
    view.calm.destroy();
    cancelAnimationFrame(view.frameRequest);
    clearTimeout(view.timer);
    clearTimeout(view.restart);
    view.data?.shared.experiment?.stop();
    view.charts.destroy();
    view.inspect.destroy();
    view.extension.destroy();
  },
});

/**
 * Ends the current experiment (its workers are terminated) and starts a fresh one from the drawn parameters;
 * when the old one was training, the new one trains too once the controls have rested.
 */
function renew(view, { playing }) {
  const { data, params } = view;
  data.shared.experiment?.stop();
  data.shared.experiment = createExperiment({
    key: data.key,
    config: data.config,
    schemes: data.schemes,
    seeds: data.seeds,
    samples: SAMPLES,
    workers: params.workers,
    onChange: view.schedule,
    calm: view.calm.wait,
  });
  view.inspector.clear();
  view.predict.unlock();
  clearTimeout(view.restart);
  // Once the controls rest, the workers start and load their engines: Play then shows progress at once. While
  // a slider moves, nothing starts, so a drag does not start and terminate workers at every step.
  view.restart = setTimeout(() => {
    const { experiment } = data.shared;
    experiment.pool.warm();
    if (!playing) return;
    view.predict.lock();
    experiment.race.play();
  }, RESTART_MS);
}

/**
 * The run inspected (and exported): the scheme asked for while it races, else the first that does, and the
 * seed asked for while the race trains it, else the first seed.
 */
function inspected(params, schemes, seeds) {
  return {
    inspect: schemes.includes(params.inspect) ? params.inspect : schemes[0],
    seed: seeds.includes(params.inspectSeed) ? params.inspectSeed : seeds[0],
  };
}

/** What the inspection panel asks, with its controls' ranges following the model, the task and the seeds. */
function inspection({ controls }, params, schemes, seeds, config) {
  const { inspect, seed } = inspected(params, schemes, seeds);
  if (controls.inspect) {
    for (const option of controls.inspect.element.querySelectorAll('option')) {
      option.disabled = !schemes.includes(option.value);
    }
    controls.inspect.value = inspect;
  }
  if (controls.inspectSeed) {
    controls.inspectSeed.seeds = seeds;
    controls.inspectSeed.value = seed;
  }
  if (controls.at) controls.at.input.min = String(MIN_LENGTH[config.task] ?? 2);
  return { inspect, seed, layer: params.layer, head: params.head, at: params.at, example: params.example };
}
