// Where every parameter lives in the one contiguous buffer (docs/lab-model.md, "Parameters, in buffer
// order"), and a struct of pointers into a buffer laid out that way. Gradients and both AdamW moments use the
// same layout, so zeroing, clipping, the optimiser and the saved state are each one loop over one buffer.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "pe/lab/config.hpp"
#include "pe/limits.hpp"

namespace pe::lab {

/// One named tensor of the buffer: its shape, where it starts, how it is initialised, whether AdamW decays
/// it.
struct TensorSpec {
  std::string name;
  std::vector<int> shape;
  std::size_t offset = 0;
  std::size_t size = 0;
  double init_std = 0.0;  ///< normal(0, init_std) when > 0; otherwise the constant init_value
  float init_value = 0.0f;
  bool decay = false;
};

struct Layout {
  std::vector<TensorSpec> tensors;
  std::size_t total = 0;

  /// The tensor called `name`; the name must exist.
  [[nodiscard]] const TensorSpec& at(const std::string& name) const;
};

/// The contract's order for a configuration (wpe only for `learned`, t5.bias only for `t5`).
[[nodiscard]] Layout make_layout(const Config& config);

template <typename T>
struct LayerParams {
  T *ln1_g, *ln1_b, *wq, *wk, *wv, *wo, *ln2_g, *ln2_b, *w1, *b1, *w2, *b2;
};

/// Pointers to every tensor of a buffer laid out by make_layout. wpe is null unless the scheme is `learned`,
/// t5_bias unless it is `t5`; only the first n_layers entries of `layers` are set.
template <typename T>
struct Params {
  T* wte = nullptr;
  T* wpe = nullptr;
  T* t5_bias = nullptr;  ///< [kT5Buckets, h]
  std::array<LayerParams<T>, limits::kLabMaxLayers> layers{};
  T *lnf_g = nullptr, *lnf_b = nullptr, *head_w = nullptr, *head_b = nullptr;
};

template <typename T>
[[nodiscard]] Params<T> point_params(const Config& config, const Layout& layout, T* base) {
  const auto at = [&](const std::string& name) { return base + layout.at(name).offset; };
  Params<T> p;
  p.wte = at("wte");
  if (config.scheme == Scheme::Learned) p.wpe = at("wpe");
  if (config.scheme == Scheme::T5) p.t5_bias = at("t5.bias");
  for (int i = 0; i < config.n_layers; ++i) {
    const std::string l = "l" + std::to_string(i) + ".";
    p.layers[static_cast<std::size_t>(i)] = {
        at(l + "ln1.g"), at(l + "ln1.b"), at(l + "wq"), at(l + "wk"), at(l + "wv"), at(l + "wo"),
        at(l + "ln2.g"), at(l + "ln2.b"), at(l + "w1"), at(l + "b1"), at(l + "w2"), at(l + "b2")};
  }
  p.lnf_g = at("lnf.g");
  p.lnf_b = at("lnf.b");
  p.head_w = at("head.w");
  p.head_b = at("head.b");
  return p;
}

/// Fills a buffer with the initial values, each tensor from its own stream named by the seed and the tensor.
template <typename T>
void init_params(const Layout& layout, std::uint64_t seed, T* base);

}  // namespace pe::lab
