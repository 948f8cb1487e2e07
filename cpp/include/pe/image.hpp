// Pictures made from engine values: colouring through a palette, and shrinking a picture to the pixels it is
// shown on without dropping any of its cells. Colours are packed RGBA, red in the lowest byte (the byte order
// of ImageData on every little-endian machine, which WebAssembly is).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pe {

/// Colours values in [-1, 1] through a palette of n >= 2 packed colours: value v takes entry
/// round((1 - v) / 2 * (n - 1)) (so +1 is entry 0 and -1 the last), values outside [-1, 1] the nearest end.
void map_to_palette(const float* values, std::size_t count, const std::uint32_t* palette,
                    std::size_t palette_size, std::uint32_t* out) noexcept;

/// Paints a table of source_rows x source_columns values through a palette (as map_to_palette) onto a picture
/// of rows x columns pixels (each at least 1 and at most the table's) by area averaging: a pixel is the mean
/// colour of the cells it covers, channel by channel, each cell weighted by how much of it the pixel covers,
/// rounded to the nearest 8-bit value. Every cell counts, where sampling would skip rows or columns and show
/// stripes that are not there. The table is fed a block of rows at a time, top to bottom, so it never has to
/// be held whole.
class BoxFilter {
 public:
  BoxFilter(int source_rows, int source_columns, int rows, int columns, const std::uint32_t* palette,
            std::size_t palette_size);

  /// Takes the next `count` rows of values (count * source_columns) and appends each picture row they
  /// complete (columns packed colours) to out.
  void add(const float* values, std::size_t count, std::vector<std::uint32_t>& out);

  /// Picture rows completed so far.
  [[nodiscard]] int rows_done() const noexcept { return row_; }

 private:
  struct Span {
    std::size_t first;  // the picture column (or row) where the table cell starts
    float weight;       // the share of a pixel that the cell fills there
    float rest;         // the share it fills in first + 1 (0 when it falls into one pixel)
  };
  static std::vector<Span> spans(int source, int target);
  void add_values(const float* values, float weight, float* sums) const noexcept;
  void add_row(const float* values, std::vector<std::uint32_t>& out);
  void finish_row(std::vector<std::uint32_t>& out);

  int source_rows_, source_columns_, columns_;
  int source_row_ = 0;  // the next table row
  int row_ = 0;         // the picture row being accumulated
  std::vector<Span> column_spans_, row_spans_;
  std::vector<float> palette_;  // the palette's four channels as floats, four per entry
  float palette_top_;           // palette entries - 1
  std::vector<float> line_;  // a finished row shrunk across, when columns are merged (columns * 4 channels)
  std::vector<float> sum_;   // the picture row being accumulated, at full width (source_columns * 4)
  std::vector<float> next_;  // the row after it, which a table row straddling both has started
};

}  // namespace pe
