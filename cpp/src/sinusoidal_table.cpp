// The float32 table of the sinusoidal encoding, made a block of rows at a time without a transcendental call
// per value, and what is read off it whole (dimension_ranges).
#include <algorithm>
#include <cmath>
#include <limits>

#include "angle_blocks.hpp"
#include "pe/limits.hpp"
#include "pe/simd.hpp"
#include "pe/sinusoidal.hpp"

namespace pe {
namespace {

using detail::kAnchorEvery;
using detail::kBlock;
using simd::f32x4;

// The table is built by angle addition (see angle_blocks.hpp), with p0 the start of a block of kBlock
// positions and b the offset inside it. The offsets' sines and cosines are a table made once per call; the
// block starts advance by a rotation in double precision and are re-evaluated with std::sin/std::cos every
// kAnchorEvery positions. Each value then costs two multiplies and an add in float32, four pairs per SIMD
// step, with no transcendental call and no error that builds up: every value is within a few float32
// roundings (below 4e-7) of the formula evaluated in double.

// One row from its block start's sines and cosines (as, ac) and its offset's (bs, bc), `half` pairs each. The
// layout is a template parameter so that both stores have compile-time strides.
template <Layout kLayout>
void store_row(float* row, const float* as, const float* ac, const float* bs, const float* bc,
               std::size_t half) noexcept {
  // Pairs [i, i + n), n <= 4: four at a time, then the last one to three through the same arithmetic.
  const auto pairs = [&](std::size_t i, std::size_t n) {
    const f32x4 a_sin = simd::load(as + i, n);
    const f32x4 a_cos = simd::load(ac + i, n);
    const f32x4 b_sin = simd::load(bs + i, n);
    const f32x4 b_cos = simd::load(bc + i, n);
    const f32x4 s = a_sin * b_cos + a_cos * b_sin;
    const f32x4 c = a_cos * b_cos - a_sin * b_sin;
    if constexpr (kLayout == Layout::Interleaved) {
      // Two shuffles turn four sines and four cosines into sin, cos, sin, cos, ...
      simd::store(row + 2 * i, simd::interleave_low(s, c), std::min<std::size_t>(2 * n, 4));
      if (n > 2) simd::store(row + 2 * i + 4, simd::interleave_high(s, c), 2 * n - 4);
    } else {
      simd::store(row + i, s, n);
      simd::store(row + half + i, c, n);
    }
  };
  std::size_t i = 0;
  for (; i + 4 <= half; i += 4) pairs(i, 4);
  if (i < half) pairs(i, half - i);
}

}  // namespace

SinusoidalRows::SinusoidalRows(int d_model, double base, Layout layout)
    : half_(to_size(d_model / 2)),
      layout_(layout),
      freq_(half_),
      block_sin_(half_),
      block_cos_(half_),
      start_sin_(half_),
      start_cos_(half_),
      start_sin_f_(half_),
      start_cos_f_(half_),
      offset_sin_(to_size(kBlock) * half_),
      offset_cos_(to_size(kBlock) * half_) {
  PE_EXPECTS(d_model >= 2 && d_model % 2 == 0 && d_model <= limits::kMaxDModel);
  PE_EXPECTS(base > 1.0);
  for (std::size_t i = 0; i < half_; ++i) {
    freq_[i] = pair_frequency(static_cast<int>(i), d_model, base);
    block_sin_[i] = std::sin(kBlock * freq_[i]);
    block_cos_[i] = std::cos(kBlock * freq_[i]);
    // Offsets 0..kBlock-1 by rotating in double from offset 0; 63 steps leave rounding near 1e-14.
    const double step_sin = std::sin(freq_[i]);
    const double step_cos = std::cos(freq_[i]);
    double s = 0.0;
    double c = 1.0;
    for (std::size_t b = 0; b < to_size(kBlock); ++b) {
      offset_sin_[b * half_ + i] = static_cast<float>(s);
      offset_cos_[b * half_ + i] = static_cast<float>(c);
      const double next_s = s * step_cos + c * step_sin;
      c = c * step_cos - s * step_sin;
      s = next_s;
    }
  }
}

void SinusoidalRows::start_block() noexcept {
  if (pos_ % kAnchorEvery == 0) {
    for (std::size_t i = 0; i < half_; ++i) {
      const double angle = pos_ * freq_[i];
      start_sin_[i] = std::sin(angle);
      start_cos_[i] = std::cos(angle);
    }
  } else {
    for (std::size_t i = 0; i < half_; ++i) {
      const double s = start_sin_[i] * block_cos_[i] + start_cos_[i] * block_sin_[i];
      start_cos_[i] = start_cos_[i] * block_cos_[i] - start_sin_[i] * block_sin_[i];
      start_sin_[i] = s;
    }
  }
  for (std::size_t i = 0; i < half_; ++i) {
    start_sin_f_[i] = static_cast<float>(start_sin_[i]);
    start_cos_f_[i] = static_cast<float>(start_cos_[i]);
  }
}

void SinusoidalRows::next(matrix_view<float> out) noexcept {
  PE_EXPECTS(out.cols() == 2 * half_);
  for (std::size_t r = 0; r < out.rows(); ++r, ++pos_) {
    const auto b = to_size(pos_ % kBlock);
    if (b == 0) start_block();
    float* row = out.row(r).data();
    const float* bs = offset_sin_.data() + b * half_;
    const float* bc = offset_cos_.data() + b * half_;
    if (layout_ == Layout::Interleaved) {
      store_row<Layout::Interleaved>(row, start_sin_f_.data(), start_cos_f_.data(), bs, bc, half_);
    } else {
      store_row<Layout::Split>(row, start_sin_f_.data(), start_cos_f_.data(), bs, bc, half_);
    }
  }
}

void sinusoidal_table_into(matrix_view<float> out, double base, Layout layout) {
  SinusoidalRows(static_cast<int>(out.cols()), base, layout).next(out);
}

std::vector<float> sinusoidal_table(int positions, int d_model, double base, Layout layout) {
  std::vector<float> out(to_size(positions) * to_size(d_model));
  sinusoidal_table_into({out, positions, d_model}, base, layout);
  return out;
}

std::vector<double> dimension_ranges(int positions, int d_model, double base) {
  // From the float32 table the heatmap shows, at the table's speed: exact to a few float32 roundings (below
  // 4e-7), far finer than any threshold a reader compares ranges with.
  const auto width = to_size(d_model);
  std::vector<float> lo(width, std::numeric_limits<float>::infinity());
  std::vector<float> hi(width, -std::numeric_limits<float>::infinity());
  stream_table(positions, d_model, base, Layout::Interleaved,
               [&](matrix_view<const float> rows, std::size_t) {
                 for (std::size_t r = 0; r < rows.rows(); ++r) {
                   const float* row = rows.row(r).data();
                   for (std::size_t j = 0; j < width; ++j) {
                     lo[j] = std::min(lo[j], row[j]);
                     hi[j] = std::max(hi[j], row[j]);
                   }
                 }
               });
  std::vector<double> out(width);
  for (std::size_t j = 0; j < width; ++j) out[j] = static_cast<double>(hi[j]) - static_cast<double>(lo[j]);
  return out;
}

}  // namespace pe
