// The lab's transformer (docs/lab-model.md, "Forward pass"): its parameters and their gradients as two
// buffers laid out by layout.hpp, and its activations as one more buffer carved into a struct of pointers for
// the batch shape of the last forward pass. Instantiated for float (the product), double (gradient checks).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pe/extension.hpp"
#include "pe/lab/config.hpp"
#include "pe/lab/layers.hpp"
#include "pe/lab/layout.hpp"

namespace pe::lab {

/// Floats the model holds for one forward and backward pass over `batch` sequences of `length` tokens
/// (activations and backward work space), the quantity limits::kLabMaxActivations caps.
[[nodiscard]] std::int64_t activation_floats(const Config& config, int batch, int length) noexcept;

/// fch holds the MLP's pre-activation only while the forward pass needs it, then GELU's derivative there.
template <typename T>
struct LayerActivations {
  T *ln1, *ln1_mean, *ln1_rstd, *q, *k, *v, *probs, *atty, *res1, *ln2, *ln2_mean, *ln2_rstd, *fch, *fch_gelu,
      *res2;
};

template <typename T>
struct Activations {
  T* x0;
  std::vector<LayerActivations<T>> layers;
  T *lnf, *lnf_mean, *lnf_rstd, *pooled, *logits, *probs;
};

/// Gradients with respect to activations, reused layer after layer, and scratch for the products.
template <typename T>
struct BackwardWork {
  T *dres, *da, *dq, *dk, *dv, *dy, *dbig, *dlogits, *dpooled, *linear, *attention;
};

template <typename T>
class Model {
 public:
  /// Parameters zeroed; call init_params (layout.hpp) on params() or load them.
  explicit Model(const Config& config);
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;
  Model(Model&&) noexcept = default;
  Model& operator=(Model&&) noexcept = default;

  [[nodiscard]] const Config& config() const noexcept { return config_; }
  [[nodiscard]] const Layout& layout() const noexcept { return layout_; }
  /// The parameter and gradient buffers, size() values each, laid out by layout().
  [[nodiscard]] std::size_t size() const noexcept { return params_.size(); }
  [[nodiscard]] T* params() noexcept { return params_.data(); }
  [[nodiscard]] const T* params() const noexcept { return params_.data(); }
  [[nodiscard]] T* grads() noexcept { return grads_.data(); }
  [[nodiscard]] const T* grads() const noexcept { return grads_.data(); }
  [[nodiscard]] const Params<T>& p() const noexcept { return p_; }

  /// B sequences of n tokens (1 <= n <= limits::kLabMaxEvalLength, tokens in the task's vocabulary) through
  /// the model. With targets (B * n of them, or B for a pooled task) it also computes the loss sums; without,
  /// only the activations. positions ([B, n], each below limits::kLabMaxEvalLength) are the tokens'
  /// positions, or null for 0..n-1.
  LossSums forward(const int* tokens, const int* targets, int B, int n, const int* positions = nullptr);
  /// Adds the gradient of the last forward's mean loss into grads() (the last forward must have had targets).
  void backward();
  void zero_grad();
  /// Makes room for `floats` activation floats (activation_floats' count) at once, so that forward passes up
  /// to that size do not grow the buffer one by one.
  void reserve(std::int64_t floats);

  /// The last forward's softmax weights of a layer, [B, h, n, n].
  [[nodiscard]] const T* attention_weights(int layer) const;
  /// RoPE from now on as a context-extension method runs it (the figure `extension`'s methods,
  /// pe/extension.hpp) with length factor `factor` for a model trained on `trained_length` positions:
  /// frequencies and the amplitude of rotated queries and keys from scaled_rope, at each forward pass's
  /// length (dynamic NTK depends on it). ExtensionMethod::None restores the trained tables bit for bit. Only
  /// for `rope`.
  void scale_rope(ExtensionMethod method, double factor, int trained_length);
  /// The last forward's pre-softmax scores [n, n] of sequence b, layer and head, masked entries -infinity.
  void attention_scores(T* out, int layer, int b, int head);
  /// The additive position table rows 0..rows-1 ([rows, d]) of `sinusoidal` or `learned` (rows no more than
  /// its rows for `learned`); empty for the other schemes.
  [[nodiscard]] std::vector<T> position_table(int rows) const;
  /// The last forward's logits: [B, C] pooled, else [B * n, C].
  [[nodiscard]] const T* logits() const noexcept { return acts_.logits; }

 private:
  void carve(int B, int n);
  [[nodiscard]] AttentionShape shape() const noexcept;
  [[nodiscard]] const T* position_rows(int& rows) const noexcept;

  Config config_;
  Layout layout_;
  std::vector<T> params_, grads_;
  Params<T> p_, g_;
  /// The RoPE tables forward and backward use: the trained ones, or scaled_ when a method is set.
  [[nodiscard]] const T* rope_cos() const noexcept;
  [[nodiscard]] const T* rope_sin() const noexcept;
  void prepare_rope(int n);

  std::vector<T> sinusoid_, rope_cos_, rope_sin_;
  struct Scaling {
    ExtensionMethod method = ExtensionMethod::None;
    double factor = 1.0;
    int trained_length = 0;
    int length = 0;  ///< the length the scaled tables were made for (only dynamic NTK's depend on it)
    std::vector<T> cos, sin;
  } scaled_;
  std::vector<double> slopes_;
  std::vector<int> t5_buckets_;  ///< t5_bucket_table of the mask, for `t5`
  std::vector<double> t5_grad_;  ///< the T5 table's gradient, summed in double over the layers
  std::vector<T> buffer_;
  Activations<T> acts_{};
  BackwardWork<T> work_{};
  std::vector<int> tokens_, targets_, positions_;
  int B_ = 0, n_ = 0;
  LossSums sums_{};
};

extern template class Model<float>;
extern template class Model<double>;

}  // namespace pe::lab
