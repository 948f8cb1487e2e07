/**
 * PE Explorer's analyses of published models' positions: what a RoPE config (config.json's `rope_theta`,
 * `rope_scaling`) does to each rotary pair, T5's relative position buckets, and the cosines, variance, principal components and periods of a
 * learned position table read from a checkpoint. A module of its own, apart from pe-engine.js, so that pages
 * without the figure of real models never download it.
 *
 * ```js
 * import createModels from './engine/pe-models.js';
 * const models = await createModels();
 * const { scaledWavelength } = models.ropeSpectrum(128, 500000, 131072, { ropeType: 'llama3', factor: 8,
 *   lowFreqFactor: 1, highFreqFactor: 4, originalMaxPositionEmbeddings: 8192 });
 * ```
 *
 * Errors follow pe-engine.d.ts: an invalid argument throws a JS `Error` whose message starts with the function's
 * name and names the parameter, the value received and what is allowed; arguments are read once, in JavaScript,
 * before any WebAssembly runs, and the module stays usable after any number of errors.
 */
import type { MemoryUsage } from './pe-engine.js';

/** `tableCosine`'s result; n = count. */
export interface TableCosine {
  /** n * n cosines, row-major, in [-1, 1]. */
  matrix: Float32Array;
  /** n values: the mean cosine of the pairs k positions apart, k = 0..n-1 (1 at k = 0 but for zero rows). */
  byOffset: Float64Array;
  /** n values: the sinusoidal encoding's mean cosine by offset at the same width; null when cols is odd. */
  sinusoid: Float64Array | null;
}

/** `tableStats`' result; n = count, d = cols. */
export interface TableStats {
  /** n values: each row's Euclidean norm. */
  norms: Float64Array;
  /** d values: each dimension's mean over the rows. */
  mean: Float64Array;
  /** d values: each dimension's variance over the rows (divided by n). */
  variance: Float64Array;
  /** d values: variance / total variance, summing to 1 (all 0 when every dimension is constant). */
  share: Float64Array;
  /** d dimension indices, by variance, largest first (ties: lower index first). */
  order: Int32Array;
  /** d values: the share of the first j + 1 dimensions of `order`, rising to 1. */
  cumulative: Float64Array;
}

/** `tableComponents`' result; n = count, d = cols, k = components. */
export interface TableComponents {
  /** k values: each component's share of the total variance, largest first. */
  explained: Float64Array;
  /** k values: each component's variance (an eigenvalue of the covariance, divided by n). */
  variance: Float64Array;
  /** k * d values: component i's unit loading vector at [i * d, (i + 1) * d), its largest-magnitude entry positive. */
  loadings: Float64Array;
  /** n * k values: row a's coordinate on component i at [a * k + i] (the centred row dotted with the loading). */
  coordinates: Float64Array;
  /** Subspace iterations used, 2..300 (fewer at the largest widths; see tableComponents). */
  iterations: number;
}

/** `tablePeriods`' result; d = cols, n = count. */
export interface TablePeriods {
  /** d values: the DFT bin of each column's peak, 1..floor(n/2) (0 for a constant column). */
  bin: Int32Array;
  /** d values: n / bin, the peak's period in positions (0 for a constant column). */
  period: Float64Array;
  /** d values: the column's power in that bin (both its halves) over all its power, 0..1. */
  share: Float64Array;
}

/** Hugging Face's `rope_type` values (transformers' ROPE_INIT_FUNCTIONS). */
export type RopeType = 'default' | 'linear' | 'dynamic' | 'yarn' | 'longrope' | 'llama3';

/**
 * A config.json's `rope_scaling`, its keys in camelCase and its values plain numbers (the front end maps the
 * old `type` key to `ropeType`). Keys a rope type does not read are accepted (their values still checked) and
 * ignored, as Hugging Face ignores them.
 */
export interface RopeScaling {
  /** default `"default"` */
  ropeType?: RopeType;
  /** 1..1e6; required for linear, dynamic, yarn and llama3; longrope reads it only for its attention factor. */
  factor?: number;
  /**
   * integer, 1..1e9. Required for llama3; yarn's ramp is measured at it (default contextLength); for longrope
   * it is Phi-3's top-level field, which makes the factor contextLength / it (default: none, factor as given).
   */
  originalMaxPositionEmbeddings?: number;
  /** llama3, required: > 0, and highFreqFactor >= lowFreqFactor (at most 1e6; equal: no band blends) */
  lowFreqFactor?: number;
  highFreqFactor?: number;
  /** yarn: > 0, at most 1e6 (defaults 32 and 1) */
  betaFast?: number;
  betaSlow?: number;
  /** yarn (DeepSeek): 0..1e6, 0 meaning unset (Hugging Face's test); used when both are set */
  mscale?: number;
  mscaleAllDim?: number;
  /** yarn, longrope: > 0, at most 1e6; replaces the computed attention factor */
  attentionFactor?: number;
  /** yarn: widen the ramp's ends to whole pairs (default true; gpt-oss sets false) */
  truncate?: boolean;
  /** longrope, required: rotaryDim / 2 numbers each, > 0 and at most 1e6 */
  shortFactor?: ArrayLike<number>;
  longFactor?: ArrayLike<number>;
}

/** Per rotary pair i = 0..rotaryDim/2-1 (Float64Array of rotaryDim/2 items); frequencies in radians per token. */
export interface RopeSpectrum {
  /** `int(headDim * partialRotaryFactor)`: the dimensions that rotate */
  rotaryDim: number;
  /** the factor on cos and sin (yarn, longrope; else 1): attention logits grow by its square */
  attentionFactor: number;
  /** longrope: true when `options.seqLen` exceeds the original length, so `longFactor` applies */
  longFactor: boolean;
  /** `base^(-2i / rotaryDim)`, before scaling */
  invFreq: Float64Array;
  /** as the model runs, after scaling */
  scaledInvFreq: Float64Array;
  /** invFreq / scaledInvFreq: 1 where a pair is kept, the factor where it is interpolated */
  pairFactor: Float64Array;
  /** 2 pi / invFreq, in tokens */
  wavelength: Float64Array;
  /** 2 pi / scaledInvFreq, in tokens */
  scaledWavelength: Float64Array;
  /** contextLength / scaledWavelength: below 1, the pair never completes a turn inside the context window */
  turns: Float64Array;
}

export interface PeModels {
  /**
   * The cosine similarity of every pair of positions of a learned table (GPT-2's `wpe`, BERT's, OPT's after
   * its two offset rows, Whisper's decoder), and its mean by offset, beside the sinusoidal encoding's curve at
   * the same width. Products in float32 (rows scaled by powers of two, so no sum overflows), cosines and means
   * in double. Exactly symmetric; exactly 1 on the diagonal, except that an all-zero row has cosine 0 with
   * every row.
   * @param values `rows * cols` numbers, row-major (a row per position; a `Float32Array` from a checkpoint),
   *   each finite and within float32's range; a NaN or infinity is refused, naming its index
   * @param rows rows of `values`, 1..8192; `rows * cols` at most 2^24
   * @param cols values per row, 1..4096
   * @param first the first row analysed, 0..rows-1 (default 0; 2 for OPT)
   * @param count rows analysed from `first`, 1..2048 and at most `rows - first` (default `rows - first`);
   *   `count^2 * cols / 2` (the multiply-adds) at most 2^32
   * @param base the sinusoidal encoding's base for `sinusoid` (default 10000)
   * @returns with n = count: `matrix`, n * n cosines (row-major, rows `first..first+n-1`); `byOffset`, n
   *   values: for k = 0..n-1 the mean of `matrix[a][a + k]` over a = 0..n-1-k; `sinusoid`, n values: the same
   *   mean for the sinusoidal table with `cols` dimensions (pe-engine's `dotByOffset(0, n - 1, cols, base) / (cols / 2)`),
   *   or null when cols is odd.
   * @throws Error when an argument is invalid.
   */
  tableCosine(
    values: ArrayLike<number>,
    rows: number,
    cols: number,
    first?: number,
    count?: number,
    base?: number,
  ): TableCosine;

  /**
   * Row norms and per-dimension variance of a learned table's rows `first..first+count-1`, in double: how much
   * of the position signal each dimension carries. "The top 10% of dimensions carry X% of the variance" is
   * `cumulative[Math.ceil(0.1 * cols) - 1]`.
   * @param values `rows * cols` finite float32 numbers, row-major (see tableCosine)
   * @param rows 1..8192
   * @param cols 1..4096
   * @param first 0..rows-1 (default 0)
   * @param count 1..rows-first (default `rows - first`)
   * @throws Error when an argument is invalid.
   */
  tableStats(
    values: ArrayLike<number>,
    rows: number,
    cols: number,
    first?: number,
    count?: number,
  ): TableStats;

  /**
   * The top principal components of a learned table's centred rows `first..first+count-1`: the d x d
   * covariance (float32 products), then subspace iteration with Rayleigh-Ritz on `components + 8` vectors
   * from a fixed start until the top variances move by less than 1e-6 of the largest (at most 300
   * iterations, and at most 2^32 / (cols^2 * (components + 8)): 10 at cols = 4096). Deterministic: each
   * component's largest-magnitude loading is positive.
   * @param values `rows * cols` finite float32 numbers, row-major (see tableCosine)
   * @param rows 1..8192
   * @param cols 1..4096
   * @param first 0..rows-1 (default 0)
   * @param count 2..rows-first (default `rows - first`); `count * cols^2 / 2` at most 2^32
   * @param components k, 1..16 and at most cols (default 2)
   * @throws Error when an argument is invalid or the work is over its cap.
   */
  tableComponents(
    values: ArrayLike<number>,
    rows: number,
    cols: number,
    first?: number,
    count?: number,
    components?: number,
  ): TableComponents;

  /**
   * Each dimension's dominant frequency over a learned table's rows `first..first+count-1`: the DFT of the
   * centred column over the n = count positions, its strongest bin but DC, as a period in positions, and the
   * share of the column's power in that bin (1 for a pure sinusoid with whole cycles).
   * @param values `rows * cols` finite float32 numbers, row-major (see tableCosine)
   * @param rows 1..8192
   * @param cols 1..4096
   * @param first 0..rows-1 (default 0)
   * @param count 2..rows-first (default `rows - first`); `count^2 * cols` at most 2^32
   * @throws Error when an argument is invalid or the work is over its cap.
   */
  tablePeriods(
    values: ArrayLike<number>,
    rows: number,
    cols: number,
    first?: number,
    count?: number,
  ): TablePeriods;

  /**
   * What a real model's RoPE setting does to each rotary pair, as Hugging Face transformers computes it
   * (modeling_rope_utils.py's `_compute_*_parameters`), in double precision where it uses float32.
   * `"default"`: `base^(-2i/d)`; `"linear"`: divided by `factor`; `"dynamic"`: the base times
   * `(factor L / contextLength - (factor - 1))^(d / (d - 2))` once L = `options.seqLen` exceeds contextLength
   * (Hugging Face measures against max_position_embeddings here); `"yarn"`: kept for pairs turning more than
   * `betaFast` times in the original length, divided by `factor` below `betaSlow` turns, a linear ramp between,
   * attention factor `0.1 ln factor + 1` (or the ratio of `mscale` and `mscaleAllDim`'s); `"longrope"`: divided
   * by `shortFactor[i]`, or `longFactor[i]` once L exceeds the original length, attention factor
   * `sqrt(1 + ln factor / ln original)`; `"llama3"`: kept for wavelengths below original / highFreqFactor,
   * divided by `factor` above original / lowFreqFactor, blended by `original / wavelength` between.
   * @param headDim the head's size (head_dim, or hidden_size / num_attention_heads), integer 2..4096
   * @param base rope_theta, > 1 and at most 1e12 (default 10000)
   * @param contextLength the context window (max_position_embeddings), integer 1..1e9
   * @param scaling rope_scaling (undefined or null: none)
   * @param options `{ partialRotaryFactor, seqLen }`: the rotating share of the head, in (0, 1] (default 1;
   *   `int(headDim * partialRotaryFactor)` must be even and at least 2, at least 4 for dynamic), and the running
   *   sequence length, integer 1..1e9 (default: none, Hugging Face's seq_len=None: dynamic keeps its base,
   *   longrope takes its short factors)
   * @returns fresh arrays, one item per rotary pair (see RopeSpectrum)
   */
  ropeSpectrum(
    headDim: number,
    base: number | undefined,
    contextLength: number,
    scaling?: RopeScaling | null,
    options?: { partialRotaryFactor?: number; seqLen?: number },
  ): RopeSpectrum;

  /**
   * T5's relative position buckets (T5Attention._relative_position_bucket in transformers' modeling_t5.py):
   * the bucket whose learned bias a key at signed offset r = key - query reads. Offsets below half the buckets
   * of a direction get one bucket each; beyond, buckets widen logarithmically up to `maxDistance`, and every
   * offset at or past it shares the direction's last bucket. Bidirectional (the encoder) gives keys after the
   * query the upper half of the buckets; causal (the decoder) gives them all bucket 0.
   * @param numBuckets relative_attention_num_buckets, integer 2..1024 (at least 4 when bidirectional)
   * @param maxDistance relative_attention_max_distance, integer up to 1e6, more than the exact range
   *   (numBuckets / 4 bidirectional, numBuckets / 2 causal, rounded down)
   * @param maxOffset the largest |r|, integer 0..65536
   * @param bidirectional default true
   * @returns `2 * maxOffset + 1` buckets: r's at index `r + maxOffset`
   */
  t5Buckets(numBuckets: number, maxDistance: number, maxOffset: number, bidirectional?: boolean): Int32Array;

  /** The module's memory, for checking that repeated calls leave nothing behind. */
  memoryUsage(): MemoryUsage;
}

/**
 * Loads the models' module. In a browser or worker the `.wasm` is fetched from beside `pe-models.js`; in Node it
 * is read from disk. Options are passed to the Emscripten module (for example `wasmBinary`).
 */
export default function createModels(options?: Record<string, unknown>): Promise<PeModels>;
