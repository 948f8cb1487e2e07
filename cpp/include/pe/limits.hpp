// Size caps shared by every entry point, so that no call can exhaust memory.
#pragma once

#include <cstdint>

namespace pe::limits {

inline constexpr int kMaxDModel = 4096;
inline constexpr int kMaxPositions = 65536;
inline constexpr std::int64_t kMaxValues = std::int64_t{1} << 24;
inline constexpr int kMaxHeads = 64;
inline constexpr int kMaxWords = 32;
inline constexpr int kMaxSimilarityPositions = 1024;
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
inline constexpr std::int64_t kLabMaxActivations = std::int64_t{1} << 25;  // floats: 128 MiB
// Per call, so that one call returns within minutes at the largest sizes; results grow by two floats a step.
inline constexpr int kLabMaxStepsPerCall = 10000;
inline constexpr int kLabMaxEvalSamples = 1024;
// A saved run at the largest sizes is about 38 MiB (parameters and both moments); anything longer is not one.
inline constexpr std::int64_t kLabMaxStateBytes = std::int64_t{64} << 20;

}  // namespace pe::limits
