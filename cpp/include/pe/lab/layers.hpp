// The model's layers, each as one *_forward and one *_backward function side by side (after llm.c), plain
// loops over named shapes: B sequences, n positions, N = B * n token rows, d features, h heads of dh = d / h
// features. Activations are row-major [B, n, d] (token row b * n + p). Backward functions add into parameter
// gradients (which the caller zeroes once per step); what they do to input gradients is said on each.
// Instantiated for float (the product) and double (the finite-difference tests).
#pragma once

#include <cstddef>

#include "pe/rope.hpp"

namespace pe::lab {

/// Shapes are ints (as in llm.c); indices into buffers are sizes. Only for non-negative values.
[[nodiscard]] constexpr std::size_t idx(int i) noexcept {
  return static_cast<std::size_t>(i);
}

// --- input: token embedding plus an additive position table ------------------------------------------------

/// x[b, p] = scale * wte[tokens[b, p]] + (i < pos_rows ? pos[i] : 0) for the position i = positions[b, p]
/// (positions [B, n], or null for i = p); pos may be null (no additive position).
template <typename T>
void embed_forward(T* x, const int* tokens, const int* positions, const T* wte, const T* pos, int pos_rows,
                   int B, int n, int d, T scale);
/// dwte[token] += scale * dx; dpos[i] += dx for the position i < pos_rows when dpos is not null (a learned
/// table).
template <typename T>
void embed_backward(T* dwte, T* dpos, const T* dx, const int* tokens, const int* positions, int pos_rows,
                    int B, int n, int d, T scale);

// --- LayerNorm over the d features of each row (biased variance, epsilon 1e-5) -----------------------------

template <typename T>
void layernorm_forward(T* out, T* mean, T* rstd, const T* inp, const T* g, const T* b, int N, int d);
/// Adds the input gradient into dinp.
template <typename T>
void layernorm_backward(T* dinp, T* dg, T* db, const T* dout, const T* inp, const T* g, const T* mean,
                        const T* rstd, int N, int d);

// --- linear layer y = x W + bias, W of shape [in, out] -----------------------------------------------------

/// bias may be null.
template <typename T>
void linear_forward(T* out, const T* inp, const T* w, const T* bias, int N, int in, int out_features);
/// Adds the input gradient into dinp (skipped when dinp is null), or writes it there when add_dinp is false
/// (bitwise what adding into zeros gives); dbias may be null. scratch holds linear_scratch(N, in, out)
/// values.
template <typename T>
void linear_backward(T* dinp, T* dw, T* dbias, const T* dout, const T* inp, const T* w, int N, int in,
                     int out_features, T* scratch, bool add_dinp = true);
[[nodiscard]] std::size_t linear_scratch(int N, int in, int out_features) noexcept;

// --- GELU, tanh form (PyTorch's approximate="tanh") --------------------------------------------------------

template <typename T>
void gelu_forward(T* out, const T* inp, std::size_t count);
/// dinp = gelu'(inp) * dout; dinp may be dout (in place).
template <typename T>
void gelu_backward(T* dinp, const T* inp, const T* dout, std::size_t count);
/// gelu_forward that also writes gelu'(inp) into deriv (which may be inp, overwriting it): the same values
/// gelu_backward computes, so that the backward pass is gelu_backward_with(dinp, deriv, ...) without a second
/// exponential.
template <typename T>
void gelu_forward_with_derivative(T* out, T* deriv, const T* inp, std::size_t count);
/// dinp = deriv * dout, with deriv from gelu_forward_with_derivative; dinp may be dout (in place). Bitwise
/// what gelu_backward gives.
template <typename T>
void gelu_backward_with(T* dinp, const T* deriv, const T* dout, std::size_t count);

// --- residual: out = a + b ---------------------------------------------------------------------------------

template <typename T>
void residual_forward(T* out, const T* a, const T* b, std::size_t count);

// --- mean pooling over positions ---------------------------------------------------------------------------

/// out[b] = mean over p of inp[b, p] ([B, d] from [B, n, d]).
template <typename T>
void pool_forward(T* out, const T* inp, int B, int n, int d);
/// dinp[b, p] = dout[b] / n (written, not added).
template <typename T>
void pool_backward(T* dinp, const T* dout, int B, int n, int d);

// --- softmax cross-entropy over C classes for M rows of logits ---------------------------------------------

struct LossSums {
  double loss = 0.0;  ///< sum of -log p(target) over the rows with a target
  int count = 0;      ///< rows with a target (not kNoTarget)
  int correct = 0;    ///< of those, rows whose argmax (lowest index on ties) is the target
};
/// probs = softmax(logits) row by row.
template <typename T>
[[nodiscard]] LossSums cross_entropy_forward(T* probs, const T* logits, const int* targets, int M, int C);
/// dlogits = (probs - onehot(target)) * inv_count on rows with a target, 0 elsewhere (written).
template <typename T>
void cross_entropy_backward(T* dlogits, const T* probs, const int* targets, int M, int C, T inv_count);

// --- RoPE on every head of queries or keys [B, n, d] (docs/lab-model.md, "RoPE") ---------------------------

/// cos and sin tables [rows, dh/2] for positions 0..rows-1, angles in double, rounded to T.
template <typename T>
void rope_tables(T* cos_table, T* sin_table, int rows, int dh, double base);
/// Rotates x in place by position (positions [B, n], or null for 0..n-1); `inverse` rotates by minus the
/// angle (the backward pass).
template <typename T>
void rope_apply(T* x, const T* cos_table, const T* sin_table, const int* positions, int B, int n, int d,
                int h, RopeConvention convention, bool inverse);

// --- multi-head attention core: softmax(q k^T / sqrt(dh) + bias, masked) v, heads concatenated -------------

/// The bias is ALiBi's -slope_j |i_p - i_m| when `slopes` is set, T5's table[bucket(i_m - i_p), j] when the
/// functions get a table, else 0; i_p is the position of token p (positions [B, n], or p when null).
struct AttentionShape {
  int B, n, d, h;
  bool causal;
  /// ALiBi slopes, one per head, or null for no bias.
  const double* slopes;
  const int* positions = nullptr;
  /// With a T5 table: the bucket of relative position r at buckets[r], for |r| <= kMaxOffset (positions.hpp).
  const int* buckets = nullptr;
  [[nodiscard]] int dh() const noexcept { return d / h; }
};
[[nodiscard]] std::size_t attention_scratch(int n, int dh) noexcept;

/// Pre-softmax scores [n, n] of sequence b and head j, masked entries -infinity. scratch as for the forward;
/// t5_bias the T5 table [kT5Buckets, h] or null.
template <typename T>
void attention_scores(T* scores, const T* q, const T* k, const AttentionShape& s, int b, int j, T* scratch,
                      const T* t5_bias = nullptr);
/// out [B, n, d] and the softmax weights probs [B, h, n, n], from rotated q, k and v [B, n, d].
template <typename T>
void attention_forward(T* out, T* probs, const T* q, const T* k, const T* v, const AttentionShape& s,
                       T* scratch, const T* t5_bias = nullptr);
/// Writes dq, dk, dv [B, n, d] (with respect to the rotated q and k), and adds the gradient of the T5 table
/// into dt5_bias (in double, [kT5Buckets, h]) when it is not null.
template <typename T>
void attention_backward(T* dq, T* dk, T* dv, const T* dout, const T* probs, const T* q, const T* k,
                        const T* v, const AttentionShape& s, T* scratch, double* dt5_bias = nullptr);

}  // namespace pe::lab
