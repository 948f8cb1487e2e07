#include "pe/lab/kernels.hpp"

#include <cstddef>

namespace pe::lab {

template <typename T>
void gemm(T* __restrict c, const T* __restrict a, const T* __restrict b, int M, int K, int N,
          bool accumulate) noexcept {
  const auto n_cols = static_cast<std::size_t>(N);
  for (int m = 0; m < M; ++m) {
    T* __restrict row = c + static_cast<std::size_t>(m) * n_cols;
    if (!accumulate) {
      for (std::size_t j = 0; j < n_cols; ++j) row[j] = T(0);
    }
    const T* arow = a + static_cast<std::size_t>(m) * static_cast<std::size_t>(K);
    for (int k = 0; k < K; ++k) {
      const T x = arow[k];
      const T* __restrict brow = b + static_cast<std::size_t>(k) * n_cols;
      for (std::size_t j = 0; j < n_cols; ++j) row[j] += x * brow[j];
    }
  }
}

template <typename T>
void transpose(T* __restrict out, const T* __restrict in, int rows, int cols) noexcept {
  const auto r = static_cast<std::size_t>(rows);
  const auto cc = static_cast<std::size_t>(cols);
  for (std::size_t i = 0; i < r; ++i) {
    for (std::size_t j = 0; j < cc; ++j) out[j * r + i] = in[i * cc + j];
  }
}

template void gemm<float>(float*, const float*, const float*, int, int, int, bool) noexcept;
template void gemm<double>(double*, const double*, const double*, int, int, int, bool) noexcept;
template void transpose<float>(float*, const float*, int, int) noexcept;
template void transpose<double>(double*, const double*, int, int) noexcept;

}  // namespace pe::lab
