#include "pe/alibi.hpp"

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <limits>

namespace pe {
namespace {

// Slope i (from 1) for a power-of-two head count n is 2^(-8i/n); exp2 gives it exactly whenever 8i/n is an
// integer, where the reference code's repeated multiplication start * ratio^i could drift by an ulp.
std::vector<double> power_of_two_slopes(int n) {
  std::vector<double> out(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = std::exp2(-8.0 * (i + 1) / n);
  return out;
}

}  // namespace

std::vector<double> alibi_slopes(int n_heads) {
  int m = 1;
  while (m * 2 <= n_heads) m *= 2;
  std::vector<double> out = power_of_two_slopes(m);
  if (m == n_heads) return out;
  const auto finer = power_of_two_slopes(2 * m);
  for (std::size_t j = 0; out.size() < static_cast<std::size_t>(n_heads); j += 2) out.push_back(finer[j]);
  return out;
}

std::vector<double> alibi_bias(double slope, int seq_len) {
  const auto n = static_cast<std::size_t>(seq_len);
  std::vector<double> out(n * n);
  for (int i = 0; i < seq_len; ++i) {
    for (int j = 0; j < seq_len; ++j) {
      // 0.0 - x rather than -x, so the diagonal holds +0 and not -0.
      out[static_cast<std::size_t>(i) * n + static_cast<std::size_t>(j)] = 0.0 - slope * std::abs(i - j);
    }
  }
  return out;
}

std::vector<double> alibi_bias_heads(int n_heads, int seq_len, bool causal) {
  const auto n = static_cast<std::size_t>(seq_len);
  const auto slopes = alibi_slopes(n_heads);
  std::vector<double> out;
  out.reserve(slopes.size() * n * n);
  for (const double slope : slopes) {
    const auto head = alibi_bias(slope, seq_len);
    out.insert(out.end(), head.begin(), head.end());
  }
  if (causal) {
    for (std::size_t h = 0; h < slopes.size(); ++h) {
      for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j)
          out[(h * n + i) * n + j] = -std::numeric_limits<double>::infinity();
      }
    }
  }
  return out;
}

}  // namespace pe
