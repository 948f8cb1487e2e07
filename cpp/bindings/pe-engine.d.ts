/**
 * PE Explorer engine: every number the explainer shows, computed in C++ and compiled to WebAssembly.
 *
 * ```js
 * import createEngine from './engine/pe-engine.js';
 * const pe = await createEngine();
 * const table = pe.sinusoidalTable(64, 512, 10000, 'interleaved');
 * ```
 *
 * Conventions: positions and dimensions count from 0; tables are row-major, one row per position. Every
 * function returns fresh typed arrays owned by the caller (copies, never views of WebAssembly memory).
 *
 * Errors: an invalid argument (wrong type, NaN or infinity, out of range, odd `dModel`, unknown string, unknown
 * word, too many arguments) throws a JS `Error` whose message starts with the function's name and names the
 * parameter, the value received and what is allowed. The module stays usable after any number of errors.
 * Sizes are capped: `dModel` even and at most 4096, positions at most 65,536, at most 2^24 values in a result,
 * at most 64 heads and 32 words.
 */

/** Where the sine and cosine of pair i sit in a row. */
export type Layout = 'interleaved' | 'split';

export interface MemoryUsage {
  /** Size of the WebAssembly memory in bytes. */
  heapBytes: number;
  /** Bytes currently allocated by the engine's allocator (0 between calls when nothing leaks). */
  allocatedBytes: number;
}

export interface PeEngine {
  // --- sinusoidal ---------------------------------------------------------------------------------------------

  /**
   * The sinusoidal encoding of Vaswani et al. (2017): `PE(pos, 2i) = sin(pos * w_i)`,
   * `PE(pos, 2i+1) = cos(pos * w_i)`, `w_i = base^(-2i/dModel)`.
   * @param positions rows, 1..65536
   * @param dModel columns, even, 2..4096
   * @param base frequency base, > 1 (default 10000)
   * @param layout `"interleaved"` (paper: sin at 2i, cos at 2i+1, the default) or `"split"` (all sines, then
   *   all cosines, same frequencies)
   * @returns `positions * dModel` values, row-major; max error against double precision about 6e-8.
   * @throws Error when an argument is invalid or `positions * dModel` exceeds 2^24.
   */
  sinusoidalTable(positions: number, dModel: number, base?: number, layout?: Layout): Float32Array;

  /**
   * Period in positions of every sin/cos pair: `2 * pi * base^(2i/dModel)`.
   * @returns `dModel / 2` values, increasing by the factor `base^(2/dModel)`.
   */
  pairPeriods(dModel: number, base?: number): Float64Array;

  /**
   * Max minus min of each dimension (interleaved layout) over positions `0..positions-1`.
   * @returns `dModel` values in [0, 2].
   */
  dimensionRanges(positions: number, dModel: number, base?: number): Float64Array;

  /**
   * `PE(pos) . PE(pos + k)` for k = 0..maxOffset, summed in double precision over all dimensions.
   * @param pos starting position, 0..65536
   * @param maxOffset largest offset, 0..65536
   * @returns `maxOffset + 1` values; equal to `sum_i cos(w_i k)` whatever `pos` is.
   */
  dotByOffset(pos: number, maxOffset: number, dModel: number, base?: number): Float64Array;

  /**
   * positions x positions matrix of `PE(a) . PE(b)` (metric `"dot"`, the default) or their cosine similarity
   * (`"cosine"`), row-major.
   * @param positions 1..1024
   */
  similarityMatrix(positions: number, dModel: number, base?: number, metric?: 'dot' | 'cosine'): Float64Array;

  /**
   * The 2x2 matrix R (row-major `[r00, r01, r10, r11]`) with
   * `(sin, cos)` of pair `pair` at `pos + offset` = R `(sin, cos)` at `pos`, for every pos:
   * `[[cos t, sin t], [-sin t, cos t]]` with `t = w_pair * offset`.
   * @param pair 0..dModel/2-1
   * @param offset any finite shift, |offset| <= 1e9
   */
  shiftRotation(pair: number, offset: number, dModel: number, base?: number): Float64Array;

  /**
   * Largest Euclidean error, over all pairs, of `PE(pos + offset) - R(offset) PE(pos)` in double precision.
   * @param pos 0..65536 (need not be an integer)
   * @param offset -65536..65536
   */
  rotationResidual(pos: number, offset: number, dModel: number, base?: number): number;

  // --- rope -----------------------------------------------------------------------------------------------------
  // (end rope)

  // --- alibi ----------------------------------------------------------------------------------------------------
  // (end alibi)

  // --- extension and precision ----------------------------------------------------------------------------------
  // (end extension and precision)

  // --- naive encodings ------------------------------------------------------------------------------------------
  // (end naive encodings)

  // --- attention ------------------------------------------------------------------------------------------------
  // (end attention)

  // --- sentences and mixing -------------------------------------------------------------------------------------
  // (end sentences and mixing)

  // --- diagnostics --------------------------------------------------------------------------------------------

  /** The engine's memory, for checking that repeated calls leave nothing behind. */
  memoryUsage(): MemoryUsage;
}

/**
 * Loads the engine. In a browser or worker the `.wasm` is fetched from beside `pe-engine.js`; in Node it is
 * read from disk. Options are passed to the Emscripten module (for example `wasmBinary`).
 */
export default function createEngine(options?: Record<string, unknown>): Promise<PeEngine>;
