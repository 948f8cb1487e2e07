// Every figure id (DESIGN.md), in the order of the article, and how to load its module. Modules load on
// demand, so a page pays only for the figures it shows.
export const figures = {
  order: () => import('./order.js'),
  naive: () => import('./naive.js'),
  heatmap: () => import('./heatmap.js'),
  columns: () => import('./columns.js'),
  binary: () => import('./binary.js'),
  periods: () => import('./periods.js'),
  ranges: () => import('./ranges.js'),
  rotation: () => import('./rotation.js'),
  similarity: () => import('./similarity.js'),
  mixing: () => import('./mixing.js'),
  learned: () => import('./learned.js'),
  rope: () => import('./rope.js'),
  alibi: () => import('./alibi.js'),
  extension: () => import('./extension.js'),
};

/** Loads a figure module by id, or rejects with an Error naming the id and the known ones. */
export async function loadFigure(id) {
  const load = Object.hasOwn(figures, id) ? figures[id] : null;
  if (!load) {
    throw new Error(`Unknown figure "${id}"; known figures: ${Object.keys(figures).join(', ')}.`);
  }
  return load();
}
