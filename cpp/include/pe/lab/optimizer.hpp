// The lab's optimiser (docs/lab-model.md, "Loss, metric, optimiser"): the warm-up and cosine schedule, the
// global gradient-norm clip, and AdamW with torch.optim.AdamW's arithmetic, operation for operation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pe/lab/config.hpp"
#include "pe/lab/layout.hpp"

namespace pe::lab {

/// lr_t at step t (0-based): linear warm-up over `warmup` steps, then a half cosine from lr down to 0.1 lr at
/// `steps`, and 0.1 lr after that.
[[nodiscard]] double learning_rate(const Config& config, std::int64_t step) noexcept;

/// The L2 norm of all gradients (accumulated in double); when clip > 0 and the norm exceeds it, multiplies
/// every gradient by clip / (norm + 1e-6), as torch.nn.utils.clip_grad_norm_. Returns the norm before.
double clip_gradients(float* grads, std::size_t count, double clip) noexcept;

/// AdamW's moments, in the parameters' layout.
struct AdamW {
  static constexpr double kBeta1 = 0.9;
  static constexpr double kBeta2 = 0.999;
  static constexpr float kEps = 1e-8f;

  std::vector<float> m, v;

  explicit AdamW(std::size_t count = 0) : m(count, 0.0f), v(count, 0.0f) {}

  /// One update at learning rate lr with step count k (1 for the first update): weight decay on the tensors
  /// the layout marks, then the moment updates and the bias-corrected step.
  void update(const Layout& layout, float* params, const float* grads, double lr, double weight_decay,
              std::int64_t k) noexcept;
};

}  // namespace pe::lab
