// The lab's hot loops: matrix products and transposes, on row-major float32 (double in the gradient tests).
// Every output element is summed in one fixed order (k = 0, 1, ..., K-1 from the starting value), whatever the
// blocking or vector width, so results are bitwise the same for a seed run after run and independent of how
// rows are grouped into batches. Inner loops run over contiguous outputs, never as reductions, so the compiler
// vectorises them without reassociating a sum.
#pragma once

namespace pe::lab {

/// c[M, N] = a[M, K] b[K, N], added to c's values when accumulate, else to zero. c must not overlap a or b.
template <typename T>
void gemm(T* c, const T* a, const T* b, int M, int K, int N, bool accumulate) noexcept;

/// out[cols, rows] = in[rows, cols] transposed. out must not overlap in.
template <typename T>
void transpose(T* out, const T* in, int rows, int cols) noexcept;

}  // namespace pe::lab
