// The engine's analyses of a learned position table read from the reader's file, within the engine's caps:
// the cosine of every pair of positions and its mean by offset beside the sinusoid's, row norms, how the
// variance spreads over the dimensions, the top principal components and each column's strongest period. And
// the sentences about them, each chosen from the numbers by the rule written beside it.
import { formatInt, formatSig } from '../../ui/format.js';

/** The engine's caps (pe-models.d.ts): values in a call, rows, and each analysis' multiply-adds. */
const MAX_VALUES = 2 ** 24;
const MAX_ROWS = 8192;
const MAX_WORK = 2 ** 32;
const COSINE_ROWS = 2048;
export const COMPONENTS = 3;
/** A column is "sinusoid-like" when more than this share of its power is in one frequency (both halves). */
export const SINUSOID_LIKE = 0.5;
/** The share of the dimensions whose share of the variance the first sentence reports. */
const TOP = 0.1;

/**
 * @param {import('../../../../cpp/bindings/pe-models.d.ts').PeModels} models
 * @param {{ values: Float32Array, shape: number[] }} tensor rows first
 * @param {number} first the row of position 0 (2 for OPT)
 */
export function analyseTable(models, { values, shape }, first) {
  const cols = shape[1];
  const rows = Math.min(shape[0], MAX_ROWS, Math.floor(MAX_VALUES / cols));
  const available = rows - first;
  if (available < 2) throw new Error(`the table has ${shape[0]} rows: too few positions to analyse`);
  const table = values.subarray(0, rows * cols);
  const cosineCount = Math.min(available, COSINE_ROWS, Math.floor(Math.sqrt((2 * MAX_WORK) / cols)));
  const periodCount = Math.min(available, Math.floor(Math.sqrt(MAX_WORK / cols)));
  const componentCount = Math.min(available, Math.floor((2 * MAX_WORK) / (cols * cols)));
  return {
    name: '',
    rows: shape[0],
    cols,
    first,
    used: rows,
    table,
    cosine: { count: cosineCount, ...models.tableCosine(table, rows, cols, first, cosineCount) },
    stats: { count: available, ...models.tableStats(table, rows, cols, first, available) },
    components:
      componentCount >= 2
        ? {
            count: componentCount,
            ...models.tableComponents(table, rows, cols, first, componentCount, Math.min(COMPONENTS, cols)),
          }
        : null,
    periods: { count: periodCount, ...models.tablePeriods(table, rows, cols, first, periodCount) },
  };
}

/** @typedef {ReturnType<typeof analyseTable>} TableAnalysis */

/**
 * The sentences about a table, each from its numbers by the rule stated in it.
 * @param {TableAnalysis} a
 */
export function tableSentences(a) {
  const { cols, first, stats, cosine, components, periods } = a;
  const out = [];
  const positions = a.rows - first;
  out.push(
    `${formatInt(positions)} positions \u00d7 ${formatInt(cols)} dimensions` +
      (first > 0 ? ` (rows 0\u2013${first - 1} are not positions and are left out)` : '') +
      (a.used < a.rows ? `; the analyses read the first ${formatInt(a.used - first)} positions` : '') +
      '.',
  );
  const top = Math.ceil(TOP * cols);
  out.push(
    `The ${top === 1 ? 'dimension' : `${formatInt(top)} dimensions`} that ${top === 1 ? 'varies' : 'vary'} most ` +
      `(the top ${TOP * 100}%) ${top === 1 ? 'carries' : 'carry'} ` +
      `${formatSig(100 * stats.cumulative[top - 1], 3)}% of the variance across positions; the most varying one ` +
      `alone ${formatSig(100 * stats.share[stats.order[0]], 3)}%.`,
  );
  const k = Math.min(16, cosine.count - 1);
  out.push(
    `Positions ${k} apart have a mean cosine of ${formatSig(cosine.byOffset[k], 3)}` +
      (cosine.sinusoid
        ? ` (the sinusoidal encoding at this width: ${formatSig(cosine.sinusoid[k], 3)})`
        : '') +
      '.',
  );
  if (components) {
    const shares = Array.from(components.explained, (e) => `${formatSig(100 * e, 3)}%`);
    out.push(`The top ${shares.length} principal components explain ${shares.join(', ')} of the variance.`);
  }
  const like = periods.share.filter((s) => s > SINUSOID_LIKE).length;
  out.push(
    `${formatInt(like)} of ${formatInt(cols)} columns have more than ${SINUSOID_LIKE * 100}% of their power ` +
      `at one frequency over the first ${formatInt(periods.count)} positions (sinusoid-like).`,
  );
  return out;
}
