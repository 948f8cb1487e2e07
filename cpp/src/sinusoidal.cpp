#include "pe/sinusoidal.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace pe {
namespace {

// The table is built by angle addition, sin(w(p0 + b)) = sin(w p0) cos(w b) + cos(w p0) sin(w b), with p0 the
// start of a block of kBlock positions and b the offset inside it. The offsets' sines and cosines are a table
// made once per call; the block starts advance by a rotation in double precision and are re-evaluated with
// std::sin/std::cos every kAnchorEvery positions. Each value then costs two multiplies and an add in float32,
// four pairs per SIMD step, with no transcendental call and no error that builds up: every value is within a
// few float32 roundings (below 4e-7) of the formula evaluated in double.
constexpr int kBlock = 64;
constexpr int kAnchorEvery = 4 * kBlock;

}  // namespace

double pair_frequency(int pair, int d_model, double base) noexcept {
  return std::pow(base, -2.0 * pair / d_model);
}

std::vector<double> encode_position(double pos, int d_model, double base, Layout layout) {
  const int half = d_model / 2;
  std::vector<double> row(static_cast<std::size_t>(d_model));
  for (int i = 0; i < half; ++i) {
    const double angle = pos * pair_frequency(i, d_model, base);
    const auto sin_at = static_cast<std::size_t>(layout == Layout::Interleaved ? 2 * i : i);
    const auto cos_at = static_cast<std::size_t>(layout == Layout::Interleaved ? 2 * i + 1 : half + i);
    row[sin_at] = std::sin(angle);
    row[cos_at] = std::cos(angle);
  }
  return row;
}

namespace {

// One row from its block start (as, ac) and its offset's (bs, bc), for pairs [first, half). The layout is a
// template parameter so that both stores have compile-time strides.
template <Layout kLayout>
void store_row(float* row, const float* as, const float* ac, const float* bs, const float* bc, std::size_t first,
               std::size_t half) noexcept {
  for (std::size_t i = first; i < half; ++i) {
    const float s = as[i] * bc[i] + ac[i] * bs[i];
    const float c = ac[i] * bc[i] - as[i] * bs[i];
    if constexpr (kLayout == Layout::Interleaved) {
      row[2 * i] = s;
      row[2 * i + 1] = c;
    } else {
      row[i] = s;
      row[half + i] = c;
    }
  }
}

#ifdef __wasm_simd128__
// The same row with 128-bit WebAssembly SIMD, four pairs per step (the interleaving store is two shuffles).
// Returns the first pair left for the scalar loop.
template <Layout kLayout>
std::size_t store_row_simd(float* row, const float* as, const float* ac, const float* bs, const float* bc,
                           std::size_t half) noexcept {
  const std::size_t end = half - half % 4;
  for (std::size_t i = 0; i < end; i += 4) {
    const v128_t va = wasm_v128_load(as + i);
    const v128_t vc = wasm_v128_load(ac + i);
    const v128_t vbs = wasm_v128_load(bs + i);
    const v128_t vbc = wasm_v128_load(bc + i);
    const v128_t s = wasm_f32x4_add(wasm_f32x4_mul(va, vbc), wasm_f32x4_mul(vc, vbs));
    const v128_t c = wasm_f32x4_sub(wasm_f32x4_mul(vc, vbc), wasm_f32x4_mul(va, vbs));
    if constexpr (kLayout == Layout::Interleaved) {
      wasm_v128_store(row + 2 * i, wasm_i32x4_shuffle(s, c, 0, 4, 1, 5));
      wasm_v128_store(row + 2 * i + 4, wasm_i32x4_shuffle(s, c, 2, 6, 3, 7));
    } else {
      wasm_v128_store(row + i, s);
      wasm_v128_store(row + half + i, c);
    }
  }
  return end;
}
#endif

template <Layout kLayout>
void store_row_any(float* row, const float* as, const float* ac, const float* bs, const float* bc,
                   std::size_t half) noexcept {
#ifdef __wasm_simd128__
  const std::size_t first = store_row_simd<kLayout>(row, as, ac, bs, bc, half);
#else
  const std::size_t first = 0;
#endif
  store_row<kLayout>(row, as, ac, bs, bc, first, half);
}

}  // namespace

SinusoidalRows::SinusoidalRows(int d_model, double base, Layout layout)
    : half_(static_cast<std::size_t>(d_model / 2)),
      layout_(layout),
      freq_(half_),
      block_sin_(half_),
      block_cos_(half_),
      start_sin_(half_),
      start_cos_(half_),
      start_sin_f_(half_),
      start_cos_f_(half_),
      offset_sin_(static_cast<std::size_t>(kBlock) * half_),
      offset_cos_(static_cast<std::size_t>(kBlock) * half_) {
  for (std::size_t i = 0; i < half_; ++i) {
    freq_[i] = pair_frequency(static_cast<int>(i), d_model, base);
    block_sin_[i] = std::sin(kBlock * freq_[i]);
    block_cos_[i] = std::cos(kBlock * freq_[i]);
    // Offsets 0..kBlock-1 by rotating in double from offset 0; 63 steps leave rounding near 1e-14.
    const double step_sin = std::sin(freq_[i]);
    const double step_cos = std::cos(freq_[i]);
    double s = 0.0;
    double c = 1.0;
    for (std::size_t b = 0; b < static_cast<std::size_t>(kBlock); ++b) {
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

void SinusoidalRows::next(float* out, int count) noexcept {
  const std::size_t width = 2 * half_;
  for (int r = 0; r < count; ++r, ++pos_) {
    const auto b = static_cast<std::size_t>(pos_ % kBlock);
    if (b == 0) start_block();
    float* row = out + static_cast<std::size_t>(r) * width;
    const float* bs = offset_sin_.data() + b * half_;
    const float* bc = offset_cos_.data() + b * half_;
    if (layout_ == Layout::Interleaved) {
      store_row_any<Layout::Interleaved>(row, start_sin_f_.data(), start_cos_f_.data(), bs, bc, half_);
    } else {
      store_row_any<Layout::Split>(row, start_sin_f_.data(), start_cos_f_.data(), bs, bc, half_);
    }
  }
}

void sinusoidal_table_into(float* out, int positions, int d_model, double base, Layout layout) {
  SinusoidalRows(d_model, base, layout).next(out, positions);
}

std::vector<float> sinusoidal_table(int positions, int d_model, double base, Layout layout) {
  std::vector<float> out(static_cast<std::size_t>(positions) * static_cast<std::size_t>(d_model));
  sinusoidal_table_into(out.data(), positions, d_model, base, layout);
  return out;
}

std::vector<double> sinusoidal_columns(int positions, int d_model, double base, Layout layout,
                                       const std::vector<int>& dimensions) {
  const int half = d_model / 2;
  const auto count = static_cast<std::size_t>(positions);
  std::vector<double> out(dimensions.size() * count);
  for (std::size_t c = 0; c < dimensions.size(); ++c) {
    const int dim = dimensions[c];
    const bool interleaved = layout == Layout::Interleaved;
    const int pair = interleaved ? dim / 2 : dim % half;
    const bool is_sin = interleaved ? dim % 2 == 0 : dim < half;
    const double w = pair_frequency(pair, d_model, base);
    double* column = out.data() + c * count;
    for (std::size_t p = 0; p < count; ++p) {
      const double angle = static_cast<double>(p) * w;
      column[p] = is_sin ? std::sin(angle) : std::cos(angle);
    }
  }
  return out;
}

std::vector<double> pair_periods(int d_model, double base) {
  constexpr double kTwoPi = 6.283185307179586476925286766559;
  std::vector<double> periods(static_cast<std::size_t>(d_model / 2));
  for (std::size_t i = 0; i < periods.size(); ++i) {
    periods[i] = kTwoPi / pair_frequency(static_cast<int>(i), d_model, base);
  }
  return periods;
}

std::vector<double> dimension_ranges(int positions, int d_model, double base) {
  // From the float32 table the heatmap shows, at the table's speed: exact to a few float32 roundings (below
  // 4e-7), far finer than any threshold a reader compares ranges with.
  const auto width = static_cast<std::size_t>(d_model);
  std::vector<float> lo(width, std::numeric_limits<float>::infinity());
  std::vector<float> hi(width, -std::numeric_limits<float>::infinity());
  stream_table(positions, d_model, base, Layout::Interleaved, [&](const float* rows, std::size_t, std::size_t count) {
    for (std::size_t r = 0; r < count; ++r) {
      const float* row = rows + r * width;
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

namespace {

double dot(const std::vector<double>& a, const std::vector<double>& b) noexcept {
  double sum = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) sum += a[j] * b[j];
  return sum;
}

}  // namespace

std::vector<double> dot_by_offset(int pos, int max_offset, int d_model, double base) {
  const auto origin = encode_position(pos, d_model, base);
  std::vector<double> out(static_cast<std::size_t>(max_offset) + 1);
  for (int k = 0; k <= max_offset; ++k) {
    out[static_cast<std::size_t>(k)] = dot(origin, encode_position(static_cast<double>(pos) + k, d_model, base));
  }
  return out;
}

std::vector<double> similarity_matrix(int positions, int d_model, double base, Similarity metric) {
  const auto n = static_cast<std::size_t>(positions);
  std::vector<std::vector<double>> rows;
  rows.reserve(n);
  for (int pos = 0; pos < positions; ++pos) rows.push_back(encode_position(pos, d_model, base));
  std::vector<double> norms(n);
  for (std::size_t a = 0; a < n; ++a) norms[a] = std::sqrt(dot(rows[a], rows[a]));
  std::vector<double> out(n * n);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = a; b < n; ++b) {
      double v = dot(rows[a], rows[b]);
      if (metric == Similarity::Cosine) v /= norms[a] * norms[b];
      out[a * n + b] = v;
      out[b * n + a] = v;
    }
  }
  return out;
}

std::array<double, 4> shift_rotation(int pair, double offset, int d_model, double base) noexcept {
  const double theta = pair_frequency(pair, d_model, base) * offset;
  const double cs = std::cos(theta);
  const double sn = std::sin(theta);
  return {cs, sn, -sn, cs};
}

double rotation_residual(double pos, double offset, int d_model, double base) {
  const auto from = encode_position(pos, d_model, base);
  const auto to = encode_position(pos + offset, d_model, base);
  double worst = 0.0;
  for (int i = 0; i < d_model / 2; ++i) {
    const auto r = shift_rotation(i, offset, d_model, base);
    const auto j = static_cast<std::size_t>(2 * i);
    const double ds = to[j] - (r[0] * from[j] + r[1] * from[j + 1]);
    const double dc = to[j + 1] - (r[2] * from[j] + r[3] * from[j + 1]);
    worst = std::max(worst, std::hypot(ds, dc));
  }
  return worst;
}

}  // namespace pe
