// Analyses of a position table as a model learned it (GPT-2's wpe, BERT's, OPT's, Whisper's decoder): rows
// are positions, columns dimensions, float32 as checkpoints store them. The caller passes the rows to analyse
// (a view of the table without, say, OPT's two offset rows). Heavy products (the cosine matrix, the
// covariance, the columns' spectra, the power iteration) run in float32 on dot_tiles.hpp's tiles; means,
// variances, norms, shares and the small eigenproblems in double. Every result is bit for bit the same in the
// SIMD and the plain-lane builds: each sum has one fixed order. Callers validate sizes (see limits.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "pe/view.hpp"

namespace pe {

/// Multiply-adds of each analysis of n rows of d values (see limits::kMaxTableWork).
[[nodiscard]] constexpr std::int64_t table_cosine_work(std::int64_t n, std::int64_t d) noexcept {
  return n * n * d / 2;
}
[[nodiscard]] constexpr std::int64_t table_components_work(std::int64_t n, std::int64_t d) noexcept {
  return n * d * d / 2;
}
[[nodiscard]] constexpr std::int64_t column_periods_work(std::int64_t n, std::int64_t d) noexcept {
  return n * n * d;
}

struct TableCosine {
  /// n x n cosine similarity of every pair of rows, row-major, exactly symmetric, exactly 1 on the diagonal
  /// (0 for an all-zero row, which has no direction, with every row).
  std::vector<float> matrix;
  /// n values: the mean of matrix(a, a + k) over a = 0..n-1-k, for each offset k = 0..n-1 (in double).
  std::vector<double> by_offset;
};

/// Expects 1 to limits::kMaxTableCosineRows rows and 1 to limits::kMaxDModel columns of finite values, and
/// table_cosine_work within limits::kMaxTableWork.
[[nodiscard]] TableCosine table_cosine(matrix_view<const float> table);

/// The sinusoidal encoding's mean cosine by offset at the same width, for k = 0..n-1: PE(p).PE(p+k) is
/// sum_i cos(w_i k) for every p and |PE(p)|^2 = d_model / 2, so the mean over pairs is dot_by_offset(0, k)
/// divided by d_model / 2. Expects an even d_model.
[[nodiscard]] std::vector<double> sinusoidal_cosine_by_offset(int n, int d_model, double base);

struct TableStats {
  std::vector<double> norms;       // n: the Euclidean norm of each row
  std::vector<double> mean;        // d: each column's mean over the rows
  std::vector<double> variance;    // d: each column's variance over the rows (divided by n)
  std::vector<double> share;       // d: variance / total variance (all 0 when every column is constant)
  std::vector<int> order;          // d: the columns by variance, largest first (ties: lower index first)
  std::vector<double> cumulative;  // d: the share of the first j + 1 columns of `order`
};

/// Expects 1 to limits::kMaxTableRows rows and 1 to limits::kMaxDModel columns of finite values.
[[nodiscard]] TableStats table_stats(matrix_view<const float> table);

struct TableComponents {
  std::vector<double> explained;    // k: each component's variance / the total variance
  std::vector<double> variance;     // k: each component's variance (an eigenvalue of the covariance)
  std::vector<double> loadings;     // k x d: unit vectors, the largest-magnitude entry of each positive
  std::vector<double> coordinates;  // n x k: each centred row's projection on each component
  int iterations = 0;               // subspace iterations until the top k variances settled
};

/// The top k principal components of the centred rows, by subspace iteration with Rayleigh-Ritz on the d x d
/// covariance (see table_components.cpp). Expects 2 to limits::kMaxTableRows rows, 1 to limits::kMaxDModel
/// columns, 1 <= k <= min(limits::kMaxTableComponents, columns) and table_components_work within
/// limits::kMaxTableWork.
[[nodiscard]] TableComponents table_components(matrix_view<const float> table, int k);

struct ColumnPeriods {
  std::vector<int> bin;        // d: the peak of the column's DFT over the rows, 1..n/2 (0 for a constant one)
  std::vector<double> period;  // d: n / bin, in positions (0 for a constant column)
  std::vector<double> share;   // d: the column's power in that bin (both halves of the spectrum) / all of it
};

/// Each column's dominant frequency: the DFT of the centred column over the n rows. Expects 2 to
/// limits::kMaxTableRows rows, 1 to limits::kMaxDModel columns and column_periods_work within
/// limits::kMaxTableWork.
[[nodiscard]] ColumnPeriods column_periods(matrix_view<const float> table);

}  // namespace pe
