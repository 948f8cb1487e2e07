#include "pe/image.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "pe/simd.hpp"

namespace pe {
namespace {

using simd::f32x4;
using simd::i32x4;

// The palette entries of four values, for a palette of top + 1 entries: round((1 - v) / 2 * top), clamped to
// 0..top by min/max on floats (NaN maps to the first entry: max keeps its first operand, 0, when a comparison
// fails). Signed truncation: the clamped values are never negative, and it is one instruction where the
// unsigned one is a sequence on x86.
[[nodiscard]] inline i32x4 palette_indices(f32x4 values, float top) noexcept {
  const f32x4 k = (simd::splat(1.0f) - values) * simd::splat(0.5f * top) + simd::splat(0.5f);
  return simd::truncate_saturated(simd::min(simd::splat(top), simd::max(simd::splat(0.0f), k)));
}

// to += from * weight, over the four channels of one colour.
inline void add_scaled(float* to, f32x4 from, f32x4 weight) noexcept {
  simd::store(to, simd::load(to) + from * weight);
}

// Rounds n colours of four float channels each to packed 8-bit colours, clamped to 0..255: four colours per
// step, then one at a time.
void pack_colours(span<const float> sums, span<std::uint32_t> out) noexcept {
  const std::size_t n = out.size();
  PE_EXPECTS(sums.size() == 4 * n);
  const f32x4 half = simd::splat(0.5f);
  const auto round = [&](std::size_t colour) {
    return simd::truncate_saturated(simd::load(sums.data() + 4 * colour) + half);
  };
  // Packed RGBA with red in the lowest byte is the bytes R, G, B, A in memory on a little-endian machine,
  // which WebAssembly is.
  auto* bytes = reinterpret_cast<std::uint8_t*>(out.data());
  std::size_t j = 0;
  for (; j + 4 <= n; j += 4) {
    simd::store_bytes_saturated(bytes + 4 * j, round(j), round(j + 1), round(j + 2), round(j + 3));
  }
  for (; j < n; ++j) simd::store_bytes_saturated(bytes + 4 * j, round(j));
}

}  // namespace

void map_to_palette(span<const float> values, span<const std::uint32_t> palette,
                    span<std::uint32_t> out) noexcept {
  PE_EXPECTS(palette.size() >= 2);
  PE_EXPECTS(out.size() == values.size());
  const auto top = static_cast<float>(palette.size() - 1);
  // Four indices per step in SIMD; only the palette lookups go one at a time.
  const auto four = [&](std::size_t i, std::size_t n) {
    const auto index = simd::lanes(palette_indices(simd::load(values.data() + i, n), top));
    for (std::size_t k = 0; k < n; ++k) out[i + k] = palette[static_cast<std::size_t>(index[k])];
  };
  std::size_t i = 0;
  for (; i + 4 <= values.size(); i += 4) four(i, 4);
  if (i < values.size()) four(i, values.size() - i);
}

// Table cell j of n covers [j * target, (j + 1) * target) and pixel t covers [t * n, (t + 1) * n), in integer
// units of 1 / (n * target) of the whole; as target <= n, a cell falls into one pixel or straddles two.
// Weights are fractions of a pixel, so each pixel's weights sum to 1.
std::vector<BoxFilter::Cover> BoxFilter::covers(int source, int target) {
  PE_EXPECTS(target >= 1 && target <= source);
  std::vector<Cover> out(to_size(source));
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

BoxFilter::BoxFilter(int source_rows, int source_columns, int rows, int columns,
                     span<const std::uint32_t> palette)
    : source_rows_(source_rows),
      source_columns_(source_columns),
      columns_(columns),
      column_covers_(covers(source_columns, columns)),
      row_covers_(covers(source_rows, rows)),
      palette_(palette.size() * 4),
      palette_top_(static_cast<float>(palette.size() - 1)),
      line_(to_size(columns) * 4),
      sum_(to_size(source_columns) * 4, 0.0f),
      next_(to_size(source_columns) * 4, 0.0f) {
  PE_EXPECTS(palette.size() >= 2);
  for (std::size_t k = 0; k < palette.size(); ++k) {
    for (std::size_t c = 0; c < 4; ++c)
      palette_[4 * k + c] = static_cast<float>((palette[k] >> (8 * c)) & 0xffu);
  }
}

void BoxFilter::add(matrix_view<const float> values, std::vector<std::uint32_t>& out) {
  PE_EXPECTS(values.cols() == to_size(source_columns_));
  for (std::size_t r = 0; r < values.rows() && source_row_ < source_rows_; ++r) add_row(values.row(r), out);
}

// Adds weight times the palette colour of each value of a table row to sums (four channels per column).
void BoxFilter::add_values(span<const float> values, float weight, span<float> sums) const noexcept {
  PE_EXPECTS(sums.size() == 4 * values.size());
  const f32x4 w = simd::splat(weight);
  const float* palette = palette_.data();
  // A local copy: the stores into sums could, as far as the compiler knows, change the member, which it would
  // then read again for every four values.
  const float top = palette_top_;
  // Four palette entries per step, each added with one SIMD multiply-add over its four channels.
  const auto four = [&](std::size_t j, std::size_t n) {
    const auto index = simd::lanes(palette_indices(simd::load(values.data() + j, n), top) << 2);
    for (std::size_t k = 0; k < n; ++k) {
      add_scaled(sums.data() + 4 * (j + k), simd::load(palette + index[k]), w);
    }
  };
  std::size_t j = 0;
  for (; j + 4 <= values.size(); j += 4) four(j, 4);
  if (j < values.size()) four(j, values.size() - j);
}

void BoxFilter::add_row(span<const float> values, std::vector<std::uint32_t>& out) {
  // Down first, at full width: the row goes into the picture row it starts in and, when it straddles two,
  // into the next one too. Across happens once per complete picture row (the filter is separable).
  const Cover down = row_covers_[to_size(source_row_)];
  add_values(values, down.weight, sum_);
  if (down.rest > 0.0f) add_values(values, down.rest, next_);
  ++source_row_;
  // A straddling row completes the picture row it starts in; otherwise that row is complete when the next
  // table row starts in another one. The last table row ends exactly at the bottom.
  const bool last = source_row_ == source_rows_;
  if (down.rest > 0.0f || last || row_covers_[to_size(source_row_)].first != down.first) finish_row(out);
}

void BoxFilter::finish_row(std::vector<std::uint32_t>& out) {
  const float* row = sum_.data();
  if (columns_ != source_columns_) {
    // Across: each column's four channels into the one or two picture columns it covers.
    std::fill(line_.begin(), line_.end(), 0.0f);
    float* line = line_.data();
    for (std::size_t j = 0; j < column_covers_.size(); ++j) {
      const Cover across = column_covers_[j];
      const f32x4 colour = simd::load(row + 4 * j);
      add_scaled(line + 4 * across.first, colour, simd::splat(across.weight));
      if (across.rest > 0.0f) add_scaled(line + 4 * (across.first + 1), colour, simd::splat(across.rest));
    }
    row = line;
  }
  const std::size_t at = out.size();
  out.resize(at + to_size(columns_));
  pack_colours({row, 4 * to_size(columns_)}, {out.data() + at, to_size(columns_)});
  std::swap(sum_, next_);
  std::fill(next_.begin(), next_.end(), 0.0f);
  ++row_;
}

}  // namespace pe
