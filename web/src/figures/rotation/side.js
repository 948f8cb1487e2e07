// Beside the circle: the engine's R(k) typeset, the angle it turns, the engine's residual over all pairs, and a
// few sampled positions showing that one R(k) serves them all. Built once and written through a change writer.
import { changeWriter, h, scrollBox } from '../../ui/dom.js';
import { formatFixed, formatInt, formatValue } from '../../ui/format.js';
import { renderMath } from '../../ui/math.js';
import { scientific, scientificText } from '../../ui/scientific.js';

const HEADINGS = ['pos', 'PE(pos)', 'R(k)\u00b7PE(pos)', 'PE(pos+k)', 'error, all pairs'];

export function rotationSide() {
  const write = changeWriter();
  const matrix = h('div', { class: 'pe-rotation-matrix', role: 'math' });
  const angleLead = document.createTextNode('');
  const angleValue = h('strong', {});
  const residualLead = document.createTextNode('');
  const residualValue = h('strong', { class: 'pe-rotation-residual-value' });
  const caption = h('caption', {});
  const body = h('tbody', {});
  const rows = []; // one { tr, th, cells } per row ever shown, reused
  const element = h(
    'div',
    { class: 'pe-rotation-side' },
    matrix,
    h('p', { class: 'pe-rotation-angle' }, angleLead, angleValue, ' clockwise, whatever pos is.'),
    h(
      'p',
      { class: 'pe-rotation-residual' },
      residualLead,
      residualValue,
      ' \u2014 zero to double precision.',
    ),
    scrollBox(
      'Sampled rows (scrolls)',
      { class: 'pe-rotation-sample' },
      h(
        'table',
        { class: 'pe-rotation-table' },
        caption,
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            HEADINGS.map((t) => h('th', { scope: 'col' }, t)),
          ),
        ),
        body,
      ),
    ),
  );
  // The typeset matrix, kept while its TeX stays the same: KaTeX is the costly part of a step.
  let texShown = null;
  const scientificShown = new WeakMap();

  /** Writes x in exponent form (ui/scientific.js), rebuilding the node only when the text changes. */
  function putScientific(node, x) {
    const text = scientificText(x);
    if (scientificShown.get(node) === text) return;
    scientificShown.set(node, text);
    node.replaceChildren(
      ...scientific(x).map((part) => (part instanceof Node ? part : document.createTextNode(part))),
    );
  }

  function row(i) {
    if (!rows[i]) {
      const th = h('th', { scope: 'row' });
      const cells = [0, 1, 2, 3].map((j) => h('td', j === 3 ? { class: 'pe-rotation-row-error' } : {}));
      rows[i] = { tr: h('tr', {}, th, cells), th, cells };
    }
    if (rows[i].tr.parentNode !== body) body.append(rows[i].tr);
    return rows[i];
  }

  return {
    element,
    /**
     * @param {{ rotation: Float64Array, pair: number, turn: number, error: number, periods: Float64Array,
     *   rows: { pos: number, at: number[], rotated: number[], shifted: number[], error: number }[] }} data
     * @param {{ pos: number, offset: number }} params
     */
    draw({ rotation, pair, turn, error, periods, rows: sample }, { pos, offset }) {
      const [a, b, c, d] = rotation;
      write.put(matrix, 'data-matrix', Array.from(rotation).join(' '));
      write.put(
        matrix,
        'aria-label',
        `R of k equals the matrix with rows ${formatValue(a)}, ${formatValue(b)} and ${formatValue(c)}, ${formatValue(d)}`,
      );
      const tex = `R(${offset}) = \\begin{pmatrix} ${texOf(a)} & ${texOf(b)} \\\\ ${texOf(c)} & ${texOf(d)} \\end{pmatrix}`;
      if (tex !== texShown) {
        renderMath(matrix, tex);
        texShown = tex;
      }
      write.putText(
        angleLead,
        `For pair ${pair} (period ${formatValue(periods[pair])} positions), R(${offset}) turns every point `,
      );
      write.putText(angleValue, `${formatFixed(turn, 2)}\u00b0`);
      write.putText(
        residualLead,
        `Largest error of PE(pos+k) \u2212 R(k)\u00b7PE(pos) at pos ${formatInt(pos)}, over all ${formatInt(periods.length)} pairs: `,
      );
      putScientific(residualValue, error);
      write.putText(caption, `Pair ${pair}, k = ${offset}: the same R(k) at every pos`);
      sample.forEach((values, i) => {
        const { tr, th, cells } = row(i);
        write.put(tr, 'data-pos', values.pos);
        write.putText(th, formatInt(values.pos));
        [values.at, values.rotated, values.shifted].forEach((v, j) =>
          write.putText(cells[j], `(${formatValue(v[0])}, ${formatValue(v[1])})`),
        );
        putScientific(cells[3], values.error);
      });
      for (const extra of rows.slice(sample.length)) extra.tr.remove();
    },
  };
}

/** A readout number as TeX: U+2212 back to "-", exponent form as \times 10^{n}. */
function texOf(x) {
  return formatValue(x)
    .replaceAll('\u2212', '-')
    .replace(/\u00d710\^(-?\d+)/, (_, e) => `\\times 10^{${e}}`);
}
