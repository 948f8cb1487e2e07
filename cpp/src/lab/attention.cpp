#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <limits>

#include "pe/lab/kernels.hpp"
#include "pe/lab/layers.hpp"

namespace pe::lab {
namespace {

using std::size_t;

// Head j of sequence b as its own [dh, n] matrix: the transposed right-hand operand of q k^T and dout v^T.
template <typename T>
void gather_head_transposed(T* dst, const T* src, const AttentionShape& s, int b, int j) {
  const int dh = s.dh();
  for (int p = 0; p < s.n; ++p) {
    const T* row = src + idx(b * s.n + p) * idx(s.d) + idx(j * dh);
    for (int i = 0; i < dh; ++i) dst[idx(i) * idx(s.n) + idx(p)] = row[i];
  }
}

// Where head j of sequence b starts in a [B, n, d] buffer (its rows are d apart).
size_t head_offset(const AttentionShape& s, int b, int j) {
  return idx(b * s.n) * idx(s.d) + idx(j * s.dh());
}

// Causal attention's products go a few rows at a time so that each leaves out what the mask makes zero: the
// scores and dP right of the diagonal's column block (the softmax never reads them), and the terms of P v,
// P^T dout, dS k and dS^T q whose probability is exactly 0. A left-out term would add a signed zero (0 times
// a finite value) to a sum that started at +0 and so is never -0, which leaves the sum as it is: the results
// are bitwise those of the whole products.
constexpr int kCausalRows = 4;
constexpr int kCausalCols = 8;

// Columns of a causal row chunk's scores or dP computed: through the chunk's last row, rounded up to the
// product kernel's block width.
int causal_cols(int p0, int rows, int n) {
  const int cols = (p0 + rows + kCausalCols - 1) / kCausalCols * kCausalCols;
  return cols < n ? cols : n;
}

template <typename T>
T score_scale(const AttentionShape& s) {
  return static_cast<T>(1.0 / std::sqrt(static_cast<double>(s.dh())));
}

}  // namespace

template <typename T>
void rope_tables(T* cos_table, T* sin_table, int rows, int dh, double base) {
  const int half = dh / 2;
  for (int p = 0; p < rows; ++p) {
    for (int i = 0; i < half; ++i) {
      const double theta = p * std::pow(base, -2.0 * i / dh);
      cos_table[idx(p) * idx(half) + idx(i)] = static_cast<T>(std::cos(theta));
      sin_table[idx(p) * idx(half) + idx(i)] = static_cast<T>(std::sin(theta));
    }
  }
}

template <typename T>
void rope_apply(T* x, const T* cos_table, const T* sin_table, const int* positions, int B, int n, int d,
                int h, RopeConvention convention, bool inverse) {
  const int dh = d / h;
  const int half = dh / 2;
  // Pair i is features (first + i * step, first + i * step + other) of the head.
  const bool interleaved = convention == RopeConvention::Interleaved;
  const int step = interleaved ? 2 : 1;
  const int other = interleaved ? 1 : half;
  for (int b = 0; b < B; ++b) {
    for (int p = 0; p < n; ++p) {
      const int at = positions != nullptr ? positions[b * n + p] : p;
      const T* c = cos_table + idx(at) * idx(half);
      const T* sn = sin_table + idx(at) * idx(half);
      T* row = x + idx(b * n + p) * idx(d);
      for (int j = 0; j < h; ++j) {
        T* head = row + idx(j * dh);
        for (int i = 0; i < half; ++i) {
          T& u = head[i * step];
          T& w = head[i * step + other];
          const T sin = inverse ? -sn[i] : sn[i];
          const T a = u;
          const T e = w;
          u = a * c[i] - e * sin;
          w = a * sin + e * c[i];
        }
      }
    }
  }
}

size_t attention_scratch(int n, int dh) noexcept {
  // More than the products now need (one head of v^T or k^T and one [n, n] matrix): the size is part of the
  // floats a training step holds, which limits::kLabMaxActivations caps, so it stays as the contract's sizes
  // assume.
  return 8 * idx(n) * idx(dh) + 4 * idx(n) * idx(n);
}

template <typename T>
void attention_scores(T* scores, const T* q, const T* k, const AttentionShape& s, int b, int j, T* scratch,
                      const T* t5_bias) {
  const int n = s.n;
  const int dh = s.dh();
  // q's head is read in place (its rows d apart); k's is copied out transposed, so that the product's inner
  // loop runs along contiguous rows of k^T.
  T* kt = scratch;
  gather_head_transposed(kt, k, s, b, j);
  const T* qh = q + head_offset(s, b, j);
  if (s.causal) {
    for (int p0 = 0; p0 < n; p0 += kCausalRows) {
      const int rows = std::min(kCausalRows, n - p0);
      gemm_strided(scores + idx(p0) * idx(n), n, qh + idx(p0) * idx(s.d), s.d, 1, kt, n, rows, dh,
                   causal_cols(p0, rows, n), false);
    }
  } else {
    gemm_strided(scores, n, qh, s.d, 1, kt, n, n, dh, n, false);
  }
  const T scale = score_scale<T>(s);
  const int* pos = s.positions != nullptr ? s.positions + idx(b) * idx(n) : nullptr;
  if (t5_bias != nullptr) {
    for (int p = 0; p < n; ++p) {
      T* row = scores + idx(p) * idx(n);
      const int at = pos != nullptr ? pos[p] : p;
      for (int m = 0; m < n; ++m) {
        if (s.causal && m > p) {
          row[m] = -std::numeric_limits<T>::infinity();
        } else {
          // T5's relative position: key (memory) position minus query position.
          const int bucket = s.buckets[(pos != nullptr ? pos[m] : m) - at];
          row[m] = row[m] * scale + t5_bias[idx(bucket) * idx(s.h) + idx(j)];
        }
      }
    }
    return;
  }
  const T slope = s.slopes != nullptr ? static_cast<T>(s.slopes[j]) : T(0);
  for (int p = 0; p < n; ++p) {
    T* row = scores + idx(p) * idx(n);
    const int at = pos != nullptr ? pos[p] : p;
    for (int m = 0; m < n; ++m) {
      if (s.causal && m > p) {
        row[m] = -std::numeric_limits<T>::infinity();
      } else {
        row[m] = row[m] * scale - slope * static_cast<T>(std::abs(at - (pos != nullptr ? pos[m] : m)));
      }
    }
  }
}

template <typename T>
void attention_forward(T* out, T* probs, const T* q, const T* k, const T* v, const AttentionShape& s,
                       T* scratch, const T* t5_bias) {
  const int n = s.n;
  const int dh = s.dh();
  for (int b = 0; b < s.B; ++b) {
    for (int j = 0; j < s.h; ++j) {
      T* pr = probs + idx(b * s.h + j) * idx(n) * idx(n);
      attention_scores(pr, q, k, s, b, j, scratch, t5_bias);
      for (int p = 0; p < n; ++p) {
        T* row = pr + idx(p) * idx(n);
        const int last = s.causal ? p : n - 1;
        T max = row[0];
        for (int m = 1; m <= last; ++m) max = row[m] > max ? row[m] : max;
        for (int m = 0; m <= last; ++m) row[m] -= max;
        exp_inplace(row, row, idx(last + 1));
        T sum = 0;
        for (int m = 0; m <= last; ++m) sum += row[m];
        const T inv = T(1) / sum;
        for (int m = 0; m <= last; ++m) row[m] *= inv;
        for (int m = last + 1; m < n; ++m) row[m] = 0;
      }
      // The head's output, probs v, straight from v's head columns into out's.
      const size_t head = head_offset(s, b, j);
      if (s.causal) {
        for (int p0 = 0; p0 < n; p0 += kCausalRows) {
          const int rows = std::min(kCausalRows, n - p0);
          gemm_strided(out + head + idx(p0) * idx(s.d), s.d, pr + idx(p0) * idx(n), n, 1, v + head, s.d, rows,
                       p0 + rows, dh, false);
        }
      } else {
        gemm_strided(out + head, s.d, pr, n, 1, v + head, s.d, n, n, dh, false);
      }
    }
  }
}

namespace {

// Where the gradient of T5's table goes for sequence b and head j: row p, column m adds into
// table[bucket(i_m - i_p) * h + j]; a null table takes nothing.
struct BiasGradient {
  double* table;
  const int* buckets;
  const int* pos;  // sequence b's positions, or null for 0..n-1
  int h, j;
  [[nodiscard]] double& at(int p, int m) const noexcept {
    const int r = pos != nullptr ? pos[m] - pos[p] : m - p;
    return table[idx(buckets[r]) * idx(h) + idx(j)];
  }
};

// Softmax backward, then the score scale, in place over dP: d(q.k) = scale * p * (dp - sum_m p dp), where
// p * (dp - sum) is the gradient of the additive bias. Causal (width -1) row p runs through m = p, where p is
// not exactly 0, and is +0 beyond (where it was a signed zero).
template <typename T>
void softmax_backward(T* dp, const T* pr, int n, int width, T scale, const BiasGradient& bias) {
  for (int p = 0; p < n; ++p) {
    const T* prow = pr + idx(p) * idx(n);
    T* drow = dp + idx(p) * idx(n);
    const int end = width < 0 ? p + 1 : width;
    T dot = 0;
    for (int m = 0; m < end; ++m) dot += prow[m] * drow[m];
    if (bias.table != nullptr) {
      for (int m = 0; m < end; ++m) {
        const T g = prow[m] * (drow[m] - dot);
        bias.at(p, m) += static_cast<double>(g);
        drow[m] = g * scale;
      }
    } else {
      for (int m = 0; m < end; ++m) drow[m] = prow[m] * (drow[m] - dot) * scale;
    }
    for (int m = end; m < n; ++m) drow[m] = 0;
  }
}

}  // namespace

template <typename T>
void attention_backward(T* dq, T* dk, T* dv, const T* dout, const T* probs, const T* q, const T* k,
                        const T* v, const AttentionShape& s, T* scratch, double* dt5_bias) {
  const int n = s.n;
  const int dh = s.dh();
  const int d = s.d;
  const size_t nn = idx(n) * idx(n);
  T* vt = scratch;                // v of the head, transposed [dh, n]
  T* dp = vt + idx(n) * idx(dh);  // [n, n]
  const T scale = score_scale<T>(s);
  // Every product reads and writes the heads' columns of the [B, n, d] buffers in place; the transposed
  // operands P^T and dS^T are read through strides (gemm_strided), not copied.
  for (int b = 0; b < s.B; ++b) {
    for (int j = 0; j < s.h; ++j) {
      const T* pr = probs + idx(b * s.h + j) * nn;
      const size_t head = head_offset(s, b, j);
      const int* pos = s.positions != nullptr ? s.positions + idx(b) * idx(n) : nullptr;
      const BiasGradient bias{dt5_bias, s.buckets, pos, s.h, j};
      gather_head_transposed(vt, v, s, b, j);
      if (!s.causal) {
        gemm_strided(dp, n, dout + head, d, 1, vt, n, n, dh, n, false);         // dP = dout v^T
        gemm_strided(dv + head, d, pr, 1, n, dout + head, d, n, n, dh, false);  // dv = P^T dout
        softmax_backward(dp, pr, n, n, scale, bias);
        gemm_strided(dq + head, d, dp, n, 1, k + head, d, n, n, dh, false);  // dq = dS k
        gemm_strided(dk + head, d, dp, 1, n, q + head, d, n, n, dh, false);  // dk = dS^T q
        continue;
      }
      // Causal: row p of P and dS is zero right of m = p, so chunk [p0, p0 + rows) of dP, dq needs m below
      // p0 + rows, and chunk [m0, m0 + rows) of dv, dk needs p from m0 on.
      for (int p0 = 0; p0 < n; p0 += kCausalRows) {
        const int rows = std::min(kCausalRows, n - p0);
        gemm_strided(dp + idx(p0) * idx(n), n, dout + head + idx(p0) * idx(d), d, 1, vt, n, rows, dh,
                     causal_cols(p0, rows, n), false);
      }
      for (int m0 = 0; m0 < n; m0 += kCausalRows) {
        const int rows = std::min(kCausalRows, n - m0);
        const size_t start = idx(m0) * idx(n) + idx(m0);
        gemm_strided(dv + head + idx(m0) * idx(d), d, pr + start, 1, n, dout + head + idx(m0) * idx(d), d,
                     rows, n - m0, dh, false);
      }
      softmax_backward(dp, pr, n, -1, scale, bias);
      for (int p0 = 0; p0 < n; p0 += kCausalRows) {
        const int rows = std::min(kCausalRows, n - p0);
        gemm_strided(dq + head + idx(p0) * idx(d), d, dp + idx(p0) * idx(n), n, 1, k + head, d, rows,
                     p0 + rows, dh, false);
      }
      for (int m0 = 0; m0 < n; m0 += kCausalRows) {
        const int rows = std::min(kCausalRows, n - m0);
        const size_t start = idx(m0) * idx(n) + idx(m0);
        gemm_strided(dk + head + idx(m0) * idx(d), d, dp + start, 1, n, q + head + idx(m0) * idx(d), d, rows,
                     n - m0, dh, false);
      }
    }
  }
}

#define PE_LAB_ATTENTION(T)                                                                                  \
  template void rope_tables<T>(T*, T*, int, int, double);                                                    \
  template void rope_apply<T>(T*, const T*, const T*, const int*, int, int, int, int, RopeConvention, bool); \
  template void attention_scores<T>(T*, const T*, const T*, const AttentionShape&, int, int, T*, const T*);  \
  template void attention_forward<T>(T*, T*, const T*, const T*, const T*, const AttentionShape&, T*,        \
                                     const T*);                                                              \
  template void attention_backward<T>(T*, T*, T*, const T*, const T*, const T*, const T*, const T*,          \
                                      const AttentionShape&, T*, double*);
PE_LAB_ATTENTION(float)
PE_LAB_ATTENTION(double)
#undef PE_LAB_ATTENTION

}  // namespace pe::lab
