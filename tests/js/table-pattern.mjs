// The reading of a learned position table that the article's claims and the learned figure's browser test share.
// Pure, with no imports, so that both Node and Playwright load it.

/**
 * Columns of a learned table (T x d) whose sign flips from each position to the next, and columns that drift
 * with the position from one end to the other (|correlation with p| > 0.75, opposite signs at the ends): the
 * browser test's reading of "in some dimensions the colour flips from each position to the next; in others it
 * drifts from one end of the table to the other".
 */
export function tablePattern(table, T, d) {
  let flipping = 0;
  let drifting = 0;
  for (let j = 0; j < d; j += 1) {
    const c = Array.from({ length: T }, (_, p) => table[p * d + j]);
    if (c.every((v, p) => p === 0 || Math.sign(v) !== Math.sign(c[p - 1]))) flipping += 1;
    const mean = c.reduce((a, b) => a + b, 0) / T;
    const mid = (T - 1) / 2;
    let [xy, xx, yy] = [0, 0, 0];
    c.forEach((v, p) => {
      xy += (p - mid) * (v - mean);
      xx += (p - mid) ** 2;
      yy += (v - mean) ** 2;
    });
    if (Math.abs(xy / Math.sqrt(xx * yy)) > 0.75 && Math.sign(c[0]) !== Math.sign(c[T - 1])) drifting += 1;
  }
  return { flipping, drifting };
}
