#include "pe/lab/layout.hpp"

#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "pe/lab/tasks.hpp"
#include "pe/rng.hpp"

namespace pe::lab {

const TensorSpec& Layout::at(const std::string& name) const {
  for (const auto& t : tensors) {
    if (t.name == name) return t;
  }
  // Names are the layout's own (point_params asks only for what make_layout wrote), so this is unreachable.
  std::abort();
}

Layout make_layout(const Config& config) {
  const TaskInfo info = task_info(config.task);
  const int d = config.d_model;
  constexpr double kStd = 0.02;
  // GPT-2's scaling of the projections that write into the residual stream, one per block's two writes.
  const double residual_std = kStd / std::sqrt(2.0 * config.n_layers);
  Layout layout;
  const auto add = [&](std::string name, std::vector<int> shape, double init_std, float init_value,
                       bool decay) {
    TensorSpec t;
    t.name = std::move(name);
    t.size = 1;
    for (const int s : shape) t.size *= static_cast<std::size_t>(s);
    t.shape = std::move(shape);
    t.offset = layout.total;
    t.init_std = init_std;
    t.init_value = init_value;
    t.decay = decay;
    layout.total += t.size;
    layout.tensors.push_back(std::move(t));
  };
  add("wte", {info.vocab, d}, kStd, 0.0f, false);
  if (config.scheme == Scheme::Learned) add("wpe", {config.position_rows(), d}, kStd, 0.0f, false);
  // T5's bias by relative-position bucket and head, one table for every layer (T5 keeps it in the first).
  if (config.scheme == Scheme::T5) add("t5.bias", {kT5Buckets, config.n_heads}, kStd, 0.0f, false);
  for (int i = 0; i < config.n_layers; ++i) {
    const std::string l = "l" + std::to_string(i) + ".";
    add(l + "ln1.g", {d}, 0.0, 1.0f, false);
    add(l + "ln1.b", {d}, 0.0, 0.0f, false);
    add(l + "wq", {d, d}, kStd, 0.0f, true);
    add(l + "wk", {d, d}, kStd, 0.0f, true);
    add(l + "wv", {d, d}, kStd, 0.0f, true);
    add(l + "wo", {d, d}, residual_std, 0.0f, true);
    add(l + "ln2.g", {d}, 0.0, 1.0f, false);
    add(l + "ln2.b", {d}, 0.0, 0.0f, false);
    add(l + "w1", {d, 4 * d}, kStd, 0.0f, true);
    add(l + "b1", {4 * d}, 0.0, 0.0f, false);
    add(l + "w2", {4 * d, d}, residual_std, 0.0f, true);
    add(l + "b2", {d}, 0.0, 0.0f, false);
  }
  add("lnf.g", {d}, 0.0, 1.0f, false);
  add("lnf.b", {d}, 0.0, 0.0f, false);
  add("head.w", {d, info.classes}, kStd, 0.0f, true);
  add("head.b", {info.classes}, 0.0, 0.0f, false);
  return layout;
}

template <typename T>
void init_params(const Layout& layout, std::uint64_t seed, T* base) {
  for (const auto& t : layout.tensors) {
    T* out = base + t.offset;
    if (t.init_std > 0.0) {
      Rng rng(stream_seed(seed, fnv1a64("lab:init:" + t.name)));
      for (std::size_t i = 0; i < t.size; ++i) out[i] = static_cast<T>(rng.normal() * t.init_std);
    } else {
      for (std::size_t i = 0; i < t.size; ++i) out[i] = static_cast<T>(t.init_value);
    }
  }
}

template void init_params<float>(const Layout&, std::uint64_t, float*);
template void init_params<double>(const Layout&, std::uint64_t, double*);

}  // namespace pe::lab
