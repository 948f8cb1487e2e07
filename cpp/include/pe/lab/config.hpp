// The training lab's configuration (docs/lab-model.md, "Configuration"): the task, how position enters the
// model, the model's sizes and the optimiser's schedule, with the contract's defaults and ranges. The tasks
// themselves (their vocabularies and data) live in pe/lab/tasks.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "pe/extension.hpp"
#include "pe/rope.hpp"

namespace pe::lab {

enum class Task { Previous, Reverse, First, Subject, Majority };
// New schemes go at the end: the saved state numbers them in this order.
enum class Scheme { None, Sinusoidal, Learned, Rope, Alibi, T5 };

/// Names as the page, the dump tool and the saved state spell them, in enum order.
inline constexpr std::array<std::string_view, 5> kTaskNames = {"previous", "reverse", "first", "subject",
                                                               "majority"};
inline constexpr std::array<std::string_view, 6> kSchemeNames = {"none", "sinusoidal", "learned",
                                                                 "rope", "alibi",      "t5"};
inline constexpr std::array<std::string_view, 2> kRopeConventionNames = {"interleaved", "half"};
/// The context-extension methods RoPE can run with (pe/extension.hpp), as the page names them, in the order
/// of kExtensionMethods (the saved state numbers them so).
inline constexpr std::array<std::string_view, 6> kExtensionNames = {"none",    "interpolation", "ntk",
                                                                    "dynamic", "yarn",          "llama3"};
inline constexpr std::array<ExtensionMethod, 6> kExtensionMethods = {
    ExtensionMethod::None,       ExtensionMethod::Interpolation, ExtensionMethod::Ntk,
    ExtensionMethod::DynamicNtk, ExtensionMethod::Yarn,          ExtensionMethod::Llama3};
/// The largest length factor of an extension (the engine evaluates up to 128 positions, 64 times the
/// shortest training length).
inline constexpr double kMaxExtensionFactor = 64.0;

[[nodiscard]] constexpr std::string_view name_of(Task t) noexcept {
  return kTaskNames[static_cast<std::size_t>(t)];
}
[[nodiscard]] constexpr std::string_view name_of(Scheme s) noexcept {
  return kSchemeNames[static_cast<std::size_t>(s)];
}
[[nodiscard]] std::string_view name_of(ExtensionMethod m) noexcept;
[[nodiscard]] constexpr std::string_view name_of(RopeConvention c) noexcept {
  return kRopeConventionNames[c == RopeConvention::Interleaved ? 0 : 1];
}

/// The attention mask a task uses when the configuration does not name one.
[[nodiscard]] constexpr bool default_causal(Task t) noexcept {
  return t == Task::Previous || t == Task::First;
}

/// Every field of the contract's table, with its default. `causal` holds the resolved mask: constructing a
/// Config for another task should set it from default_causal().
struct Config {
  Task task = Task::Previous;
  Scheme scheme = Scheme::Rope;
  RopeConvention rope_convention = RopeConvention::Half;
  double base = 10000.0;
  int d_model = 64;
  int n_heads = 4;
  int n_layers = 2;
  int length = 16;
  int batch = 32;
  bool causal = default_causal(Task::Previous);
  bool scale_embedding = true;
  double lr = 3e-3;
  int warmup = 50;
  int steps = 600;
  double weight_decay = 0.01;
  double clip = 1.0;
  std::uint32_t seed = 1;
  /// Ruoss et al. (2023)'s randomized positions: 0 (off), or L, the range 0..L-1 that training draws each
  /// sequence's sorted positions from.
  int randomized_positions = 0;
  /// RoPE run as a context-extension method in training and evaluation (Chen et al. 2023's fine-tune at a
  /// longer length; Lab.extend sets these): the method, its length factor s, and the length the scaling is
  /// relative to (the length the run was first trained at; 0 means `length`).
  ExtensionMethod extension = ExtensionMethod::None;
  double extension_factor = 1.0;
  int original_length = 0;

  [[nodiscard]] int head_dim() const noexcept { return d_model / n_heads; }
  /// The length RoPE's scaling is relative to: original_length, or length when it is 0.
  [[nodiscard]] int scaled_from() const noexcept { return original_length > 0 ? original_length : length; }
  /// Rows of the additive position tables training reaches: L with randomized positions, else T.
  [[nodiscard]] int position_rows() const noexcept {
    return randomized_positions > 0 ? randomized_positions : length;
  }
};

/// The contract's ranges. Integers are inclusive; the sizes are pe::limits' lab caps.
struct Range {
  double min;
  double max;
};
inline constexpr Range kBaseRange{10.0, 1e6};
inline constexpr Range kLrRange{1e-5, 1.0};
inline constexpr Range kWeightDecayRange{0.0, 1.0};
inline constexpr Range kClipRange{0.0, 100.0};
inline constexpr int kMinDModel = 8;
inline constexpr int kMinLength = 2;
/// T5's relative-position buckets (docs/lab-model.md, "T5"): 32 as in T5, with max_distance scaled from T5's
/// 128 (a quarter of its 512-token inputs) to the lab's longest training offset plus one.
inline constexpr int kT5Buckets = 32;
inline constexpr int kT5MaxDistance = 32;

/// The first thing wrong with a configuration, as "<field> must be <allowed>; received <value>." with the
/// contract's field names (dModel, nHeads, ...), or nothing when it is valid.
[[nodiscard]] std::optional<std::string> config_problem(const Config& c);

}  // namespace pe::lab
