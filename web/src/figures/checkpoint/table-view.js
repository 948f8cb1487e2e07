// A learned table from the reader's file, drawn with the article's own widgets: the table as the heatmap, the
// mean cosine by offset beside the sinusoid's, row norms, the variance of the dimensions, the top principal
// components over position and each column's strongest period.
import { series as palette, largestMagnitude } from '../../ui/colors.js';
import { h, replaceChildren } from '../../ui/dom.js';
import { formatSig, formatValue } from '../../ui/format.js';
import { offsetChart } from '../../ui/offset-chart.js';
import { positionTable } from '../../ui/position-table.js';
import { tableSentences } from './table-analysis.js';

/** Rows of the heatmap at most (the engine analyses more). */
const HEATMAP_ROWS = 1024;

/** @param {(text: string) => void} readout */
export function tableView(readout) {
  /** @type {import('./table-analysis.js').TableAnalysis | null} */
  let a = null;
  const chart = (name, label, xLabel, yLabel, describe) =>
    offsetChart({ name: `ckpt-${name}`, label, xLabel, yLabel, readout, height: 200, describe });
  const heatmap = positionTable({ name: 'ckpt-table', title: 'The table', subject: 'your table', readout });
  const cosine = chart(
    'cosine',
    'Mean cosine of positions k apart, the table against the sinusoid; arrow keys step k',
    'offset k',
    'mean cosine',
    (k) =>
      `offset ${k}: mean cosine ${formatValue(a.cosine.byOffset[k])}` +
      (a.cosine.sinusoid ? `, sinusoid ${formatValue(a.cosine.sinusoid[k])}` : ''),
  );
  const norms = chart(
    'norms',
    'Norm of every row; arrow keys step positions',
    'position',
    'row norm',
    (p) => `position ${p}: norm ${formatValue(a.stats.norms[p])}`,
  );
  const variance = chart(
    'variance',
    'Share of the variance carried by the most varying dimensions; arrow keys step the count',
    'dimensions, most varying first',
    'share of the variance',
    (j) =>
      `the top ${j} dimensions carry ${formatSig(100 * a.stats.cumulative[j - 1], 4)}% ` +
      `(dimension ${a.stats.order[j - 1]}: ${formatSig(100 * a.stats.share[a.stats.order[j - 1]], 4)}%)`,
  );
  const components = chart(
    'components',
    'Each position on the top principal components; arrow keys step positions',
    'position',
    'coordinate',
    (p) =>
      `position ${p}: ` +
      Array.from(
        a.components.explained,
        (_, i) =>
          `component ${i + 1} ${formatValue(a.components.coordinates[p * a.components.explained.length + i])}`,
      ).join(', '),
  );
  const periods = chart(
    'periods',
    'Share of each column\u2019s power at its strongest frequency; arrow keys step dimensions',
    'dimension',
    'share at the peak',
    (d) =>
      `dimension ${d}: period ${formatValue(a.periods.period[d])} positions, ` +
      `${formatSig(100 * a.periods.share[d], 4)}% of its power`,
  );
  const said = h('ul', { class: 'pe-ckpt-sentences', 'data-readout': 'table-sentences' });
  const panel = (title, node) => h('div', { class: 'pe-panel' }, h('h3', {}, title), node);
  const charts = h(
    'div',
    { class: 'pe-panels pe-ckpt-table-charts' },
    panel('How alike are positions k apart?', cosine.element),
    panel('Row norms', norms.element),
    panel('Which dimensions carry the position?', variance.element),
    panel('Top principal components', components.element),
    panel('How sinusoid-like is each column?', periods.element),
  );
  const element = h('div', { class: 'pe-ckpt-learned' }, said, heatmap.element, charts);

  return {
    element,
    /** @param {import('./table-analysis.js').TableAnalysis} analysis */
    draw(analysis) {
      a = analysis;
      const { cols, first, table } = a;
      replaceChildren(said, ...tableSentences(a).map((s) => h('li', {}, s)));
      const rows = Math.min(a.used - first, HEATMAP_ROWS);
      const values = table.subarray(first * cols, (first + rows) * cols);
      heatmap.show({ values, rows, cols, length: rows, limit: largestMagnitude(values) });
      const n = a.cosine.count;
      cosine.draw({
        max: n - 1,
        domain: [Math.min(0, ...a.cosine.byOffset, ...(a.cosine.sinusoid ?? [])), 1],
        nice: true,
        zeroLine: true,
        series: [
          {
            value: (k) => a.cosine.byOffset[k],
            stroke: palette[0],
            className: 'pe-ckpt-cos',
            label: 'this table',
          },
          ...(a.cosine.sinusoid
            ? [
                {
                  value: (k) => a.cosine.sinusoid[k],
                  stroke: palette[1],
                  className: 'pe-ckpt-sin',
                  label: 'sinusoid',
                },
              ]
            : []),
        ],
      });
      const norm = a.stats.norms;
      norms.draw({
        max: norm.length - 1,
        domain: [0, Math.max(...norm)],
        nice: true,
        series: [{ value: (p) => norm[p], stroke: palette[2], className: 'pe-ckpt-norm' }],
      });
      variance.draw({
        min: 1,
        max: cols,
        domain: [0, 1],
        levels: [{ at: a.stats.cumulative[Math.ceil(0.1 * cols) - 1], label: 'top 10%' }],
        series: [{ value: (j) => a.stats.cumulative[j - 1], stroke: palette[4], className: 'pe-ckpt-var' }],
      });
      const c = a.components;
      if (c) {
        const k = c.explained.length;
        let limit = 0;
        for (const v of c.coordinates) limit = Math.max(limit, Math.abs(v));
        components.draw({
          max: c.count - 1,
          domain: [-limit, limit],
          nice: true,
          zeroLine: true,
          series: Array.from(c.explained, (e, i) => ({
            value: (p) => c.coordinates[p * k + i],
            stroke: palette[i],
            className: 'pe-ckpt-pc',
            label: `component ${i + 1} (${formatSig(100 * e, 3)}%)`,
          })),
        });
      }
      components.element.hidden = !c;
      periods.draw({
        max: cols - 1,
        domain: [0, 1],
        levels: [{ at: 0.5, label: 'sinusoid-like above' }],
        series: [{ value: (d) => a.periods.share[d], stroke: palette[3], className: 'pe-ckpt-share' }],
      });
    },
    destroy() {
      for (const part of [heatmap, cosine, norms, variance, components, periods]) part.destroy();
    },
  };
}
