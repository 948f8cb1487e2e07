// Every size cap and input limit of the engine and its bindings, in one place and nowhere else, so that no
// call can exhaust memory or time and the numbers in error messages have one source (pe-engine.d.ts repeats
// them for readers). The bindings refuse anything beyond them; the engine states them as preconditions.
#pragma once

#include <cstddef>
#include <cstdint>

namespace pe::limits {

// Interpolation factors (RoPE scale, NTK factor) beyond this compress a million positions into one; there is
// nothing to show past that.
inline constexpr double kMaxScale = 1e6;
// rope_scaling's numbers other than lengths (Llama 3's frequency factors, YaRN's betas, mscale and attention
// factor, LongRoPE's per-pair factors): published configs stay below 100, and nothing a figure could show
// changes past this.
inline constexpr double kMaxRopeScalingValue = 1e6;
// Seeds are integers from 0 to 2^32 - 1: exact in a JavaScript number and short in a URL.
inline constexpr double kMaxSeed = 4294967295.0;
// Packed colours in the heatmap's palette (at least 2).
inline constexpr std::size_t kMaxPaletteSize = 4096;
// Largest d_model of an attention layer: its four d_model x d_model weight matrices are drawn on every call,
// 32 MiB at this size, where kMaxDModel would need half a gigabyte.
inline constexpr int kMaxAttentionDModel = 1024;
inline constexpr int kMaxAttentionSeqLen = 1024;
// The four d_model x d_model projections cost seqLen * dModel^2 multiply-adds each; this keeps a call near a
// third of a second in the browser at worst.
inline constexpr std::int64_t kMaxProjectionWork = std::int64_t{1} << 25;
// Scores and weights come as a pair of Float64Arrays of heads * seqLen^2 values: 64 MiB together at this cap.
inline constexpr std::int64_t kMaxScoreValues = std::int64_t{1} << 22;
// Mixing grids and RMS cost positions^2 * dModel multiply-adds for the position terms alone.
inline constexpr std::int64_t kMaxGridWork = std::int64_t{1} << 25;
// UTF-16 code units of a sentence: kMaxWords words with punctuation fit many times over; the cap only bounds
// the copy into C++.
inline constexpr std::size_t kMaxTextLength = 2000;
// UTF-16 code units of a single word argument.
inline constexpr std::size_t kMaxWordLength = 40;

inline constexpr int kMaxDModel = 4096;
// Pairs of the widest encoding or head (rope keeps one frequency per pair on the stack).
inline constexpr int kMaxPairs = kMaxDModel / 2;
inline constexpr int kMaxPositions = 65536;
// Values in one result or array argument: 64 MiB of float32, 128 MiB of double.
inline constexpr std::int64_t kMaxValues = std::int64_t{1} << 24;
inline constexpr int kMaxHeads = 64;
inline constexpr int kMaxWords = 32;
// Starts dotByOffsetSpread compares: a figure draws one curve per start.
inline constexpr std::size_t kMaxSpreadStarts = 64;
// Positions of the square matrices (similarity, RoPE scores, ALiBi bias, mixing grids).
inline constexpr int kMaxSimilarityPositions = 1024;
// A learned position table analysed as a whole (pe/table_stats.hpp): its rows (positions; OPT's 2050 and
// more), the rows of its n x n cosine matrix (16 MiB of float32 at this size), and its principal components.
inline constexpr int kMaxTableRows = 8192;
inline constexpr int kMaxTableCosineRows = 2048;
inline constexpr int kMaxTableComponents = 16;
// Multiply-adds of one analysis: the cosine matrix's rows^2 * cols / 2, the covariance's rows * cols^2 / 2,
// the columns' spectra rows^2 * cols, and the components' iterations cols^2 * (k + 8) each (they stop early
// at this cap). At 2^33 the cosine matrix of 2048 x 4096 took 8.4 s in Node on the 2-core machine under load;
// at 2^32 it is half that. GPT-2's cosine matrix is 2^28.6; OPT's (2048 x 768) spectra 2^31.6.
inline constexpr std::int64_t kMaxTableWork = std::int64_t{1} << 32;
inline constexpr double kMinBase = 1.0 + 1e-9;
inline constexpr double kMaxBase = 1e12;
// A position given as a number (RoPE start, context lengths, precision probes) rather than as a count of
// rows: it costs no memory, so it may go far past kMaxPositions.
inline constexpr double kMaxPositionValue = 1e9;

// The training lab (pe/lab, docs/lab-model.md). A model's sizes, and through them its parameters (at most
// about 3.2 million floats, times four for gradients and AdamW moments) and one step's activations, which the
// last cap bounds on its own because batch, length, width and depth multiply.
inline constexpr int kLabMaxDModel = 256;
inline constexpr int kLabMaxLayers = 4;
inline constexpr int kLabMaxHeads = 8;
inline constexpr int kLabMaxLength = 32;
inline constexpr int kLabMaxEvalLength = 128;
inline constexpr int kLabMaxBatch = 256;
// Training steps and warmup steps of a run's schedule.
inline constexpr int kLabMaxSchedule = 100000;
inline constexpr std::int64_t kLabMaxActivations = std::int64_t{1} << 25;  // floats: 128 MiB
// Per call, so that one call returns within minutes at the largest sizes; results grow by two floats a step.
inline constexpr int kLabMaxStepsPerCall = 10000;
inline constexpr int kLabMaxEvalSamples = 1024;
// Evaluation sequences are numbered by their own streams; any index up to this one is as cheap as the first.
inline constexpr int kLabMaxExample = 1000000000;
// A saved run at the largest sizes is about 38 MiB (parameters and both moments); anything longer is not one.
inline constexpr std::int64_t kLabMaxStateBytes = std::int64_t{64} << 20;

}  // namespace pe::limits
