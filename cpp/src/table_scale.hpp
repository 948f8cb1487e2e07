// What the analyses of a position table share (table_stats.cpp, table_components.cpp): column means in
// double, and rows or centred columns in float32 scaled by a power of two so that no float32 sum of their
// products can overflow, whatever float32 values the table holds.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "pe/view.hpp"

namespace pe::detail {

/// The power of two 2^-e that brings the largest of the magnitudes (max_abs > 0) into [0.5, 1).
[[nodiscard]] inline int unit_exponent(double max_abs) noexcept {
  int e = 0;
  std::frexp(max_abs, &e);
  return e;
}

/// out[i] = x[i] * 2^-e, e from the largest |x[i]| (no scaling when all are 0): exact but for values that
/// fall below float32's normal range, which add nothing a sum of the larger ones could show.
inline void scale_to_unit(const float* x, std::size_t size, float* out) noexcept {
  float largest = 0.0F;
  for (std::size_t i = 0; i < size; ++i) largest = std::max(largest, std::fabs(x[i]));
  // A multiplication by an exact power of two in double, then one rounding: what ldexpf gives, without a call
  // per value.
  const double scale = std::ldexp(1.0, largest > 0.0F ? -unit_exponent(largest) : 0);
  for (std::size_t i = 0; i < size; ++i) out[i] = static_cast<float>(static_cast<double>(x[i]) * scale);
}

/// The indices 0..size-1 by value, largest first, equal values in index order: an insertion sort, small in
/// WebAssembly where std::stable_sort's merge is kilobytes, and quick enough for 4096 columns.
[[nodiscard]] inline std::vector<int> order_descending(const double* values, std::size_t size) {
  std::vector<int> order(size);
  for (std::size_t i = 0; i < size; ++i) {
    std::size_t at = i;
    for (; at > 0 && values[order[at - 1]] < values[i]; --at) order[at] = order[at - 1];
    order[at] = static_cast<int>(i);
  }
  return order;
}

/// Each column's mean over the rows, summed in double in row order.
[[nodiscard]] inline std::vector<double> column_means(matrix_view<const float> table) {
  std::vector<double> mean(table.cols(), 0.0);
  for (std::size_t a = 0; a < table.rows(); ++a) {
    const auto row = table.row(a);
    for (std::size_t j = 0; j < mean.size(); ++j) mean[j] += row[j];
  }
  for (double& m : mean) m /= static_cast<double>(table.rows());
  return mean;
}

/// The table's columns less their means, one column a row (cols x rows), as float32 times 2^-exponent.
struct CentredColumns {
  std::vector<double> mean;
  std::vector<float> columns;
  int exponent = 0;

  explicit CentredColumns(matrix_view<const float> table) : mean(column_means(table)) {
    const std::size_t n = table.rows();
    const std::size_t d = table.cols();
    // Two passes over the table, so that no double copy of it is held: the largest |x - mean|, then the
    // values.
    double largest = 0.0;
    for (std::size_t a = 0; a < n; ++a) {
      const auto row = table.row(a);
      for (std::size_t j = 0; j < d; ++j) largest = std::max(largest, std::fabs(row[j] - mean[j]));
    }
    exponent = largest > 0.0 ? unit_exponent(largest) : 0;
    const double scale = std::ldexp(1.0, -exponent);
    columns.resize(n * d);
    // Transposed eight rows at a time, so that each column's run of eight is written at once.
    constexpr std::size_t kRows = 8;
    for (std::size_t first = 0; first < n; first += kRows) {
      const std::size_t end = std::min(n, first + kRows);
      for (std::size_t j = 0; j < d; ++j) {
        float* to = columns.data() + j * n;
        for (std::size_t a = first; a < end; ++a) {
          to[a] = static_cast<float>((table.row(a)[j] - mean[j]) * scale);
        }
      }
    }
  }
};

}  // namespace pe::detail
