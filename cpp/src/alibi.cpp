#include "pe/alibi.hpp"

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <limits>

#include "pe/limits.hpp"
#include "pe/view.hpp"

namespace pe {
namespace {

// Slope i (from 1) for a power-of-two head count n is 2^(-8i/n); exp2 gives it exactly whenever 8i/n is an
// integer, where the reference code's repeated multiplication start * ratio^i could drift by an ulp.
std::vector<double> power_of_two_slopes(int n) {
  std::vector<double> out(to_size(n));
  for (int i = 0; i < n; ++i) out[to_size(i)] = std::exp2(-8.0 * (i + 1) / n);
  return out;
}

}  // namespace

std::vector<double> alibi_slopes(int n_heads) {
  PE_EXPECTS(n_heads >= 1 && n_heads <= limits::kMaxHeads);
  int m = 1;
  while (m * 2 <= n_heads) m *= 2;
  std::vector<double> out = power_of_two_slopes(m);
  if (m == n_heads) return out;
  const auto finer = power_of_two_slopes(2 * m);
  for (std::size_t j = 0; out.size() < to_size(n_heads); j += 2) out.push_back(finer[j]);
  return out;
}

std::vector<double> alibi_bias(double slope, int seq_len) {
  PE_EXPECTS(seq_len >= 1);
  std::vector<double> out(to_size(seq_len) * to_size(seq_len));
  const matrix_view<double> bias(out, seq_len, seq_len);
  for (int i = 0; i < seq_len; ++i) {
    for (int j = 0; j < seq_len; ++j) {
      // 0.0 - x rather than -x, so the diagonal holds +0 and not -0.
      bias.at(to_size(i), to_size(j)) = 0.0 - slope * std::abs(i - j);
    }
  }
  return out;
}

std::vector<double> alibi_bias_heads(int n_heads, int seq_len, bool causal) {
  const auto n = to_size(seq_len);
  const auto slopes = alibi_slopes(n_heads);
  std::vector<double> out;
  out.reserve(slopes.size() * n * n);
  for (const double slope : slopes) {
    const auto head = alibi_bias(slope, seq_len);
    out.insert(out.end(), head.begin(), head.end());
  }
  if (causal) {
    // Every head's rows, one after another: query (h, i) is row h * n + i.
    const matrix_view<double> rows(out, slopes.size() * n, n);
    for (std::size_t r = 0; r < rows.rows(); ++r) {
      for (std::size_t j = r % n + 1; j < n; ++j) rows.at(r, j) = -std::numeric_limits<double>::infinity();
    }
  }
  return out;
}

}  // namespace pe
