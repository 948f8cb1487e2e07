#include <algorithm>

#include "pe/lab/trainer.hpp"
#include "pe/limits.hpp"

namespace pe::lab {

int max_eval_length(const Config& config) noexcept {
  return std::min(4 * config.length, limits::kLabMaxEvalLength);
}

std::vector<int> eval_lengths(const Config& config) {
  const int first = task_info(config.task).min_length;
  const int last = max_eval_length(config);
  const int step = (config.length + 1) / 2;
  std::vector<int> out{first};
  for (int n = step; n <= last; n += step) out.push_back(n);
  for (int k = 1; k <= 4; ++k) out.push_back(k * config.length);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  out.erase(std::remove_if(out.begin(), out.end(), [&](int n) { return n < first || n > last; }), out.end());
  return out;
}

Trainer::Trainer(const Config& config) : config_(config), model_(config), adam_(model_.size()) {
  init_params(model_.layout(), config.seed, model_.params());
  // Every training step's activations at once, so that a Trainer holds its memory from the start
  // (trainer_bytes).
  model_.reserve(activation_floats(config, config.batch, config.length));
  if (config.extension != ExtensionMethod::None) {
    model_.scale_rope(config.extension, config.extension_factor, config.scaled_from());
  }
}

double trainer_bytes(const Config& config) {
  const double parameters = static_cast<double>(make_layout(config).total);
  const double tables = 2.0 * limits::kLabMaxEvalLength * config.d_model;
  const double floats =
      4.0 * parameters + static_cast<double>(activation_floats(config, config.batch, config.length));
  constexpr double kMargin = 1 << 20;  // batches, evaluation sets and the vectors' own bookkeeping
  return 4.0 * (floats + tables) + kMargin;
}

std::optional<std::string> Trainer::extend(ExtensionMethod method, double factor, int length) {
  if (config_.scheme != Scheme::Rope) {
    return "the run's scheme is \"" + std::string(name_of(config_.scheme)) +
           "\"; only \"rope\" runs can be extended (the methods scale RoPE's rotations).";
  }
  if (length < config_.length) {
    return "length must be an integer from the run's length (" + std::to_string(config_.length) + ") to " +
           std::to_string(limits::kLabMaxLength) + "; received " + std::to_string(length) + ".";
  }
  Config next = config_;
  next.original_length = config_.scaled_from();
  next.length = length;
  next.extension = method;
  next.extension_factor = factor;
  if (auto problem = config_problem(next)) return problem;
  config_ = next;
  model_.scale_rope(method, factor, next.original_length);
  return std::nullopt;
}

LossSums Trainer::gradients(const Batch& batch) {
  model_.zero_grad();
  const LossSums sums = model_.forward(batch.tokens.data(), batch.targets.data(), batch.batch, batch.length,
                                       batch.positions.empty() ? nullptr : batch.positions.data());
  model_.backward();
  return sums;
}

Trainer::StepStats Trainer::train_step(Batch* used) {
  const Batch batch = training_batch(config_, batches_drawn_);
  ++batches_drawn_;
  const LossSums sums = gradients(batch);
  clip_gradients(model_.grads(), model_.size(), config_.clip);
  adam_.update(model_.layout(), model_.params(), model_.grads(), learning_rate(config_, step_),
               config_.weight_decay, step_ + 1);
  ++step_;
  if (used != nullptr) *used = batch;
  const double count = std::max(1, sums.count);
  return {static_cast<float>(sums.loss / count), static_cast<float>(sums.correct / count)};
}

}  // namespace pe::lab
