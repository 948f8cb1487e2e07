// How alike the rows of a table are: the dot product or the cosine similarity of every pair of rows, in
// double precision. Any table: the sinusoidal one (similarity_matrix in sinusoidal.hpp computes its rows and
// asks here) or one a model trained. Callers validate sizes (see limits.hpp).
#pragma once

#include <vector>

#include "pe/view.hpp"

namespace pe {

enum class Similarity { Dot, Cosine };

/// rows x rows matrix, row-major: entry (a, b) is the dot product of rows a and b of `table` (Dot) or their
/// cosine similarity (Cosine), each product accumulated in double precision. The matrix is exactly symmetric:
/// every pair is computed once. A row has cosine exactly 1 with itself unless it is all zeros: such a row has
/// no direction, and its cosine with every row, itself included, is 0. Expects 1 to
/// limits::kMaxSimilarityPositions rows and 1 to limits::kMaxDModel columns, with values within float32's
/// range (the bindings refuse others), where no sum of squares or product of two overflows or underflows.
[[nodiscard]] std::vector<double> table_similarity(matrix_view<const double> table, Similarity metric);

}  // namespace pe
