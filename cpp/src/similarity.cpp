// The similarity of every pair of rows of a table (pe/similarity.hpp): direct dot products in double
// precision, two rows by four at a time, in column blocks that stay in cache.
#include "pe/similarity.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "pe/limits.hpp"
#include "pe/simd.hpp"

namespace pe {
namespace {

using simd::f64x2;

/// The eight dot products of rows a0, a1 with rows b[0..3] (d values each), as {a0.b0, .., a0.b3, a1.b0, ..,
/// a1.b3}: each row is loaded once for two or four products. Every product sums its even and its odd terms
/// separately, adds the two, then adds the last term when d is odd: the same way whichever tile it falls in.
std::array<double, 8> dot_2x4(const double* a0, const double* a1, const std::array<const double*, 4>& b,
                              std::size_t d) noexcept {
  std::array<f64x2, 4> s0;
  std::array<f64x2, 4> s1;
  s0.fill(simd::splat(0.0));
  s1.fill(simd::splat(0.0));
  const std::size_t even = d & ~std::size_t{1};
  for (std::size_t j = 0; j < even; j += 2) {
    const f64x2 x0 = simd::load(a0 + j);
    const f64x2 x1 = simd::load(a1 + j);
    for (std::size_t t = 0; t < 4; ++t) {
      const f64x2 y = simd::load(b[t] + j);
      s0[t] = s0[t] + x0 * y;
      s1[t] = s1[t] + x1 * y;
    }
  }
  std::array<double, 8> out{};
  for (std::size_t t = 0; t < 4; ++t) {
    out[t] = simd::sum_lanes(s0[t]);
    out[4 + t] = simd::sum_lanes(s1[t]);
    if (even < d) {
      out[t] += a0[even] * b[t][even];
      out[4 + t] += a1[even] * b[t][even];
    }
  }
  return out;
}

}  // namespace

std::vector<double> table_similarity(matrix_view<const double> table, Similarity metric) {
  const std::size_t n = table.rows();
  const std::size_t d = table.cols();
  PE_EXPECTS(n >= 1 && n <= to_size(limits::kMaxSimilarityPositions));
  PE_EXPECTS(d >= 1 && d <= to_size(limits::kMaxDModel));
  std::vector<double> out(n * n);
  const matrix_view<double> cells(out, n, n);
  const auto row = [&](std::size_t a) { return table.row(std::min(a, n - 1)).data(); };
  // Column blocks of about 256 KiB of rows; within one, every pair of rows (a, b) with b >= a, in tiles of
  // two rows a by four rows b. Rows past the end (or past the block) stand in for missing ones; their
  // products are not stored.
  const std::size_t block = std::max<std::size_t>(4, (std::size_t{32768} / d) & ~std::size_t{3});
  for (std::size_t b_first = 0; b_first < n; b_first += block) {
    const std::size_t b_end = std::min(n, b_first + block);
    for (std::size_t a = 0; a < b_end; a += 2) {
      for (std::size_t b = std::max(b_first, a); b < b_end; b += 4) {
        const auto v = dot_2x4(row(a), row(a + 1), {row(b), row(b + 1), row(b + 2), row(b + 3)}, d);
        for (std::size_t i = 0; i < 2 && a + i < n; ++i) {
          for (std::size_t t = 0; t < 4 && b + t < b_end; ++t) {
            cells.at(a + i, b + t) = v[4 * i + t];
            cells.at(b + t, a + i) = v[4 * i + t];
          }
        }
      }
    }
  }
  if (metric == Similarity::Cosine) {
    // a.b / sqrt((a.a)(b.b)): on the diagonal that is a.a / sqrt((a.a)^2), exactly 1, since the square root
    // of a rounded square is the number itself. Within float32's range the product neither overflows nor
    // underflows.
    std::vector<double> squares(n);
    for (std::size_t a = 0; a < n; ++a) squares[a] = cells.at(a, a);
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t b = 0; b < n; ++b) {
        const bool zero = squares[a] == 0.0 || squares[b] == 0.0;
        cells.at(a, b) = zero ? 0.0 : cells.at(a, b) / std::sqrt(squares[a] * squares[b]);
      }
    }
  }
  return out;
}

}  // namespace pe
