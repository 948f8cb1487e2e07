// The sinusoidal positional encoding of Vaswani et al. (2017), section 3.5, and the quantities the explainer
// derives from it. Positions and dimensions count from 0. Callers validate sizes (see limits.hpp); these
// functions expect (PE_EXPECTS) positions >= 1, an even dModel from 2 to limits::kMaxDModel and base > 1.
// The float32 table is sinusoidal_table.cpp, dot products between encodings sinusoidal_dot.cpp, the rest
// sinusoidal.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "pe/image.hpp"
#include "pe/similarity.hpp"
#include "pe/view.hpp"

namespace pe {

/// 2 pi, which C++17's standard library does not name.
inline constexpr double kTwoPi = 6.283185307179586476925286766559;

/// Where the sine and cosine of pair i live in a row.
enum class Layout {
  Interleaved,  ///< the paper's layout: sin at 2i, cos at 2i+1
  Split,        ///< all sines (0..d/2-1), then all cosines (d/2..d-1), same frequencies
};

/// Where dimension `dim` of a layout sits in the paper's interleaved order: 2i for the sine of pair i, 2i+1
/// for its cosine.
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
  /// Writes the next out.rows() rows (out.cols() == dModel) into out and moves past them.
  void next(matrix_view<float> out) noexcept;
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
/// block to visit(rows, first): rows.rows() rows of dModel values, starting at position first. The whole
/// table is never held in memory at once.
template <typename Visit>
void stream_table(int positions, int d_model, double base, Layout layout, Visit&& visit) {
  constexpr std::size_t kBlockValues = 32768;
  const auto total = to_size(positions);
  const auto width = to_size(d_model);
  const std::size_t block_rows = std::max<std::size_t>(1, kBlockValues / width);
  std::vector<float> buffer(block_rows * width);
  SinusoidalRows rows(d_model, base, layout);
  for (std::size_t first = 0; first < total; first += block_rows) {
    const matrix_view<float> block(buffer.data(), std::min(block_rows, total - first), width);
    rows.next(block);
    visit(matrix_view<const float>(block), first);
  }
}

/// The table as a picture of rows x columns pixels (1..positions by 1..dModel): each value coloured through
/// the palette (see map_to_palette), then shrunk by area averaging when the picture is smaller than the table
/// (see BoxFilter). Hands the packed colours to visit(pixels, first), a block of pixels.rows() picture rows
/// of `columns` pixels starting at row first, at a time.
template <typename Visit>
void stream_image(int positions, int d_model, double base, Layout layout, span<const std::uint32_t> palette,
                  int rows, int columns, Visit&& visit) {
  PE_EXPECTS(rows >= 1 && rows <= positions && columns >= 1 && columns <= d_model);
  std::optional<BoxFilter> filter;
  if (rows != positions || columns != d_model) filter.emplace(positions, d_model, rows, columns, palette);
  std::vector<std::uint32_t> pixels;
  std::size_t done = 0;
  stream_table(positions, d_model, base, layout, [&](matrix_view<const float> values, std::size_t first) {
    if (!filter) {
      pixels.resize(values.size());
      map_to_palette(values.values(), palette, pixels);
      visit(matrix_view<const std::uint32_t>(pixels, values.rows(), values.cols()), first);
      return;
    }
    pixels.clear();
    filter->add(values, pixels);
    const std::size_t made = pixels.size() / to_size(columns);
    if (made == 0) return;
    visit(matrix_view<const std::uint32_t>(pixels, made, to_size(columns)), done);
    done += made;
  });
}

/// Writes the table of out.rows() positions by out.cols() (dModel) float32 values into out.
void sinusoidal_table_into(matrix_view<float> out, double base, Layout layout);

/// The table as a fresh vector; see sinusoidal_table_into.
[[nodiscard]] std::vector<float> sinusoidal_table(int positions, int d_model, double base, Layout layout);

/// Chosen columns of the table, in double precision: for each dimension in `dimensions` (in that order), its
/// value at positions 0..positions-1, one dimension after another (dimensions.size() * positions values).
[[nodiscard]] std::vector<double> sinusoidal_columns(int positions, int d_model, double base, Layout layout,
                                                     span<const int> dimensions);

/// Period (in positions) of each pair: 2*pi*base^(2i/dModel), dModel/2 values.
[[nodiscard]] std::vector<double> pair_periods(int d_model, double base);

/// Max minus min of every dimension (interleaved layout) over positions 0..positions-1, from float32 values.
[[nodiscard]] std::vector<double> dimension_ranges(int positions, int d_model, double base);

/// PE(pos) . PE(pos+k) for k = 0..maxOffset, summed over all dimensions in double precision.
[[nodiscard]] std::vector<double> dot_by_offset(int pos, int max_offset, int d_model, double base);

/// How far dot_by_offset from each later start strays from the first start's: the largest
/// |PE(s).PE(s+k) - PE(s0).PE(s0+k)| over k = 0..max_offset (0 with fewer than two starts).
[[nodiscard]] double dot_by_offset_spread(span<const int> starts, int max_offset, int d_model, double base);

/// positions x positions matrix of PE(a) . PE(b) (or their cosine), row-major: table_similarity of the
/// encodings of positions 0..positions-1 in double precision.
[[nodiscard]] std::vector<double> similarity_matrix(int positions, int d_model, double base,
                                                    Similarity metric);

/// Row-major 2x2 matrix R(k) with (sin, cos) of pair i at pos+k = R(k) (sin, cos) at pos.
[[nodiscard]] std::array<double, 4> shift_rotation(int pair, double offset, int d_model,
                                                   double base) noexcept;

/// R(k) (sin, cos) of pair i at pos, in double precision: the point PE(pos+k) is predicted to be.
[[nodiscard]] std::array<double, 2> rotate_pair(int pair, double pos, double offset, int d_model,
                                                double base) noexcept;

/// max over all pairs of |PE(pos+k) - R(k) PE(pos)| (Euclidean norm per pair), in double precision.
[[nodiscard]] double rotation_residual(double pos, double offset, int d_model, double base);

}  // namespace pe
