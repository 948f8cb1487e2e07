// Dot products of many pairs of rows (dot_tiles.cpp, compiled for speed in WebAssembly), for the similarity
// of a table's rows (similarity.cpp) and the analyses of a position table (table_stats.cpp,
// table_components.cpp): two rows by four at a time, so that each row is loaded once for two or four
// products, in blocks of rows that stay in cache. Every product is computed the same way whichever tile or
// block it falls in (its lanes summed in one fixed order), so a result never depends on the sizes around it,
// and the plain-lane build computes bit for bit what the SIMD build does.
#pragma once

#include <cstddef>

namespace pe::detail {

/// out[i * nb + j] = a_i . b_j for every row i of a (na rows) and j of b (nb rows), d values a row; with
/// `symmetric` (a and b the same rows) only pairs j >= i are computed and each is written to both cells.
/// float32 rows in float32 (each product's four lane sums added as (l0 + l1) + (l2 + l3)), double rows in
/// double (each product's even and odd terms summed apart, then added, then the last term when d is odd).
void dot_tiles(const float* a, std::size_t na, const float* b, std::size_t nb, std::size_t d, float* out,
               bool symmetric) noexcept;
void dot_tiles(const double* a, std::size_t na, const double* b, std::size_t nb, std::size_t d, double* out,
               bool symmetric) noexcept;

/// out[c] += sum over l = 0..m-1 of coeff[l * stride] * rows[l * d + c], for c = 0..d-1, the terms of each
/// sum in order of l: a linear combination of m rows, added to out.
void add_combination(const double* coeff, std::size_t stride, std::size_t m, const double* rows,
                     std::size_t d, double* out) noexcept;

}  // namespace pe::detail
