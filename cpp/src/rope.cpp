#include "pe/rope.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "pe/limits.hpp"
#include "pe/sinusoidal.hpp"

namespace pe {
namespace {

struct PairIndex {
  std::size_t first;
  std::size_t second;
};

constexpr PairIndex pair_index(int pair, int head_dim, RopeConvention convention) noexcept {
  return convention == RopeConvention::Interleaved ? PairIndex{to_size(2 * pair), to_size(2 * pair + 1)}
                                                   : PairIndex{to_size(pair), to_size(pair + head_dim / 2)};
}

double dot(span<const double> a, span<const double> b) noexcept {
  PE_EXPECTS(a.size() == b.size());
  double sum = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) sum += a[j] * b[j];
  return sum;
}

// rows copies of v, one per row.
std::vector<double> repeat_rows(span<const double> v, std::size_t rows) {
  std::vector<double> out;
  out.reserve(rows * v.size());
  for (std::size_t r = 0; r < rows; ++r) out.insert(out.end(), v.begin(), v.end());
  return out;
}

void expect_head(int head_dim, double base) noexcept {
  PE_EXPECTS(head_dim >= 2 && head_dim % 2 == 0 && head_dim <= limits::kMaxDModel);
  PE_EXPECTS(base > 1.0);
}

}  // namespace

template <typename T>
void rope_rotate_inplace(matrix_view<T> x, double start_pos, double base, RopeConvention convention,
                         double scale) noexcept {
  const auto head_dim = static_cast<int>(x.cols());
  expect_head(head_dim, base);
  PE_EXPECTS(scale > 0.0);
  // The per-pair frequencies are computed once per call instead of once per row, on the stack (16 KiB at
  // most) so that the noexcept rotation needs no allocation; min() keeps a broken precondition in the shipped
  // build from writing past them.
  const int half = std::min(head_dim / 2, limits::kMaxPairs);
  double freq[limits::kMaxPairs];
  for (int i = 0; i < half; ++i) freq[i] = pair_frequency(i, head_dim, base);
  for (std::size_t r = 0; r < x.rows(); ++r) {
    const double pos = (start_pos + static_cast<double>(r)) / scale;
    T* row = x.row(r).data();
    for (int i = 0; i < half; ++i) {
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

template void rope_rotate_inplace<float>(matrix_view<float>, double, double, RopeConvention, double) noexcept;
template void rope_rotate_inplace<double>(matrix_view<double>, double, double, RopeConvention,
                                          double) noexcept;

std::vector<float> rope_rotate(matrix_view<const float> x, double start_pos, double base,
                               RopeConvention convention, double scale) {
  std::vector<float> out(x.values().begin(), x.values().end());
  rope_rotate_inplace(matrix_view<float>(out, x.rows(), x.cols()), start_pos, base, convention, scale);
  return out;
}

std::vector<int> rope_permutation(int head_dim, RopeConvention from, RopeConvention to) {
  PE_EXPECTS(head_dim >= 2 && head_dim % 2 == 0);
  const int half = head_dim / 2;
  std::vector<int> p(to_size(head_dim));
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
  // head_dim 2 would divide by zero.
  PE_EXPECTS(head_dim >= 4 && head_dim % 2 == 0);
  PE_EXPECTS(base > 1.0 && factor > 0.0);
  return base * std::pow(factor, static_cast<double>(head_dim) / (head_dim - 2));
}

std::vector<double> rope_scores(span<const double> q, span<const double> k, int positions, int head_dim,
                                double base, RopeConvention convention, const RopeScoreOptions& options) {
  expect_head(head_dim, base);
  PE_EXPECTS(q.size() == to_size(head_dim) && k.size() == to_size(head_dim));
  PE_EXPECTS(positions >= 1);
  const auto n = to_size(positions);
  std::vector<double> qs = repeat_rows(q, n);
  std::vector<double> ks = repeat_rows(k, n);
  const matrix_view<double> queries(qs, positions, head_dim);
  const matrix_view<double> keys(ks, positions, head_dim);
  rope_rotate_inplace(queries, 0.0, base, convention, options.scale);
  if (!options.queries_only) rope_rotate_inplace(keys, 0.0, base, convention, options.scale);
  std::vector<double> out(n * n);
  const matrix_view<double> scores(out, n, n);
  for (std::size_t m = 0; m < n; ++m) {
    for (std::size_t c = 0; c < n; ++c) scores.at(m, c) = dot(queries.row(m), keys.row(c));
  }
  return out;
}

std::vector<double> rope_score_by_offset(span<const double> q, span<const double> k, int max_offset,
                                         int head_dim, double base, RopeConvention convention) {
  expect_head(head_dim, base);
  PE_EXPECTS(q.size() == to_size(head_dim) && k.size() == to_size(head_dim));
  PE_EXPECTS(max_offset >= 0);
  const auto count = to_size(max_offset) + 1;
  std::vector<double> ks = repeat_rows(k, count);
  const matrix_view<double> keys(ks, count, to_size(head_dim));
  rope_rotate_inplace(keys, 0.0, base, convention, 1.0);
  // The query sits at position 0, where every rotation is the identity.
  std::vector<double> out(count);
  for (std::size_t o = 0; o < count; ++o) out[o] = dot(q, keys.row(o));
  return out;
}

}  // namespace pe
