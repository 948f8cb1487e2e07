// The race's three charts: training loss and training accuracy per step, drawn as the runs train, and held-out
// accuracy against sequence length once they are evaluated, with the training length marked. One colour per
// scheme (SCHEME_COLOURS), named in one key.
import { SCHEME_COLOURS } from '../../ui/colors.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { formatFixed, formatInt, formatValue } from '../../ui/format.js';
import { keyList } from '../../ui/key-list.js';
import { offsetChart } from '../../ui/offset-chart.js';
import { SCHEME_NAMES } from './params.js';

/** A fraction as an exact percentage: a batch of 32 or a set of 128 sequences needs at most 5 decimals. */
export const percentOf = (x) => `${formatFixed(100 * x, 5)}%`;
/** A fraction as a percentage for prose and tables, to a tenth of a point. */
export const percentShort = (x) => `${formatFixed(100 * x, 1)}%`;

const heading = (text) => h('h3', { class: 'pe-lab-heading' }, text);

/**
 * @param {(text: string) => void} readout
 */
export function raceCharts(readout) {
  let race = null;
  let trained = 0;
  const at = (values, i) => (i >= 0 && i < values.length ? values[i] : undefined);
  /** "name value" for every run that has a value at index i. */
  const list = (pick, i, format) =>
    race.runs
      .filter((run) => at(pick(run), i) !== undefined)
      .map((run) => `${SCHEME_NAMES[run.scheme]} ${format(at(pick(run), i))}`)
      .join(', ');
  /** A chart of one measure per training step, each run's curve growing as it trains. */
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
      return `length ${formatInt(n)} (${where}), held-out accuracy: ${list((r) => r.evaluation.accuracy, i, percentOf)}`;
    },
  });
  const key = h('div', { class: 'pe-lab-key' });
  const lengthsBox = h(
    'div',
    { class: 'pe-lab-lengths', hidden: true },
    heading('Accuracy against length'),
    lengths.element,
  );
  const element = h(
    'div',
    { class: 'pe-lab-charts' },
    h(
      'div',
      { class: 'pe-lab-curves-row' },
      h('div', {}, heading('Training loss'), loss.element),
      h('div', {}, heading('Training accuracy'), accuracy.element),
    ),
    key,
    lengthsBox,
  );
  let keyed = '';

  return {
    element,
    /**
     * @param {ReturnType<typeof import('../../lab/race.js').createRace>} shown
     * @param {number} length the training length
     */
    draw(shown, length) {
      race = shown;
      trained = length;
      const schemes = race.runs.map((r) => r.scheme).join(',');
      if (schemes !== keyed) {
        keyed = schemes;
        replaceChildren(
          key,
          keyList(
            race.runs.map(({ scheme }) => ({
              label: SCHEME_NAMES[scheme],
              mark: scheme === 'none' ? 'dash' : 'line',
              color: SCHEME_COLOURS[scheme],
            })),
          ),
        );
      }
      // One curve per run: values[i] is the curve at x = from + i; past the values the curve stops.
      const curves = (pick, from) =>
        race.runs.map((run) => ({
          value: (x) => pick(run)[x - from],
          stroke: SCHEME_COLOURS[run.scheme],
          className: `pe-lab-curve pe-lab-curve-${run.scheme}${run.scheme === 'none' ? ' pe-lab-dashed' : ''}`,
        }));
      const percentAxis = (v) => `${formatInt(100 * v)}%`;
      const top = Math.max(1e-3, ...race.runs.map((r) => (r.loss.length ? Math.max(...r.loss) : 0)));
      loss.draw({ min: 1, max: race.total, domain: [0, top], series: curves((r) => r.loss, 1) });
      accuracy.draw({
        min: 1,
        max: race.total,
        domain: [0, 1],
        yFormat: percentAxis,
        series: curves((r) => r.accuracy, 1),
      });
      const evaluated = race.runs.every((r) => r.evaluation);
      lengthsBox.hidden = !evaluated;
      if (!evaluated) return;
      const { lengths: xs } = race.runs[0].evaluation;
      lengths.draw({
        min: xs[0],
        max: xs[xs.length - 1],
        xs,
        domain: [0, 1],
        yFormat: percentAxis,
        series: curves((r) => r.evaluation.accuracy, 0).map((curve, s) => {
          const { accuracy: values, lengths: at } = race.runs[s].evaluation;
          return { ...curve, value: (n) => values[at.indexOf(n)] };
        }),
        marks: [{ at: length, label: `trained on ${formatInt(length)}` }],
      });
    },
    destroy() {
      loss.destroy();
      accuracy.destroy();
      lengths.destroy();
    },
  };
}
