// The lab engine's configuration defaults, for code that fills a configuration without an engine at hand (the
// PyTorch export, the benchmark, the lab's controls).

/**
 * The engine's defaults (docs/lab-model.md, "Configuration"); causal and warmup depend on other fields.
 * @type {Readonly<import('./torch-script.js').FullLabConfig>}
 */
export const LAB_DEFAULTS = Object.freeze({
  task: 'previous',
  scheme: 'rope',
  ropeConvention: 'half',
  base: 10000,
  dModel: 64,
  nHeads: 4,
  nLayers: 2,
  length: 16,
  batch: 32,
  causal: true,
  scaleEmbedding: true,
  lr: 3e-3,
  warmup: 50,
  steps: 600,
  weightDecay: 0.01,
  clip: 1,
  seed: 1,
  randomizedPositions: 0,
  extension: 'none',
  extensionFactor: 1,
  originalLength: 0,
});

/** The shortest sequence each task can write ("the A verb the B" for subject; docs/lab-model.md, "Tasks"). */
export const MIN_LENGTH = Object.freeze({ previous: 2, reverse: 2, first: 2, subject: 5, majority: 2 });

/** The tasks whose mask is fixed: `first` is always causal, `subject` always bidirectional (docs/lab-model.md). */
export const FIXED_MASK = Object.freeze({ first: true, subject: false });
