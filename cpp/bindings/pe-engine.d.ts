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
 * parameter, the value received and what is allowed. The module stays usable after any number of errors, with
 * any JavaScript value as an argument. Arguments are read once, in JavaScript, before any WebAssembly runs: a
 * number must be of type number and a string of type string (no coercion; a BigInt is refused as one), and an
 * array's items must each be a number (`null`, `"1"`, a symbol or a BigInt item is refused, naming the item).
 * Typed arrays are read as they are (BigInt64Array and BigUint64Array are refused). An options object's own
 * keys are read once each; a getter, a Proxy trap or a revoked Proxy that throws while an argument is read
 * gives an Error naming the function and the parameter ("fn: options.heads could not be read; reading it
 * threw ...").
 * Sizes are capped: `dModel` even and at most 4096, positions at most 65,536, at most 2^24 values in a result,
 * at most 64 heads and 32 words.
 */

/** Where the sine and cosine of pair i sit in a row. */
export type Layout = 'interleaved' | 'split';

/** A position scheme of `attendSentence` and `compareSentences`. */
export type SentenceEncoding = 'none' | 'sinusoidal' | 'learned' | 'rope' | 'alibi';

/** Options of a sentence through the layer (`attendSentence`, `compareSentences`); every key optional. */
export interface SentenceOptions {
  mask?: 'bidirectional' | 'causal';
  heads?: number;
  base?: number;
  ropeMode?: 'both' | 'queriesOnly' | 'swappedConvention';
}

/** One sentence through the layer (`attendSentence`); n = tokens.length. */
export interface SentenceAttention {
  tokens: string[];
  seqLen: number;
  dModel: number;
  heads: number;
  mask: 'bidirectional' | 'causal';
  embeddings: Float64Array;
  positions: Float64Array;
  inputs: Float64Array;
  scores: Float64Array;
  weights: Float64Array;
  outputs: Float64Array;
  pooled: Float64Array;
}

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
   * @returns `positions * dModel` values, row-major; max error against `Math.sin`/`Math.cos` in double precision
   *   at most about 1.4e-7 (measured over every value: 1.3e-7 at 2048 x 512, 1.4e-7 at 8192 x 2048 and 65536 x
   *   256, base 10000; 1.2e-7 at 1024 x 64, base 100), a few float32 roundings (rounding alone gives 6e-8).
   * @throws Error when an argument is invalid or `positions * dModel` exceeds 2^24.
   */
  sinusoidalTable(positions: number, dModel: number, base?: number, layout?: Layout): Float32Array;

  /**
   * The sinusoidal table as a picture for a figure to hand straight to `new ImageData(rgba, columns, rows)`.
   * At full size (the default) each pixel is the palette colour of one value. Smaller, each pixel is the area
   * average of the coloured cells it covers (channel by channel, weighted by coverage), so a picture the size of
   * the screen shows every row and column of a larger table instead of sampling some of them.
   * @param palette 2..4096 packed RGBA colours (a `Uint32Array` viewed over RGBA bytes in platform order); value
   *   v takes entry `round((1 - v) / 2 * (palette.length - 1))`, so +1 is the first entry and -1 the last
   * @param rows height of the picture, 1..positions (default positions)
   * @param columns width of the picture, 1..dModel (default dModel)
   * @returns `rows * columns * 4` bytes, RGBA, row-major
   * @throws Error for the same arguments as sinusoidalTable, a palette that is not 2..4096 integers in
   *   [0, 2^32 - 1], or rows or columns outside their range.
   */
  sinusoidalImage(
    positions: number,
    dModel: number,
    base: number | undefined,
    layout: Layout | undefined,
    palette: ArrayLike<number>,
    rows?: number,
    columns?: number,
  ): Uint8ClampedArray;

  /**
   * Chosen columns of the sinusoidal table, in double precision: what a figure needs to draw a few dimensions
   * over position without the whole table.
   * @param dimensions dimension indices, each 0..dModel-1, at most dModel of them (repeats allowed)
   * @returns `dimensions.length * positions` values: dimension `dimensions[c]` at position p is item
   *   `c * positions + p`
   * @throws Error for the same arguments as sinusoidalTable, a dimension out of range, or
   *   `positions * dimensions.length` over 2^24.
   */
  sinusoidalColumns(
    positions: number,
    dModel: number,
    base: number | undefined,
    layout: Layout | undefined,
    dimensions: ArrayLike<number>,
  ): Float64Array;

  /**
   * Where each dimension of a layout sits in the paper's interleaved order: entry d is `2i` when dimension d is
   * the sine of pair i, `2i + 1` when it is its cosine (the identity for `"interleaved"`). Figures map between
   * dimensions and pairs with it, and read per-dimension results of the interleaved order (dimensionRanges).
   * @param dModel even, 2..4096
   * @param layout `"interleaved"` (the default) or `"split"`
   * @returns `dModel` indices, a permutation of 0..dModel-1.
   */
  layoutOrder(dModel: number, layout?: Layout): Int32Array;

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
   * @param maxOffset largest offset, 0..65536; `(maxOffset + 1) * dModel` at most 2^24 (16,777,216)
   * @param dModel even, 2..4096
   * @returns `maxOffset + 1` values; equal to `sum_i cos(w_i k)` whatever `pos` is.
   * @throws Error when an argument is invalid or `(maxOffset + 1) * dModel` exceeds 2^24, for example
   *   `dotByOffset: (maxOffset + 1) * dModel must be at most 2^24 (16777216); received (65536 + 1) * 512 =
   *   33554944.`
   */
  dotByOffset(pos: number, maxOffset: number, dModel: number, base?: number): Float64Array;

  /**
   * How far `dotByOffset` from each later start strays from the first start's, for k = 0..maxOffset: the largest
   * `|PE(s) . PE(s + k) - PE(s0) . PE(s0 + k)|` (zero but for rounding, since both equal `sum_i cos(w_i k)`).
   * @param starts starting positions, each 0..65536, at most 64 of them; with fewer than two the result is 0
   * @param maxOffset largest offset, 0..65536; `(maxOffset + 1) * dModel` at most 2^24, as for dotByOffset
   * @returns one number.
   */
  dotByOffsetSpread(starts: ArrayLike<number>, maxOffset: number, dModel: number, base?: number): number;

  /**
   * positions x positions matrix of `PE(a) . PE(b)` (metric `"dot"`, the default) or their cosine similarity
   * (`"cosine"`), row-major.
   * @param positions 1..1024
   */
  similarityMatrix(positions: number, dModel: number, base?: number, metric?: 'dot' | 'cosine'): Float64Array;

  /**
   * The similarity of positions after the query and key projections: positions x positions, row-major, entry
   * (a, b) the query at position a against the key at position b. `"projected"`: `(W_q PE(a)) . (W_k PE(b))`,
   * sinusoidal positions added before the projections; its diagonals are no longer constant. `"rope"`:
   * `(R(a) W_q x) . (R(b) W_k x)` for one seeded token x at every position, each interleaved pair (2i, 2i+1)
   * rotated after the projection by position * base^(-2i/headDim); a function of b - a again. W_q and W_k are
   * dModel x headDim with seeded N(0, 1/dModel) entries (W_q != W_k). Cosine divides by both vectors' lengths.
   * @param positions 1..1024
   * @param dModel even, 2..4096
   * @param headDim even, 2..4096; `positions * headDim * (2 * dModel + positions)` at most 2^26
   * @param base > 1 (default 10000 when undefined)
   * @param mode `"projected"` or `"rope"` (required)
   * @param metric `"dot"` (default) or `"cosine"`
   * @param seed 0..2^32-1 (default 1)
   */
  projectedSimilarity(
    positions: number,
    dModel: number,
    headDim: number,
    base: number | undefined,
    mode: 'projected' | 'rope',
    metric?: 'dot' | 'cosine',
    seed?: number,
  ): Float64Array;

  /**
   * The spread (largest minus smallest entry) along each diagonal b - a = k of a square matrix, for
   * k = -(size - 1) .. size - 1 in that order: 0 on every diagonal of a matrix that depends on b - a alone.
   * @param values `size * size` finite numbers within float32's range, row-major
   * @param size 1..1024
   * @returns `2 * size - 1` values.
   */
  diagonalSpread(values: ArrayLike<number>, size: number): Float64Array;

  /**
   * How alike the rows of any table are (a trained position table, say): rows x rows matrix, row-major, whose
   * entry (a, b) is the cosine similarity of rows a and b (metric `"cosine"`, the default) or their dot product
   * (`"dot"`), each accumulated in double precision. Exactly symmetric. A row has cosine exactly 1 with itself
   * unless it is all zeros: such a row has no direction, and its cosine with every row, itself included, is 0.
   * The sinusoidal table's rows give `similarityMatrix` (to the float32 rounding of the table).
   * @param values `rows * cols` numbers, row-major (one row per position), each finite and within float32's
   *   range (|v| <= 3.4e38), so no sum overflows; a `Float32Array` such as the lab's `Lab.positionTable()` (pe-lab.d.ts) is fine
   * @param rows 1..1024
   * @param cols values per row, 1..4096
   * @param metric `"cosine"` (default) or `"dot"`
   * @returns `rows * rows` values; cosines lie in [-1, 1] up to rounding.
   * @throws Error when rows, cols or metric is invalid, or values is not an array or typed array of exactly
   *   `rows * cols` finite numbers within float32's range.
   */
  tableSimilarity(
    values: ArrayLike<number>,
    rows: number,
    cols: number,
    metric?: 'cosine' | 'dot',
  ): Float64Array;

  /**
   * The 2x2 matrix R (row-major `[r00, r01, r10, r11]`) with
   * `(sin, cos)` of pair `pair` at `pos + offset` = R `(sin, cos)` at `pos`, for every pos:
   * `[[cos t, sin t], [-sin t, cos t]]` with `t = w_pair * offset`.
   * @param pair 0..dModel/2-1
   * @param offset any finite shift, |offset| <= 1e9
   */
  shiftRotation(pair: number, offset: number, dModel: number, base?: number): Float64Array;

  /**
   * `R(offset)` (see shiftRotation) applied to `(sin, cos)` of pair `pair` at `pos`, in double precision: where
   * the pair of PE(pos + offset) is predicted to be.
   * @param pair 0..dModel/2-1
   * @param pos 0..65536 (need not be an integer)
   * @param offset any finite shift, |offset| <= 1e9
   * @returns `[sin, cos]`, two values.
   */
  rotatePair(pair: number, pos: number, offset: number, dModel: number, base?: number): Float64Array;

  /**
   * Largest Euclidean error, over all pairs, of `PE(pos + offset) - R(offset) PE(pos)` in double precision.
   * @param pos 0..65536 (need not be an integer)
   * @param offset -65536..65536
   */
  rotationResidual(pos: number, offset: number, dModel: number, base?: number): number;

  // --- rope -----------------------------------------------------------------------------------------------------
  /**
   * Rotary position embedding (Su et al. 2021): rotates pair i of row r by the angle `pos * base^(-2i/headDim)`
   * radians, with `pos = (startPos + r) / scale`. The dot product of a rotated query at m and a rotated key at
   * n then depends on the positions only through `n - m`. Angles and rotations are evaluated in double precision.
   * @param x `seqLen * headDim` numbers, row-major (one row per position); each within float32's range
   * @param seqLen rows, 1..65536; `seqLen * headDim` at most 2^24
   * @param headDim values per row, even, 2..4096
   * @param startPos position of row 0, 0..1e9, need not be an integer (default 0)
   * @param base frequency base, > 1 (default 10000)
   * @param convention which dimensions form pair i: `"interleaved"` (2i, 2i+1: RoFormer, GPT-J and Meta's
   *   reference LLaMA code, whose apply_rotary_emb reads neighbouring dimensions as one complex number; the
   *   default) or `"half"` (i, i + headDim/2: GPT-NeoX and Hugging Face transformers' rotate_half; Hugging Face
   *   converts Meta's LLaMA checkpoints with ropePermutation(headDim, "interleaved", "half") on the rows of W_q and
   *   W_k, the `permute` of its convert_llama_weights_to_hf.py)
   * @param scale linear position interpolation: positions are divided by it, > 0 and at most 1e6 (default 1)
   * @returns a new Float32Array like `x`: the rotated rows (norms preserved up to float32 rounding).
   * @throws Error when an argument is invalid, `x` has the wrong length or holds a non-finite value.
   */
  ropeRotate(
    x: ArrayLike<number>,
    seqLen: number,
    headDim: number,
    startPos?: number,
    base?: number,
    convention?: 'interleaved' | 'half',
    scale?: number,
  ): Float32Array;

  /**
   * The fixed reordering between the two conventions: gather indices `p` (headDim values, a permutation of
   * 0..headDim-1) such that rotating `y[j] = x[p[j]]` with convention `to` gives the result of rotating `x` with
   * convention `from`, gathered the same way. `"interleaved"` to `"half"` is `[0, 2, 4, ..., 1, 3, 5, ...]`;
   * applied to the rows of W_q and W_k it converts a checkpoint from one convention to the other.
   * @param headDim even, 2..4096
   * @param from `"interleaved"` or `"half"` (required)
   * @param to `"interleaved"` or `"half"` (required); `from === to` gives the identity
   */
  ropePermutation(headDim: number, from: 'interleaved' | 'half', to: 'interleaved' | 'half'): Int32Array;

  /**
   * NTK-aware base scaling for running a model at `factor` times its trained context:
   * `base * factor^(headDim / (headDim - 2))`. Pair 0 keeps its frequency; the slowest pair's frequency is
   * divided by exactly `factor`, as with linear interpolation.
   * @param base the trained base, > 1 (default 10000 when undefined)
   * @param headDim even, 4..4096
   * @param factor target length / trained length, 1..1e6
   * @returns the scaled base (a number).
   */
  ntkScaledBase(base: number | undefined, headDim: number, factor: number): number;

  /**
   * positions x positions matrix (row-major, row m = query position, column n = key position) of
   * `rotate(q, m) . rotate(k, n)` for one query vector and one key vector placed at every position 0..positions-1,
   * computed literally (rotate, then dot) in double precision, with no 1/sqrt(headDim) factor. Every diagonal is
   * constant: the score depends only on `n - m`.
   * @param q the query, `headDim` numbers
   * @param k the key, `headDim` numbers
   * @param positions 1..1024; `positions^2 * headDim` at most 2^24
   * @param headDim even, 2..4096
   * @param base > 1 (default 10000)
   * @param convention `"interleaved"` (default) or `"half"`
   * @param options `queriesOnly` (default false): rotate q only and leave k as given, the classic mistake; the
   *   score is then `rotate(q, m) . k`, which depends on m alone and not on `n - m`. `scale` (default 1, > 0, at
   *   most 1e6): positions divided by it, as in ropeRotate.
   * @returns `positions * positions` values.
   */
  ropeScores(
    q: ArrayLike<number>,
    k: ArrayLike<number>,
    positions: number,
    headDim: number,
    base?: number,
    convention?: 'interleaved' | 'half',
    options?: { queriesOnly?: boolean; scale?: number },
  ): Float64Array;

  /**
   * RoPE score against offset, for plotting beside `dotByOffset` (sinusoidal) and `-slope * k` (ALiBi):
   * `rotate(q, 0) . rotate(k, o)` for o = 0..maxOffset, equal to the score of a query at any m and a key at m + o.
   * @param q the query, `headDim` numbers
   * @param k the key, `headDim` numbers
   * @param maxOffset 0..65536; `(maxOffset + 1) * headDim` at most 2^24
   * @returns `maxOffset + 1` values; item 0 is `q . k`.
   */
  ropeScoreByOffset(
    q: ArrayLike<number>,
    k: ArrayLike<number>,
    maxOffset: number,
    headDim: number,
    base?: number,
    convention?: 'interleaved' | 'half',
  ): Float64Array;
  // (end rope)

  // --- alibi ----------------------------------------------------------------------------------------------------
  /**
   * ALiBi head slopes (Press et al. 2022). For a power of two n: `2^(-8i/n)` for i = 1..n (8 heads: 1/2, 1/4,
   * ..., 1/256; 1 head: 1/256). Otherwise the slopes for m = 2^floor(log2 n), followed by every other slope
   * (indices 0, 2, 4, ...) of the slopes for 2m until there are n (12 heads: 1/2..1/256, then 2^-0.5, 2^-1.5,
   * 2^-2.5, 2^-3.5).
   * @param nHeads 1..64
   * @returns `nHeads` slopes in (0, 1).
   */
  alibiSlopes(nHeads: number): Float64Array;

  /**
   * ALiBi biases for every head: entry (h, i, j) = `-slope_h * |i - j|` for query i and key j, to be added to the
   * raw attention scores before the softmax.
   * @param nHeads 1..64
   * @param seqLen 1..1024; `nHeads * seqLen^2` at most 2^24
   * @param causal when true, keys after the query (j > i) hold `-Infinity`, so the result is bias and causal
   *   mask in one; when false or undefined (the default) every entry is the symmetric bias and masking, if any,
   *   is the caller's.
   * @returns `nHeads * seqLen * seqLen` values, head-major then row-major; the diagonal is 0.
   */
  alibiBias(nHeads: number, seqLen: number, causal?: boolean): Float64Array;
  // (end alibi)

  // --- extension and precision ----------------------------------------------------------------------------------
  /**
   * Every RoPE pair's rotation against a trained context: pair i (i = 0..headDim/2-1) turns by
   * `theta_i = base^(-2i/headDim)` radians per position, so a model trained on `trainedLength` positions has seen
   * angles up to `trainedLength * theta_i`. Run at `targetLength`, pairs that never completed a turn in training
   * meet angles they never saw, unless positions are interpolated or the base is scaled.
   * @param headDim even, 4..4096
   * @param base the trained base, > 1 (default 10000)
   * @param trainedLength integer, 1..1e9
   * @param targetLength integer, trainedLength..1e9
   * With s = targetLength / trainedLength:
   * @param method `"none"` (default: positions as they are), `"interpolation"` (positions divided by s),
   *   `"ntk"` (bloc97's static NTK-aware rule: base replaced by `ntkScaledBase(base, headDim, s)`), `"dynamic"`
   *   (Hugging Face's dynamic NTK at the current length L = targetLength with factor s: base *
   *   (s L / trainedLength - (s - 1))^(headDim / (headDim - 2))), `"yarn"` (YaRN / NTK-by-parts: theta_i kept
   *   for pairs turning more than 32 times in training, theta_i / s for pairs turning less than once, a ramp
   *   linear in i between floor and ceil of those pairs' indices; `attentionScale` (0.1 ln s + 1)^2),
   *   `"llama3"` (Llama 3.1's rule: low_freq_factor 1, high_freq_factor 4, original length trainedLength) or
   *   `"raisedBase"` (base replaced by `options.raisedBase`)
   * @param options `{ raisedBase }`: the base of `"raisedBase"`, > 1 (default 500000, Llama 3's)
   * @returns per pair (Float64Array/Uint8Array of headDim/2 items; angles in radians, lengths in positions):
   *   `wavelength` 2 pi / theta_i with the trained base; `targetWavelength` positions per turn after the method;
   *   `trainedAngle` the angle at position trainedLength; `targetAngle` the angle at position targetLength after
   *   the method; `fullTurn` 1 when trainedAngle >= 2 pi (every angle seen in training); `outOfRange` 1 when the
   *   pair did not turn fully in training and targetAngle exceeds trainedAngle (beyond a relative 1e-12).
   *   `overshoot` targetAngle / trainedAngle (how far past the largest trained angle the pair turns).
   *   `scale` is the position divisor (1 unless interpolating), `effectiveBase` the base used and
   *   `attentionScale` the factor on attention logits (YaRN's mscale^2, else 1).
   */
  contextExtension(
    headDim: number,
    base: number | undefined,
    trainedLength: number,
    targetLength: number,
    method?: 'none' | 'interpolation' | 'ntk' | 'dynamic' | 'yarn' | 'llama3' | 'raisedBase',
    options?: { raisedBase?: number },
  ): {
    scale: number;
    effectiveBase: number;
    attentionScale: number;
    overshoot: Float64Array;
    wavelength: Float64Array;
    targetWavelength: Float64Array;
    trainedAngle: Float64Array;
    targetAngle: Float64Array;
    fullTurn: Uint8Array;
    outOfRange: Uint8Array;
  };

  /**
   * Phase error of RoPE (and sinusoidal, with dModel = headDim) angles computed in a low-precision format,
   * against double precision. Each angle is computed as a model would: position and `theta_i` rounded to the
   * format, then their product rounded. Float32 and float16 round to nearest even; float16 is IEEE binary16
   * (integers exact to 2048, largest finite 65504, 65520 and above overflow to Infinity); bfloat16 rounds to
   * float32 and then drops the low 16 mantissa bits to nearest even (integers exact to 256).
   * @param positions up to 65536 numbers, each 0..1e9 (need not be integers); `positions.length * headDim / 2` at
   *   most 2^24
   * @param headDim even, 2..4096
   * @param base > 1 (default 10000 when undefined)
   * @param format `"float32"`, `"bfloat16"`, `"float16"` or `"float64"` (the reference: all zeros)
   * @returns per position: `angleError`, max over pairs of |angle_format - angle_double| reduced modulo 2 pi, in
   *   [0, pi] radians (Infinity when the angle overflows the format); `sinError`, max over pairs of
   *   |round(sin(angle_format)) - sin(angle_double)|, in [0, 2] (NaN when the angle overflows).
   */
  phaseError(
    positions: ArrayLike<number>,
    headDim: number,
    base: number | undefined,
    format: 'float32' | 'bfloat16' | 'float16' | 'float64',
  ): { angleError: Float64Array; sinError: Float64Array };

  /**
   * Each value rounded to the format, bit-exactly, as a double: 1/3 in float16 is 0.333251953125, 65519 is
   * 65504, 65520 is Infinity; pi in bfloat16 is 3.140625 and 1.00390625 is 1 (tie to even).
   * @param values up to 2^24 finite numbers
   * @param format `"float32"`, `"bfloat16"`, `"float16"` or `"float64"` (unchanged)
   * @returns `values.length` numbers, possibly +-Infinity where the format overflows.
   */
  roundToFormat(
    values: ArrayLike<number>,
    format: 'float32' | 'bfloat16' | 'float16' | 'float64',
  ): Float64Array;

  /**
   * What storing positions in a format does to them: `firstCollision`, the smallest integer position the format
   * cannot hold, and `collidesWith`, the neighbour it rounds to (bfloat16 257 -> 256, float16 2049 -> 2048,
   * float32 16777217 -> 16777216; -1 for float64, searched to 2^25); `distinct`, how many distinct values
   * positions 0..length-1 take once rounded.
   * @param length 1..2^25
   * @param format `"float32"`, `"bfloat16"`, `"float16"` or `"float64"`
   */
  positionRounding(
    length: number,
    format: 'float32' | 'bfloat16' | 'float16' | 'float64',
  ): { firstCollision: number; collidesWith: number; distinct: number };
  // (end extension and precision)

  // --- naive encodings ------------------------------------------------------------------------------------------
  /**
   * The two obvious position encodings that fail: `"index"` puts p in every dimension of position p (unbounded);
   * `"normalized"` puts p / (length - 1) (0 when length is 1), so the same offset means something different in
   * every sentence length.
   * @param kind `"index"` or `"normalized"` (required)
   * @param length positions, 1..65536
   * @param dModel columns, even, 2..4096 (even like every dModel of the engine); `length * dModel` at most 2^24
   * @returns `length * dModel` values, row-major.
   */
  naiveEncoding(kind: 'index' | 'normalized', length: number, dModel: number): Float32Array;

  /**
   * How loud the position is next to the word: `|PE(p)| / sqrt(dModel)` for p = 0..length-1, where sqrt(dModel)
   * is the root-mean-square norm of a word embedding scaled as in tensor2tensor (entries with standard deviation
   * dModel^-1/2, multiplied by sqrt(dModel), so about 1 each). `"index"` gives p (grows without bound),
   * `"normalized"` p / (length - 1), `"sinusoidal"` (base 10000) a constant 1/sqrt(2).
   * @param kind `"index"`, `"normalized"` or `"sinusoidal"` (required)
   * @param length 1..65536
   * @param dModel even, 2..4096; `length * dModel` at most 2^24
   * @returns `length` values.
   */
  naiveNormRatio(kind: 'index' | 'normalized' | 'sinusoidal', length: number, dModel: number): Float64Array;

  /**
   * What an offset of `offset` positions is worth under the normalised encoding in sentences of each length:
   * `offset / (length - 1)`, or NaN where the sentence is too short to hold the offset (offset > length - 1).
   * @param offset 0..65536
   * @param lengths up to 65536 integers, each 2..65536
   * @returns `lengths.length` values in [0, 1] or NaN.
   */
  naiveOffsetMeaning(offset: number, lengths: ArrayLike<number>): Float64Array;
  // (end naive encodings)

  // --- attention ------------------------------------------------------------------------------------------------
  /**
   * One layer of scaled dot-product self-attention in double precision, with seeded random projections
   * W_q, W_k, W_v, W_o (each dModel x dModel, entries N(0, 1/dModel), one stream per matrix; they depend on
   * `seed` and `dModel` only, not on the head count). Head h uses columns `h*headDim..(h+1)*headDim-1` of the
   * projected queries, keys and values, `headDim = dModel / heads`. Additive encodings (sinusoidal, learned) are
   * the caller's: add them to `x` first.
   *
   * Without position information (`positional: "none"`, bidirectional mask) the layer is permutation-equivariant:
   * reordering the rows of `x` reorders the output rows the same way, and `pooled` does not change.
   * @param x `seqLen * dModel` finite numbers, row-major, one row per token
   * @param seqLen tokens, 1..1024
   * @param dModel even, 2..1024 (the four weight matrices are drawn on every call); `seqLen * dModel^2` at most 2^25
   * @param options every key optional; unknown keys are an error:
   *   - `heads` 1..64 (default 1), dividing dModel into an even `headDim`; `heads * seqLen^2` at most 2^22
   *   - `mask` `"bidirectional"` (default: every token sees every token) or `"causal"` (token i sees 0..i)
   *   - `positional` `"none"` (default), `"rope"` (queries and keys rotated per head, position = row index) or
   *     `"alibi"` (`-slope_h * |i - j|` added to head h's scores, slopes as `alibiSlopes(heads)`)
   *   - `ropeMode` with `"rope"`: `"both"` (default, correct), `"queriesOnly"` (the mistake of rotating queries
   *     only: a score then depends on the query's absolute position, not on the offset) or `"swappedConvention"`
   *     (weights laid out for one convention rotated with the other: scores change, yet still depend only on
   *     the offset, since each frequency is merely paired with other dimensions)
   *   - `ropeConvention` `"interleaved"` (default) or `"half"`: the convention the weights are laid out for; with
   *     random weights it only decides which convention `"swappedConvention"` wrongly uses
   *   - `seed` integer 0..4294967295 (default 1)
   *   - `base` RoPE frequency base, > 1 (default 10000)
   *   - `outputProjection` multiply the concatenated heads by W_o (default true)
   * @returns
   *   - `scores` Float64Array(heads * seqLen * seqLen), head-major, then query row i, then key column j:
   *     `q_i . k_j / sqrt(headDim)` plus the ALiBi bias, before the softmax; masked entries (causal, j > i) are
   *     `-Infinity`
   *   - `weights` Float64Array, same shape: the softmax of each row of `scores`; rows sum to 1, masked entries 0
   *   - `outputs` Float64Array(seqLen * dModel), row-major: the layer's output per token
   *   - `pooled` Float64Array(dModel): the mean of the output rows, a sentence vector
   *   - `heads`, `seqLen`, `dModel` the sizes used
   * @throws Error when an argument is invalid, `x` has the wrong length or a non-finite item, or a cap is exceeded.
   */
  selfAttention(
    x: ArrayLike<number>,
    seqLen: number,
    dModel: number,
    options?: {
      heads?: number;
      mask?: 'bidirectional' | 'causal';
      positional?: 'none' | 'rope' | 'alibi';
      ropeMode?: 'both' | 'queriesOnly' | 'swappedConvention';
      ropeConvention?: 'interleaved' | 'half';
      seed?: number;
      base?: number;
      outputProjection?: boolean;
    },
  ): {
    scores: Float64Array;
    weights: Float64Array;
    outputs: Float64Array;
    pooled: Float64Array;
    heads: number;
    seqLen: number;
    dModel: number;
  };
  // (end attention)

  // --- sentences and mixing -------------------------------------------------------------------------------------
  /**
   * The explainer's fixed English vocabulary (78 words): nouns, verbs and function words enough for "dog bites
   * man", "the cat chased the dog", "the quick brown fox jumps over the lazy dog" and readers' own sentences.
   * @returns every known word, lowercase, alphabetical.
   */
  vocabulary(): string[];

  /**
   * Splits text the way every sentence function does, without rejecting unknown words, so a page can mark
   * them in place. Rules: split on Unicode White_Space (ASCII spaces, tabs and line breaks, the no-break space
   * U+00A0, the ideographic space U+3000 and the rest of the property's 25 code points); strip leading and
   * trailing `. , ! ? ; : " ' ( ) [ ] -` and the backtick from each piece; lowercase ASCII letters; a piece
   * that was only punctuation is dropped. Inner punctuation stays (`"dog's"` is one unknown token). A lone
   * surrogate (half of a UTF-16 pair) becomes one U+FFFD in its place and leaves its neighbours as they were
   * (`"dog\uD83D bites"` gives `"dog\uFFFD"` and `"bites"`).
   * @param text at most 2000 characters and 32 words
   * @returns `tokens` (string[]) and `known` (Uint8Array of the same length: 1 when the token is in the
   *   vocabulary, 0 when not). Empty text gives empty arrays.
   * @throws Error when text is not a string, is too long or has more than 32 words.
   */
  tokenize(text: string): { tokens: string[]; known: Uint8Array };

  /**
   * Token embeddings as tensor2tensor initialises them: entries from N(0, 1/dModel), multiplied by sqrt(dModel)
   * when `scaled` (the default), which makes them about N(0, 1). Each word has its own random stream of the
   * seed: the same word and seed give the same row in any text, and native and WebAssembly builds give the same
   * bits.
   * @param text 1..32 vocabulary words (tokenised as in `tokenize`)
   * @param dModel even, 2..4096
   * @param options `seed` integer 0..4294967295 (default 1); `scaled` (default true)
   * @returns Float64Array(words * dModel), one row per token, row-major.
   * @throws Error when a word is unknown (the message names it and lists the vocabulary) or an argument is invalid.
   */
  wordEmbeddings(text: string, dModel: number, options?: { seed?: number; scaled?: boolean }): Float64Array;

  /**
   * A sentence through one self-attention layer (see `selfAttention`) with seeded weights, under one encoding:
   * - `"none"`: the scaled embeddings alone; the layer sees a bag of words, so "dog bites man" and "man bites
   *   dog" give the same `pooled` vector (to about 1e-16)
   * - `"sinusoidal"`: the paper's vector (interleaved layout, `options.base`) added to each embedding
   * - `"learned"`: a seeded random table added, one row per position 0..31, entries N(0, 1/2) so that their mean
   *   square matches the sinusoidal entries'; it stands in for a trained table's size and scale, not its structure
   * - `"rope"`: queries and keys rotated inside the layer (`options.ropeMode`)
   * - `"alibi"`: `-slope_h * |i - j|` added to head h's scores. Bidirectional ALiBi sees only distances, so a
   *   sentence and its reverse ("dog bites man", "man bites dog") still pool identically; a causal mask or a
   *   reordering that changes distances ("the dog bites the man" / "the man bites the dog") tells them apart.
   *
   * Embeddings, the learned table and the weights all come from `seed`, each from its own named stream, so the
   * same word and seed give the same embedding in every sentence.
   * @param text 1..32 vocabulary words, at most 2000 characters (tokenised as in `tokenize`)
   * @param encoding `"none"`, `"sinusoidal"`, `"learned"`, `"rope"` or `"alibi"`
   * @param dModel even, 2..1024
   * @param seed integer 0..4294967295 (default 1)
   * @param options every key optional; unknown keys are an error:
   *   - `mask` `"bidirectional"` (default) or `"causal"`
   *   - `heads` 1..64 dividing dModel into an even head width; default 4 when dModel is a multiple of 8, else 2
   *     when a multiple of 4, else 1 (one head gets only ALiBi's gentlest slope, 1/256)
   *   - `base` frequency base for sinusoidal and RoPE, > 1 (default 10000)
   *   - `ropeMode` `"both"` (default), `"queriesOnly"` or `"swappedConvention"`, as in `selfAttention`
   * @returns with n = tokens.length:
   *   - `tokens` string[] (lowercase); `seqLen` n; `dModel`; `heads`; `mask` the mask used
   *   - `embeddings`, `positions`, `inputs` Float64Array(n * dModel), row-major: the scaled embeddings, the
   *     added position vectors (all 0 for none, rope and alibi) and their sum, which the layer reads
   *   - `scores`, `weights` Float64Array(heads * n * n): as in `selfAttention` (masked scores `-Infinity`)
   *   - `outputs` Float64Array(n * dModel); `pooled` Float64Array(dModel), the mean output row
   * @throws Error naming the first unknown word (`attendSentence: text has the word "zebra" (word 2 of 3), which
   *   is not in the vocabulary; known words: ...`), for more than 32 or no words, an unknown encoding, an odd or
   *   out-of-range dModel, or any other invalid argument.
   */
  attendSentence(
    text: string,
    encoding: SentenceEncoding,
    dModel: number,
    seed?: number,
    options?: SentenceOptions,
  ): SentenceAttention;

  /**
   * What adding positions does to a dot product: `(w1 + p1) . (w2 + p2) = w1.w2 + p1.p2 + w1.p2 + p1.w2`, for
   * word1 at pos1 and word2 at pos2. Words are embeddings as in `wordEmbeddings`; positions are sinusoidal
   * vectors (interleaved). Unscaled, word entries are about dModel^-1/2 and the word terms all but vanish next to
   * `positionPosition`; scaled, they are about 1, like the position entries.
   * @param word1 one vocabulary word (case and surrounding punctuation ignored)
   * @param pos1 integer 0..65536
   * @param word2 one vocabulary word
   * @param pos2 integer 0..65536
   * @param dModel even, 2..4096
   * @param options `scaled` multiply embeddings by sqrt(dModel) (default true); `base` > 1 (default 10000);
   *   `seed` integer 0..4294967295 (default 1)
   * @returns the four terms (dimensionless dot products) and `total`, the dot product of the sums computed
   *   directly; the terms add up to it within about 1e-12.
   * @throws Error when a word is unknown (naming it), is not a single word, or an argument is invalid.
   */
  mixingTerms(
    word1: string,
    pos1: number,
    word2: string,
    pos2: number,
    dModel: number,
    options?: { scaled?: boolean; base?: number; seed?: number },
  ): {
    wordWord: number;
    positionPosition: number;
    wordPosition: number;
    positionWord: number;
    total: number;
  };

  /**
   * `mixingTerms` for a fixed word pair over every pair of positions 0..positions-1.
   * @param positions 1..1024; `positions^2 * dModel` at most 2^25
   * @returns `wordWord` (a number: it does not depend on the positions) and four Float64Array(positions *
   *   positions), row-major, entry (a, b) for word1 at position a and word2 at position b: `positionPosition`,
   *   `wordPosition` (w1 . p_b), `positionWord` (p_a . w2) and `total`; plus `positions`.
   */
  mixingByPosition(
    word1: string,
    word2: string,
    positions: number,
    dModel: number,
    options?: { scaled?: boolean; base?: number; seed?: number },
  ): {
    positions: number;
    wordWord: number;
    positionPosition: Float64Array;
    wordPosition: Float64Array;
    positionWord: Float64Array;
    total: Float64Array;
  };

  /**
   * Typical size of each term over the whole vocabulary: root mean square of `wordWord` over ordered pairs of
   * distinct words, of `positionPosition` over ordered pairs of distinct positions 0..positions-1, and of the
   * cross term w.p over every word and position (both cross terms share it). At dModel 512 and 64 positions:
   * scaled about 23, 167 and 16; unscaled about 0.045, 167 and 0.71.
   * @param positions 2..1024; `positions^2 * dModel` at most 2^25
   * @param dModel even, 2..4096
   */
  mixingRms(
    positions: number,
    dModel: number,
    options?: { scaled?: boolean; base?: number; seed?: number },
  ): { wordWord: number; positionPosition: number; cross: number };

  /**
   * Each mixing term as one query sees it: the query is word1 at pos1, the keys every vocabulary word at every
   * position 0..positions-1. `mean` is each term's mean over the keys and `spread` its standard deviation
   * (population). Softmax ignores a constant added to all of a query's scores, so the spread is what can move
   * attention.
   * @param pos1 0..65536
   * @param positions 1..1024; `positions * vocabulary size * dModel` at most 2^25
   * @param dModel even, 2..4096
   */
  mixingSpread(
    word1: string,
    pos1: number,
    positions: number,
    dModel: number,
    options?: { scaled?: boolean; base?: number; seed?: number },
  ): {
    mean: {
      wordWord: number;
      positionPosition: number;
      wordPosition: number;
      positionWord: number;
      total: number;
    };
    spread: {
      wordWord: number;
      positionPosition: number;
      wordPosition: number;
      positionWord: number;
      total: number;
    };
  };
  // (end sentences and mixing)

  // --- two sentences compared ---------------------------------------------------------------------------------

  /**
   * Two sentences through the same seeded layer, compared: what "dog bites man" versus "man bites dog" shows.
   * Both go through the layer of `attendSentence` (same seed, so the same embeddings and weights; the weights are
   * drawn once for the whole call), and the result says how far apart they end up, under the chosen encoding and
   * mask and under every other one.
   *
   * ```js
   * const c = pe.compareSentences('dog bites man', 'man bites dog', 'none', 64, 1);
   * c.pooledDifference; // about 3e-16: without position information the layer sees a bag of words
   * c.pooledDifferences.sinusoidal.bidirectional; // about 0.23
   * ```
   * @param textA 1..32 vocabulary words, at most 2000 characters (tokenised as in `tokenize`)
   * @param textB the same for the second sentence
   * @param encoding `"none"`, `"sinusoidal"`, `"learned"`, `"rope"` or `"alibi"`, as in `attendSentence`
   * @param dModel even, 2..1024
   * @param seed integer 0..4294967295 (default 1)
   * @param options as in `attendSentence`: `mask`, `heads`, `base`, `ropeMode`
   * @returns
   *   - `a`, `b`: each sentence under `encoding` and `options`, exactly as `attendSentence` returns it
   *   - `pooledDifference`: max over dimensions of |a.pooled - b.pooled| (0 up to rounding, about 1e-16, when the
   *     layer cannot tell the sentences apart)
   *   - `sharedWord`: of the words in both sentences, the one whose output rows differ most (the first on a
   *     tie), with its position in each (the k-th occurrence of a word in A is paired with its k-th occurrence
   *     in B) and that max |difference|; null when the sentences share no word
   *   - `pooledDifferences[encoding][mask]`: the pooled difference under every encoding and both masks, with
   *     the other options as given
   * @throws Error naming `textA` or `textB` and the first unknown word (`compareSentences: textB has the word
   *   "zebra" (word 3 of 3), which is not in the vocabulary; known words: ...`), for more than 32 or no words,
   *   an unknown encoding, an odd or out-of-range dModel, or any other invalid argument.
   */
  compareSentences(
    textA: string,
    textB: string,
    encoding: SentenceEncoding,
    dModel: number,
    seed?: number,
    options?: SentenceOptions,
  ): {
    a: SentenceAttention;
    b: SentenceAttention;
    pooledDifference: number;
    sharedWord: { word: string; indexA: number; indexB: number; difference: number } | null;
    pooledDifferences: Record<SentenceEncoding, Record<'bidirectional' | 'causal', number>>;
  };

  // --- diagnostics --------------------------------------------------------------------------------------------

  /** The engine's memory, for checking that repeated calls leave nothing behind. */
  memoryUsage(): MemoryUsage;
}

/**
 * Loads the engine. In a browser or worker the `.wasm` is fetched from beside `pe-engine.js`; in Node it is
 * read from disk. Options are passed to the Emscripten module (for example `wasmBinary`).
 */
export default function createEngine(options?: Record<string, unknown>): Promise<PeEngine>;
