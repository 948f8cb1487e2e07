// T5's relative position buckets (Raffel et al., 2020): the bucket whose learned bias a relative position
// key - query reads, as relative_position_bucket in Mesh TensorFlow and Hugging Face's T5
// (src/transformers/models/t5/modeling_t5.py, T5Attention._relative_position_bucket). Distances below half
// the buckets get one bucket each; beyond, buckets widen logarithmically up to max_distance, and every
// distance at or past it shares the last bucket. Bidirectional attention (the encoder) gives half the buckets
// to keys after the query; causal attention (the decoder) gives every key after the query bucket 0.
#pragma once

#include <vector>

namespace pe {

/// The bucket (0..num_buckets-1) of relative_position. T5 computes the logarithmic part in float32 and
/// truncates; the exact value's floor, computed with portable_log and a 1e-9 margin that keeps an exact
/// integer from rounding below itself, gives the same bucket at every offset tests/js/t5-buckets.test.mjs
/// checks against PyTorch. Requires num_buckets >= 2 (>= 4 bidirectional) and max_distance > the exact range
/// (half the buckets left after the direction's split).
[[nodiscard]] int t5_bucket(int relative_position, int num_buckets, int max_distance,
                            bool bidirectional) noexcept;

/// t5_bucket of every relative position from -max_offset to max_offset, at index r + max_offset.
[[nodiscard]] std::vector<int> t5_buckets(int num_buckets, int max_distance, int max_offset,
                                          bool bidirectional);

}  // namespace pe
