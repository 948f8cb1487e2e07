// The race's three charts: training loss and training accuracy per step, drawn as the runs train, and held-out
// accuracy against sequence length once they are evaluated, with the training length marked. One colour per
// scheme (SCHEME_COLOURS), named in one key. A scheme trained on several seeds is drawn as the median of its
// seeds (the line) over a band from the lowest to the highest seed (lab/seeds.js); on one seed, as its curve.
import { bandCache, groupRuns, spreadAt } from '../../lab/seeds.js';
import { WORKS_AT } from '../../lab/verdict.js';
import { SCHEME_COLOURS } from '../../ui/colors.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { formatFixed, formatInt, formatValue } from '../../ui/format.js';
import { keyList } from '../../ui/key-list.js';
import { offsetChart } from '../../ui/offset-chart.js';
import { SCHEME_NAMES } from './params.js';
import { FACTOR } from './predict.js';

/** A fraction as an exact percentage: a batch of 32 or a set of 128 sequences needs at most 5 decimals. */
export const percentOf = (x) => `${formatFixed(100 * x, 5)}%`;
/** A fraction as a percentage for prose and tables, to a tenth of a point. */
export const percentShort = (x) => `${formatFixed(100 * x, 1)}%`;

/**
 * One scheme's value across its seeds in words: the value itself for one seed, else "median M, seeds L to H".
 * @param {{ scheme: string, seeds: number, median: number, min: number, max: number }} s from spreadAt
 * @param {(v: number) => string} format
 */
export function spreadText({ scheme, seeds, median, min, max }, format) {
  const name = SCHEME_NAMES[scheme] ?? scheme;
  return seeds === 1
    ? `${name} ${format(median)}`
    : `${name} median ${format(median)}, seeds ${format(min)} to ${format(max)}`;
}

const heading = (text) => h('h3', { class: 'pe-lab-heading' }, text);

/**
 * @param {(text: string) => void} readout
 */
export function raceCharts(readout) {
  let race = null;
  /** @type {ReturnType<typeof groupRuns>} */
  let groups = [];
  let trained = 0;
  /** Every scheme's value at index i, for those whose every seed has one, in words. */
  const list = (pick, i, format) => {
    const spreads = spreadAt(groups, pick, i);
    return spreads.map((s) => spreadText(s, format)).join(race.seeds.length > 1 ? '; ' : ', ');
  };
  /** A chart of one measure per training step, each scheme's curve growing as it trains. */
  const stepChart = (name, yLabel, pick, what, format) =>
    offsetChart({
      name: `lab-chart-${name}`,
      label: `${what} per step, one curve per scheme; left and right arrow keys step through the steps`,
      xLabel: 'step',
      yLabel,
      readout,
      describe: (step) => {
        const values = list(pick, step - 1, format);
        return values
          ? `step ${formatInt(step)}, ${what.toLowerCase()}: ${values}`
          : `step ${formatInt(step)}: not trained yet`;
      },
    });
  const loss = stepChart('loss', 'loss (nats)', (r) => r.loss, 'Training loss', formatValue);
  const accuracy = stepChart(
    'accuracy',
    'accuracy',
    (r) => r.accuracy,
    'Accuracy on the training batch',
    percentOf,
  );
  const heldOut = (r) => r.evaluation?.accuracy;
  const lengths = offsetChart({
    name: 'lab-chart-lengths',
    label:
      'Held-out accuracy against sequence length, training length marked; arrow keys step through lengths',
    xLabel: 'sequence length (tokens)',
    yLabel: 'held-out accuracy',
    height: 220,
    readout,
    describe: (n) => {
      const where =
        n === trained
          ? 'the training length'
          : n < trained
            ? 'shorter than training'
            : 'longer than training';
      const i = race.runs[0].evaluation.lengths.indexOf(n);
      return `length ${formatInt(n)} (${where}), held-out accuracy: ${list(heldOut, i, percentOf)}`;
    },
  });
  const bands = {
    loss: bandCache((r) => r.loss),
    accuracy: bandCache((r) => r.accuracy),
    lengths: bandCache(heldOut),
  };
  const key = h('div', { class: 'pe-lab-key' });
  const lengthsBox = h(
    'div',
    { class: 'pe-lab-lengths', hidden: true },
    heading('Accuracy against length'),
    lengths.element,
  );
  const curvesRow = h(
    'div',
    { class: 'pe-lab-curves-row' },
    h('div', {}, heading('Training loss'), loss.element),
    h('div', {}, heading('Training accuracy'), accuracy.element),
  );
  // Before the first step there is nothing to scale an axis to: the charts' place says what will appear there.
  const empty = h(
    'p',
    { class: 'pe-lab-empty' },
    'Press Play (or Step): each scheme\u2019s training loss and accuracy are drawn here, step by step, as it ' +
      'trains; then its accuracy on longer sequences.',
  );
  const element = h('div', { class: 'pe-lab-charts' }, empty, curvesRow, key, lengthsBox);
  let keyed = '';

  function drawKey() {
    const seeds = race.seeds.length;
    const schemes = groups.map((g) => g.scheme).join(',');
    if (`${schemes}/${seeds}` === keyed) return;
    keyed = `${schemes}/${seeds}`;
    /** @type {{ label: string, mark: 'dash' | 'line' | 'box', color: string }[]} */
    const items = groups.map(({ scheme }) => ({
      label: SCHEME_NAMES[scheme] ?? scheme,
      mark: scheme === 'none' ? 'dash' : 'line',
      color: SCHEME_COLOURS[scheme],
    }));
    if (seeds > 1) {
      items.push({
        label: `each line the median of ${seeds} seeds, its band the lowest to the highest seed`,
        mark: 'box',
        color: 'var(--muted)',
      });
    }
    replaceChildren(key, keyList(items));
  }

  return {
    element,
    /**
     * @param {ReturnType<typeof import('../../lab/race.js').createRace>} shown
     * @param {number} length the training length
     */
    draw(shown, length) {
      if (shown !== race) Object.values(bands).forEach((b) => b.clear());
      race = shown;
      groups = groupRuns(race.runs);
      trained = length;
      drawKey();
      // The charts are drawn (empty after a Reset) but shown only from the first step on.
      const started = race.runs.some((r) => r.loss.length > 0);
      empty.hidden = started;
      curvesRow.hidden = !started;
      const several = race.seeds.length > 1;
      // One curve per scheme: band.median[i] is the curve at x = from + i (or at xs[i]); past it the curve stops.
      const curves = (cache, at) =>
        groups.map((group) => {
          const band = cache.get(group);
          const { scheme } = group;
          return {
            value: (x) => band.median[at(x)],
            band: several
              ? (x) => /** @type {[number, number]} */ ([band.min[at(x)], band.max[at(x)]])
              : undefined,
            stroke: SCHEME_COLOURS[scheme],
            className: `pe-lab-curve pe-lab-curve-${scheme}${scheme === 'none' ? ' pe-lab-dashed' : ''}`,
            bandClass: `pe-lab-band pe-lab-band-${scheme}`,
          };
        });
      const stepIndex = (x) => x - 1;
      const percentAxis = (v) => `${formatInt(100 * v)}%`;
      const lossCurves = curves(bands.loss, stepIndex);
      const top = Math.max(1e-3, ...groups.map((g) => Math.max(0, ...bands.loss.get(g).max)));
      loss.draw({ min: 1, max: race.total, domain: [0, top], series: lossCurves });
      accuracy.draw({
        min: 1,
        max: race.total,
        domain: [0, 1],
        yFormat: percentAxis,
        series: curves(bands.accuracy, stepIndex),
      });
      const evaluated = race.runs.every((r) => r.evaluation);
      lengthsBox.hidden = !evaluated;
      if (!evaluated) return;
      // The engine's grid of lengths: not every length between the first and the last.
      const xs = race.runs[0].evaluation.lengths;
      const index = new Map(xs.map((n, i) => [n, i]));
      lengths.draw({
        min: xs[0],
        max: xs[xs.length - 1],
        xs,
        domain: [0, 1],
        yFormat: percentAxis,
        series: curves(bands.lengths, (n) => index.get(n) ?? -1),
        // The question the lab asks: which schemes still work (WORKS_AT) at twice the training length.
        marks: [
          { at: length, label: `trained on ${formatInt(length)}` },
          ...(FACTOR * length <= xs[xs.length - 1]
            ? [{ at: FACTOR * length, label: `${FACTOR}\u00d7 (${formatInt(FACTOR * length)})` }]
            : []),
        ],
        levels: [{ at: WORKS_AT, label: `works: ${formatInt(100 * WORKS_AT)}%` }],
      });
    },
    destroy() {
      loss.destroy();
      accuracy.destroy();
      lengths.destroy();
    },
  };
}
