#include "pe/lab/config.hpp"

#include <cmath>

#include "pe/format.hpp"
#include "pe/lab/model.hpp"
#include "pe/lab/tasks.hpp"
#include "pe/limits.hpp"

namespace pe::lab {
namespace {

namespace lim = pe::limits;

std::string problem(const char* field, const std::string& allowed, const std::string& received) {
  return std::string(field) + " must be " + allowed + "; received " + received + ".";
}

std::optional<std::string> integer_problem(const char* field, int value, int min, int max) {
  if (value >= min && value <= max) return std::nullopt;
  return problem(field, "an integer from " + std::to_string(min) + " to " + std::to_string(max),
                 std::to_string(value));
}

std::optional<std::string> number_problem(const char* field, double value, Range range) {
  if (std::isfinite(value) && value >= range.min && value <= range.max) return std::nullopt;
  return problem(field, "a number from " + shortest_number(range.min) + " to " + shortest_number(range.max),
                 shortest_number(value));
}

}  // namespace

std::string_view name_of(ExtensionMethod m) noexcept {
  for (std::size_t i = 0; i < kExtensionMethods.size(); ++i) {
    if (kExtensionMethods[i] == m) return kExtensionNames[i];
  }
  return "none";
}

std::optional<std::string> config_problem(const Config& c) {
  const TaskInfo info = task_info(c.task);
  if (auto p = number_problem("base", c.base, kBaseRange)) return p;
  if (c.d_model < kMinDModel || c.d_model > lim::kLabMaxDModel || c.d_model % 2 != 0) {
    return problem(
        "dModel",
        "an even integer from " + std::to_string(kMinDModel) + " to " + std::to_string(lim::kLabMaxDModel),
        std::to_string(c.d_model));
  }
  if (auto p = integer_problem("nHeads", c.n_heads, 1, lim::kLabMaxHeads)) return p;
  if (c.d_model % c.n_heads != 0) {
    return problem("nHeads", "a divisor of dModel (" + std::to_string(c.d_model) + ")",
                   std::to_string(c.n_heads));
  }
  if (c.scheme == Scheme::Rope && c.head_dim() % 2 != 0) {
    return problem("nHeads",
                   "a divisor of dModel (" + std::to_string(c.d_model) +
                       ") that leaves an even head size dModel / nHeads for rope",
                   std::to_string(c.n_heads));
  }
  if (auto p = integer_problem("nLayers", c.n_layers, 1, lim::kLabMaxLayers)) return p;
  if (c.length < info.min_length || c.length > lim::kLabMaxLength) {
    return problem("length",
                   "an integer from " + std::to_string(info.min_length) + " to " +
                       std::to_string(lim::kLabMaxLength) + " for the task \"" +
                       std::string(name_of(c.task)) + "\"",
                   std::to_string(c.length));
  }
  if (auto p = integer_problem("batch", c.batch, 1, lim::kLabMaxBatch)) return p;
  if (c.task == Task::First && !c.causal) return problem("causal", "true for the task \"first\"", "false");
  if (c.task == Task::Subject && c.causal) return problem("causal", "false for the task \"subject\"", "true");
  if (auto p = number_problem("lr", c.lr, kLrRange)) return p;
  if (auto p = integer_problem("steps", c.steps, 1, lim::kLabMaxSchedule)) return p;
  if (auto p = integer_problem("warmup", c.warmup, 0, c.steps)) return p;
  if (auto p = number_problem("weightDecay", c.weight_decay, kWeightDecayRange)) return p;
  if (auto p = number_problem("clip", c.clip, kClipRange)) return p;
  const int L = c.randomized_positions;
  if (L != 0 && (L < c.length || L > lim::kLabMaxEvalLength)) {
    return problem("randomizedPositions",
                   "0 (off) or an integer from length (" + std::to_string(c.length) + ") to " +
                       std::to_string(lim::kLabMaxEvalLength),
                   std::to_string(L));
  }
  if (L != 0 && c.scheme == Scheme::None) {
    return problem(
        "randomizedPositions",
        "0 for the scheme \"none\", which has no positions to randomize (any other scheme takes 0 or "
        "an integer from length to " +
            std::to_string(lim::kLabMaxEvalLength) + ")",
        std::to_string(L));
  }
  if (c.extension != ExtensionMethod::None && c.scheme != Scheme::Rope) {
    return problem("extension",
                   "\"none\" for the scheme \"" + std::string(name_of(c.scheme)) +
                       "\" (context-extension methods scale RoPE's rotations; only \"rope\" has them)",
                   "\"" + std::string(name_of(c.extension)) + "\"");
  }
  if (auto p = number_problem("extensionFactor", c.extension_factor, {1.0, kMaxExtensionFactor})) return p;
  if (c.original_length != 0 && (c.original_length < info.min_length || c.original_length > c.length)) {
    return problem("originalLength",
                   "0 (the training length) or an integer from " + std::to_string(info.min_length) +
                       " to length (" + std::to_string(c.length) + ")",
                   std::to_string(c.original_length));
  }
  const std::int64_t floats = activation_floats(c, c.batch, c.length);
  if (floats > lim::kLabMaxActivations) {
    return "batch, length, dModel, nHeads and nLayers together need " + std::to_string(floats) +
           " floats of activations per step (about batch * length * ((16 dModel + nHeads length) * "
           "nLayers + 16 dModel)), " +
           "more than the cap of " + std::to_string(lim::kLabMaxActivations) +
           "; choose a smaller batch, length, dModel or nLayers.";
  }
  return std::nullopt;
}

}  // namespace pe::lab
