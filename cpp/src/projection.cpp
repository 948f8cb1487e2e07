// Similarity after the query and key projections, with and without RoPE (pe/projection.hpp).
#include "pe/projection.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "pe/limits.hpp"
#include "pe/rng.hpp"
#include "pe/sinusoidal.hpp"

namespace pe {
namespace {

// Rows x out = rows x in times in x out (all row-major).
std::vector<double> multiply(const std::vector<double>& rows, std::size_t n, std::size_t in,
                             const std::vector<double>& weights, std::size_t out) {
  std::vector<double> result(n * out, 0.0);
  for (std::size_t r = 0; r < n; ++r) {
    for (std::size_t j = 0; j < in; ++j) {
      const double x = rows[r * in + j];
      const double* w = &weights[j * out];
      double* y = &result[r * out];
      for (std::size_t c = 0; c < out; ++c) y[c] += x * w[c];
    }
  }
  return result;
}

// Rotates interleaved pair i of row r by r * base^(-2i/head_dim).
void rotate_rows(std::vector<double>& rows, std::size_t n, int head_dim, double base) {
  const auto pairs = to_size(head_dim / 2);
  for (std::size_t i = 0; i < pairs; ++i) {
    const double theta = pair_frequency(static_cast<int>(i), head_dim, base);
    for (std::size_t r = 0; r < n; ++r) {
      const double angle = static_cast<double>(r) * theta;
      const double c = std::cos(angle);
      const double s = std::sin(angle);
      double* x = &rows[r * to_size(head_dim) + 2 * i];
      const double x0 = x[0];
      const double x1 = x[1];
      x[0] = x0 * c - x1 * s;
      x[1] = x0 * s + x1 * c;
    }
  }
}

}  // namespace

std::vector<double> projection_weights(const char* name, int d_model, int head_dim, std::uint64_t seed) {
  PE_EXPECTS(d_model >= 1 && head_dim >= 1);
  Rng rng(stream_seed(seed, fnv1a64(std::string("projection:") + name)));
  std::vector<double> w(to_size(d_model) * to_size(head_dim));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d_model));
  for (double& x : w) x = rng.normal() * scale;
  return w;
}

std::vector<double> projection_token(int d_model, std::uint64_t seed) {
  PE_EXPECTS(d_model >= 1);
  Rng rng(stream_seed(seed, fnv1a64("projection:token")));
  std::vector<double> x(to_size(d_model));
  for (double& v : x) v = rng.normal();
  return x;
}

std::vector<double> projected_similarity(int positions, int d_model, int head_dim, double base,
                                         Projection mode, Similarity metric, std::uint64_t seed) {
  PE_EXPECTS(positions >= 1 && positions <= limits::kMaxSimilarityPositions);
  PE_EXPECTS(d_model >= 2 && d_model % 2 == 0 && head_dim >= 2 && head_dim % 2 == 0);
  const auto n = to_size(positions);
  const auto d = to_size(d_model);
  const auto h = to_size(head_dim);
  std::vector<double> inputs;
  inputs.reserve(n * d);
  const auto token = projection_token(d_model, seed);
  for (int p = 0; p < positions; ++p) {
    const auto row = mode == Projection::Projected ? encode_position(p, d_model, base) : token;
    inputs.insert(inputs.end(), row.begin(), row.end());
  }
  auto queries = multiply(inputs, n, d, projection_weights("wq", d_model, head_dim, seed), h);
  auto keys = multiply(inputs, n, d, projection_weights("wk", d_model, head_dim, seed), h);
  if (mode == Projection::Rope) {
    rotate_rows(queries, n, head_dim, base);
    rotate_rows(keys, n, head_dim, base);
  }
  if (metric == Similarity::Cosine) {
    for (auto* rows : {&queries, &keys}) {
      for (std::size_t r = 0; r < n; ++r) {
        double sum = 0.0;
        for (std::size_t c = 0; c < h; ++c) sum += (*rows)[r * h + c] * (*rows)[r * h + c];
        const double inv = sum > 0.0 ? 1.0 / std::sqrt(sum) : 0.0;
        for (std::size_t c = 0; c < h; ++c) (*rows)[r * h + c] *= inv;
      }
    }
  }
  std::vector<double> out(n * n);
  for (std::size_t a = 0; a < n; ++a) {
    const double* q = &queries[a * h];
    for (std::size_t b = 0; b < n; ++b) {
      const double* k = &keys[b * h];
      double sum = 0.0;
      for (std::size_t c = 0; c < h; ++c) sum += q[c] * k[c];
      out[a * n + b] = sum;
    }
  }
  return out;
}

std::vector<double> diagonal_spread(matrix_view<const double> matrix) {
  const std::size_t n = matrix.rows();
  PE_EXPECTS(n >= 1 && matrix.cols() == n);
  std::vector<double> low(2 * n - 1, HUGE_VAL);
  std::vector<double> high(2 * n - 1, -HUGE_VAL);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      const std::size_t k = b + n - 1 - a;  // b - a + n - 1
      const double v = matrix.at(a, b);
      low[k] = std::min(low[k], v);
      high[k] = std::max(high[k], v);
    }
  }
  std::vector<double> spread(2 * n - 1);
  for (std::size_t k = 0; k < spread.size(); ++k) spread[k] = high[k] - low[k];
  return spread;
}

}  // namespace pe
