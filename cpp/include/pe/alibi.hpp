// Attention with Linear Biases (ALiBi, Press et al. 2022): no position vector at all; each head adds
// -slope * distance to its attention scores, with a fixed geometric sequence of slopes across heads.
// Callers validate sizes (see limits.hpp): 1 <= n_heads <= limits::kMaxHeads, seq_len >= 1.
#pragma once

#include <vector>

namespace pe {

/// The paper's head slopes: for n a power of two, 2^(-8i/n) for i = 1..n; otherwise the slopes for
/// m = 2^floor(log2 n) followed by every other slope (indices 0, 2, 4, ...) of the slopes for 2m, until there
/// are n. Decreasing from the first head to the last only when n is a power of two.
[[nodiscard]] std::vector<double> alibi_slopes(int n_heads);

/// seq_len x seq_len row-major, entry (i, j) = -slope * |i - j| (query i, key j); no masking.
[[nodiscard]] std::vector<double> alibi_bias(double slope, int seq_len);

/// n_heads x seq_len x seq_len: alibi_bias for every head's slope. When causal, keys after the query
/// (j > i) hold -infinity, so the result can be added to raw scores before the softmax as it stands; when not
/// causal, every entry is the symmetric bias and any masking is the caller's business.
[[nodiscard]] std::vector<double> alibi_bias_heads(int n_heads, int seq_len, bool causal);

}  // namespace pe
