#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <limits>

#include "pe/lab/kernels.hpp"
#include "pe/lab/layers.hpp"

namespace pe::lab {
namespace {

using std::size_t;

// Head j of sequence b as its own [n, dh] matrix (or [dh, n] transposed), and back.
template <typename T>
void gather_head(T* dst, const T* src, const AttentionShape& s, int b, int j) {
  const int dh = s.dh();
  for (int p = 0; p < s.n; ++p) {
    const T* row = src + idx(b * s.n + p) * idx(s.d) + idx(j * dh);
    for (int i = 0; i < dh; ++i) dst[idx(p) * idx(dh) + idx(i)] = row[i];
  }
}

template <typename T>
void gather_head_transposed(T* dst, const T* src, const AttentionShape& s, int b, int j) {
  const int dh = s.dh();
  for (int p = 0; p < s.n; ++p) {
    const T* row = src + idx(b * s.n + p) * idx(s.d) + idx(j * dh);
    for (int i = 0; i < dh; ++i) dst[idx(i) * idx(s.n) + idx(p)] = row[i];
  }
}

template <typename T>
void scatter_head(T* dst, const T* src, const AttentionShape& s, int b, int j) {
  const int dh = s.dh();
  for (int p = 0; p < s.n; ++p) {
    T* row = dst + idx(b * s.n + p) * idx(s.d) + idx(j * dh);
    for (int i = 0; i < dh; ++i) row[i] = src[idx(p) * idx(dh) + idx(i)];
  }
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
void rope_apply(T* x, const T* cos_table, const T* sin_table, int B, int n, int d, int h,
                RopeConvention convention, bool inverse) {
  const int dh = d / h;
  const int half = dh / 2;
  // Pair i is features (first + i * step, first + i * step + other) of the head.
  const bool interleaved = convention == RopeConvention::Interleaved;
  const int step = interleaved ? 2 : 1;
  const int other = interleaved ? 1 : half;
  for (int b = 0; b < B; ++b) {
    for (int p = 0; p < n; ++p) {
      const T* c = cos_table + idx(p) * idx(half);
      const T* sn = sin_table + idx(p) * idx(half);
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
  return 8 * idx(n) * idx(dh) + 4 * idx(n) * idx(n);
}

template <typename T>
void attention_scores(T* scores, const T* q, const T* k, const AttentionShape& s, int b, int j, T* scratch) {
  const int n = s.n;
  const int dh = s.dh();
  T* qh = scratch;
  T* kt = qh + idx(n) * idx(dh);
  gather_head(qh, q, s, b, j);
  gather_head_transposed(kt, k, s, b, j);
  gemm(scores, qh, kt, n, dh, n, false);
  const T scale = score_scale<T>(s);
  const T slope = s.slopes != nullptr ? static_cast<T>(s.slopes[j]) : T(0);
  for (int p = 0; p < n; ++p) {
    T* row = scores + idx(p) * idx(n);
    for (int m = 0; m < n; ++m) {
      if (s.causal && m > p) {
        row[m] = -std::numeric_limits<T>::infinity();
      } else {
        row[m] = row[m] * scale - slope * static_cast<T>(std::abs(p - m));
      }
    }
  }
}

template <typename T>
void attention_forward(T* out, T* probs, const T* q, const T* k, const T* v, const AttentionShape& s,
                       T* scratch) {
  const int n = s.n;
  const int dh = s.dh();
  T* vh = scratch + 2 * idx(n) * idx(dh);  // after attention_scores' own q and k^T
  T* oh = vh + idx(n) * idx(dh);
  for (int b = 0; b < s.B; ++b) {
    for (int j = 0; j < s.h; ++j) {
      T* pr = probs + idx(b * s.h + j) * idx(n) * idx(n);
      attention_scores(pr, q, k, s, b, j, scratch);
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
      gather_head(vh, v, s, b, j);
      gemm(oh, pr, vh, n, n, dh, false);
      scatter_head(out, oh, s, b, j);
    }
  }
}

template <typename T>
void attention_backward(T* dq, T* dk, T* dv, const T* dout, const T* probs, const T* q, const T* k,
                        const T* v, const AttentionShape& s, T* scratch) {
  const int n = s.n;
  const int dh = s.dh();
  const size_t nd = idx(n) * idx(dh);
  const size_t nn = idx(n) * idx(n);
  T* doh = scratch;
  T* vt = doh + nd;
  T* dvh = vt + nd;
  T* xh = dvh + nd;  // k, then q, of the head
  T* dxh = xh + nd;  // dq, then dk, of the head
  T* dp = dxh + nd;
  T* pt = dp + nn;
  const T scale = score_scale<T>(s);
  for (int b = 0; b < s.B; ++b) {
    for (int j = 0; j < s.h; ++j) {
      const T* pr = probs + idx(b * s.h + j) * nn;
      gather_head(doh, dout, s, b, j);
      gather_head_transposed(vt, v, s, b, j);
      gemm(dp, doh, vt, n, dh, n, false);
      transpose(pt, pr, n, n);
      gemm(dvh, pt, doh, n, n, dh, false);
      scatter_head(dv, dvh, s, b, j);
      // Softmax backward, then the score scale: d(q.k) = scale * p * (dp - sum_m p dp).
      for (int p = 0; p < n; ++p) {
        const T* prow = pr + idx(p) * idx(n);
        T* drow = dp + idx(p) * idx(n);
        T dot = 0;
        for (int m = 0; m < n; ++m) dot += prow[m] * drow[m];
        for (int m = 0; m < n; ++m) drow[m] = prow[m] * (drow[m] - dot) * scale;
      }
      gather_head(xh, k, s, b, j);
      gemm(dxh, dp, xh, n, n, dh, false);
      scatter_head(dq, dxh, s, b, j);
      transpose(pt, dp, n, n);
      gather_head(xh, q, s, b, j);
      gemm(dxh, pt, xh, n, n, dh, false);
      scatter_head(dk, dxh, s, b, j);
    }
  }
}

#define PE_LAB_ATTENTION(T)                                                                            \
  template void rope_tables<T>(T*, T*, int, int, double);                                              \
  template void rope_apply<T>(T*, const T*, const T*, int, int, int, int, RopeConvention, bool);       \
  template void attention_scores<T>(T*, const T*, const T*, const AttentionShape&, int, int, T*);      \
  template void attention_forward<T>(T*, T*, const T*, const T*, const T*, const AttentionShape&, T*); \
  template void attention_backward<T>(T*, T*, T*, const T*, const T*, const T*, const T*, const T*,    \
                                      const AttentionShape&, T*);
PE_LAB_ATTENTION(float)
PE_LAB_ATTENTION(double)
#undef PE_LAB_ATTENTION

}  // namespace pe::lab
