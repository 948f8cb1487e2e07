// The configurations tests/js/rope-config.test.mjs runs through ropeSpectrum and Hugging Face's functions
// (tests/reference/hf_rope_utils.py): published configs and other parameters for every rope_type, and how each
// becomes the config.json and seq_len that Hugging Face reads.

// Made-up LongRoPE factors of Phi-3's shape: short ones near 1, long ones rising to about 60 across the pairs.
export const ramp = (pairs, from, to) =>
  Array.from({ length: pairs }, (_, i) => from + ((to - from) * i ** 2) / (pairs - 1) ** 2);

// Each case: ropeSpectrum's arguments (headDim, base, contextLength, scaling, options).
export const CASES = {
  'Llama 2': [128, 10000, 4096],
  'Code Llama (base 1e6)': [128, 1e6, 16384],
  'Llama 3': [128, 500000, 8192],
  Mistral: [128, 1e6, 32768],
  Gemma: [256, 10000, 8192],
  'GPT-J (rotary_dim 64 of 256)': [256, 10000, 2048, undefined, { partialRotaryFactor: 0.25 }],
  'GPT-NeoX (rotary_pct 0.25)': [96, 10000, 2048, null, { partialRotaryFactor: 0.25 }],
  'Phi-2 (partial 0.4)': [80, 10000, 2048, undefined, { partialRotaryFactor: 0.4 }],
  'partial 0.5': [64, 10000, 4096, { ropeType: 'default' }, { partialRotaryFactor: 0.5 }],
  'linear, factor 2': [128, 10000, 8192, { ropeType: 'linear', factor: 2 }],
  'linear, factor 4, partial 0.5': [
    64,
    10000,
    16384,
    { ropeType: 'linear', factor: 4 },
    { partialRotaryFactor: 0.5 },
  ],
  'dynamic, no sequence': [128, 10000, 4096, { ropeType: 'dynamic', factor: 2 }],
  'dynamic, below the context': [128, 10000, 4096, { ropeType: 'dynamic', factor: 2 }, { seqLen: 2048 }],
  'dynamic, above the context': [128, 10000, 4096, { ropeType: 'dynamic', factor: 2 }, { seqLen: 8192 }],
  'dynamic, factor 4, far above, partial 0.25': [
    128,
    500000,
    8192,
    { ropeType: 'dynamic', factor: 4 },
    { seqLen: 100000, partialRotaryFactor: 0.25 },
  ],
  'yarn, Qwen 2.5 (factor 4 of 32768)': [
    128,
    1e6,
    131072,
    { ropeType: 'yarn', factor: 4, originalMaxPositionEmbeddings: 32768 },
  ],
  'yarn, no original length': [128, 10000, 4096, { ropeType: 'yarn', factor: 8 }],
  'yarn, DeepSeek-V3 (mscale 1, mscale_all_dim 1)': [
    64,
    10000,
    163840,
    {
      ropeType: 'yarn',
      factor: 40,
      originalMaxPositionEmbeddings: 4096,
      betaFast: 32,
      betaSlow: 1,
      mscale: 1,
      mscaleAllDim: 1,
    },
  ],
  'yarn, DeepSeek-V2 (mscale 0.707)': [
    64,
    10000,
    163840,
    { ropeType: 'yarn', factor: 40, originalMaxPositionEmbeddings: 4096, mscale: 0.707, mscaleAllDim: 0.707 },
  ],
  'yarn, mscale 1 and mscale_all_dim 0.5': [
    64,
    10000,
    163840,
    { ropeType: 'yarn', factor: 40, originalMaxPositionEmbeddings: 4096, mscale: 1, mscaleAllDim: 0.5 },
  ],
  'yarn, mscale alone': [
    64,
    10000,
    65536,
    { ropeType: 'yarn', factor: 16, originalMaxPositionEmbeddings: 4096, mscale: 2 },
  ],
  'yarn, gpt-oss (truncate false)': [
    64,
    150000,
    131072,
    {
      ropeType: 'yarn',
      factor: 32,
      originalMaxPositionEmbeddings: 4096,
      betaFast: 32,
      betaSlow: 1,
      truncate: false,
    },
  ],
  'yarn, betas 16 and 2, attention factor 1.2': [
    128,
    10000,
    32768,
    {
      ropeType: 'yarn',
      factor: 8,
      originalMaxPositionEmbeddings: 4096,
      betaFast: 16,
      betaSlow: 2,
      attentionFactor: 1.2,
    },
  ],
  // The ramp's end past the last pair (pair 84 of 64), and clamped at dim - 1 = 127 rather than the pair count.
  'yarn, ramp end past the last pair': [
    128,
    10000,
    2e6,
    { ropeType: 'yarn', factor: 2, originalMaxPositionEmbeddings: 1e6 },
  ],
  'yarn, ramp end clamped at dim - 1': [
    128,
    10000,
    2e7,
    { ropeType: 'yarn', factor: 2, originalMaxPositionEmbeddings: 1e7, betaFast: 1e4, betaSlow: 0.01 },
  ],
  'yarn, partial 0.5, truncate false': [
    128,
    10000,
    16384,
    { ropeType: 'yarn', factor: 4, originalMaxPositionEmbeddings: 4096, truncate: false },
    { partialRotaryFactor: 0.5 },
  ],
  'llama3, Llama 3.1 (8, 1, 4, 8192)': [
    128,
    500000,
    131072,
    {
      ropeType: 'llama3',
      factor: 8,
      lowFreqFactor: 1,
      highFreqFactor: 4,
      originalMaxPositionEmbeddings: 8192,
    },
  ],
  'llama3, Llama 3.2 (factor 32)': [
    64,
    500000,
    131072,
    {
      ropeType: 'llama3',
      factor: 32,
      lowFreqFactor: 1,
      highFreqFactor: 4,
      originalMaxPositionEmbeddings: 8192,
    },
  ],
  'llama3, factor 4, low 2, high 8, original 4096': [
    128,
    10000,
    16384,
    {
      ropeType: 'llama3',
      factor: 4,
      lowFreqFactor: 2,
      highFreqFactor: 8,
      originalMaxPositionEmbeddings: 4096,
    },
  ],
};

// LongRoPE, Phi-3-mini-128k's shape (head 96, 48 pairs, original 4096 of 131072) in both regimes.
export const phi3 = {
  ropeType: 'longrope',
  shortFactor: ramp(48, 1, 1.2),
  longFactor: ramp(48, 1, 60),
  originalMaxPositionEmbeddings: 4096,
};
Object.assign(CASES, {
  'longrope, Phi-3, no sequence (short)': [96, 10000, 131072, phi3],
  'longrope, Phi-3, at the original length (short)': [96, 10000, 131072, phi3, { seqLen: 4096 }],
  'longrope, Phi-3, past it (long)': [96, 10000, 131072, phi3, { seqLen: 4097 }],
  'longrope, Phi-3, whole window (long)': [96, 10000, 131072, phi3, { seqLen: 131072 }],
  'longrope, attention factor given': [
    96,
    10000,
    131072,
    { ...phi3, attentionFactor: 1.19 },
    { seqLen: 8192 },
  ],
  'longrope, factor without an original length': [
    96,
    10000,
    32768,
    { ropeType: 'longrope', factor: 8, shortFactor: ramp(48, 1, 2), longFactor: ramp(48, 2, 16) },
    { seqLen: 40000 },
  ],
  'longrope, partial 0.5': [
    128,
    10000,
    65536,
    { ...phi3, shortFactor: ramp(32, 1, 1.5), longFactor: ramp(32, 1, 30) },
    { partialRotaryFactor: 0.5, seqLen: 10000 },
  ],
});

const SNAKE = {
  ropeType: 'rope_type',
  factor: 'factor',
  originalMaxPositionEmbeddings: 'original_max_position_embeddings',
  lowFreqFactor: 'low_freq_factor',
  highFreqFactor: 'high_freq_factor',
  betaFast: 'beta_fast',
  betaSlow: 'beta_slow',
  mscale: 'mscale',
  mscaleAllDim: 'mscale_all_dim',
  attentionFactor: 'attention_factor',
  truncate: 'truncate',
  shortFactor: 'short_factor',
  longFactor: 'long_factor',
};

// The config.json that Hugging Face would read for one case, and the seq_len it would be called with.
export function hfCase([headDim, base, contextLength, scaling, options = {}]) {
  const config = { rope_theta: base, head_dim: headDim, max_position_embeddings: contextLength };
  if (options.partialRotaryFactor !== undefined) config.partial_rotary_factor = options.partialRotaryFactor;
  if (scaling) {
    config.rope_scaling = {};
    for (const [key, value] of Object.entries(scaling)) {
      // Phi-3 keeps original_max_position_embeddings beside max_position_embeddings, where HF's longrope reads it.
      if (scaling.ropeType === 'longrope' && key === 'originalMaxPositionEmbeddings') {
        config.original_max_position_embeddings = value;
      } else config.rope_scaling[SNAKE[key]] = value;
    }
  }
  return { config, seq_len: options.seqLen ?? null };
}
