// The lab's hot loops: matrix products, transposes and the exponential behind softmax and GELU, on row-major
// float32 (double in the gradient tests). Every output element of a product is summed in one fixed order
// (k = 0, 1, ..., K-1 from the starting value), whatever the blocking or vector width, so results are bitwise
// the same run after run and independent of how rows are grouped into batches. Inner loops run across
// contiguous outputs, never as reductions, so the compiler vectorises them without reassociating a sum.
#pragma once

#include <cstddef>

namespace pe::lab {

/// c[M, N] = a[M, K] b[K, N], added to c's values when accumulate, else to zero. c must not overlap a or b.
template <typename T>
void gemm(T* c, const T* a, const T* b, int M, int K, int N, bool accumulate) noexcept;

/// c[M, N] = a^T b for a stored [K, M] row-major (so a^T is [M, K]), the weight gradient x^T dy of a linear
/// layer without transposing x. Same order of summation as gemm.
template <typename T>
void gemm_at(T* c, const T* a, const T* b, int M, int K, int N, bool accumulate) noexcept;

/// The general product behind both: c (+)= A b for A[m, k] = a[m * a_row + k * a_col], with the rows of c ldc
/// apart and those of b ldb apart, so that a product reads and writes sub-matrices in place (one head's
/// columns of a [B, n, d] activation). Same order of summation as gemm.
template <typename T>
void gemm_strided(T* c, int ldc, const T* a, int a_row, int a_col, const T* b, int ldb, int M, int K, int N,
                  bool accumulate) noexcept;

/// out[cols, rows] = in[rows, cols] transposed. out must not overlap in.
template <typename T>
void transpose(T* out, const T* in, int rows, int cols) noexcept;

/// e^x for every item of x into out (which may be x), from +, *, and bit operations alone: within 2 ulp of the
/// exact value for float where that is a normal number, bitwise the same on every platform, and vectorisable.
/// e^-infinity is 0; above 88 the result is e^88 (the callers feed it arguments that are at most 0, or
/// clamped). The double version is std::exp.
void exp_inplace(float* out, const float* x, std::size_t count) noexcept;
void exp_inplace(double* out, const double* x, std::size_t count) noexcept;

}  // namespace pe::lab
