/**
 * PE Explorer's training lab: a small transformer trained by hand-written forward and backward passes in C++,
 * compiled to WebAssembly, one position scheme at a time, on a synthetic task (docs/lab-model.md is its exact
 * contract, checked against PyTorch). A module of its own, apart from pe-engine.js, so that pages without the
 * lab never download it.
 *
 * ```js
 * import createLab from './engine/pe-lab.js';
 * const { Lab } = await createLab();
 * const lab = new Lab({ task: 'subject', scheme: 'rope' });
 * const { loss } = lab.train(100);
 * lab.delete();
 * ```
 *
 * Errors follow pe-engine.d.ts: an invalid argument throws a JS `Error` whose message starts with `new Lab:` or
 * `Lab.<method>:` and names the parameter, the value received and what is allowed; arguments are read once, in
 * JavaScript, before any WebAssembly runs, and the module stays usable after any number of errors.
 */
import type { MemoryUsage } from './pe-engine.js';

export type { MemoryUsage };

/** The lab's synthetic tasks (docs/lab-model.md, "Tasks"). */
export type LabTask = 'previous' | 'reverse' | 'first' | 'subject' | 'majority';
/**
 * How position enters the lab's model: nothing, an added sinusoidal or learned table, RoPE's rotation, ALiBi's
 * fixed distance penalty, or T5's learned bias per bucket of relative position and head (docs/lab-model.md).
 */
export type LabScheme = 'none' | 'sinusoidal' | 'learned' | 'rope' | 'alibi' | 't5';

/**
 * A lab run's configuration. Every field is optional and takes the default shown; a field not listed here is
 * an error. Integers must be whole numbers; all ranges are inclusive.
 */
export interface LabConfig {
  /**
   * `"previous"` (default; target at p is the token at p-1), `"reverse"` (the token at n-1-p), `"first"` (the
   * token at 0; always causal), `"subject"` (who acts in "the [adjectives] A verb the [adjectives] B", one
   * target per sentence; always bidirectional; length at least 5), `"majority"` (the most frequent of 8 symbols,
   * the smallest on a tie, one target per sequence: a rule blind to order, which every scheme can learn, `"none"`
   * included).
   */
  task?: LabTask;
  /** Default `"rope"`. */
  scheme?: LabScheme;
  /** Which features RoPE pairs: `"interleaved"` (2i, 2i+1) or `"half"` (i, i + dh/2, the default). */
  ropeConvention?: 'interleaved' | 'half';
  /** Frequency base of `sinusoidal` and `rope`, 10..1e6 (default 10000). */
  base?: number;
  /** Width d: even, 8..256, divisible by `nHeads` (and leaving an even head size for `rope`). Default 64. */
  dModel?: number;
  /** Heads, 1..8 (default 4). */
  nHeads?: number;
  /** Blocks, 1..4 (default 2). */
  nLayers?: number;
  /** Training sequence length T in tokens, 2..32 (5..32 for `subject`; default 16). */
  length?: number;
  /** Sequences per step, 1..256 (default 32). */
  batch?: number;
  /** Attention mask; default the task's (`previous` and `first` causal, the others not). */
  causal?: boolean;
  /** Multiply token embeddings by sqrt(d) (default true). */
  scaleEmbedding?: boolean;
  /** Peak learning rate, 1e-5..1 (default 3e-3). */
  lr?: number;
  /** Linear warm-up steps, 0..`steps` (default 50, or `steps` when that is fewer). */
  warmup?: number;
  /** Length of the schedule in steps, 1..100000 (default 600); training may go on past it at 0.1 lr. */
  steps?: number;
  /** AdamW decoupled weight decay on the weight matrices, 0..1 (default 0.01). */
  weightDecay?: number;
  /** Global gradient-norm clip, 0 (off)..100 (default 1). */
  clip?: number;
  /** Seed of the initial weights and the training data, an integer 0..2^32-1 (default 1). */
  seed?: number;
  /**
   * Randomized positions (Ruoss et al. 2023): 0 (off, the default), or L from `length` to 128, and then each
   * training sequence takes `length` sorted positions drawn from 0..L-1 (its own seeded stream), while
   * evaluation and inspection keep 0..n-1. Not allowed with `scheme: "none"`. With `learned`, the table has L
   * rows.
   */
  randomizedPositions?: number;
  /**
   * RoPE run as a context-extension method in training and evaluation, `rope` only (default `"none"`). Usually
   * set by {@link Lab.extend}; given to `new Lab`, the run trains from its start with the scaled tables.
   */
  extension?: LabExtensionMethod;
  /** The method's length factor s, 1..64 (default 1). */
  extensionFactor?: number;
  /**
   * The length the scaling is relative to (the length the run was first trained at): 0 (the default, meaning
   * `length` itself) or from the task's minimum to `length`. YaRN's ramp, dynamic NTK's threshold and Llama
   * 3.1's bands read it; interpolation and static NTK use only the factor.
   */
  originalLength?: number;
}

/**
 * The context-extension methods: `interpolation` (positions divided by the factor, Chen et al. 2023), `ntk`
 * (bloc97's static NTK-aware base), `dynamic` (the NTK base recomputed from each length past the original
 * one), `yarn` (Peng et al. 2023's ramp and temperature), `llama3` (Llama 3.1's rule), or `none`; the same
 * methods as `contextExtension` of the figure engine.
 */
export type LabExtensionMethod = 'none' | 'interpolation' | 'ntk' | 'dynamic' | 'yarn' | 'llama3';

/** Per-step results of {@link Lab.train}, one entry per step taken, in order. */
export interface LabTrainResult {
  /** Mean cross-entropy (nats) of each step's batch, before that step's update. */
  loss: Float32Array;
  /** Fraction (0..1) of each step's batch targets predicted right, before that step's update. */
  accuracy: Float32Array;
}

/** Results of {@link Lab.evaluate}, one entry per evaluation length. */
export interface LabEvaluation {
  /** The lengths evaluated: the grid, or those asked for, from the task's minimum to min(4 T, 128), ascending. */
  lengths: Int32Array;
  /** Fraction (0..1) of targets predicted right at each length. */
  accuracy: Float64Array;
  /** Mean cross-entropy (nats) at each length. */
  loss: Float64Array;
}

/** One example's attention, from {@link Lab.attention}. */
export interface LabAttention {
  /** The sequence length n. */
  length: number;
  /** The n token ids. */
  tokens: Int32Array;
  /** The n tokens as words (`subject`) or as the symbols' numbers ("0".."15"). */
  words: string[];
  /** The targets: n of them (-1 where a position has none), or 1 for `subject` and `majority`. */
  targets: Int32Array;
  /** n x n, row-major: row p is query p's softmax over keys m (zero where the causal mask hides m > p). */
  weights: Float32Array;
}

/** Mean pre-softmax attention score by offset, from {@link Lab.offsetScores}. */
export interface LabOffsetScores {
  /** Offsets p - m (query position minus key position), ascending: -(n-1)..n-1, or 0..n-1 when causal. */
  offsets: Int32Array;
  /** Mean of q.k / sqrt(dh) + ALiBi bias over every query-key pair at that offset of 64 evaluation sequences. */
  mean: Float64Array;
}

/**
 * A lab run: the model, AdamW's state, the step count and the training data stream. Training is single-threaded
 * and deterministic: the same configuration gives bitwise the same curve, and a state exported and imported
 * continues bitwise as the original would have. Caps: dModel 256, 4 layers, 8 heads, length 32 (128 when
 * evaluating), batch 256, 10000 steps per `train` call, and batch x length x width x depth together limited to
 * 2^25 floats of activations per step (about 128 MiB; about batch * length * ((16 dModel + nHeads length) *
 * nLayers + 16 dModel) floats); a configuration past them is rejected.
 *
 * Errors: a bad argument (wrong type, NaN, out of range, unknown string, unknown config field) throws an `Error`
 * whose message starts with `new Lab:` or `Lab.<method>:` and names the parameter, the value received and what
 * is allowed; the Lab and the module stay usable. A deleted Lab throws on every call.
 *
 * Memory: the run lives in the engine's memory until {@link Lab.delete} is called; results are fresh JS-owned
 * arrays.
 */
export interface Lab {
  /** Updates done so far (the 0-based index of the next step). */
  readonly step: number;
  /** The full configuration, defaults filled in; `new Lab(lab.config)` starts the same run afresh. */
  readonly config: Required<LabConfig>;
  /**
   * Trains `steps` steps, each on a fresh batch from the seeded data stream.
   * @param steps 1..10000
   * @throws Error when steps is not an integer in range.
   */
  train(steps: number): LabTrainResult;
  /**
   * Accuracy and loss by length on held-out evaluation sets (the same sequences for every scheme, seed and call).
   * Learned positions have no row past the training length, so they meet lengths beyond it with no position.
   * By default the lengths are a grid: the task's minimum, every multiple of ceil(T / 2) up to min(4 T, 128),
   * and T, 2T, 3T, 4T within it (T = 8, `subject`: 5, 8, 12, 16, 20, 24, 28, 32). At 128 samples that costs
   * at most a quarter of training 300 steps at the page's model sizes (`npm run bench`).
   * @param options.samples sequences per length, 1..1024 (default 32)
   * @param options.first the index of the first sequence read in each set, 0 to 1e9 (default 0): the sets are
   *   the same on every call, so slices `{ first: 0, samples: k }`, `{ first: k, samples: k }`, ... give
   *   together the whole set's result (accuracy and loss weighted by samples), each call a fraction as long (the
   *   page's lab evaluates so, keeping every call in its workers near a quarter of a second)
   * @param options.lengths the lengths to evaluate instead of the grid: increasing whole numbers from the
   *   task's minimum to min(4 T, 128)
   * @param options.extension `rope` only: run the trained model, at test time and with no training, as a
   *   context-extension method ({@link LabExtensionMethod}) configured with length factor `factor` (1 to 64)
   *   over the length the run was first trained at (`originalLength`, or T), in place of the run's own
   *   extension (`method: "none"` runs a fine-tuned run with unscaled tables). The run is unchanged
   *   afterwards; without this option a run evaluates with its own tables.
   * @throws Error for an options value that is not an object with only `samples`, `first`, `lengths` and
   *   `extension`, samples or first out of range, lengths that are not increasing whole numbers in range, or an extension of another
   *   scheme, with an unknown method or a factor out of range.
   */
  evaluate(options?: {
    samples?: number;
    first?: number;
    lengths?: ArrayLike<number>;
    extension?: {
      method: LabExtensionMethod;
      factor: number;
    };
  }): LabEvaluation;
  /**
   * Sets up a fine-tune at a longer length, Chen et al. (2023)'s recipe in miniature: from now on `train`
   * draws batches of `length` tokens and RoPE runs as `method` with length factor `factor` over the length the
   * run was first trained at. The weights, AdamW's moments, the step count (so the learning-rate schedule goes
   * on where it was: past `steps`, 0.1 lr) and the data stream's position are kept; `config` then reports the
   * new `length`, `extension`, `extensionFactor` and `originalLength` (which a second `extend` keeps), and the
   * evaluation grid follows the new length. `method: "none"` is plain fine-tuning at the longer length.
   * @param options.method the method the fine-tune trains with
   * @param options.length the new training length: from the run's length to 32
   * @param options.factor 1..64; default the new length over the original one (16 / 8 = 2)
   * @throws Error (`Lab.extend: ...`) when the run's scheme is not `rope`, options is not an object with
   *   `method`, `length` and optionally `factor`, a value is out of range, or the new length passes the
   *   activation cap; the run is then unchanged.
   */
  extend(options: { method: LabExtensionMethod; length: number; factor?: number }): void;
  /**
   * The attention weights of one layer and head for one evaluation sequence.
   * @param layer 0..nLayers-1
   * @param head 0..nHeads-1
   * @param length n, from the task's minimum to min(4 T, 128) (default T)
   * @param example which sequence of that length's evaluation set, 0..1e9 (default 0)
   * @throws Error when an argument is out of range.
   */
  attention(layer: number, head: number, length?: number, example?: number): LabAttention;
  /**
   * The additive position table, R x d row-major over the rows training reaches (R = T, or L with
   * `randomizedPositions`): the trained `wpe` for `learned`, the fixed table for `sinusoidal`, and empty
   * (length 0) for `none`, `rope`, `alibi` and `t5`, which add nothing to the input.
   */
  positionTable(): Float32Array;
  /**
   * The trained model's mean pre-softmax score by offset for one layer and head, over the first 64 sequences of
   * the evaluation set of length n (n <= 32; past it the first 2048 / n, so that no call runs long: 16 at 128):
   * flat for a head that ignores position, peaked where it looks.
   * @param layer 0..nLayers-1
   * @param head 0..nHeads-1
   * @param length n, from the task's minimum to min(4 T, 128) (default T)
   * @throws Error when an argument is out of range.
   */
  offsetScores(layer: number, head: number, length?: number): LabOffsetScores;
  /**
   * The whole run as bytes (magic "PELB", format version 4, configuration, step, data stream, weights, moments,
   * and an FNV-1a 64 checksum of all of it; docs/lab-model.md, "Saved state").
   */
  exportState(): Uint8Array;
  /**
   * Replaces this run with a saved one (its configuration included); training then continues bitwise as the
   * saved run would have. States of format versions 1 to 3 (no checksum) still read.
   * @param bytes from {@link Lab.exportState}, at most 64 MiB
   * @throws Error when bytes is not a Uint8Array or not a saved state, and the message says which: another
   *   format version, truncated, bytes past its end, changed after it was saved (the checksum does not match),
   *   or a configuration that is invalid or does not fit the parameters; the run is then unchanged.
   */
  importState(bytes: Uint8Array): void;
  /** Frees the run's engine memory. Every later call throws; calling delete again does nothing. */
  delete(): void;
}

export interface LabConstructor {
  /**
   * Starts a run: weights initialised from the seed, step 0.
   * @throws Error for an unknown field, a value out of range, or fields that do not fit together (nHeads not
   *   dividing dModel, `first` not causal, `subject` causal or shorter than 5, warmup past steps, the
   *   activation cap).
   */
  new (config?: LabConfig): Lab;
}

export interface PeLab {
  /** Starts a run: `new lab.Lab(config)`; see {@link Lab} and {@link LabConfig}. */
  Lab: LabConstructor;
  /** The module's memory, for checking that runs freed and repeated calls leave nothing behind. */
  memoryUsage(): MemoryUsage;
}

/**
 * Loads the lab's module. In a browser or worker the `.wasm` is fetched from beside `pe-lab.js`; in Node it is
 * read from disk. Options are passed to the Emscripten module (for example `wasmBinary`).
 */
export default function createLab(options?: Record<string, unknown>): Promise<PeLab>;
