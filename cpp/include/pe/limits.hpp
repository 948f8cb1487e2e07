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

}  // namespace pe::limits
