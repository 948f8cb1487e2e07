#include "pe/lab/model.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "pe/alibi.hpp"
#include "pe/expects.hpp"
#include "pe/lab/positions.hpp"
#include "pe/lab/tasks.hpp"
#include "pe/limits.hpp"

namespace pe::lab {
namespace {

using std::size_t;

// Hands out consecutive pieces of one buffer; with no buffer it only counts, so that the size of a carving
// and the carving itself come from the same code.
template <typename T>
class Carver {
 public:
  explicit Carver(T* base) : base_(base) {}
  T* take(size_t count) noexcept {
    T* out = base_ != nullptr ? base_ + used_ : nullptr;
    used_ += count;
    return out;
  }
  [[nodiscard]] size_t used() const noexcept { return used_; }

 private:
  T* base_;
  size_t used_ = 0;
};

template <typename T>
void carve_into(Carver<T>& c, const Config& config, int B, int n, Activations<T>& a, BackwardWork<T>& w) {
  const size_t d = idx(config.d_model);
  const size_t N = idx(B) * idx(n);
  const size_t C = idx(task_info(config.task).classes);
  const size_t M = task_info(config.task).pooled ? idx(B) : N;
  a.x0 = c.take(N * d);
  a.layers.resize(idx(config.n_layers));
  for (auto& l : a.layers) {
    l.ln1 = c.take(N * d);
    l.ln1_mean = c.take(N);
    l.ln1_rstd = c.take(N);
    l.q = c.take(N * d);
    l.k = c.take(N * d);
    l.v = c.take(N * d);
    l.probs = c.take(idx(B) * idx(config.n_heads) * idx(n) * idx(n));
    l.atty = c.take(N * d);
    l.res1 = c.take(N * d);
    l.ln2 = c.take(N * d);
    l.ln2_mean = c.take(N);
    l.ln2_rstd = c.take(N);
    l.fch = c.take(4 * N * d);
    l.fch_gelu = c.take(4 * N * d);
    l.res2 = c.take(N * d);
  }
  a.lnf = c.take(N * d);
  a.lnf_mean = c.take(N);
  a.lnf_rstd = c.take(N);
  a.pooled = c.take(idx(B) * d);
  a.logits = c.take(M * C);
  a.probs = c.take(M * C);
  w.dres = c.take(N * d);
  w.da = c.take(N * d);
  w.dq = c.take(N * d);
  w.dk = c.take(N * d);
  w.dv = c.take(N * d);
  w.dy = c.take(N * d);
  w.dbig = c.take(4 * N * d);
  w.dlogits = c.take(M * C);
  w.dpooled = c.take(idx(B) * d);
  const int di = config.d_model;
  w.linear = c.take(std::max({linear_scratch(static_cast<int>(N), 4 * di, di),
                              linear_scratch(static_cast<int>(N), di, 4 * di),
                              linear_scratch(static_cast<int>(N), di, static_cast<int>(C))}));
  w.attention = c.take(attention_scratch(n, config.head_dim()));
}

template <typename T>
void fill_zero(T* x, size_t count) {
  std::fill(x, x + count, T(0));
}

}  // namespace

std::int64_t activation_floats(const Config& config, int batch, int length) noexcept {
  Carver<float> counter(nullptr);
  Activations<float> a{};
  BackwardWork<float> w{};
  carve_into(counter, config, batch, length, a, w);
  return static_cast<std::int64_t>(counter.used());
}

template <typename T>
Model<T>::Model(const Config& config) : config_(config), layout_(make_layout(config)) {
  params_.assign(layout_.total, T(0));
  grads_.assign(layout_.total, T(0));
  p_ = point_params(config_, layout_, params_.data());
  g_ = point_params(config_, layout_, grads_.data());
  const int d = config.d_model;
  const int rows = limits::kLabMaxEvalLength;
  if (config.scheme == Scheme::Sinusoidal) {
    sinusoid_.resize(idx(rows) * idx(d));
    for (int p = 0; p < rows; ++p) {
      for (int i = 0; i < d / 2; ++i) {
        const double angle = p / std::pow(config.base, 2.0 * i / d);
        sinusoid_[idx(p) * idx(d) + idx(2 * i)] = static_cast<T>(std::sin(angle));
        sinusoid_[idx(p) * idx(d) + idx(2 * i + 1)] = static_cast<T>(std::cos(angle));
      }
    }
  }
  if (config.scheme == Scheme::Rope) {
    const int half = config.head_dim() / 2;
    rope_cos_.resize(idx(rows) * idx(half));
    rope_sin_.resize(idx(rows) * idx(half));
    rope_tables(rope_cos_.data(), rope_sin_.data(), rows, config.head_dim(), config.base);
  }
  if (config.scheme == Scheme::Alibi) slopes_ = alibi_slopes(config.n_heads);
  if (config.scheme == Scheme::T5) {
    t5_buckets_ = t5_bucket_table(!config.causal);
    t5_grad_.assign(idx(kT5Buckets) * idx(config.n_heads), 0.0);
  }
}

template <typename T>
void Model<T>::carve(int B, int n) {
  Carver<T> counter(nullptr);
  carve_into(counter, config_, B, n, acts_, work_);
  reserve(static_cast<std::int64_t>(counter.used()));
  Carver<T> carver(buffer_.data());
  carve_into(carver, config_, B, n, acts_, work_);
  B_ = B;
  n_ = n;
}

template <typename T>
AttentionShape Model<T>::shape() const noexcept {
  return {B_,
          n_,
          config_.d_model,
          config_.n_heads,
          config_.causal,
          slopes_.empty() ? nullptr : slopes_.data(),
          positions_.empty() ? nullptr : positions_.data(),
          t5_buckets_.empty() ? nullptr : t5_buckets_.data() + kMaxOffset};
}

template <typename T>
const T* Model<T>::position_rows(int& rows) const noexcept {
  rows = 0;
  if (config_.scheme == Scheme::Learned) {
    rows = config_.position_rows();
    return p_.wpe;
  }
  if (config_.scheme == Scheme::Sinusoidal) {
    rows = limits::kLabMaxEvalLength;
    return sinusoid_.data();
  }
  return nullptr;
}

template <typename T>
LossSums Model<T>::forward(const int* tokens, const int* targets, int B, int n, const int* positions) {
  carve(B, n);
  const int d = config_.d_model;
  const int N = B * n;
  const size_t Nd = idx(N) * idx(d);
  const TaskInfo info = task_info(config_.task);
  tokens_.assign(tokens, tokens + idx(N));
  if (targets != nullptr) {
    targets_.assign(targets, targets + (info.pooled ? idx(B) : idx(N)));
  } else {
    targets_.clear();
  }
  if (positions != nullptr) {
    positions_.assign(positions, positions + idx(N));
  } else {
    positions_.clear();
  }
  const int* at = positions_.empty() ? nullptr : positions_.data();
  int pos_rows = 0;
  const T* pos = position_rows(pos_rows);
  const T scale = config_.scale_embedding ? static_cast<T>(std::sqrt(static_cast<double>(d))) : T(1);
  embed_forward(acts_.x0, tokens, at, p_.wte, pos, pos_rows, B, n, d, scale);
  const AttentionShape s = shape();
  const bool rope = config_.scheme == Scheme::Rope;
  if (rope) prepare_rope(n);
  for (int i = 0; i < config_.n_layers; ++i) {
    const LayerParams<T>& lp = p_.layers[idx(i)];
    const LayerActivations<T>& l = acts_.layers[idx(i)];
    const T* x = i == 0 ? acts_.x0 : acts_.layers[idx(i - 1)].res2;
    layernorm_forward(l.ln1, l.ln1_mean, l.ln1_rstd, x, lp.ln1_g, lp.ln1_b, N, d);
    linear_forward(l.q, l.ln1, lp.wq, static_cast<const T*>(nullptr), N, d, d);
    linear_forward(l.k, l.ln1, lp.wk, static_cast<const T*>(nullptr), N, d, d);
    linear_forward(l.v, l.ln1, lp.wv, static_cast<const T*>(nullptr), N, d, d);
    if (rope) {
      rope_apply(l.q, rope_cos(), rope_sin(), at, B, n, d, config_.n_heads, config_.rope_convention, false);
      rope_apply(l.k, rope_cos(), rope_sin(), at, B, n, d, config_.n_heads, config_.rope_convention, false);
    }
    attention_forward(l.atty, l.probs, l.q, l.k, l.v, s, work_.attention, static_cast<const T*>(p_.t5_bias));
    linear_forward(l.res1, l.atty, lp.wo, static_cast<const T*>(nullptr), N, d, d);
    residual_forward(l.res1, x, l.res1, Nd);
    layernorm_forward(l.ln2, l.ln2_mean, l.ln2_rstd, l.res1, lp.ln2_g, lp.ln2_b, N, d);
    linear_forward(l.fch, l.ln2, lp.w1, lp.b1, N, d, 4 * d);
    // fch is read again only by GELU's backward, so its derivative replaces it (no second exponential).
    gelu_forward_with_derivative(l.fch_gelu, l.fch, l.fch, 4 * Nd);
    linear_forward(l.res2, l.fch_gelu, lp.w2, lp.b2, N, 4 * d, d);
    residual_forward(l.res2, l.res1, l.res2, Nd);
  }
  const T* last = acts_.layers.back().res2;
  layernorm_forward(acts_.lnf, acts_.lnf_mean, acts_.lnf_rstd, last, p_.lnf_g, p_.lnf_b, N, d);
  int rows = N;
  const T* features = acts_.lnf;
  if (info.pooled) {
    pool_forward(acts_.pooled, acts_.lnf, B, n, d);
    rows = B;
    features = acts_.pooled;
  }
  linear_forward(acts_.logits, features, p_.head_w, p_.head_b, rows, d, info.classes);
  sums_ = {};
  if (targets != nullptr)
    sums_ = cross_entropy_forward(acts_.probs, acts_.logits, targets, rows, info.classes);
  return sums_;
}

template <typename T>
void Model<T>::backward() {
  const int B = B_;
  const int n = n_;
  const int d = config_.d_model;
  const int N = B * n;
  const size_t Nd = idx(N) * idx(d);
  const TaskInfo info = task_info(config_.task);
  const int rows = info.pooled ? B : N;
  const T inv_count = sums_.count > 0 ? T(1) / static_cast<T>(sums_.count) : T(0);
  BackwardWork<T>& w = work_;
  cross_entropy_backward(w.dlogits, acts_.probs, targets_.data(), rows, info.classes, inv_count);
  // Input gradients that start a buffer are written (add_dinp false) rather than added into zeros: the same
  // bits, one pass fewer.
  if (info.pooled) {
    linear_backward(w.dpooled, g_.head_w, g_.head_b, w.dlogits, acts_.pooled, p_.head_w, B, d, info.classes,
                    w.linear, false);
    pool_backward(w.dy, w.dpooled, B, n, d);
  } else {
    linear_backward(w.dy, g_.head_w, g_.head_b, w.dlogits, acts_.lnf, p_.head_w, N, d, info.classes, w.linear,
                    false);
  }
  fill_zero(w.dres, Nd);
  const T* last = acts_.layers.back().res2;
  layernorm_backward(w.dres, g_.lnf_g, g_.lnf_b, w.dy, last, p_.lnf_g, acts_.lnf_mean, acts_.lnf_rstd, N, d);
  const AttentionShape s = shape();
  const bool rope = config_.scheme == Scheme::Rope;
  const int* at = positions_.empty() ? nullptr : positions_.data();
  double* dt5 = t5_grad_.empty() ? nullptr : t5_grad_.data();
  std::fill(t5_grad_.begin(), t5_grad_.end(), 0.0);
  for (int i = config_.n_layers - 1; i >= 0; --i) {
    const LayerParams<T>& lp = p_.layers[idx(i)];
    const LayerParams<T>& lg = g_.layers[idx(i)];
    const LayerActivations<T>& l = acts_.layers[idx(i)];
    const T* x = i == 0 ? acts_.x0 : acts_.layers[idx(i - 1)].res2;
    // dres is the gradient at the block's output; each sub-layer adds its path into it.
    linear_backward(w.dbig, lg.w2, lg.b2, w.dres, l.fch_gelu, lp.w2, N, 4 * d, d, w.linear, false);
    gelu_backward_with(w.dbig, l.fch, w.dbig, 4 * Nd);
    linear_backward(w.da, lg.w1, lg.b1, w.dbig, l.ln2, lp.w1, N, d, 4 * d, w.linear, false);
    layernorm_backward(w.dres, lg.ln2_g, lg.ln2_b, w.da, l.res1, lp.ln2_g, l.ln2_mean, l.ln2_rstd, N, d);
    linear_backward(w.da, lg.wo, static_cast<T*>(nullptr), w.dres, l.atty, lp.wo, N, d, d, w.linear, false);
    attention_backward(w.dq, w.dk, w.dv, w.da, l.probs, l.q, l.k, l.v, s, w.attention, dt5);
    if (rope) {
      rope_apply(w.dq, rope_cos(), rope_sin(), at, B, n, d, config_.n_heads, config_.rope_convention, true);
      rope_apply(w.dk, rope_cos(), rope_sin(), at, B, n, d, config_.n_heads, config_.rope_convention, true);
    }
    linear_backward(w.da, lg.wq, static_cast<T*>(nullptr), w.dq, l.ln1, lp.wq, N, d, d, w.linear, false);
    linear_backward(w.da, lg.wk, static_cast<T*>(nullptr), w.dk, l.ln1, lp.wk, N, d, d, w.linear);
    linear_backward(w.da, lg.wv, static_cast<T*>(nullptr), w.dv, l.ln1, lp.wv, N, d, d, w.linear);
    layernorm_backward(w.dres, lg.ln1_g, lg.ln1_b, w.da, x, lp.ln1_g, l.ln1_mean, l.ln1_rstd, N, d);
  }
  int pos_rows = 0;
  static_cast<void>(position_rows(pos_rows));
  const T scale = config_.scale_embedding ? static_cast<T>(std::sqrt(static_cast<double>(d))) : T(1);
  embed_backward(g_.wte, g_.wpe, w.dres, tokens_.data(), at, pos_rows, B, n, d, scale);
  // The layers' shares of the T5 table's gradient were summed in double; one rounding each.
  for (size_t i = 0; i < t5_grad_.size(); ++i) g_.t5_bias[i] += static_cast<T>(t5_grad_[i]);
}

template <typename T>
void Model<T>::scale_rope(ExtensionMethod method, double factor, int trained_length) {
  PE_EXPECTS(config_.scheme == Scheme::Rope && factor >= 1.0 && trained_length >= 1);
  scaled_.method = method;
  scaled_.factor = factor;
  scaled_.trained_length = trained_length;
  scaled_.length = 0;  // made at the next forward pass
}

template <typename T>
void Model<T>::prepare_rope(int n) {
  if (scaled_.method == ExtensionMethod::None) return;
  // Only dynamic NTK's tables depend on the length; the others are made once.
  const int key = scaled_.method == ExtensionMethod::DynamicNtk ? n : 1;
  if (scaled_.length == key) return;
  scaled_.length = key;
  const int dh = config_.head_dim();
  const ScaledRope r =
      scaled_rope(dh, config_.base, scaled_.trained_length, scaled_.factor, n, scaled_.method);
  const int rows = limits::kLabMaxEvalLength;
  const int half = dh / 2;
  scaled_.cos.resize(idx(rows) * idx(half));
  scaled_.sin.resize(idx(rows) * idx(half));
  for (int p = 0; p < rows; ++p) {
    for (int i = 0; i < half; ++i) {
      const double angle = p * r.frequency[idx(i)];
      scaled_.cos[idx(p) * idx(half) + idx(i)] = static_cast<T>(r.amplitude * std::cos(angle));
      scaled_.sin[idx(p) * idx(half) + idx(i)] = static_cast<T>(r.amplitude * std::sin(angle));
    }
  }
}

template <typename T>
const T* Model<T>::rope_cos() const noexcept {
  return scaled_.method == ExtensionMethod::None ? rope_cos_.data() : scaled_.cos.data();
}

template <typename T>
const T* Model<T>::rope_sin() const noexcept {
  return scaled_.method == ExtensionMethod::None ? rope_sin_.data() : scaled_.sin.data();
}

template <typename T>
void Model<T>::reserve(std::int64_t floats) {
  if (floats > static_cast<std::int64_t>(buffer_.size())) {
    buffer_ = std::vector<T>();  // no copy of the old contents: carve() writes before it reads
    buffer_.resize(static_cast<std::size_t>(floats));
  }
}

template <typename T>
void Model<T>::zero_grad() {
  fill_zero(grads_.data(), grads_.size());
}

template <typename T>
const T* Model<T>::attention_weights(int layer) const {
  return acts_.layers[idx(layer)].probs;
}

template <typename T>
void Model<T>::attention_scores(T* out, int layer, int b, int head) {
  const LayerActivations<T>& l = acts_.layers[idx(layer)];
  pe::lab::attention_scores(out, l.q, l.k, shape(), b, head, work_.attention,
                            static_cast<const T*>(p_.t5_bias));
}

template <typename T>
std::vector<T> Model<T>::position_table(int rows) const {
  int available = 0;
  const T* pos = position_rows(available);
  if (pos == nullptr) return {};
  rows = std::min(rows, available);
  return std::vector<T>(pos, pos + idx(rows) * idx(config_.d_model));
}

template class Model<float>;
template class Model<double>;

}  // namespace pe::lab
