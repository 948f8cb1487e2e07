// Every figure id, in the order of the article, and how to load its module. Modules load on
// demand, so a page pays only for the figures it shows.
import { quote } from '../core/params.js';
import { inTask } from '../engine/task.js';

export const figures = {
  order: () => import('../figures/order/index.js'),
  naive: () => import('../figures/naive.js'),
  heatmap: () => import('../figures/heatmap.js'),
  columns: () => import('../figures/columns/index.js'),
  binary: () => import('../figures/binary.js'),
  periods: () => import('../figures/periods.js'),
  ranges: () => import('../figures/ranges.js'),
  rotation: () => import('../figures/rotation/index.js'),
  similarity: () => import('../figures/similarity/index.js'),
  mixing: () => import('../figures/mixing.js'),
  learned: () => import('../figures/learned.js'),
  rope: () => import('../figures/rope/index.js'),
  alibi: () => import('../figures/alibi.js'),
  extension: () => import('../figures/extension/index.js'),
  checkpoint: () => import('../figures/checkpoint/index.js'),
  lab: () => import('../figures/lab/index.js'),
};

/** A figure's module (its JavaScript file) could not be loaded: the network, or a host missing the file. */
export class FigureLoadError extends Error {
  /** @param {string} id @param {unknown} cause */
  constructor(id, cause) {
    const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    super(`The code of figure "${id}" could not be loaded: ${reason}`, { cause });
    this.name = 'FigureLoadError';
    this.kind = 'figure';
  }
}

/**
 * Loads a figure by id: its declaration (defineFigure's result: id, title, params, parse, mount). Rejects with an
 * Error naming the id (quoted short) and the known ones, or with a FigureLoadError when the module could not be
 * loaded.
 * @param {string} id
 */
export async function loadFigure(id) {
  const load = Object.hasOwn(figures, id) ? figures[id] : null;
  if (!load) {
    throw new Error(`Unknown figure ${quote(id)}; known figures: ${Object.keys(figures).join(', ')}.`);
  }
  // Settled in a task of its own: what waits for the figure's code draws (engine/task.js).
  const module = await inTask(load()).catch((error) => {
    throw new FigureLoadError(id, error);
  });
  return module.default;
}
