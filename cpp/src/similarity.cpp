// The similarity of every pair of rows of a table (pe/similarity.hpp): direct dot products in double
// precision, two rows by four at a time, in column blocks that stay in cache (dot_tiles.hpp).
#include "pe/similarity.hpp"

#include <cmath>

#include "dot_tiles.hpp"
#include "pe/limits.hpp"

namespace pe {

std::vector<double> table_similarity(matrix_view<const double> table, Similarity metric) {
  const std::size_t n = table.rows();
  const std::size_t d = table.cols();
  PE_EXPECTS(n >= 1 && n <= to_size(limits::kMaxSimilarityPositions));
  PE_EXPECTS(d >= 1 && d <= to_size(limits::kMaxDModel));
  std::vector<double> out(n * n);
  const matrix_view<double> cells(out, n, n);
  detail::dot_tiles(table.row(0).data(), n, table.row(0).data(), n, d, out.data(), true);
  if (metric == Similarity::Cosine) {
    // a.b / sqrt((a.a)(b.b)): on the diagonal that is a.a / sqrt((a.a)^2), exactly 1, since the square root
    // of a rounded square is the number itself. Within float32's range the product neither overflows nor
    // underflows.
    std::vector<double> squares(n);
    for (std::size_t a = 0; a < n; ++a) squares[a] = cells.at(a, a);
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t b = 0; b < n; ++b) {
        const bool zero = squares[a] == 0.0 || squares[b] == 0.0;
        cells.at(a, b) = zero ? 0.0 : cells.at(a, b) / std::sqrt(squares[a] * squares[b]);
      }
    }
  }
  return out;
}

}  // namespace pe
