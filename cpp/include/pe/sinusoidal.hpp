// The sinusoidal positional encoding of Vaswani et al. (2017), section 3.5, and the quantities the explainer
// derives from it. Positions and dimensions count from 0. Callers validate sizes (see limits.hpp); these
// functions assume positions >= 1, an even dModel >= 2 and base > 1.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "pe/image.hpp"

namespace pe {

/// Where the sine and cosine of pair i live in a row.
enum class Layout {
  Interleaved,  ///< the paper's layout: sin at 2i, cos at 2i+1
  Split,        ///< all sines (0..d/2-1), then all cosines (d/2..d-1), same frequencies
};

/// Where dimension `dim` of a layout sits in the paper's interleaved order: 2i for the sine of pair i, 2i+1 for
/// its cosine.
[[nodiscard]] constexpr int interleaved_slot(int dim, int d_model, Layout layout) noexcept {
  const int half = d_model / 2;
  if (layout == Layout::Interleaved) return dim;
  return dim < half ? 2 * dim : 2 * (dim - half) + 1;
}

/// interleaved_slot of every dimension 0..dModel-1: the layout's index bookkeeping, for callers that map
/// between dimensions and pairs.
[[nodiscard]] std::vector<int> layout_order(int d_model, Layout layout);

/// Angular frequency of pair i: base^(-2i/dModel).
[[nodiscard]] double pair_frequency(int pair, int d_model, double base) noexcept;

/// The encoding of one position in double precision, in the given layout (dModel values).
[[nodiscard]] std::vector<double> encode_position(double pos, int d_model, double base,
                                                  Layout layout = Layout::Interleaved);

/// Generates the table from position 0 on, a block of rows at a time, so that a caller can stream it through
/// a small buffer that stays in cache.
class SinusoidalRows {
 public:
  SinusoidalRows(int d_model, double base, Layout layout);
  /// Writes the next `count` rows (count * dModel float32 values, row-major) into out and moves past them.
  void next(float* out, int count) noexcept;
  /// The position of the next row.
  [[nodiscard]] int position() const noexcept { return pos_; }

 private:
  void start_block() noexcept;

  std::size_t half_;
  Layout layout_;
  int pos_ = 0;
  std::vector<double> freq_, block_sin_, block_cos_, start_sin_, start_cos_;
  std::vector<float> start_sin_f_, start_cos_f_, offset_sin_, offset_cos_;
};

/// Generates rows 0..positions-1 a block at a time into a 128 KiB buffer that stays in cache, and hands each
/// block to visit(rows, first, count) (count rows of dModel values, starting at position first); the whole
/// table is never held in memory at once.
template <typename Visit>
void stream_table(int positions, int d_model, double base, Layout layout, Visit&& visit) {
  constexpr std::size_t kBlockValues = 32768;
  const auto total = static_cast<std::size_t>(positions);
  const auto width = static_cast<std::size_t>(d_model);
  const std::size_t block_rows = std::max<std::size_t>(1, kBlockValues / width);
  std::vector<float> block(block_rows * width);
  SinusoidalRows rows(d_model, base, layout);
  for (std::size_t first = 0; first < total; first += block_rows) {
    const std::size_t count = std::min(block_rows, total - first);
    rows.next(block.data(), static_cast<int>(count));
    visit(static_cast<const float*>(block.data()), first, count);
  }
}

/// The table as a picture of rows x columns pixels (1..positions by 1..dModel): each value coloured through the
/// palette (see map_to_palette), then shrunk by area averaging when the picture is smaller than the table (see
/// BoxFilter). Hands the packed colours to visit(pixels, first, count), count rows of `columns` pixels starting
/// at row first, a block at a time.
template <typename Visit>
void stream_image(int positions, int d_model, double base, Layout layout, const std::uint32_t* palette,
                  std::size_t palette_size, int rows, int columns, Visit&& visit) {
  const auto width = static_cast<std::size_t>(d_model);
  std::optional<BoxFilter> filter;
  if (rows != positions || columns != d_model) filter.emplace(positions, d_model, rows, columns, palette, palette_size);
  std::vector<std::uint32_t> pixels;
  std::vector<std::uint32_t> shrunk;
  std::size_t done = 0;
  stream_table(positions, d_model, base, layout, [&](const float* values, std::size_t first, std::size_t count) {
    if (!filter) {
      pixels.resize(count * width);
      map_to_palette(values, count * width, palette, palette_size, pixels.data());
      visit(static_cast<const std::uint32_t*>(pixels.data()), first, count);
      return;
    }
    shrunk.clear();
    filter->add(values, count, shrunk);
    const std::size_t made = shrunk.size() / static_cast<std::size_t>(columns);
    if (made == 0) return;
    visit(static_cast<const std::uint32_t*>(shrunk.data()), done, made);
    done += made;
  });
}

/// Writes positions*dModel float32 values, row-major (one row per position), into out.
void sinusoidal_table_into(float* out, int positions, int d_model, double base, Layout layout);

/// The table as a fresh vector; see sinusoidal_table_into.
[[nodiscard]] std::vector<float> sinusoidal_table(int positions, int d_model, double base, Layout layout);

/// Chosen columns of the table, in double precision: for each dimension in `dimensions` (in that order), its
/// value at positions 0..positions-1, one dimension after another (dimensions.size() * positions values).
[[nodiscard]] std::vector<double> sinusoidal_columns(int positions, int d_model, double base, Layout layout,
                                                     const std::vector<int>& dimensions);

/// Period (in positions) of each pair: 2*pi*base^(2i/dModel), dModel/2 values.
[[nodiscard]] std::vector<double> pair_periods(int d_model, double base);

/// Max minus min of every dimension (interleaved layout) over positions 0..positions-1, from the float32 table.
[[nodiscard]] std::vector<double> dimension_ranges(int positions, int d_model, double base);

/// PE(pos) . PE(pos+k) for k = 0..maxOffset, summed over all dimensions in double precision.
[[nodiscard]] std::vector<double> dot_by_offset(int pos, int max_offset, int d_model, double base);

/// How far dot_by_offset from each later start strays from the first start's: the largest
/// |PE(s).PE(s+k) - PE(s0).PE(s0+k)| over k = 0..max_offset (0 with fewer than two starts).
[[nodiscard]] double dot_by_offset_spread(const std::vector<int>& starts, int max_offset, int d_model, double base);

enum class Similarity { Dot, Cosine };

/// positions x positions matrix of PE(a) . PE(b) (or their cosine), row-major.
[[nodiscard]] std::vector<double> similarity_matrix(int positions, int d_model, double base, Similarity metric);

/// Row-major 2x2 matrix R(k) with (sin, cos) of pair i at pos+k = R(k) (sin, cos) at pos.
[[nodiscard]] std::array<double, 4> shift_rotation(int pair, double offset, int d_model, double base) noexcept;

/// R(k) (sin, cos) of pair i at pos, in double precision: the point PE(pos+k) is predicted to be.
[[nodiscard]] std::array<double, 2> rotate_pair(int pair, double pos, double offset, int d_model, double base) noexcept;

/// max over all pairs of |PE(pos+k) - R(k) PE(pos)| (Euclidean norm per pair), in double precision.
[[nodiscard]] double rotation_residual(double pos, double offset, int d_model, double base);

}  // namespace pe
