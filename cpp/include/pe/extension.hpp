// Context extension for RoPE: what happens to every pair's rotation angle when a model trained on sequences
// of trained_length positions is run at target_length, as it is, with linear position interpolation, or with
// NTK-aware base scaling. Callers validate: an even head_dim >= 4 (NTK divides by head_dim - 2), base > 1,
// 1 <= trained_length <= target_length.
#pragma once

#include <cstdint>
#include <vector>

namespace pe {

enum class ExtensionMethod {
  None,           ///< positions used as they are
  Interpolation,  ///< positions divided by target_length / trained_length
  Ntk,            ///< base replaced by ntk_scaled_base(base, head_dim, target_length / trained_length)
};

/// One entry per pair i = 0..head_dim/2 - 1. Angles are in radians, lengths in positions.
struct ContextExtension {
  /// Positions are divided by this (target / trained for interpolation, else 1).
  double scale = 1.0;
  /// The base the method uses (the NTK-scaled base, else the trained base).
  double effective_base = 0.0;
  /// 2 pi / theta_i with the trained base: positions per full turn in training.
  std::vector<double> wavelength;
  /// Positions per full turn after the method, counted in the caller's (unscaled) positions.
  std::vector<double> target_wavelength;
  /// theta_i * trained_length: the largest angle reached in training.
  std::vector<double> trained_angle;
  /// The angle reached at position target_length after the method.
  std::vector<double> target_angle;
  /// 1 when trained_angle >= 2 pi: training saw every angle of the circle, so no angle is new.
  std::vector<std::uint8_t> full_turn;
  /// 1 when the pair did not complete a turn in training and target_angle exceeds trained_angle (beyond a
  /// relative 1e-12 of rounding): the model meets rotations it never saw.
  std::vector<std::uint8_t> out_of_range;
};

[[nodiscard]] ContextExtension context_extension(int head_dim, double base, double trained_length,
                                                 double target_length, ExtensionMethod method);

}  // namespace pe
