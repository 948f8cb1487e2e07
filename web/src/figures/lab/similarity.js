// How alike the positions of the two tables are: the cosine similarity of every pair of rows of the trained
// learned table and of the sinusoidal one, side by side on one colour scale from -1 to 1. Both matrices are
// the engine's (tableSimilarity); this only paints them and reads their cells.
import { h } from '../../ui/dom.js';
import { formatValue } from '../../ui/format.js';
import { scoreMap } from '../shared-scores.js';

const MAPS = [
  { name: 'lab-similarity-learned', title: 'Learned table: similarity', subject: 'trained learned table' },
  { name: 'lab-similarity-sinusoidal', title: 'Sinusoidal formula: similarity', subject: 'sinusoidal' },
];

/** What to look for in the maps; every statement is one the lab's browser test checks. */
export const SIMILARITY_NOTE =
  'The maps below show how alike the positions of each table are: the cosine similarity of every pair of ' +
  'rows (positions down and across), both on one colour scale from \u22121 to 1, with 1 (deepest red) all ' +
  'along the diagonal. The sinusoidal map is reddest along and near the diagonal by construction: a cell ' +
  'depends only on the distance between its two positions, and neighbours are the most alike. A trained map ' +
  'is reddest near the diagonal when the model learned that nearby positions are alike.';

/**
 * @param {{ readout: (text: string) => void }} options
 */
export function similarityPair({ readout }) {
  const maps = MAPS.map(({ name, title, subject }, i) =>
    scoreMap({
      name,
      label: `${title}: cosine of every pair of positions, down and across; arrow keys move between cells`,
      xLabel: 'position',
      yLabel: 'position',
      side: 300,
      readout,
      describe: (a, b, value) => `${subject}, positions ${a} and ${b}: cosine ${formatValue(value)}`,
      // The reader compares a pair of positions in both tables at once.
      onHover: (cell) => cell && maps[1 - i].map.setCursor(cell),
    }),
  );
  const element = h(
    'div',
    { class: 'pe-lab-table-pair pe-lab-similarity' },
    maps.map((m, i) => h('div', {}, h('h3', {}, MAPS[i].title), m.map.element)),
  );
  return {
    element,
    /**
     * @param {{ trained: Float64Array, sinusoidal: Float64Array, length: number }} matrices length x length
     *   cosines each, row-major
     */
    show({ trained, sinusoidal, length }) {
      maps[0].show(trained, length, { limit: 1 });
      maps[1].show(sinusoidal, length, { limit: 1 });
    },
    destroy() {
      maps.forEach((m) => m.destroy());
    },
  };
}
