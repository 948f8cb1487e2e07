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

std::vector<int> layout_order(int d_model, Layout layout) {
  std::vector<int> order(static_cast<std::size_t>(d_model));
  for (int dim = 0; dim < d_model; ++dim) order[static_cast<std::size_t>(dim)] = interleaved_slot(dim, d_model, layout);
  return order;
}

std::vector<double> sinusoidal_columns(int positions, int d_model, double base, Layout layout,
                                       const std::vector<int>& dimensions) {
  const auto count = static_cast<std::size_t>(positions);
  std::vector<double> out(dimensions.size() * count);
  for (std::size_t c = 0; c < dimensions.size(); ++c) {
    const int slot = interleaved_slot(dimensions[c], d_model, layout);
    const bool is_sin = slot % 2 == 0;
    const double w = pair_frequency(slot / 2, d_model, base);
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

// dot_by_offset and similarity_matrix need the sine and cosine of every pair at many consecutive positions, in
// double precision. PairAngles steps through them by angle addition, as SinusoidalRows does for the table (with
// the same kBlock and kAnchorEvery) but in double throughout: from one position to the next each pair turns by
// w_i, sin(w(p+1)) = sin(wp) cos(w) + cos(wp) sin(w); every kBlock positions it instead turns the block's start by
// w_i kBlock, and every kAnchorEvery positions it re-evaluates std::sin/std::cos exactly as encode_position does.
// A value is therefore at most kAnchorEvery / kBlock - 1 + kBlock - 1 rotations (66) from a library value, each
// adding a rounding of about 1e-16: every sine and cosine is within about 1e-14 of encode_position's, and a dot
// product over 256 pairs is no further from the closed form sum_i cos(w_i k) than encode_position's own (about
// 1e-12 at k = 2048, where rounding pos * w_i alone costs that much), for two transcendental calls per pair per
// kAnchorEvery positions instead of two per pair per position.

class PairAngles {
 public:
  PairAngles(int first, int d_model, double base)
      : half_(static_cast<std::size_t>(d_model / 2)),
        first_(first),
        freq_(half_),
        step_sin_(half_),
        step_cos_(half_),
        block_sin_(half_),
        block_cos_(half_),
        start_sin_(half_),
        start_cos_(half_),
        sin_(half_),
        cos_(half_) {
    for (std::size_t i = 0; i < half_; ++i) {
      freq_[i] = pair_frequency(static_cast<int>(i), d_model, base);
      step_sin_[i] = std::sin(freq_[i]);
      step_cos_[i] = std::cos(freq_[i]);
      block_sin_[i] = std::sin(kBlock * freq_[i]);
      block_cos_[i] = std::cos(kBlock * freq_[i]);
    }
    arrive();
  }

  /// sin(w_i pos) and cos(w_i pos) of pairs i = 0..dModel/2-1 at the current position.
  [[nodiscard]] const double* sin() const noexcept { return sin_.data(); }
  [[nodiscard]] const double* cos() const noexcept { return cos_.data(); }
  [[nodiscard]] std::size_t pairs() const noexcept { return half_; }

  /// Moves on to the next position.
  void advance() noexcept {
    ++steps_;
    arrive();
  }

 private:
  void arrive() noexcept {
    if (steps_ % kAnchorEvery == 0) {
      const double pos = static_cast<double>(first_) + static_cast<double>(steps_);
      for (std::size_t i = 0; i < half_; ++i) {
        const double angle = pos * freq_[i];
        start_sin_[i] = std::sin(angle);
        start_cos_[i] = std::cos(angle);
      }
    } else if (steps_ % kBlock == 0) {
      turn(start_sin_.data(), start_cos_.data(), block_sin_.data(), block_cos_.data());
    } else {
      turn(sin_.data(), cos_.data(), step_sin_.data(), step_cos_.data());
      return;
    }
    std::copy(start_sin_.begin(), start_sin_.end(), sin_.begin());
    std::copy(start_cos_.begin(), start_cos_.end(), cos_.begin());
  }

  /// Turns every pair's (sin, cos) by its own angle (by_sin, by_cos).
  void turn(double* s, double* c, const double* by_sin, const double* by_cos) const noexcept {
    for (std::size_t i = 0; i < half_; ++i) {
      const double next_s = s[i] * by_cos[i] + c[i] * by_sin[i];
      c[i] = c[i] * by_cos[i] - s[i] * by_sin[i];
      s[i] = next_s;
    }
  }

  std::size_t half_;
  int first_;
  std::int64_t steps_ = 0;
  std::vector<double> freq_, step_sin_, step_cos_, block_sin_, block_cos_, start_sin_, start_cos_, sin_, cos_;
};

/// sum_i (s0_i s_i + c0_i c_i) over n pairs: the dot product of two encodings, pair by pair.
double pair_dot(const double* s0, const double* c0, const double* s, const double* c, std::size_t n) noexcept {
  std::size_t i = 0;
  double sum = 0.0;
#ifdef __wasm_simd128__
  v128_t acc_s = wasm_f64x2_splat(0.0);
  v128_t acc_c = wasm_f64x2_splat(0.0);
  for (; i + 2 <= n; i += 2) {
    acc_s = wasm_f64x2_add(acc_s, wasm_f64x2_mul(wasm_v128_load(s0 + i), wasm_v128_load(s + i)));
    acc_c = wasm_f64x2_add(acc_c, wasm_f64x2_mul(wasm_v128_load(c0 + i), wasm_v128_load(c + i)));
  }
  const v128_t acc = wasm_f64x2_add(acc_s, acc_c);
  sum = wasm_f64x2_extract_lane(acc, 0) + wasm_f64x2_extract_lane(acc, 1);
#endif
  for (; i < n; ++i) sum += s0[i] * s[i] + c0[i] * c[i];
  return sum;
}

/// The eight dot products of rows a0, a1 with rows b[0..3] (d values each, d even), as {a0.b0, .., a0.b3, a1.b0,
/// .., a1.b3}: each row is loaded once for two or four products. Every product sums its even and its odd terms
/// separately and adds the two at the end, the same way whichever tile it falls in.
std::array<double, 8> dot_2x4(const double* a0, const double* a1, const double* const* b, std::size_t d) noexcept {
#ifdef __wasm_simd128__
  v128_t s0[4];
  v128_t s1[4];
  for (std::size_t t = 0; t < 4; ++t) s0[t] = s1[t] = wasm_f64x2_splat(0.0);
  for (std::size_t j = 0; j + 2 <= d; j += 2) {
    const v128_t x0 = wasm_v128_load(a0 + j);
    const v128_t x1 = wasm_v128_load(a1 + j);
    for (std::size_t t = 0; t < 4; ++t) {
      const v128_t y = wasm_v128_load(b[t] + j);
      s0[t] = wasm_f64x2_add(s0[t], wasm_f64x2_mul(x0, y));
      s1[t] = wasm_f64x2_add(s1[t], wasm_f64x2_mul(x1, y));
    }
  }
  std::array<double, 8> out{};
  for (std::size_t t = 0; t < 4; ++t) {
    out[t] = wasm_f64x2_extract_lane(s0[t], 0) + wasm_f64x2_extract_lane(s0[t], 1);
    out[4 + t] = wasm_f64x2_extract_lane(s1[t], 0) + wasm_f64x2_extract_lane(s1[t], 1);
  }
  return out;
#else
  double s0[4][2] = {};
  double s1[4][2] = {};
  for (std::size_t j = 0; j + 2 <= d; j += 2) {
    for (std::size_t t = 0; t < 4; ++t) {
      for (std::size_t l = 0; l < 2; ++l) {
        s0[t][l] += a0[j + l] * b[t][j + l];
        s1[t][l] += a1[j + l] * b[t][j + l];
      }
    }
  }
  std::array<double, 8> out{};
  for (std::size_t t = 0; t < 4; ++t) {
    out[t] = s0[t][0] + s0[t][1];
    out[4 + t] = s1[t][0] + s1[t][1];
  }
  return out;
#endif
}

}  // namespace

std::vector<double> dot_by_offset(int pos, int max_offset, int d_model, double base) {
  // The direct sum PE(pos) . PE(pos+k) over every dimension, with PE(pos+k) stepped along by PairAngles; the
  // closed form sum_i cos(w_i k) is what the tests compare it with, never what it computes.
  PairAngles at(pos, d_model, base);
  const std::size_t half = at.pairs();
  const std::vector<double> origin_sin(at.sin(), at.sin() + half);
  const std::vector<double> origin_cos(at.cos(), at.cos() + half);
  std::vector<double> out(static_cast<std::size_t>(max_offset) + 1);
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (k > 0) at.advance();
    out[k] = pair_dot(origin_sin.data(), origin_cos.data(), at.sin(), at.cos(), half);
  }
  return out;
}

double dot_by_offset_spread(const std::vector<int>& starts, int max_offset, int d_model, double base) {
  if (starts.size() < 2) return 0.0;
  const auto first = dot_by_offset(starts[0], max_offset, d_model, base);
  double worst = 0.0;
  for (std::size_t s = 1; s < starts.size(); ++s) {
    const auto curve = dot_by_offset(starts[s], max_offset, d_model, base);
    for (std::size_t k = 0; k < curve.size(); ++k) worst = std::max(worst, std::abs(curve[k] - first[k]));
  }
  return worst;
}

std::vector<double> similarity_matrix(int positions, int d_model, double base, Similarity metric) {
  // Every cell is the direct dot product of two encodings (a row of sines then a row of cosines, stepped along
  // by PairAngles), computed two rows by four and in column blocks that stay in cache.
  const auto n = static_cast<std::size_t>(positions);
  const auto d = static_cast<std::size_t>(d_model);
  const std::size_t half = d / 2;
  std::vector<double> rows(n * d);
  PairAngles at(0, d_model, base);
  for (std::size_t a = 0; a < n; ++a) {
    if (a > 0) at.advance();
    std::copy(at.sin(), at.sin() + half, rows.begin() + static_cast<std::ptrdiff_t>(a * d));
    std::copy(at.cos(), at.cos() + half, rows.begin() + static_cast<std::ptrdiff_t>(a * d + half));
  }
  std::vector<double> out(n * n);
  const auto row = [&](std::size_t a) { return rows.data() + std::min(a, n - 1) * d; };
  // Column blocks of about 256 KiB of rows; within one, every pair of rows (a, b) with b >= a, in tiles of two
  // rows a by four rows b. Rows past the end (or past the block) stand in for missing ones; their products are not
  // stored.
  const std::size_t block = std::max<std::size_t>(4, (std::size_t{32768} / d) & ~std::size_t{3});
  for (std::size_t b_first = 0; b_first < n; b_first += block) {
    const std::size_t b_end = std::min(n, b_first + block);
    for (std::size_t a = 0; a < b_end; a += 2) {
      for (std::size_t b = std::max(b_first, a); b < b_end; b += 4) {
        const double* const bs[4] = {row(b), row(b + 1), row(b + 2), row(b + 3)};
        const auto v = dot_2x4(row(a), row(a + 1), bs, d);
        for (std::size_t i = 0; i < 2 && a + i < n; ++i) {
          for (std::size_t t = 0; t < 4 && b + t < b_end; ++t) {
            out[(a + i) * n + b + t] = v[4 * i + t];
            out[(b + t) * n + a + i] = v[4 * i + t];
          }
        }
      }
    }
  }
  if (metric == Similarity::Cosine) {
    std::vector<double> norms(n);
    for (std::size_t a = 0; a < n; ++a) norms[a] = std::sqrt(out[a * n + a]);
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t b = 0; b < n; ++b) out[a * n + b] /= norms[a] * norms[b];
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

std::array<double, 2> rotate_pair(int pair, double pos, double offset, int d_model, double base) noexcept {
  // The angle as encode_position takes it, so that R(k) applies to exactly the pair PE(pos) holds.
  const double angle = pos * pair_frequency(pair, d_model, base);
  const double sn = std::sin(angle);
  const double cs = std::cos(angle);
  const auto r = shift_rotation(pair, offset, d_model, base);
  return {r[0] * sn + r[1] * cs, r[2] * sn + r[3] * cs};
}

double rotation_residual(double pos, double offset, int d_model, double base) {
  const auto to = encode_position(pos + offset, d_model, base);
  double worst = 0.0;
  for (int i = 0; i < d_model / 2; ++i) {
    const auto turned = rotate_pair(i, pos, offset, d_model, base);
    const auto j = static_cast<std::size_t>(2 * i);
    worst = std::max(worst, std::hypot(to[j] - turned[0], to[j + 1] - turned[1]));
  }
  return worst;
}

}  // namespace pe
