#include "pe/rope.hpp"

#include <cmath>
#include <cstddef>

#include "pe/sinusoidal.hpp"

namespace pe {
namespace {

// head_dim <= limits::kMaxDModel (4096), so the per-pair frequencies fit in 16 KiB of stack; computing them
// once per call instead of once per row keeps the noexcept rotation free of allocation.
constexpr int kMaxPairs = 2048;

struct PairIndex {
  std::size_t first;
  std::size_t second;
};

constexpr PairIndex pair_index(int pair, int head_dim, RopeConvention convention) noexcept {
  return convention == RopeConvention::Interleaved
             ? PairIndex{static_cast<std::size_t>(2 * pair), static_cast<std::size_t>(2 * pair + 1)}
             : PairIndex{static_cast<std::size_t>(pair), static_cast<std::size_t>(pair + head_dim / 2)};
}

double dot(const std::vector<double>& a, const double* b) noexcept {
  double sum = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) sum += a[j] * b[j];
  return sum;
}

}  // namespace

template <typename T>
void rope_rotate_inplace(T* x, int seq_len, int head_dim, double start_pos, double base,
                         RopeConvention convention, double scale) noexcept {
  const int half = head_dim / 2;
  double freq[kMaxPairs];
  for (int i = 0; i < half && i < kMaxPairs; ++i) freq[i] = pair_frequency(i, head_dim, base);
  for (int r = 0; r < seq_len; ++r) {
    const double pos = (start_pos + r) / scale;
    T* row = x + static_cast<std::size_t>(r) * static_cast<std::size_t>(head_dim);
    for (int i = 0; i < half && i < kMaxPairs; ++i) {
      const double angle = pos * freq[i];
      const double c = std::cos(angle);
      const double s = std::sin(angle);
      const auto at = pair_index(i, head_dim, convention);
      const double a = static_cast<double>(row[at.first]);
      const double b = static_cast<double>(row[at.second]);
      row[at.first] = static_cast<T>(a * c - b * s);
      row[at.second] = static_cast<T>(a * s + b * c);
    }
  }
}

template void rope_rotate_inplace<float>(float*, int, int, double, double, RopeConvention, double) noexcept;
template void rope_rotate_inplace<double>(double*, int, int, double, double, RopeConvention, double) noexcept;

std::vector<float> rope_rotate(const std::vector<float>& x, int seq_len, int head_dim, double start_pos,
                               double base, RopeConvention convention, double scale) {
  std::vector<float> out = x;
  rope_rotate_inplace(out.data(), seq_len, head_dim, start_pos, base, convention, scale);
  return out;
}

std::vector<int> rope_permutation(int head_dim, RopeConvention from, RopeConvention to) {
  const int half = head_dim / 2;
  std::vector<int> p(static_cast<std::size_t>(head_dim));
  for (int i = 0; i < half; ++i) {
    // Item pair_index(i, to) of the result must be item pair_index(i, from) of the input.
    const auto src = pair_index(i, head_dim, from);
    const auto dst = pair_index(i, head_dim, to);
    p[dst.first] = static_cast<int>(src.first);
    p[dst.second] = static_cast<int>(src.second);
  }
  return p;
}

double ntk_scaled_base(double base, int head_dim, double factor) noexcept {
  return base * std::pow(factor, static_cast<double>(head_dim) / (head_dim - 2));
}

std::vector<double> rope_scores(const std::vector<double>& q, const std::vector<double>& k, int positions,
                                int head_dim, double base, RopeConvention convention,
                                const RopeScoreOptions& options) {
  const auto n = static_cast<std::size_t>(positions);
  const auto d = static_cast<std::size_t>(head_dim);
  std::vector<double> qs(n * d);
  std::vector<double> ks(n * d);
  for (std::size_t r = 0; r < n; ++r) {
    for (std::size_t j = 0; j < d; ++j) {
      qs[r * d + j] = q[j];
      ks[r * d + j] = k[j];
    }
  }
  rope_rotate_inplace(qs.data(), positions, head_dim, 0.0, base, convention, options.scale);
  if (!options.queries_only)
    rope_rotate_inplace(ks.data(), positions, head_dim, 0.0, base, convention, options.scale);
  std::vector<double> out(n * n);
  std::vector<double> row(d);
  for (std::size_t m = 0; m < n; ++m) {
    for (std::size_t j = 0; j < d; ++j) row[j] = qs[m * d + j];
    for (std::size_t c = 0; c < n; ++c) out[m * n + c] = dot(row, ks.data() + c * d);
  }
  return out;
}

std::vector<double> rope_score_by_offset(const std::vector<double>& q, const std::vector<double>& k,
                                         int max_offset, int head_dim, double base,
                                         RopeConvention convention) {
  const auto count = static_cast<std::size_t>(max_offset) + 1;
  const auto d = static_cast<std::size_t>(head_dim);
  std::vector<double> ks(count * d);
  for (std::size_t r = 0; r < count; ++r) {
    for (std::size_t j = 0; j < d; ++j) ks[r * d + j] = k[j];
  }
  rope_rotate_inplace(ks.data(), max_offset + 1, head_dim, 0.0, base, convention, 1.0);
  // The query sits at position 0, where every rotation is the identity.
  std::vector<double> out(count);
  for (std::size_t o = 0; o < count; ++o) out[o] = dot(q, ks.data() + o * d);
  return out;
}

}  // namespace pe
