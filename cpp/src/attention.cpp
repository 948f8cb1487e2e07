#include "pe/attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string_view>

#include "pe/alibi.hpp"
#include "pe/limits.hpp"
#include "pe/rng.hpp"

namespace pe {
namespace {

std::vector<double> random_matrix(int d_model, std::uint64_t seed, std::string_view name) {
  Rng rng(stream_seed(seed, fnv1a64(name)));
  const double init_std = 1.0 / std::sqrt(static_cast<double>(d_model));
  std::vector<double> m(to_size(d_model) * to_size(d_model));
  for (double& v : m) v = rng.normal() * init_std;
  return m;
}

// a times b, row-major; the i-k-j order walks both operands contiguously.
std::vector<double> matmul(matrix_view<const double> a, matrix_view<const double> b) {
  PE_EXPECTS(a.cols() == b.rows());
  std::vector<double> out(a.rows() * b.cols(), 0.0);
  const matrix_view<double> product(out, a.rows(), b.cols());
  for (std::size_t i = 0; i < a.rows(); ++i) {
    double* row = product.row(i).data();
    for (std::size_t k = 0; k < a.cols(); ++k) {
      const double a_ik = a.at(i, k);
      const double* b_row = b.row(k).data();
      for (std::size_t j = 0; j < b.cols(); ++j) row[j] += a_ik * b_row[j];
    }
  }
  return out;
}

// Columns [first, first + width) of m, as m.rows() rows of width values.
std::vector<double> columns(matrix_view<const double> m, std::size_t first, std::size_t width) {
  PE_EXPECTS(first <= m.cols() && width <= m.cols() - first);
  std::vector<double> out(m.rows() * width);
  for (std::size_t r = 0; r < m.rows(); ++r) {
    std::copy_n(m.row(r).data() + first, width, out.data() + r * width);
  }
  return out;
}

constexpr RopeConvention other(RopeConvention c) noexcept {
  return c == RopeConvention::Interleaved ? RopeConvention::Half : RopeConvention::Interleaved;
}

void apply_rope(matrix_view<double> q, matrix_view<double> k, const AttentionOptions& options) noexcept {
  const RopeConvention used = options.rope_mode == RopeMode::SwappedConvention
                                  ? other(options.rope_convention)
                                  : options.rope_convention;
  rope_rotate_inplace(q, 0.0, options.base, used, 1.0);
  if (options.rope_mode != RopeMode::QueriesOnly) rope_rotate_inplace(k, 0.0, options.base, used, 1.0);
}

// Softmax of one row of scores into weights. The diagonal is never masked, so the row maximum is finite and
// exp(-inf) = 0 gives masked entries exactly zero weight.
void softmax_row(span<const double> scores, span<double> weights) noexcept {
  PE_EXPECTS(weights.size() == scores.size());
  double top = -std::numeric_limits<double>::infinity();
  for (const double s : scores) top = std::max(top, s);
  double sum = 0.0;
  for (std::size_t j = 0; j < scores.size(); ++j) {
    weights[j] = std::exp(scores[j] - top);
    sum += weights[j];
  }
  for (double& w : weights) w /= sum;
}

}  // namespace

AttentionWeights attention_weights(int d_model, std::uint64_t seed) {
  PE_EXPECTS(d_model >= 2 && d_model <= limits::kMaxAttentionDModel);
  AttentionWeights w;
  w.d_model = d_model;
  w.wq = random_matrix(d_model, seed, "attention:wq");
  w.wk = random_matrix(d_model, seed, "attention:wk");
  w.wv = random_matrix(d_model, seed, "attention:wv");
  w.wo = random_matrix(d_model, seed, "attention:wo");
  return w;
}

AttentionResult self_attention(matrix_view<const double> x, const AttentionOptions& options) {
  return self_attention(x, attention_weights(static_cast<int>(x.cols()), options.seed), options);
}

AttentionResult self_attention(matrix_view<const double> x, const AttentionWeights& weights,
                               const AttentionOptions& options) {
  const std::size_t n = x.rows();
  const auto d = to_size(weights.d_model);
  PE_EXPECTS(n >= 1 && x.cols() == d);
  PE_EXPECTS(weights.wq.size() == d * d && weights.wk.size() == d * d && weights.wv.size() == d * d &&
             weights.wo.size() == d * d);
  PE_EXPECTS(options.heads >= 1 && options.heads <= limits::kMaxHeads);
  PE_EXPECTS(d % to_size(options.heads) == 0 && (d / to_size(options.heads)) % 2 == 0);
  const auto heads = to_size(options.heads);
  const std::size_t head_dim = d / heads;
  const double inv_sqrt_head_dim = 1.0 / std::sqrt(static_cast<double>(head_dim));
  const auto projection = [d](const std::vector<double>& w) { return matrix_view<const double>(w, d, d); };

  const auto q_all = matmul(x, projection(weights.wq));
  const auto k_all = matmul(x, projection(weights.wk));
  const auto v_all = matmul(x, projection(weights.wv));
  const std::vector<double> slopes =
      options.positional == AttentionPositional::Alibi ? alibi_slopes(options.heads) : std::vector<double>{};

  AttentionResult result;
  result.heads = options.heads;
  result.seq_len = static_cast<int>(n);
  result.d_model = weights.d_model;
  result.scores.assign(heads * n * n, 0.0);
  result.weights.assign(heads * n * n, 0.0);
  std::vector<double> concat(n * d, 0.0);
  const matrix_view<const double> values(v_all, n, d);
  const matrix_view<double> heads_out(concat, n, d);

  for (std::size_t h = 0; h < heads; ++h) {
    auto q = columns({q_all, n, d}, h * head_dim, head_dim);
    auto k = columns({k_all, n, d}, h * head_dim, head_dim);
    const matrix_view<double> queries(q, n, head_dim);
    const matrix_view<double> keys(k, n, head_dim);
    if (options.positional == AttentionPositional::Rope) apply_rope(queries, keys, options);
    const std::vector<double> bias = options.positional == AttentionPositional::Alibi
                                         ? alibi_bias(slopes[h], static_cast<int>(n))
                                         : std::vector<double>{};
    const matrix_view<double> scores(result.scores.data() + h * n * n, n, n);
    const matrix_view<double> probs(result.weights.data() + h * n * n, n, n);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = 0; j < n; ++j) {
        double s = 0.0;
        for (std::size_t c = 0; c < head_dim; ++c) s += queries.at(i, c) * keys.at(j, c);
        s *= inv_sqrt_head_dim;
        if (!bias.empty()) s += bias[i * n + j];
        if (options.mask == AttentionMask::Causal && j > i) s = -std::numeric_limits<double>::infinity();
        scores.at(i, j) = s;
      }
      softmax_row(scores.row(i), probs.row(i));
      double* out_row = heads_out.row(i).data() + h * head_dim;
      for (std::size_t j = 0; j < n; ++j) {
        const double p = probs.at(i, j);
        const double* v_row = values.row(j).data() + h * head_dim;
        for (std::size_t c = 0; c < head_dim; ++c) out_row[c] += p * v_row[c];
      }
    }
  }

  result.outputs = options.output_projection ? matmul(heads_out, projection(weights.wo)) : std::move(concat);
  result.pooled.assign(d, 0.0);
  const matrix_view<const double> outputs(result.outputs, n, d);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t c = 0; c < d; ++c) result.pooled[c] += outputs.at(i, c);
  }
  for (double& v : result.pooled) v /= static_cast<double>(n);
  return result;
}

}  // namespace pe
