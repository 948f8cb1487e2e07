#include "pe/attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string_view>

#include "pe/alibi.hpp"
#include "pe/rng.hpp"

namespace pe {
namespace {

std::vector<double> random_matrix(int d_model, std::uint64_t seed, std::string_view name) {
  Rng rng(stream_seed(seed, fnv1a64(name)));
  const double init_std = 1.0 / std::sqrt(static_cast<double>(d_model));
  std::vector<double> m(static_cast<std::size_t>(d_model) * static_cast<std::size_t>(d_model));
  for (double& v : m) v = rng.normal() * init_std;
  return m;
}

// rows x inner times inner x cols, row-major; the i-k-j order walks both operands contiguously.
std::vector<double> matmul(const std::vector<double>& a, std::size_t rows, std::size_t inner,
                           const std::vector<double>& b, std::size_t cols) {
  std::vector<double> out(rows * cols, 0.0);
  for (std::size_t i = 0; i < rows; ++i) {
    double* row = out.data() + i * cols;
    for (std::size_t k = 0; k < inner; ++k) {
      const double a_ik = a[i * inner + k];
      const double* b_row = b.data() + k * cols;
      for (std::size_t j = 0; j < cols; ++j) row[j] += a_ik * b_row[j];
    }
  }
  return out;
}

// Columns [first, first + width) of a rows x cols matrix, as rows x width.
std::vector<double> columns(const std::vector<double>& m, std::size_t rows, std::size_t cols,
                            std::size_t first, std::size_t width) {
  std::vector<double> out(rows * width);
  for (std::size_t r = 0; r < rows; ++r) {
    std::copy_n(m.data() + r * cols + first, width, out.data() + r * width);
  }
  return out;
}

constexpr RopeConvention other(RopeConvention c) noexcept {
  return c == RopeConvention::Interleaved ? RopeConvention::Half : RopeConvention::Interleaved;
}

void apply_rope(std::vector<double>& q, std::vector<double>& k, int seq_len, int head_dim,
                const AttentionOptions& options) noexcept {
  const RopeConvention used = options.rope_mode == RopeMode::SwappedConvention
                                  ? other(options.rope_convention)
                                  : options.rope_convention;
  rope_rotate_inplace(q.data(), seq_len, head_dim, 0.0, options.base, used, 1.0);
  if (options.rope_mode != RopeMode::QueriesOnly) {
    rope_rotate_inplace(k.data(), seq_len, head_dim, 0.0, options.base, used, 1.0);
  }
}

// Softmax of one row in place. The diagonal is never masked, so the row maximum is finite and exp(-inf) = 0
// gives masked entries exactly zero weight.
void softmax_row(const double* scores, double* weights, std::size_t n) noexcept {
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < n; ++j) top = std::max(top, scores[j]);
  double sum = 0.0;
  for (std::size_t j = 0; j < n; ++j) {
    weights[j] = std::exp(scores[j] - top);
    sum += weights[j];
  }
  for (std::size_t j = 0; j < n; ++j) weights[j] /= sum;
}

}  // namespace

AttentionWeights attention_weights(int d_model, std::uint64_t seed) {
  AttentionWeights w;
  w.d_model = d_model;
  w.wq = random_matrix(d_model, seed, "attention:wq");
  w.wk = random_matrix(d_model, seed, "attention:wk");
  w.wv = random_matrix(d_model, seed, "attention:wv");
  w.wo = random_matrix(d_model, seed, "attention:wo");
  return w;
}

AttentionResult self_attention(const std::vector<double>& x, int seq_len, int d_model,
                               const AttentionOptions& options) {
  return self_attention(x, seq_len, attention_weights(d_model, options.seed), options);
}

AttentionResult self_attention(const std::vector<double>& x, int seq_len, const AttentionWeights& weights,
                               const AttentionOptions& options) {
  const auto n = static_cast<std::size_t>(seq_len);
  const auto d = static_cast<std::size_t>(weights.d_model);
  const auto heads = static_cast<std::size_t>(options.heads);
  const std::size_t head_dim = d / heads;
  const double inv_sqrt_head_dim = 1.0 / std::sqrt(static_cast<double>(head_dim));

  const auto q_all = matmul(x, n, d, weights.wq, d);
  const auto k_all = matmul(x, n, d, weights.wk, d);
  const auto v_all = matmul(x, n, d, weights.wv, d);
  const std::vector<double> slopes =
      options.positional == AttentionPositional::Alibi ? alibi_slopes(options.heads) : std::vector<double>{};

  AttentionResult result;
  result.heads = options.heads;
  result.seq_len = seq_len;
  result.d_model = weights.d_model;
  result.scores.assign(heads * n * n, 0.0);
  result.weights.assign(heads * n * n, 0.0);
  std::vector<double> concat(n * d, 0.0);

  for (std::size_t h = 0; h < heads; ++h) {
    auto q = columns(q_all, n, d, h * head_dim, head_dim);
    auto k = columns(k_all, n, d, h * head_dim, head_dim);
    if (options.positional == AttentionPositional::Rope) {
      apply_rope(q, k, seq_len, static_cast<int>(head_dim), options);
    }
    const std::vector<double> bias = options.positional == AttentionPositional::Alibi
                                         ? alibi_bias(slopes[h], seq_len)
                                         : std::vector<double>{};
    double* scores = result.scores.data() + h * n * n;
    double* probs = result.weights.data() + h * n * n;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        double s = 0.0;
        for (std::size_t c = 0; c < head_dim; ++c) s += q[i * head_dim + c] * k[j * head_dim + c];
        s *= inv_sqrt_head_dim;
        if (!bias.empty()) s += bias[i * n + j];
        if (options.mask == AttentionMask::Causal && j > i) s = -std::numeric_limits<double>::infinity();
        scores[i * n + j] = s;
      }
      softmax_row(scores + i * n, probs + i * n, n);
      for (std::size_t j = 0; j < n; ++j) {
        const double p = probs[i * n + j];
        const double* v_row = v_all.data() + j * d + h * head_dim;
        double* out_row = concat.data() + i * d + h * head_dim;
        for (std::size_t c = 0; c < head_dim; ++c) out_row[c] += p * v_row[c];
      }
    }
  }

  result.outputs = options.output_projection ? matmul(concat, n, d, weights.wo, d) : std::move(concat);
  result.pooled.assign(d, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t c = 0; c < d; ++c) result.pooled[c] += result.outputs[i * d + c];
  }
  for (double& v : result.pooled) v /= static_cast<double>(n);
  return result;
}

}  // namespace pe
