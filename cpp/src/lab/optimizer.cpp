#include "pe/lab/optimizer.hpp"

#include <algorithm>
#include <cmath>

namespace pe::lab {

double learning_rate(const Config& config, std::int64_t step) noexcept {
  const double t = static_cast<double>(step);
  if (step < config.warmup) return config.lr * (t + 1.0) / config.warmup;
  constexpr double kPi = 3.14159265358979323846;
  const double r = std::min(1.0, (t - config.warmup) / std::max(1, config.steps - config.warmup));
  return config.lr * (0.1 + 0.9 * 0.5 * (1.0 + std::cos(kPi * r)));
}

double clip_gradients(float* grads, std::size_t count, double clip) noexcept {
  double sum = 0.0;
  for (std::size_t i = 0; i < count; ++i)
    sum += static_cast<double>(grads[i]) * static_cast<double>(grads[i]);
  const double norm = std::sqrt(sum);
  if (clip > 0.0 && norm > clip) {
    const auto factor = static_cast<float>(clip / (norm + 1e-6));
    for (std::size_t i = 0; i < count; ++i) grads[i] *= factor;
  }
  return norm;
}

void AdamW::update(const Layout& layout, float* params, const float* grads, double lr, double weight_decay,
                   std::int64_t k) noexcept {
  // PyTorch's scalars: Python doubles, each rounded to float32 where it meets a float32 tensor.
  const auto decay = static_cast<float>(1.0 - lr * weight_decay);
  const auto beta1 = static_cast<float>(kBeta1);
  const auto beta2 = static_cast<float>(kBeta2);
  const auto one_minus_beta1 = static_cast<float>(1.0 - kBeta1);
  const auto one_minus_beta2 = static_cast<float>(1.0 - kBeta2);
  const double correction1 = 1.0 - std::pow(kBeta1, static_cast<double>(k));
  const auto correction2_sqrt = static_cast<float>(std::sqrt(1.0 - std::pow(kBeta2, static_cast<double>(k))));
  const auto step_size = static_cast<float>(lr / correction1);
  for (const auto& t : layout.tensors) {
    float* p = params + t.offset;
    const float* g = grads + t.offset;
    float* mt = m.data() + t.offset;
    float* vt = v.data() + t.offset;
    if (t.decay) {
      for (std::size_t i = 0; i < t.size; ++i) p[i] *= decay;
    }
    for (std::size_t i = 0; i < t.size; ++i) {
      mt[i] = mt[i] * beta1 + one_minus_beta1 * g[i];
      vt[i] = vt[i] * beta2 + one_minus_beta2 * g[i] * g[i];
      const float denom = std::sqrt(vt[i]) / correction2_sqrt + kEps;
      p[i] += -step_size * (mt[i] / denom);
    }
  }
}

}  // namespace pe::lab
