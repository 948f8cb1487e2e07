#include "pe/image.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace pe {
namespace {

// The palette entry of a value, for a palette of top + 1 entries: round((1 - v) / 2 * top), clamped to
// 0..top. Written as min/max on floats; NaN maps to the first entry.
inline std::size_t palette_index(float value, float top) noexcept {
  return static_cast<std::size_t>(std::min(top, std::max(0.0f, (1.0f - value) * (0.5f * top) + 0.5f)));
}

#ifdef __wasm_simd128__
// palette_index of four values at once.
inline v128_t palette_indices(const float* values, float top) noexcept {
  const v128_t k =
      wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_sub(wasm_f32x4_splat(1.0f), wasm_v128_load(values)),
                                    wasm_f32x4_splat(0.5f * top)),
                     wasm_f32x4_splat(0.5f));
  // Signed truncation: the clamped values are never negative, and it is one instruction where the unsigned
  // one is a sequence on x86.
  return wasm_i32x4_trunc_sat_f32x4(
      wasm_f32x4_pmin(wasm_f32x4_splat(top), wasm_f32x4_pmax(wasm_f32x4_splat(0.0f), k)));
}

inline void add_scaled4(float* at, v128_t values, v128_t weight) noexcept {
  wasm_v128_store(at, wasm_f32x4_add(wasm_v128_load(at), wasm_f32x4_mul(values, weight)));
}
#endif

// Adds weight times four floats to four floats.
inline void add_scaled4(const float* from, float weight, float* to) noexcept {
#ifdef __wasm_simd128__
  add_scaled4(to, wasm_v128_load(from), wasm_f32x4_splat(weight));
#else
  for (std::size_t c = 0; c < 4; ++c) to[c] += from[c] * weight;
#endif
}

// Rounds n colours of four float channels each to packed 8-bit colours, clamped to 0..255.
void pack_colours(const float* sums, std::size_t n, std::uint32_t* out) noexcept {
  std::size_t j = 0;
#ifdef __wasm_simd128__
  // Four colours per step; the saturating narrowings do the clamping.
  const v128_t half = wasm_f32x4_splat(0.5f);
  const auto round = [&](const float* at) {
    return wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_add(wasm_v128_load(at), half));
  };
  for (; j + 4 <= n; j += 4) {
    const float* at = sums + 4 * j;
    const v128_t low = wasm_u16x8_narrow_i32x4(round(at), round(at + 4));
    const v128_t high = wasm_u16x8_narrow_i32x4(round(at + 8), round(at + 12));
    wasm_v128_store(out + j, wasm_u8x16_narrow_i16x8(low, high));
  }
#endif
  for (; j < n; ++j) {
    std::uint32_t colour = 0;
    for (std::size_t c = 0; c < 4; ++c) {
      const float v = std::min(255.0f, std::max(0.0f, sums[4 * j + c] + 0.5f));
      colour |= static_cast<std::uint32_t>(v) << (8 * c);
    }
    out[j] = colour;
  }
}

}  // namespace

void map_to_palette(const float* values, std::size_t count, const std::uint32_t* palette,
                    std::size_t palette_size, std::uint32_t* out) noexcept {
  const auto top = static_cast<float>(palette_size - 1);
  std::size_t i = 0;
#ifdef __wasm_simd128__
  // Four indices per step in SIMD; only the palette lookups stay scalar.
  for (; i + 4 <= count; i += 4) {
    const v128_t index = palette_indices(values + i, top);
    out[i] = palette[wasm_u32x4_extract_lane(index, 0)];
    out[i + 1] = palette[wasm_u32x4_extract_lane(index, 1)];
    out[i + 2] = palette[wasm_u32x4_extract_lane(index, 2)];
    out[i + 3] = palette[wasm_u32x4_extract_lane(index, 3)];
  }
#endif
  for (; i < count; ++i) out[i] = palette[palette_index(values[i], top)];
}

// Table cell j of n covers [j * target, (j + 1) * target) and pixel t covers [t * n, (t + 1) * n), in integer
// units of 1 / (n * target) of the whole; as target <= n, a cell falls into one pixel or straddles two.
// Weights are fractions of a pixel, so each pixel's weights sum to 1.
std::vector<BoxFilter::Span> BoxFilter::spans(int source, int target) {
  std::vector<Span> out(static_cast<std::size_t>(source));
  const auto n = static_cast<std::int64_t>(source);
  const auto m = static_cast<std::int64_t>(target);
  const auto share = [n](std::int64_t units) {
    return static_cast<float>(static_cast<double>(units) / static_cast<double>(n));
  };
  for (std::int64_t j = 0; j < n; ++j) {
    const std::int64_t start = j * m;
    const std::int64_t first = start / n;
    const std::int64_t end = std::min(start + m, (first + 1) * n);
    out[static_cast<std::size_t>(j)] = {static_cast<std::size_t>(first), share(end - start),
                                        share(start + m - end)};
  }
  return out;
}

BoxFilter::BoxFilter(int source_rows, int source_columns, int rows, int columns, const std::uint32_t* palette,
                     std::size_t palette_size)
    : source_rows_(source_rows),
      source_columns_(source_columns),
      columns_(columns),
      column_spans_(spans(source_columns, columns)),
      row_spans_(spans(source_rows, rows)),
      palette_(palette_size * 4),
      palette_top_(static_cast<float>(palette_size - 1)),
      line_(static_cast<std::size_t>(columns) * 4),
      sum_(static_cast<std::size_t>(source_columns) * 4, 0.0f),
      next_(static_cast<std::size_t>(source_columns) * 4, 0.0f) {
  for (std::size_t k = 0; k < palette_size; ++k) {
    for (std::size_t c = 0; c < 4; ++c)
      palette_[4 * k + c] = static_cast<float>((palette[k] >> (8 * c)) & 0xffu);
  }
}

void BoxFilter::add(const float* values, std::size_t count, std::vector<std::uint32_t>& out) {
  const auto width = static_cast<std::size_t>(source_columns_);
  for (std::size_t r = 0; r < count && source_row_ < source_rows_; ++r) add_row(values + r * width, out);
}

// Adds weight times the palette colour of each value of a table row to sums (four channels per column).
void BoxFilter::add_values(const float* values, float weight, float* sums) const noexcept {
  const auto n = static_cast<std::size_t>(source_columns_);
  const float* palette = palette_.data();
  std::size_t j = 0;
#ifdef __wasm_simd128__
  // Four palette entries per step, each added with one SIMD multiply-add over its four channels.
  const v128_t w = wasm_f32x4_splat(weight);
  for (; j + 4 <= n; j += 4) {
    const v128_t index = wasm_i32x4_shl(palette_indices(values + j, palette_top_), 2);
    float* at = sums + 4 * j;
    add_scaled4(at, wasm_v128_load(palette + wasm_u32x4_extract_lane(index, 0)), w);
    add_scaled4(at + 4, wasm_v128_load(palette + wasm_u32x4_extract_lane(index, 1)), w);
    add_scaled4(at + 8, wasm_v128_load(palette + wasm_u32x4_extract_lane(index, 2)), w);
    add_scaled4(at + 12, wasm_v128_load(palette + wasm_u32x4_extract_lane(index, 3)), w);
  }
#endif
  for (; j < n; ++j) add_scaled4(palette + 4 * palette_index(values[j], palette_top_), weight, sums + 4 * j);
}

void BoxFilter::add_row(const float* values, std::vector<std::uint32_t>& out) {
  // Down first, at full width: the row goes into the picture row it starts in and, when it straddles two,
  // into the next one too. Across happens once per complete picture row (the filter is separable).
  const Span down = row_spans_[static_cast<std::size_t>(source_row_)];
  add_values(values, down.weight, sum_.data());
  if (down.rest > 0.0f) add_values(values, down.rest, next_.data());
  ++source_row_;
  // A straddling row completes the picture row it starts in; otherwise that row is complete when the next
  // table row starts in another one. The last table row ends exactly at the bottom.
  const bool last = source_row_ == source_rows_;
  if (down.rest > 0.0f || last || row_spans_[static_cast<std::size_t>(source_row_)].first != down.first) {
    finish_row(out);
  }
}

void BoxFilter::finish_row(std::vector<std::uint32_t>& out) {
  const float* row = sum_.data();
  if (columns_ != source_columns_) {
    // Across: each column's four channels into the one or two picture columns it covers.
    std::fill(line_.begin(), line_.end(), 0.0f);
    float* line = line_.data();
    for (std::size_t j = 0; j < column_spans_.size(); ++j) {
      const Span across = column_spans_[j];
      add_scaled4(row + 4 * j, across.weight, line + 4 * across.first);
      if (across.rest > 0.0f) add_scaled4(row + 4 * j, across.rest, line + 4 * (across.first + 1));
    }
    row = line;
  }
  const std::size_t at = out.size();
  out.resize(at + static_cast<std::size_t>(columns_));
  pack_colours(row, static_cast<std::size_t>(columns_), out.data() + at);
  std::swap(sum_, next_);
  std::fill(next_.begin(), next_.end(), 0.0f);
  ++row_;
}

}  // namespace pe
