// T5's learned bias from the reader's file: a [buckets, heads] table, drawn as the bias every head adds at each
// signed offset (the engine's t5Buckets maps an offset to its bucket; the chart reads the table there), for the
// encoder (both directions) or the decoder (causal).
import { series as palette } from '../../ui/colors.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { formatInt, formatValue } from '../../ui/format.js';
import { offsetChart } from '../../ui/offset-chart.js';
import { t5Reach } from './setting.js';

/** Heads drawn at most (the readout names the first of them). */
const MAX_HEADS = 16;
/** transformers' T5Config default, when no config.json names relative_attention_max_distance. */
const DEFAULT_MAX_DISTANCE = 128;

/** @param {(text: string) => void} readout */
export function t5View(readout) {
  let shown = null;
  const chart = offsetChart({
    name: 'ckpt-t5bias',
    label: 'Bias of every head at each signed offset; left and right arrow keys step the offset',
    xLabel: 'offset r = key \u2212 query',
    yLabel: 'bias added to the score',
    height: 220,
    readout,
    describe: (r) => {
      const { values, heads, lookup, maxOffset } = shown;
      const bucket = lookup[r + maxOffset];
      const biases = Array.from(
        { length: Math.min(heads, 4) },
        (_, k) => `head ${k} ${formatValue(values[bucket * heads + k])}`,
      );
      return `offset ${r}: bucket ${bucket}; ${biases.join(', ')}${heads > 4 ? ', \u2026' : ''}`;
    },
  });
  const said = h('ul', { class: 'pe-ckpt-sentences', 'data-readout': 't5-sentences' });
  const element = h('div', { class: 'pe-ckpt-t5' }, said, chart.element);

  return {
    element,
    /**
     * @param {import('../../../../cpp/bindings/pe-models.d.ts').PeModels} models
     * @param {{ values: Float32Array, shape: number[] }} tensor [buckets, heads]
     * @param {{ role: 'encoder' | 'decoder' | null, maxDistance: number | null }} where
     */
    draw(models, { values, shape: [buckets, heads] }, { role, maxDistance }) {
      const distance = maxDistance ?? DEFAULT_MAX_DISTANCE;
      const both = role !== 'decoder';
      const maxOffset = t5Reach(distance);
      const lookup = models.t5Buckets(buckets, distance, maxOffset, both);
      shown = { values, heads, lookup, maxOffset };
      let low = 0;
      let high = 0;
      for (const v of values) {
        low = Math.min(low, v);
        high = Math.max(high, v);
      }
      replaceChildren(
        said,
        h(
          'li',
          {},
          `${formatInt(buckets)} buckets \u00d7 ${formatInt(heads)} heads, ${both ? 'both directions (encoder)' : 'causal (decoder)'}; max distance ${formatInt(distance)}${maxDistance === null ? ' (transformers\u2019 default: no config.json named one)' : ''}.`,
        ),
        h('li', {}, `Biases from ${formatValue(low)} to ${formatValue(high)}.`),
      );
      chart.draw({
        min: -maxOffset,
        max: maxOffset,
        domain: [low, high],
        nice: true,
        zeroLine: true,
        series: Array.from({ length: Math.min(heads, MAX_HEADS) }, (_, k) => ({
          value: (r) => values[lookup[r + maxOffset] * heads + k],
          stroke: palette[k % palette.length],
          className: 'pe-ckpt-t5-head',
          label: heads <= 8 ? `head ${k}` : undefined,
        })),
      });
    },
    destroy: () => chart.destroy(),
  };
}
