// Context extension for RoPE: what happens to every pair's rotation angle when a model trained on sequences
// of trained_length positions is run at target_length, as it is, with linear position interpolation, with
// NTK-aware base scaling (static, as bloc97 wrote it, or Hugging Face's "dynamic" variant), with YaRN's
// NTK-by-parts ramp (Peng et al. 2023), with Llama 3.1's rule, or with a raised base. The length factor is
// s = target_length / trained_length throughout. Callers validate: an even head_dim >= 4 (NTK divides by
// head_dim - 2), base > 1, 1 <= trained_length <= target_length, raised_base > 1.
#pragma once

#include <cstdint>
#include <vector>

#include "pe/rope_config.hpp"

namespace pe {

enum class ExtensionMethod {
  None,           ///< positions used as they are
  Interpolation,  ///< positions divided by target_length / trained_length
  Ntk,            ///< base replaced by ntk_scaled_base(base, head_dim, s): bloc97's static NTK-aware rule
  /// Hugging Face's "dynamic" NTK at the current length L = target_length, configured with factor s: base
  /// times (s L / trained_length - (s - 1))^(d / (d - 2)); recomputed from each sequence's length, and the
  /// trained base for sequences no longer than trained_length.
  DynamicNtk,
  /// YaRN / NTK-by-parts as in Hugging Face's _compute_yarn_parameters (and jquesnelle/yarn): pairs that turn
  /// more than beta = 32 times in training keep their frequency, pairs that turn less than alpha = 1 time are
  /// interpolated (theta / s), and a ramp linear in the pair index between floor and ceil of those two pairs'
  /// indices blends the two; attention logits are scaled by mscale^2 with mscale = 0.1 ln s + 1.
  Yarn,
  /// Llama 3.1's "llama3" rope scaling (Hugging Face's _compute_llama3_parameters) with factor s,
  /// low_freq_factor 1, high_freq_factor 4 and original length trained_length: periods shorter than
  /// trained_length / 4 keep their frequency, periods longer than trained_length are interpolated, and the
  /// ones between are blended by trained_length / period.
  Llama3,
  RaisedBase,  ///< the base replaced by raised_base (Llama 3 trains with 500,000), positions as they are
};

/// YaRN's ramp defaults (Peng et al. 2023; beta_fast and beta_slow in the reference code). The methods'
/// pieces (YaRN's ramp and mscale, Llama 3's bands, dynamic NTK's base) are pe/rope_config.hpp's, with
/// Hugging Face's other parameters; this figure fixes them at the defaults named above.
inline constexpr double kYarnAlpha = 1.0;
inline constexpr double kYarnBeta = 32.0;

/// RoPE's rotation under a method, as a model runs it: the frequency of every pair (radians per position,
/// applied to the positions as they are) and the factor on rotated queries and keys (YaRN's mscale, else 1;
/// Hugging Face multiplies cos and sin by it, so attention logits grow by its square).
struct ScaledRope {
  std::vector<double> frequency;
  double amplitude = 1.0;
  double effective_base = 0.0;  ///< the base the frequencies come from (NTK, dynamic or raised; else base)
  double scale = 1.0;           ///< interpolation's divisor of positions (factor), else 1
};

/// The method configured with length factor s = `factor` for a model trained on trained_length positions,
/// running a sequence of `length` positions (only dynamic NTK looks at it: it keeps the trained base up to
/// trained_length, and beyond it uses base (s length / trained_length - (s - 1))^(d / (d - 2)), as Hugging
/// Face's _compute_dynamic_ntk_parameters). Callers validate as for context_extension, and factor >= 1.
[[nodiscard]] ScaledRope scaled_rope(int head_dim, double base, double trained_length, double factor,
                                     double length, ExtensionMethod method, double raised_base = 500000.0);

/// One entry per pair i = 0..head_dim/2 - 1. Angles are in radians, lengths in positions.
struct ContextExtension {
  /// Positions are divided by this (target / trained for interpolation, else 1).
  double scale = 1.0;
  /// The base the method uses (the NTK-scaled or raised base, else the trained base).
  double effective_base = 0.0;
  /// The factor on attention logits the method prescribes (YaRN's mscale^2, else 1).
  double attention_scale = 1.0;
  /// 2 pi / theta_i with the trained base: positions per full turn in training.
  std::vector<double> wavelength;
  /// Positions per full turn after the method, counted in the caller's (unscaled) positions.
  std::vector<double> target_wavelength;
  /// theta_i * trained_length: the largest angle reached in training.
  std::vector<double> trained_angle;
  /// The angle reached at position target_length after the method.
  std::vector<double> target_angle;
  /// target_angle / trained_angle: how far past the largest angle seen in training the pair turns at the
  /// target length (1 or less: no new angle); it matters only for pairs without a full turn in training.
  std::vector<double> overshoot;
  /// 1 when trained_angle >= 2 pi: training saw every angle of the circle, so no angle is new.
  std::vector<std::uint8_t> full_turn;
  /// 1 when the pair did not complete a turn in training and target_angle exceeds trained_angle (beyond a
  /// relative 1e-12 of rounding): the model meets rotations it never saw.
  std::vector<std::uint8_t> out_of_range;
};

[[nodiscard]] ContextExtension context_extension(int head_dim, double base, double trained_length,
                                                 double target_length, ExtensionMethod method,
                                                 double raised_base = 500000.0);

}  // namespace pe
