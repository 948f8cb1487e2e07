#include <algorithm>
#include <cmath>
#include <cstddef>

#include "pe/lab/kernels.hpp"
#include "pe/lab/layers.hpp"
#include "pe/lab/tasks.hpp"

namespace pe::lab {
using std::size_t;

template <typename T>
void embed_forward(T* x, const int* tokens, const int* positions, const T* wte, const T* pos, int pos_rows,
                   int B, int n, int d, T scale) {
  for (int b = 0; b < B; ++b) {
    for (int p = 0; p < n; ++p) {
      const size_t row = idx(b * n + p);
      const int at = positions != nullptr ? positions[row] : p;
      T* out = x + row * idx(d);
      const T* e = wte + idx(tokens[row]) * idx(d);
      if (pos != nullptr && at < pos_rows) {
        const T* pe = pos + idx(at) * idx(d);
        for (int i = 0; i < d; ++i) out[i] = scale * e[i] + pe[i];
      } else {
        for (int i = 0; i < d; ++i) out[i] = scale * e[i];
      }
    }
  }
}

template <typename T>
void embed_backward(T* dwte, T* dpos, const T* dx, const int* tokens, const int* positions, int pos_rows,
                    int B, int n, int d, T scale) {
  for (int b = 0; b < B; ++b) {
    for (int p = 0; p < n; ++p) {
      const size_t row = idx(b * n + p);
      const int at = positions != nullptr ? positions[row] : p;
      const T* g = dx + row * idx(d);
      T* de = dwte + idx(tokens[row]) * idx(d);
      for (int i = 0; i < d; ++i) de[i] += scale * g[i];
      if (dpos != nullptr && at < pos_rows) {
        T* dp = dpos + idx(at) * idx(d);
        for (int i = 0; i < d; ++i) dp[i] += g[i];
      }
    }
  }
}

namespace {

// LayerNorm works on kNormRows rows at a time (then one at a time): each row's sums run in their own order,
// as before, but the rows' sums are independent chains that the CPU overlaps, where one row's are a chain of
// dependent additions.
constexpr size_t kNormRows = 4;

template <size_t G, typename T>
void layernorm_forward_rows(T* out, T* mean, T* rstd, const T* inp, const T* g, const T* b, int r0, int d) {
  const T eps = T(1e-5);
  const T* x[G];
  T sum[G];
  T m[G];
  T sq[G];
  for (size_t k = 0; k < G; ++k) {
    x[k] = inp + (idx(r0) + k) * idx(d);
    sum[k] = 0;
    sq[k] = 0;
  }
  for (int i = 0; i < d; ++i) {
    for (size_t k = 0; k < G; ++k) sum[k] += x[k][i];
  }
  for (size_t k = 0; k < G; ++k) m[k] = sum[k] / T(d);
  for (int i = 0; i < d; ++i) {
    for (size_t k = 0; k < G; ++k) sq[k] += (x[k][i] - m[k]) * (x[k][i] - m[k]);
  }
  for (size_t k = 0; k < G; ++k) {
    const T s = T(1) / std::sqrt(sq[k] / T(d) + eps);
    const T mk = m[k];
    const T* xk = x[k];
    T* y = out + (idx(r0) + k) * idx(d);
    for (int i = 0; i < d; ++i) y[i] = (xk[i] - mk) * s * g[i] + b[i];
    mean[idx(r0) + k] = mk;
    rstd[idx(r0) + k] = s;
  }
}

template <size_t G, typename T>
void layernorm_backward_rows(T* dinp, T* dg, T* db, const T* dout, const T* inp, const T* g, const T* mean,
                             const T* rstd, int r0, int d) {
  const T* x[G];
  const T* dy[G];
  T m[G];
  T s[G];
  // The two means that couple every feature's gradient through the row's mean and variance.
  T dnorm_mean[G];
  T dnorm_norm_mean[G];
  for (size_t k = 0; k < G; ++k) {
    x[k] = inp + (idx(r0) + k) * idx(d);
    dy[k] = dout + (idx(r0) + k) * idx(d);
    m[k] = mean[idx(r0) + k];
    s[k] = rstd[idx(r0) + k];
    dnorm_mean[k] = 0;
    dnorm_norm_mean[k] = 0;
  }
  for (int i = 0; i < d; ++i) {
    for (size_t k = 0; k < G; ++k) {
      const T norm = (x[k][i] - m[k]) * s[k];
      const T dnorm = g[i] * dy[k][i];
      dnorm_mean[k] += dnorm;
      dnorm_norm_mean[k] += dnorm * norm;
    }
  }
  for (size_t k = 0; k < G; ++k) {
    const T dm = dnorm_mean[k] / T(d);
    const T dnm = dnorm_norm_mean[k] / T(d);
    const T mk = m[k];
    const T sk = s[k];
    const T* xk = x[k];
    const T* dyk = dy[k];
    T* dx = dinp + (idx(r0) + k) * idx(d);
    for (int i = 0; i < d; ++i) {
      const T norm = (xk[i] - mk) * sk;
      const T dnorm = g[i] * dyk[i];
      db[i] += dyk[i];
      dg[i] += norm * dyk[i];
      dx[i] += sk * (dnorm - dm - norm * dnm);
    }
  }
}

}  // namespace

template <typename T>
void layernorm_forward(T* out, T* mean, T* rstd, const T* inp, const T* g, const T* b, int N, int d) {
  int r = 0;
  for (; r + static_cast<int>(kNormRows) <= N; r += static_cast<int>(kNormRows))
    layernorm_forward_rows<kNormRows>(out, mean, rstd, inp, g, b, r, d);
  for (; r < N; ++r) layernorm_forward_rows<1>(out, mean, rstd, inp, g, b, r, d);
}

template <typename T>
void layernorm_backward(T* dinp, T* dg, T* db, const T* dout, const T* inp, const T* g, const T* mean,
                        const T* rstd, int N, int d) {
  // dg and db sum over rows in row order, as one row at a time would.
  int r = 0;
  for (; r + static_cast<int>(kNormRows) <= N; r += static_cast<int>(kNormRows))
    layernorm_backward_rows<kNormRows>(dinp, dg, db, dout, inp, g, mean, rstd, r, d);
  for (; r < N; ++r) layernorm_backward_rows<1>(dinp, dg, db, dout, inp, g, mean, rstd, r, d);
}

template <typename T>
void linear_forward(T* out, const T* inp, const T* w, const T* bias, int N, int in, int out_features) {
  gemm(out, inp, w, N, in, out_features, false);
  if (bias == nullptr) return;
  for (int r = 0; r < N; ++r) {
    T* y = out + idx(r) * idx(out_features);
    for (int o = 0; o < out_features; ++o) y[o] += bias[o];
  }
}

size_t linear_scratch(int /*N*/, int in, int out_features) noexcept {
  return idx(in) * idx(out_features);
}

template <typename T>
void linear_backward(T* dinp, T* dw, T* dbias, const T* dout, const T* inp, const T* w, int N, int in,
                     int out_features, T* scratch, bool add_dinp) {
  // dinp = dout W^T through a transposed copy of the (small) weight, so that the product's inner loop runs
  // along contiguous rows; dW = x^T dout reads x transposed in place.
  if (dinp != nullptr) {
    transpose(scratch, w, in, out_features);
    gemm(dinp, dout, scratch, N, out_features, in, add_dinp);
  }
  gemm_at(dw, inp, dout, in, N, out_features, true);
  if (dbias == nullptr) return;
  for (int r = 0; r < N; ++r) {
    const T* dy = dout + idx(r) * idx(out_features);
    for (int o = 0; o < out_features; ++o) dbias[o] += dy[o];
  }
}

namespace {
constexpr double kGeluBeta = 0.79788456080286535588;  // sqrt(2 / pi)
constexpr double kGeluKappa = 0.044715;

// tanh(u) = 1 - 2 / (e^(2u) + 1) through the vectorised exponential, a chunk at a time; exact to float
// rounding in absolute terms, which is what 0.5 x (1 + tanh) needs.
template <typename T, typename Use>
void gelu_tanh_chunks(const T* inp, size_t count, Use&& use) {
  const T two_beta = T(2 * kGeluBeta);
  const T kappa = T(kGeluKappa);
  constexpr size_t kChunk = 256;
  T e[kChunk];
  for (size_t start = 0; start < count; start += kChunk) {
    const size_t len = std::min(kChunk, count - start);
    const T* x = inp + start;
    for (size_t i = 0; i < len; ++i) {
      const T u = two_beta * (x[i] + kappa * x[i] * x[i] * x[i]);
      e[i] = u > T(88) ? T(88) : u;
    }
    exp_inplace(e, e, len);
    for (size_t i = 0; i < len; ++i) e[i] = T(1) - T(2) / (e[i] + T(1));
    use(start, len, e);
  }
}

// gelu'(x) from x and t = tanh(beta (x + kappa x^3)), into t's own buffer.
template <typename T>
void gelu_derivative(T* t, const T* x, size_t len) {
  const T beta = T(kGeluBeta);
  const T kappa = T(kGeluKappa);
  for (size_t i = 0; i < len; ++i) {
    t[i] = T(0.5) * (T(1) + t[i]) +
           T(0.5) * x[i] * (T(1) - t[i] * t[i]) * beta * (T(1) + T(3) * kappa * x[i] * x[i]);
  }
}

// d = t * d in place, or d = t * g: the in-place product gets a loop of its own, since a vectorised loop over
// two pointers runs only after a run-time check that they do not overlap, which equal pointers fail in
// clang's WebAssembly build.
template <typename T>
void scale_by(T* d, const T* t, const T* g, size_t len) {
  if (d == g) {
    for (size_t i = 0; i < len; ++i) d[i] = t[i] * d[i];
  } else {
    for (size_t i = 0; i < len; ++i) d[i] = t[i] * g[i];
  }
}

}  // namespace

template <typename T>
void gelu_forward(T* out, const T* inp, size_t count) {
  gelu_tanh_chunks(inp, count, [&](size_t start, size_t len, const T* t) {
    for (size_t i = 0; i < len; ++i) {
      const T x = inp[start + i];
      out[start + i] = T(0.5) * x * (T(1) + t[i]);
    }
  });
}

template <typename T>
void gelu_backward(T* dinp, const T* inp, const T* dout, size_t count) {
  gelu_tanh_chunks(inp, count, [&](size_t start, size_t len, T* t) {
    // The local derivative into the chunk's own buffer, then the product.
    gelu_derivative(t, inp + start, len);
    scale_by(dinp + start, static_cast<const T*>(t), dout + start, len);
  });
}

template <typename T>
void gelu_forward_with_derivative(T* out, T* deriv, const T* inp, size_t count) {
  gelu_tanh_chunks(inp, count, [&](size_t start, size_t len, T* t) {
    for (size_t i = 0; i < len; ++i) {
      const T x = inp[start + i];
      out[start + i] = T(0.5) * x * (T(1) + t[i]);
    }
    // The derivative in the chunk's buffer first, then copied out, so deriv may be inp.
    gelu_derivative(t, inp + start, len);
    std::copy(t, t + len, deriv + start);
  });
}

template <typename T>
void gelu_backward_with(T* dinp, const T* deriv, const T* dout, size_t count) {
  // A chunk at a time as gelu_backward goes, so that the in-place test is the same.
  scale_by(dinp, deriv, dout, count);
}

template <typename T>
void residual_forward(T* out, const T* a, const T* b, size_t count) {
  // In place (out == b, as the model calls it) through one pointer fewer, for the reason gelu_backward gives.
  if (out == b) {
    for (size_t i = 0; i < count; ++i) out[i] = a[i] + out[i];
  } else {
    for (size_t i = 0; i < count; ++i) out[i] = a[i] + b[i];
  }
}

template <typename T>
void pool_forward(T* out, const T* inp, int B, int n, int d) {
  for (int b = 0; b < B; ++b) {
    T* y = out + idx(b) * idx(d);
    for (int i = 0; i < d; ++i) y[i] = 0;
    for (int p = 0; p < n; ++p) {
      const T* x = inp + idx(b * n + p) * idx(d);
      for (int i = 0; i < d; ++i) y[i] += x[i];
    }
    for (int i = 0; i < d; ++i) y[i] /= T(n);
  }
}

template <typename T>
void pool_backward(T* dinp, const T* dout, int B, int n, int d) {
  for (int b = 0; b < B; ++b) {
    const T* dy = dout + idx(b) * idx(d);
    for (int p = 0; p < n; ++p) {
      T* dx = dinp + idx(b * n + p) * idx(d);
      for (int i = 0; i < d; ++i) dx[i] = dy[i] / T(n);
    }
  }
}

template <typename T>
LossSums cross_entropy_forward(T* probs, const T* logits, const int* targets, int M, int C) {
  LossSums sums;
  for (int r = 0; r < M; ++r) {
    const T* l = logits + idx(r) * idx(C);
    T* pr = probs + idx(r) * idx(C);
    int best = 0;
    for (int c = 1; c < C; ++c) {
      if (l[c] > l[best]) best = c;
    }
    const T max = l[best];
    for (int c = 0; c < C; ++c) pr[c] = l[c] - max;
    exp_inplace(pr, pr, idx(C));
    T sum = 0;
    for (int c = 0; c < C; ++c) sum += pr[c];
    for (int c = 0; c < C; ++c) pr[c] /= sum;
    const int target = targets[r];
    if (target == kNoTarget) continue;
    sums.loss += static_cast<double>(max + std::log(sum) - l[target]);
    sums.count += 1;
    sums.correct += best == target ? 1 : 0;
  }
  return sums;
}

template <typename T>
void cross_entropy_backward(T* dlogits, const T* probs, const int* targets, int M, int C, T inv_count) {
  for (int r = 0; r < M; ++r) {
    const T* pr = probs + idx(r) * idx(C);
    T* dl = dlogits + idx(r) * idx(C);
    const int target = targets[r];
    if (target == kNoTarget) {
      for (int c = 0; c < C; ++c) dl[c] = 0;
      continue;
    }
    for (int c = 0; c < C; ++c) dl[c] = (pr[c] - (c == target ? T(1) : T(0))) * inv_count;
  }
}

#define PE_LAB_LAYERS(T)                                                                                 \
  template void embed_forward<T>(T*, const int*, const int*, const T*, const T*, int, int, int, int, T); \
  template void embed_backward<T>(T*, T*, const T*, const int*, const int*, int, int, int, int, T);      \
  template void layernorm_forward<T>(T*, T*, T*, const T*, const T*, const T*, int, int);                \
  template void layernorm_backward<T>(T*, T*, T*, const T*, const T*, const T*, const T*, const T*, int, \
                                      int);                                                              \
  template void linear_forward<T>(T*, const T*, const T*, const T*, int, int, int);                      \
  template void linear_backward<T>(T*, T*, T*, const T*, const T*, const T*, int, int, int, T*, bool);   \
  template void gelu_forward<T>(T*, const T*, size_t);                                                   \
  template void gelu_backward<T>(T*, const T*, const T*, size_t);                                        \
  template void gelu_forward_with_derivative<T>(T*, T*, const T*, size_t);                               \
  template void gelu_backward_with<T>(T*, const T*, const T*, size_t);                                   \
  template void residual_forward<T>(T*, const T*, const T*, size_t);                                     \
  template void pool_forward<T>(T*, const T*, int, int, int);                                            \
  template void pool_backward<T>(T*, const T*, int, int, int);                                           \
  template LossSums cross_entropy_forward<T>(T*, const T*, const int*, int, int);                        \
  template void cross_entropy_backward<T>(T*, const T*, const int*, int, int, T);
PE_LAB_LAYERS(float)
PE_LAB_LAYERS(double)
#undef PE_LAB_LAYERS

}  // namespace pe::lab
