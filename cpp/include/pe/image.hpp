// Pictures made from engine values: colouring through a palette, and shrinking a picture to the pixels it is
// shown on without dropping any of its cells. Colours are packed RGBA, red in the lowest byte (the byte order
// of ImageData on every little-endian machine, which WebAssembly is).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pe/view.hpp"

namespace pe {

/// Colours values in [-1, 1] through a palette of n >= 2 packed colours into out (as many as values): value v
/// takes entry round((1 - v) / 2 * (n - 1)) (so +1 is entry 0 and -1 the last), values outside [-1, 1] the
/// nearest end, NaN the first entry.
void map_to_palette(span<const float> values, span<const std::uint32_t> palette,
                    span<std::uint32_t> out) noexcept;

/// Paints a table of source_rows x source_columns values through a palette (as map_to_palette) onto a picture
/// of rows x columns pixels (each at least 1 and at most the table's) by area averaging: a pixel is the mean
/// colour of the cells it covers, channel by channel, each cell weighted by how much of it the pixel covers,
/// rounded to the nearest 8-bit value. Every cell counts, where sampling would skip rows or columns and show
/// stripes that are not there. The table is fed a block of rows at a time, top to bottom, so it never has to
/// be held whole.
class BoxFilter {
 public:
  BoxFilter(int source_rows, int source_columns, int rows, int columns, span<const std::uint32_t> palette);

  /// Takes the next values.rows() table rows (values.cols() == source_columns) and appends each picture row
  /// they complete (columns packed colours) to out.
  void add(matrix_view<const float> values, std::vector<std::uint32_t>& out);

  /// Picture rows completed so far.
  [[nodiscard]] int rows_done() const noexcept { return row_; }

 private:
  // Where one table cell falls along one axis of the picture.
  struct Cover {
    std::size_t first;  // the picture column (or row) where the table cell starts
    float weight;       // the share of a pixel that the cell fills there
    float rest;         // the share it fills in first + 1 (0 when it falls into one pixel)
  };
  static std::vector<Cover> covers(int source, int target);
  void add_values(span<const float> values, float weight, span<float> sums) const noexcept;
  void add_row(span<const float> values, std::vector<std::uint32_t>& out);
  void finish_row(std::vector<std::uint32_t>& out);

  int source_rows_, source_columns_, columns_;
  int source_row_ = 0;  // the next table row
  int row_ = 0;         // the picture row being accumulated
  std::vector<Cover> column_covers_, row_covers_;
  std::vector<float> palette_;  // the palette's four channels as floats, four per entry
  float palette_top_;           // palette entries - 1
  std::vector<float> line_;  // a finished row shrunk across, when columns are merged (columns * 4 channels)
  std::vector<float> sum_;   // the picture row being accumulated, at full width (source_columns * 4)
  std::vector<float> next_;  // the row after it, which a table row straddling both has started
};

}  // namespace pe
