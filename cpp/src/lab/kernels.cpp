#include "pe/lab/kernels.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace pe::lab {
namespace {

using std::ptrdiff_t;
using std::size_t;

// A block of kRows x kCols outputs stays in registers (8 vectors of 4 floats, plus one row of b and a
// broadcast) while k runs over the whole inner dimension. The block's rows of a come packed as [K, kRows], so
// that the kernel reads them contiguously whichever way a is stored.
constexpr int kRows = 4;
constexpr int kCols = 8;

// c's rows are ldc apart and b's ldb apart (both N for a dense product).
template <typename T>
void block(T* __restrict c, ptrdiff_t ldc, const T* __restrict packed, const T* __restrict b, ptrdiff_t ldb,
           int K, bool accumulate) noexcept {
  T acc[kRows][kCols];
  for (int r = 0; r < kRows; ++r) {
    for (int j = 0; j < kCols; ++j) acc[r][j] = accumulate ? c[r * ldc + j] : T(0);
  }
  for (int k = 0; k < K; ++k) {
    const T* __restrict brow = b + k * ldb;
    const T* __restrict x = packed + k * kRows;
    for (int r = 0; r < kRows; ++r) {
      for (int j = 0; j < kCols; ++j) acc[r][j] += x[r] * brow[j];
    }
  }
  for (int r = 0; r < kRows; ++r) {
    for (int j = 0; j < kCols; ++j) c[r * ldc + j] = acc[r][j];
  }
}

// The float block written with four-float vectors (GCC's and Clang's vector extension, which both the native
// compiler and Emscripten's support): each lane does exactly the scalar block's operations in the same order,
// so the results are bitwise the same, but the eight accumulators are named values that stay in registers.
// The loop is kept rolled: unrolled, WebAssembly's one compiled body needs more vector registers than an
// x86-64 CPU has, and V8 then keeps accumulators on the stack.
using f4 = float __attribute__((vector_size(16)));

inline f4 load4(const float* p) noexcept {
  f4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void store4(float* p, f4 v) noexcept {
  std::memcpy(p, &v, sizeof v);
}

inline f4 splat(float x) noexcept {
  return f4{x, x, x, x};
}

template <>
void block<float>(float* __restrict c, ptrdiff_t ldc, const float* __restrict packed,
                  const float* __restrict b, ptrdiff_t ldb, int K, bool accumulate) noexcept {
  static_assert(kRows == 4 && kCols == 8, "the float block is written out for 4 x 8");
  const ptrdiff_t n = ldc;
  f4 c00{}, c01{}, c10{}, c11{}, c20{}, c21{}, c30{}, c31{};
  if (accumulate) {
    c00 = load4(c);
    c01 = load4(c + 4);
    c10 = load4(c + n);
    c11 = load4(c + n + 4);
    c20 = load4(c + 2 * n);
    c21 = load4(c + 2 * n + 4);
    c30 = load4(c + 3 * n);
    c31 = load4(c + 3 * n + 4);
  }
  const float* __restrict brow = b;
  const float* __restrict x = packed;
#if defined(__clang__)
#pragma clang loop unroll(disable)
#endif
  for (int k = 0; k < K; ++k) {
    const f4 b0 = load4(brow);
    const f4 b1 = load4(brow + 4);
    f4 a = splat(x[0]);
    c00 += a * b0;
    c01 += a * b1;
    a = splat(x[1]);
    c10 += a * b0;
    c11 += a * b1;
    a = splat(x[2]);
    c20 += a * b0;
    c21 += a * b1;
    a = splat(x[3]);
    c30 += a * b0;
    c31 += a * b1;
    brow += ldb;
    x += kRows;
  }
  store4(c, c00);
  store4(c + 4, c01);
  store4(c + n, c10);
  store4(c + n + 4, c11);
  store4(c + 2 * n, c20);
  store4(c + 2 * n + 4, c21);
  store4(c + 3 * n, c30);
  store4(c + 3 * n + 4, c31);
}

// Outputs outside whole blocks: rows m0..m1-1, columns n0..n1-1, one at a time in the same k order.
template <typename T>
void edge(T* __restrict c, ptrdiff_t ldc, const T* __restrict a, ptrdiff_t a_row, ptrdiff_t a_col,
          const T* __restrict b, ptrdiff_t ldb, int K, bool accumulate, int m0, int m1, int n0,
          int n1) noexcept {
  for (int m = m0; m < m1; ++m) {
    T* row = c + m * ldc;
    if (!accumulate) {
      for (int j = n0; j < n1; ++j) row[j] = T(0);
    }
    for (int k = 0; k < K; ++k) {
      const T x = a[m * a_row + k * a_col];
      const T* brow = b + k * ldb;
      for (int j = n0; j < n1; ++j) row[j] += x * brow[j];
    }
  }
}

template <typename T>
void strided_gemm(T* c, ptrdiff_t ldc, const T* a, ptrdiff_t a_row, ptrdiff_t a_col, const T* b,
                  ptrdiff_t ldb, int M, int K, int N, bool accumulate) noexcept {
  const int m_blocks = M - M % kRows;
  const int n_blocks = N - N % kCols;
  // The inner dimension goes in slices whose packed rows of a fit on the stack; a block carries its partial
  // sums from one slice to the next through c, which keeps every output's order of summation.
  constexpr int kSlice = 256;
  T packed[kSlice * kRows];
  for (int m = 0; m < m_blocks; m += kRows) {
    for (int k0 = 0; k0 < K; k0 += kSlice) {
      const int len = K - k0 < kSlice ? K - k0 : kSlice;
      for (int k = 0; k < len; ++k) {
        for (int r = 0; r < kRows; ++r) packed[k * kRows + r] = a[(m + r) * a_row + (k0 + k) * a_col];
      }
      for (int n = 0; n < n_blocks; n += kCols) {
        block(c + m * ldc + n, ldc, packed, b + k0 * ldb + n, ldb, len, accumulate || k0 > 0);
      }
    }
  }
  edge(c, ldc, a, a_row, a_col, b, ldb, K, accumulate, 0, m_blocks, n_blocks, N);
  edge(c, ldc, a, a_row, a_col, b, ldb, K, accumulate, m_blocks, M, 0, N);
}

}  // namespace

template <typename T>
void gemm(T* c, const T* a, const T* b, int M, int K, int N, bool accumulate) noexcept {
  strided_gemm<T>(c, N, a, K, 1, b, N, M, K, N, accumulate);
}

template <typename T>
void gemm_at(T* c, const T* a, const T* b, int M, int K, int N, bool accumulate) noexcept {
  strided_gemm<T>(c, N, a, 1, M, b, N, M, K, N, accumulate);
}

template <typename T>
void gemm_strided(T* c, int ldc, const T* a, int a_row, int a_col, const T* b, int ldb, int M, int K, int N,
                  bool accumulate) noexcept {
  strided_gemm<T>(c, ldc, a, a_row, a_col, b, ldb, M, K, N, accumulate);
}

template <typename T>
void transpose(T* __restrict out, const T* __restrict in, int rows, int cols) noexcept {
  const auto r = static_cast<size_t>(rows);
  const auto cc = static_cast<size_t>(cols);
  // Tiles small enough that both the rows read and the rows written stay in cache.
  constexpr size_t kTile = 16;
  for (size_t i0 = 0; i0 < r; i0 += kTile) {
    const size_t i1 = i0 + kTile < r ? i0 + kTile : r;
    for (size_t j0 = 0; j0 < cc; j0 += kTile) {
      const size_t j1 = j0 + kTile < cc ? j0 + kTile : cc;
      for (size_t i = i0; i < i1; ++i) {
        for (size_t j = j0; j < j1; ++j) out[j * r + i] = in[i * cc + j];
      }
    }
  }
}

namespace {

using i4 = std::int32_t __attribute__((vector_size(16)));

template <typename To, typename From>
To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "same size");
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

template <typename V>
V broadcast(float x) noexcept;
template <>
inline float broadcast<float>(float x) noexcept {
  return x;
}
template <>
inline f4 broadcast<f4>(float x) noexcept {
  return splat(x);
}

// e^x of a float (V = float, I = int32) or of four (V = f4, I = i4), one formula for both, so that the vector
// body and the scalar tail compute each item identically. Cody-Waite: x = n ln2 + r with |r| <= ln2 / 2, e^r
// by its degree-7 Taylor polynomial (truncation error below 2^-27 on that interval), and 2^n applied as two
// powers of two written into exponent bits, so that results below the normal range round into subnormals and
// then to 0 as they should. x / ln2 is rounded to an integer by adding and subtracting 1.5 * 2^23, whose low
// bits then hold n; n is halved (toward zero) by shifts. No calls, branches, conversions or divisions: vector
// code on SSE2 and on WebAssembly SIMD alike (a float-to-int conversion costs several instructions a vector
// in WebAssembly, and it has no vector division), the same results as the scalar formula this replaced
// (bitwise on all 2^32 inputs, native and WebAssembly).
template <typename V, typename I>
V exp_lanes(V x) noexcept {
  constexpr float kLog2e = 1.44269504088896341f;
  constexpr float kLn2Hi = 0.693359375f;
  constexpr float kLn2Lo = -2.12194440e-4f;
  constexpr float kRound = 12582912.0f;
  constexpr std::int32_t kRoundBits = 0x4B400000;  // the bits of kRound
  const V low = broadcast<V>(-110.0f);
  const V high = broadcast<V>(88.0f);
  // The clamps as plain comparisons: one maxps or minps on SSE2, pmax or pmin in WebAssembly.
  V v = x < low ? low : x;
  v = v > high ? high : v;
  const V shifted = v * kLog2e + kRound;  // 1.5 * 2^23 + n exactly, |n| < 2^8
  const V n = shifted - kRound;
  const V r = (v - n * kLn2Hi) - n * kLn2Lo;
  V p = broadcast<V>(1.0f / 5040.0f);
  p = p * r + 1.0f / 720.0f;
  p = p * r + 1.0f / 120.0f;
  p = p * r + 1.0f / 24.0f;
  p = p * r + 1.0f / 6.0f;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  const I ni = bit_cast<I>(shifted) - kRoundBits;
  const I half = (ni - (ni >> 31)) >> 1;  // ni / 2 rounded toward zero: ni >> 31 is -1 for negative ni
  const V s1 = bit_cast<V>((half + 127) << 23);
  const V s2 = bit_cast<V>((ni - half + 127) << 23);
  return p * s1 * s2;
}

}  // namespace

void exp_inplace(float* out, const float* x, size_t count) noexcept {
  // Four at a time, each group read before it is written, so out may be x (as most callers have it); then the
  // last few one by one.
  size_t i = 0;
  for (; i + 4 <= count; i += 4) store4(out + i, exp_lanes<f4, i4>(load4(x + i)));
  for (; i < count; ++i) out[i] = exp_lanes<float, std::int32_t>(x[i]);
}

void exp_inplace(double* out, const double* x, size_t count) noexcept {
  for (size_t i = 0; i < count; ++i) out[i] = std::exp(x[i]);
}

template void gemm<float>(float*, const float*, const float*, int, int, int, bool) noexcept;
template void gemm<double>(double*, const double*, const double*, int, int, int, bool) noexcept;
template void gemm_at<float>(float*, const float*, const float*, int, int, int, bool) noexcept;
template void gemm_at<double>(double*, const double*, const double*, int, int, int, bool) noexcept;
template void gemm_strided<float>(float*, int, const float*, int, int, const float*, int, int, int, int,
                                  bool) noexcept;
template void gemm_strided<double>(double*, int, const double*, int, int, const double*, int, int, int, int,
                                   bool) noexcept;
template void transpose<float>(float*, const float*, int, int) noexcept;
template void transpose<double>(double*, const double*, int, int) noexcept;

}  // namespace pe::lab
