// The bridge from the sinusoidal encoding to RoPE: what the query and key projections do to "similarity
// depends only on distance". Raw encodings give p_a . p_b, a function of b - a alone. Attention scores
// (W_q p_a) . (W_k p_b) instead; with W_q != W_k that has terms in a + b, and the diagonals of the matrix
// stop being constant. RoPE puts position in after the projection, as a rotation R(m theta) of each pair of
// the query and the key: (R(a) W_q x) . (R(b) W_k x) = (W_q x)^T R(b - a) (W_k x), a function of b - a again.
// Callers validate: positions 1 to limits::kMaxSimilarityPositions, an even d_model and head_dim from 2 to
// limits::kMaxDModel, base > 1.
#pragma once

#include <cstdint>
#include <vector>

#include "pe/similarity.hpp"
#include "pe/view.hpp"

namespace pe {

enum class Projection {
  Projected,  ///< (W_q p_a) . (W_k p_b): sinusoidal positions added before the projections
  Rope,       ///< (R(a) W_q x) . (R(b) W_k x): one token x at every position, rotated after the projections
};

/// The seeded projection matrix named `name` ("wq" or "wk"): d_model x head_dim, row-major, entries drawn
/// N(0, 1) / sqrt(d_model) from the stream "projection:<name>" of `seed`, so that a projected vector has
/// about the input's size per entry.
[[nodiscard]] std::vector<double> projection_weights(const char* name, int d_model, int head_dim,
                                                     std::uint64_t seed);

/// The token the Rope mode uses at every position: d_model entries drawn N(0, 1) from the stream
/// "projection:token" of `seed`.
[[nodiscard]] std::vector<double> projection_token(int d_model, std::uint64_t seed);

/// positions x positions matrix, row-major: entry (a, b) is the query at position a against the key at
/// position b, after the projections (see Projection), in double precision; Cosine divides by the lengths
/// of the query and the key. RoPE rotates interleaved pairs (2i, 2i+1) by position * base^(-2i/head_dim).
[[nodiscard]] std::vector<double> projected_similarity(int positions, int d_model, int head_dim, double base,
                                                       Projection mode, Similarity metric,
                                                       std::uint64_t seed);

/// For a square matrix (n x n, n >= 1): the spread (largest minus smallest entry) along each diagonal
/// b - a = k, for k = -(n - 1) .. n - 1 in that order (2n - 1 values; the corner diagonals hold one entry and
/// spread 0). A matrix that depends only on b - a has spread 0 on every diagonal.
[[nodiscard]] std::vector<double> diagonal_spread(matrix_view<const double> matrix);

}  // namespace pe
