// One model's panel: its name and source, what its setting does in sentences (setting.js), the config.json
// fields they come from, and a chart: for RoPE every pair's wavelength before and after its scaling against
// the context window (log axis), for ALiBi the slope of every head. A gallery entry and the reader's own
// config.json are shown alike.
import { series as palette } from '../../ui/colors.js';
import { changeWriter, h, replaceChildren } from '../../ui/dom.js';
import { decade, formatInt, formatSig, formatValue } from '../../ui/format.js';
import { offsetChart } from '../../ui/offset-chart.js';
import { layerName, sentences } from './setting.js';

/** Config fields as written: nested objects key by key, long lists by their length. */
function fieldText(value) {
  if (Array.isArray(value)) return value.length > 6 ? `[${value.length} numbers]` : JSON.stringify(value);
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${k}: ${fieldText(v)}`)
      .join(', ')} }`;
  }
  return JSON.stringify(value);
}

/**
 * @param {{ name: string, readout: (text: string) => void }} options
 */
export function modelPanel({ name, readout }) {
  const write = changeWriter();
  const title = h('h3', { class: 'pe-ckpt-title' });
  const source = h('p', { class: 'pe-ckpt-source' });
  const said = h('ul', { class: 'pe-ckpt-sentences', 'data-readout': `${name}-sentences` });
  const fields = h('details', { class: 'pe-ckpt-fields' });
  /** @type {import('./setting.js').Analysis | null} */
  let shown = null;
  const spectrum = offsetChart({
    name: `ckpt-spectrum-${name}`,
    label: 'Wavelength of every rotary pair against the context window; left and right arrow keys step pairs',
    xLabel: 'rotary pair i',
    yLabel: 'tokens per turn (log)',
    height: 220,
    readout,
    describe: (i) =>
      shown.spectra
        .map(({ type, result: r }) => {
          const where = shown.spectra.length > 1 ? `${layerName(type)}: ` : '';
          return (
            `${where}pair ${i}: ${formatValue(r.wavelength[i])} tokens per turn, ` +
            `${formatValue(r.scaledWavelength[i])} after scaling (factor ${formatSig(r.pairFactor[i], 4)}), ` +
            `${formatSig(r.turns[i], 4)} turns in the window`
          );
        })
        .join('; '),
  });
  const slopes = offsetChart({
    name: `ckpt-slopes-${name}`,
    label: 'ALiBi slope of every head; left and right arrow keys step heads',
    xLabel: 'head',
    yLabel: 'slope (log)',
    height: 200,
    readout,
    describe: (k) => `head ${k}: slope ${formatValue(shown.slopes[k - 1])}`,
  });
  const buckets = offsetChart({
    name: `ckpt-buckets-${name}`,
    label: 'T5 bucket of every signed offset, encoder and decoder; left and right arrow keys step the offset',
    xLabel: 'offset r = key \u2212 query',
    yLabel: 'bucket',
    height: 200,
    readout,
    describe: (r) => {
      const { maxOffset, both, causal } = shown.buckets;
      return `offset ${r}: encoder bucket ${both[r + maxOffset]}, decoder bucket ${causal[r + maxOffset]}`;
    },
  });
  const chart = h('div', { class: 'pe-ckpt-chart' });
  const element = h(
    'div',
    { class: `pe-panel pe-ckpt-panel pe-ckpt-${name}` },
    title,
    source,
    said,
    chart,
    fields,
  );

  function drawSpectrum({ spectra, setting }) {
    const values = spectra.flatMap(({ result: r }) => [...r.wavelength, ...r.scaledWavelength]);
    const window = setting.contextLength ?? 1;
    const logs = [...values, window, ...spectra.map((s) => s.window ?? window)].map(Math.log10);
    const levels = [{ at: Math.log10(window), label: `window ${formatInt(window)}` }];
    for (const s of spectra) {
      if (s.window !== null && s.window !== window)
        levels.push({ at: Math.log10(s.window), label: `${layerName(s.type)}: ${formatInt(s.window)}` });
    }
    const original = spectra[0].rope.scaling?.originalContext;
    if (typeof original === 'number' && original !== window) {
      levels.push({ at: Math.log10(original), label: `original ${formatInt(original)}` });
    }
    replaceChildren(chart, spectrum.element);
    spectrum.draw({
      max: spectra[0].result.wavelength.length - 1,
      domain: [Math.floor(Math.min(...logs)), Math.ceil(Math.max(...logs))],
      // The axis is in log10 units: a tick at an integer is a decade.
      yFormat: (v) => decade(10 ** v),
      levels,
      series: spectra.flatMap(({ type, result: r }, s) => {
        const where = spectra.length > 1 ? `, ${layerName(type)}` : '';
        const scaled = r.pairFactor.some((f) => f !== 1);
        const after = {
          value: (i) => Math.log10(r.scaledWavelength[i]),
          stroke: palette[s * 2],
          className: 'pe-ckpt-after',
          label: `${scaled ? 'after scaling' : 'wavelength'}${where}`,
        };
        if (!scaled) return [after];
        const before = {
          value: (i) => Math.log10(r.wavelength[i]),
          stroke: palette[s * 2 + 1],
          className: 'pe-ckpt-before',
          label: `before scaling${where}`,
        };
        return [before, after];
      }),
    });
  }

  function drawSlopes(values) {
    const logs = Array.from(values, Math.log2);
    replaceChildren(chart, slopes.element);
    slopes.draw({
      min: 1,
      max: values.length,
      domain: [Math.floor(Math.min(...logs)), 0],
      yFormat: (v) =>
        Number.isInteger(v) ? (v === 0 ? '1' : `2${v < 0 ? '\u207b' : ''}${Math.abs(v)}`) : '',
      series: [
        {
          value: (k) => Math.log2(values[k - 1]),
          stroke: palette[1],
          className: 'pe-ckpt-slope',
          label: 'slope',
        },
      ],
    });
  }

  function drawBuckets({ maxOffset, both, causal }, count) {
    replaceChildren(chart, buckets.element);
    buckets.draw({
      min: -maxOffset,
      max: maxOffset,
      domain: [0, count - 1],
      series: [
        {
          value: (r) => both[r + maxOffset],
          stroke: palette[0],
          className: 'pe-ckpt-both',
          label: 'encoder (both directions)',
        },
        {
          value: (r) => causal[r + maxOffset],
          stroke: palette[1],
          className: 'pe-ckpt-causal',
          label: 'decoder (causal)',
        },
      ],
    });
  }

  return {
    element,
    /**
     * @param {import('./setting.js').Analysis} analysis
     * @param {{ title: string, href: string | null, source: string, fields: Record<string, unknown> | null }} about
     */
    draw(analysis, about) {
      shown = analysis;
      write.putText(title, about.title);
      replaceChildren(
        source,
        about.href
          ? h('a', { href: about.href, rel: 'noopener', target: '_blank' }, about.source)
          : about.source,
      );
      replaceChildren(said, ...sentences(analysis).map((s) => h('li', {}, s)));
      if (analysis.spectra.length > 0) drawSpectrum(analysis);
      else if (analysis.slopes) drawSlopes(analysis.slopes);
      else if (analysis.buckets) drawBuckets(analysis.buckets, analysis.setting.t5.buckets);
      else replaceChildren(chart);
      replaceChildren(
        fields,
        h('summary', {}, 'The config.json fields read'),
        about.fields
          ? h(
              'dl',
              {},
              ...Object.entries(about.fields).flatMap(([k, v]) => [
                h('dt', {}, k),
                h('dd', {}, fieldText(v)),
              ]),
            )
          : h('p', {}, 'From the file\u2019s own metadata.'),
      );
    },
    destroy() {
      spectrum.destroy();
      slopes.destroy();
      buckets.destroy();
    },
  };
}
