// Rotary position embedding (RoPE, Su et al. 2021): each pair of a query or key head is rotated by an angle
// proportional to its position, so that the dot product of a rotated query and a rotated key depends on the
// positions only through their difference. Positions need not be integers: linear position interpolation
// divides them by `scale`. Callers validate sizes (see limits.hpp); these functions assume an even
// head_dim from 2 to limits::kMaxDModel, base > 1 and scale > 0.
#pragma once

#include <vector>

#include "pe/view.hpp"

namespace pe {

/// Which dimensions form the pair rotated by pair i's angle.
enum class RopeConvention {
  Interleaved,  ///< pairs (2i, 2i+1), as in RoFormer and GPT-J
  Half,         ///< pairs (i, i + head_dim/2), as in the GPT-NeoX and LLaMA code ("rotate_half")
};

/// Rotates the rows of x (seq_len rows of head_dim values) in place; row r is rotated for position
/// (start_pos + r) / scale; pair i's angle is position * base^(-2i/head_dim). Angles and the rotation are
/// evaluated in double precision whatever T is, so float data loses only the final rounding. Instantiated
/// for float and double.
template <typename T>
void rope_rotate_inplace(matrix_view<T> x, double start_pos, double base, RopeConvention convention,
                         double scale) noexcept;

extern template void rope_rotate_inplace<float>(matrix_view<float>, double, double, RopeConvention,
                                                double) noexcept;
extern template void rope_rotate_inplace<double>(matrix_view<double>, double, double, RopeConvention,
                                                 double) noexcept;

/// A rotated copy of x (seq_len rows of head_dim values); see rope_rotate_inplace.
[[nodiscard]] std::vector<float> rope_rotate(matrix_view<const float> x, double start_pos, double base,
                                             RopeConvention convention, double scale);

/// Gather indices p (head_dim values) with rotate_to(x[p]) == rotate_from(x)[p] for every x and position,
/// where x[p] means the vector whose item j is x[p[j]]. This is the fixed reordering of query/key weight rows
/// that converts a checkpoint from one convention to the other.
[[nodiscard]] std::vector<int> rope_permutation(int head_dim, RopeConvention from, RopeConvention to);

/// NTK-aware base scaling for extending the context by `factor`: base * factor^(head_dim / (head_dim - 2)),
/// which keeps pair 0's frequency and divides the last pair's frequency by exactly `factor`.
[[nodiscard]] double ntk_scaled_base(double base, int head_dim, double factor) noexcept;

struct RopeScoreOptions {
  /// Rotate q only and leave k as given: the classic implementation mistake.
  bool queries_only = false;
  /// Linear position interpolation: positions are divided by scale.
  double scale = 1.0;
};

/// positions x positions matrix (row-major) of rotate(q, m) . rotate(k, n) for m, n = 0..positions-1, with
/// q and k single head_dim vectors; computed literally (rotate, then dot) in double precision, unscaled by
/// 1/sqrt(head_dim). Arguments in the order of the JavaScript ropeScores.
[[nodiscard]] std::vector<double> rope_scores(span<const double> q, span<const double> k, int positions,
                                              int head_dim, double base, RopeConvention convention,
                                              const RopeScoreOptions& options = {});

/// rotate(q, 0) . rotate(k, o) for offsets o = 0..max_offset (max_offset + 1 values): the score of a key o
/// positions after the query, which equals the score at any query position m and key position m + o.
[[nodiscard]] std::vector<double> rope_score_by_offset(span<const double> q, span<const double> k,
                                                       int max_offset, int head_dim, double base,
                                                       RopeConvention convention);

}  // namespace pe
