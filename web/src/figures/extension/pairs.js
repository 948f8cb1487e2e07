// The pairs chart: positions per full turn of every RoPE pair on a log axis, as trained (hollow) and after the
// method (filled; red when the pair meets angles training never showed it), against the two lengths.
import { scaleLinear, scaleLog } from 'd3-scale';
import { h } from '../../ui/dom.js';
import { formatInt, formatSig, formatValue } from '../../ui/format.js';
import { keyList } from '../../ui/key-list.js';
import { BOTTOM, decade, indexChart, MARGIN } from './chart.js';

export const yes = (flag) => (flag ? 'yes' : 'no');

/**
 * @param {{ onRead: (text: string) => void }} options
 */
export function pairsChart({ onRead }) {
  let shown = null; // the engine's contextExtension result
  let x = null;
  const chart = indexChart({
    label: 'Wavelength of every pair against the trained length; left and right arrow keys step pairs',
    count: () => (shown ? shown.wavelength.length : 0),
    indexAt: (px) => (x ? Math.round(x.invert(px)) : null),
    describe: (i) =>
      `pair ${i}: ${formatValue(shown.wavelength[i])} positions per turn in training, ` +
      `${formatValue(shown.targetWavelength[i])} after the method; angle at the trained length ` +
      `${formatValue(shown.trainedAngle[i])} rad, at the target ${formatValue(shown.targetAngle[i])} rad ` +
      `(overshoot ${formatSig(shown.overshoot[i], 4)}); ` +
      `full turn in training ${yes(shown.fullTurn[i])}; out of range ${yes(shown.outOfRange[i])}`,
    onRead,
  });
  const trainedLine = h('svg:line', { class: 'pe-ext-trained' });
  const targetLine = h('svg:line', { class: 'pe-ext-target' });
  const before = h('svg:g');
  const after = h('svg:g');
  chart.marks.append(trainedLine, targetLine, before, after);
  const legend = keyList([
    { label: 'trained period', mark: 'ring', color: 'var(--muted)' },
    { label: 'after the method, in range', mark: 'dot', color: 'var(--accent-2)' },
    { label: 'after the method, out of range', mark: 'dot', color: 'var(--accent)' },
    { label: 'trained length', mark: 'line' },
    { label: 'target length', mark: 'dash' },
  ]);

  return {
    element: [chart.svg, legend],
    chart,
    /**
     * @param {any} result the engine's contextExtension for the chosen method
     * @param {{ trained: number, target: number }} lengths
     * @param {number} width
     */
    draw(result, { trained, target }, width) {
      shown = result;
      const { wavelength, targetWavelength, outOfRange } = result;
      const total = wavelength.length;
      const values = [...wavelength, ...targetWavelength, trained, target];
      x = scaleLinear()
        .domain([-0.5, total - 0.5])
        .range([MARGIN.left, width - MARGIN.right]);
      const y = scaleLog()
        .domain([Math.min(...values) / 1.5, Math.max(...values) * 1.5])
        .range([BOTTOM, MARGIN.top]);
      chart.layout({
        width,
        x,
        y,
        xOf: x,
        xAxis: { ticks: width < 420 ? 4 : 8, label: 'pair i', format: formatInt },
        yAxis: { ticks: 5, label: 'positions per turn', format: (v) => decade(v) },
      });
      chart.across(trainedLine, y(trained));
      chart.across(targetLine, y(target));
      const r = Math.max(1.5, Math.min(4, (width - MARGIN.left - MARGIN.right) / total / 2.5));
      const hollow = circles(before, total);
      const filled = circles(after, total);
      for (let i = 0; i < total; i += 1) {
        chart.set(hollow[i], { class: 'pe-ext-before', cx: x(i), cy: y(wavelength[i]), r: r + 1 });
        const cls = outOfRange[i] ? 'pe-ext-out' : 'pe-ext-in';
        chart.set(filled[i], { class: cls, cx: x(i), cy: y(targetWavelength[i]), r });
      }
    },
  };
}

/** The group's circles, one a pair: kept between draws, added or removed as the head width changes. */
function circles(group, count) {
  while (group.childElementCount > count) group.lastChild.remove();
  while (group.childElementCount < count) group.append(h('svg:circle'));
  return group.children;
}
