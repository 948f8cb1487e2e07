// The two obvious position encodings that do not work, and numbers that show why: the raw index grows without
// bound and drowns the word embedding, and the index divided by the sentence length gives the same offset a
// different value in every sentence. Callers validate: length >= 1, d_model >= 1.
#pragma once

#include <vector>

#include "pe/view.hpp"

namespace pe {

enum class NaiveKind {
  Index,       ///< every dimension of position p holds p
  Normalized,  ///< every dimension of position p holds p / (length - 1) (0 when length is 1)
  Sinusoidal,  ///< the paper's encoding with base 10000, for comparison (d_model even)
};

/// length x d_model float32 values, row-major, for Index or Normalized.
[[nodiscard]] std::vector<float> naive_encoding(NaiveKind kind, int length, int d_model);

/// For each position p = 0..length-1: |PE(p)| / sqrt(d_model). The denominator is the root-mean-square norm
/// of a word embedding scaled as in tensor2tensor (entries with standard deviation d_model^-1/2, multiplied
/// by sqrt(d_model), so about 1 each), so the ratio says how loud the position is next to the word. For Index
/// it is p, for Normalized p / (length - 1), for Sinusoidal 1/sqrt(2).
[[nodiscard]] std::vector<double> naive_norm_ratio(NaiveKind kind, int length, int d_model);

/// The normalised encoding's value difference between positions p and p + offset, in a sentence of each
/// length: offset / (length - 1), or NaN when the sentence is too short to hold the offset (when
/// offset > length - 1). Lengths must be >= 2.
[[nodiscard]] std::vector<double> naive_offset_meaning(int offset, span<const int> lengths);

}  // namespace pe
