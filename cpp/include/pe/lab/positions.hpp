// Positions beyond 0..n-1 (docs/lab-model.md, "T5" and "Randomized positions"): the bucket T5's learned bias
// assigns to a relative position, and the sorted random positions of Ruoss et al. (2023) that training
// sequences take when the configuration asks for them.
#pragma once

#include <cstdint>
#include <vector>

#include "pe/lab/config.hpp"
#include "pe/limits.hpp"

namespace pe::lab {

/// The largest |key position - query position| the lab meets: positions stay below the evaluation cap.
inline constexpr int kMaxOffset = limits::kLabMaxEvalLength - 1;

/// T5's bucket (0..kT5Buckets-1) of relative_position = key (memory) position - query position, as
/// relative_position_bucket in Mesh TensorFlow and Hugging Face's T5: bidirectional gives half the buckets to
/// keys after the query; causal keeps only the past (keys after the query share bucket 0).
[[nodiscard]] int t5_bucket(int relative_position, bool bidirectional) noexcept;

/// t5_bucket for every relative position r from -kMaxOffset to kMaxOffset, at index r + kMaxOffset.
[[nodiscard]] std::vector<int> t5_bucket_table(bool bidirectional);

/// The positions of training batch `index` when config.randomized_positions = L > 0: config.batch rows of
/// config.length distinct positions from 0..L-1, each row sorted ascending ([B, T], row-major).
[[nodiscard]] std::vector<int> training_positions(const Config& config, std::uint64_t index);

}  // namespace pe::lab
