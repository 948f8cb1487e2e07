// One layer of scaled dot-product self-attention (Vaswani et al. 2017, sections 3.2.1-3.2.2), in double
// precision, with seeded random projections, so that the explainer can show what a layer does with and
// without position information: no position at all, RoPE inside the layer (also done wrong in the two classic
// ways), or ALiBi's distance penalty. Additive encodings (sinusoidal, learned) are applied to the inputs by
// the caller (see sentence.hpp).
//
// Shapes: inputs are seq_len rows of d_model values (one row per token, row-major). A row vector x is
// projected as x W with W stored d_model x d_model row-major. Head h owns columns
// h*head_dim..(h+1)*head_dim-1 of the projected queries, keys and values, where head_dim = d_model / heads.
//
// Callers validate sizes: d_model even, 2..limits::kMaxAttentionDModel; heads in 1..limits::kMaxHeads
// dividing d_model into an even head_dim; seq_len >= 1; base > 1.
#pragma once

#include <cstdint>
#include <vector>

#include "pe/rope.hpp"
#include "pe/view.hpp"

namespace pe {

enum class AttentionMask {
  Bidirectional,  ///< every token attends to every token (an encoder)
  Causal,         ///< token i attends to tokens 0..i only (a decoder)
};

enum class AttentionPositional {
  None,   ///< nothing inside the layer (the inputs may still carry an additive encoding)
  Rope,   ///< queries and keys rotated per head (see RopeMode)
  Alibi,  ///< -slope_h * |i - j| added to head h's scores, slopes from alibi_slopes(heads)
};

enum class RopeMode {
  Both,               ///< rotate queries and keys with the convention the weights were laid out for (correct)
  QueriesOnly,        ///< rotate the queries only: the score then depends on the query's absolute position
  SwappedConvention,  ///< rotate both, but with the other convention than the weights were laid out for
};

struct AttentionOptions {
  int heads = 1;
  AttentionMask mask = AttentionMask::Bidirectional;
  AttentionPositional positional = AttentionPositional::None;
  RopeMode rope_mode = RopeMode::Both;
  /// The convention the query/key weights are laid out for. With random weights any layout is as good as
  /// another; the label only decides which convention SwappedConvention wrongly uses instead.
  RopeConvention rope_convention = RopeConvention::Interleaved;
  double base = 10000.0;
  /// Seed of the projection weights (ignored by the overload that takes the weights).
  std::uint64_t seed = 1;
  /// Apply the output projection Wo after concatenating the heads.
  bool output_projection = true;
};

/// The projections of one layer, each d_model x d_model row-major.
struct AttentionWeights {
  int d_model = 0;
  std::vector<double> wq;
  std::vector<double> wk;
  std::vector<double> wv;
  std::vector<double> wo;
};

/// Entries drawn from N(0, 1/d_model) (Glorot-like), which keeps projected entries near unit scale when the
/// inputs are. Each matrix has its own stream of the seed; they do not depend on the head count.
[[nodiscard]] AttentionWeights attention_weights(int d_model, std::uint64_t seed);

struct AttentionResult {
  int heads = 0;
  int seq_len = 0;
  int d_model = 0;
  /// heads x seq_len x seq_len, (h, i, j) = q_i . k_j / sqrt(head_dim) + bias, before the softmax; masked
  /// entries (causal, j > i) are -infinity.
  std::vector<double> scores;
  /// Softmax of each row of scores: heads x seq_len x seq_len, rows sum to 1, masked entries exactly 0.
  std::vector<double> weights;
  /// seq_len x d_model: concatenated heads, times Wo when output_projection.
  std::vector<double> outputs;
  /// d_model: the mean of the output rows, a simple sentence vector.
  std::vector<double> pooled;
};

/// Self-attention over x (seq_len rows of d_model values) with weights drawn from options.seed.
[[nodiscard]] AttentionResult self_attention(matrix_view<const double> x, const AttentionOptions& options);

/// Self-attention over x (seq_len rows of weights.d_model values) with the given weights.
[[nodiscard]] AttentionResult self_attention(matrix_view<const double> x, const AttentionWeights& weights,
                                             const AttentionOptions& options);

}  // namespace pe
