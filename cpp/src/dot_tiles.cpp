// The dot products of many pairs of rows (dot_tiles.hpp): two rows by four at a time.
#include "dot_tiles.hpp"

#include <algorithm>
#include <array>

#include "pe/simd.hpp"

namespace pe::detail {
namespace {

/// The eight dot products of rows a0, a1 with rows b[0..3] (d doubles each), as {a0.b0, .., a0.b3, a1.b0,
/// .., a1.b3}. Every product sums its even and its odd terms separately, adds the two, then adds the last
/// term when d is odd.
std::array<double, 8> dot_2x4(const double* a0, const double* a1, const std::array<const double*, 4>& b,
                              std::size_t d) noexcept {
  using simd::f64x2;
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

/// The same for float32 rows, in float32: four partial sums per product (terms j, j+4, j+8, ... in lane
/// j % 4, the last partial group through a zero-filled load), added as (l0 + l1) + (l2 + l3).
std::array<float, 8> dot_2x4(const float* a0, const float* a1, const std::array<const float*, 4>& b,
                             std::size_t d) noexcept {
  using simd::f32x4;
  std::array<f32x4, 4> s0;
  std::array<f32x4, 4> s1;
  s0.fill(simd::splat(0.0F));
  s1.fill(simd::splat(0.0F));
  for (std::size_t j = 0; j < d; j += 4) {
    const std::size_t w = std::min<std::size_t>(4, d - j);
    const f32x4 x0 = simd::load(a0 + j, w);
    const f32x4 x1 = simd::load(a1 + j, w);
    for (std::size_t t = 0; t < 4; ++t) {
      const f32x4 y = simd::load(b[t] + j, w);
      s0[t] = s0[t] + x0 * y;
      s1[t] = s1[t] + x1 * y;
    }
  }
  std::array<float, 8> out{};
  for (std::size_t t = 0; t < 4; ++t) {
    const auto l0 = simd::lanes(s0[t]);
    const auto l1 = simd::lanes(s1[t]);
    out[t] = (l0[0] + l0[1]) + (l0[2] + l0[3]);
    out[4 + t] = (l1[0] + l1[1]) + (l1[2] + l1[3]);
  }
  return out;
}

/// Blocks of b's rows of about 256 KiB; within one, tiles of two rows of a by four of b. Rows past the end
/// stand in for missing ones, and their products are not stored.
template <class T>
void tiles(const T* a, std::size_t na, const T* b, std::size_t nb, std::size_t d, T* out,
           bool symmetric) noexcept {
  if (na == 0 || nb == 0) return;
  const auto row_a = [&](std::size_t i) { return a + std::min(i, na - 1) * d; };
  const auto row_b = [&](std::size_t j) { return b + std::min(j, nb - 1) * d; };
  const std::size_t block = std::max<std::size_t>(4, (std::size_t{262144} / sizeof(T) / d) & ~std::size_t{3});
  for (std::size_t b_first = 0; b_first < nb; b_first += block) {
    const std::size_t b_end = std::min(nb, b_first + block);
    const std::size_t a_end = symmetric ? b_end : na;
    for (std::size_t i = 0; i < a_end; i += 2) {
      const std::size_t j_first = symmetric ? std::max(b_first, i & ~std::size_t{1}) : b_first;
      for (std::size_t j = j_first; j < b_end; j += 4) {
        const auto v =
            dot_2x4(row_a(i), row_a(i + 1), {row_b(j), row_b(j + 1), row_b(j + 2), row_b(j + 3)}, d);
        for (std::size_t r = 0; r < 2 && i + r < na; ++r) {
          for (std::size_t t = 0; t < 4 && j + t < b_end; ++t) {
            out[(i + r) * nb + j + t] = v[4 * r + t];
            if (symmetric) out[(j + t) * nb + i + r] = v[4 * r + t];
          }
        }
      }
    }
  }
}

}  // namespace

void dot_tiles(const float* a, std::size_t na, const float* b, std::size_t nb, std::size_t d, float* out,
               bool symmetric) noexcept {
  tiles(a, na, b, nb, d, out, symmetric);
}

void dot_tiles(const double* a, std::size_t na, const double* b, std::size_t nb, std::size_t d, double* out,
               bool symmetric) noexcept {
  tiles(a, na, b, nb, d, out, symmetric);
}

void add_combination(const double* coeff, std::size_t stride, std::size_t m, const double* rows,
                     std::size_t d, double* out) noexcept {
  for (std::size_t l = 0; l < m; ++l) {
    const double a = coeff[l * stride];
    const double* row = rows + l * d;
    for (std::size_t c = 0; c < d; ++c) out[c] += a * row[c];
  }
}

}  // namespace pe::detail
