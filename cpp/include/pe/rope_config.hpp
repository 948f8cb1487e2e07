// What a real model's RoPE setting does to each rotary pair: the frequencies a config.json's rope_theta,
// partial rotary factor and rope_scaling give, as Hugging Face transformers computes them
// (src/transformers/modeling_rope_utils.py: _compute_default_rope_parameters,
// _compute_linear_scaling_rope_parameters, _compute_dynamic_ntk_parameters, _compute_yarn_parameters,
// _compute_longrope_parameters, _compute_llama3_parameters), in double precision where Hugging Face uses
// float32 tensors. tests/reference/hf_rope_utils.py is the plain-Python port the tests compare against; its
// header names the commit. The scalings' pieces (YaRN's ramp and temperature, Llama 3's bands, dynamic NTK's
// base) live here once, and pe/extension.hpp's context-extension figure and the lab build on them.
#pragma once

#include <optional>
#include <vector>

namespace pe {

/// Hugging Face's rope_type values (ROPE_INIT_FUNCTIONS' keys).
enum class RopeType { Default, Linear, Dynamic, Yarn, Longrope, Llama3 };

/// rope_scaling's numbers, already read from the config (the engine takes no JSON). Each field matters only
/// to the types named beside it; the defaults are Hugging Face's where it has one.
struct RopeScaling {
  RopeType type = RopeType::Default;
  /// linear, dynamic, yarn, llama3: the length factor (>= 1). longrope: used only for its attention factor,
  /// and only when original_max_position_embeddings is 0 (otherwise context / original replaces it).
  double factor = 1.0;
  /// llama3 (required, > 0); yarn (0: the context length); longrope: Phi-3's top-level field (0: absent).
  double original_max_position_embeddings = 0.0;
  double low_freq_factor = 1.0;   ///< llama3, > 0
  double high_freq_factor = 4.0;  ///< llama3, > low_freq_factor
  double beta_fast = 32.0;        ///< yarn, > 0: pairs turning more often than this in training are kept
  double beta_slow = 1.0;         ///< yarn, > 0: pairs turning less often than this are interpolated
  double mscale = 0.0;            ///< yarn (DeepSeek), >= 0; 0 is Hugging Face's "not set"
  double mscale_all_dim = 0.0;    ///< yarn (DeepSeek), >= 0; used only when mscale is set too
  bool truncate = true;           ///< yarn: widen the ramp's ends to whole pairs (gpt-oss sets false)
  /// yarn, longrope: replaces the computed attention factor when set.
  std::optional<double> attention_factor;
  /// longrope: one factor (> 0) per pair, each dividing that pair's frequency.
  std::vector<double> short_factor;
  std::vector<double> long_factor;
};

/// Per pair i = 0 .. rotary_dim/2 - 1; frequencies in radians per token, wavelengths in tokens.
struct RopeSpectrum {
  /// The factor Hugging Face multiplies cos and sin by (yarn, longrope; else 1): attention logits grow by its
  /// square.
  double attention_factor = 1.0;
  /// longrope only: true when seq_len exceeds the original length, so long_factor applies.
  bool long_factor = false;
  std::vector<double> inv_freq;           ///< before scaling: base^(-2i / rotary_dim)
  std::vector<double> scaled_inv_freq;    ///< after scaling, as the model runs
  std::vector<double> pair_factor;        ///< inv_freq / scaled_inv_freq (1: kept, factor: interpolated)
  std::vector<double> wavelength;         ///< 2 pi / inv_freq
  std::vector<double> scaled_wavelength;  ///< 2 pi / scaled_inv_freq
  /// context_length / scaled_wavelength: turns within the context window; below 1, the pair never completes
  /// one inside it (RoPE's analogue of the sinusoidal encoding's flat dimensions).
  std::vector<double> turns;
};

/// `int(head_dim * partial_rotary_factor)`, as Hugging Face sizes the rotary part of a head (GPT-NeoX's
/// rotary_pct, Phi's partial_rotary_factor). Callers check that it is even and at least 2.
[[nodiscard]] int rotary_dimension(int head_dim, double partial_rotary_factor) noexcept;

/// The spectrum of a rotary head of rotary_dim dimensions (even, 2 .. limits::kMaxDModel; dynamic needs 4 or
/// more) with base > 1, a model whose context window is context_length tokens (max_position_embeddings,
/// >= 1), running a sequence of seq_len tokens (0: none given, Hugging Face's seq_len=None; dynamic and
/// longrope read it). Preconditions as RopeScaling states, and short_factor and long_factor of rotary_dim / 2
/// items for longrope.
[[nodiscard]] RopeSpectrum rope_spectrum(int rotary_dim, double base, const RopeScaling& scaling,
                                         double context_length, double seq_len = 0.0);

// The scalings' pieces, shared with pe/extension.hpp. `dim` is the rotary dimension count throughout.

/// YaRN's find_correction_dim: the (fractional) pair index whose wavelength fits num_rotations times into
/// `length` tokens, dim ln(length / (2 pi num_rotations)) / (2 ln base).
[[nodiscard]] double yarn_correction_dim(double num_rotations, int dim, double base, double length) noexcept;

/// YaRN's find_correction_range: the ramp's ends, from the pairs turning beta_fast and beta_slow times in
/// `length` tokens, widened to whole pairs when truncate, then clamped to 0 and dim - 1 (Hugging Face clamps
/// to the dimension count, not the pair count).
struct YarnRamp {
  double low = 0.0;
  double high = 0.0;
};
[[nodiscard]] YarnRamp yarn_correction_range(double beta_fast, double beta_slow, int dim, double base,
                                             double length, bool truncate) noexcept;

/// YaRN's blend for pair `pair` of the kept frequency theta and the interpolated theta / factor, along
/// linear_ramp_factor's ramp from 0 at ramp.low to 1 at ramp.high (ends equal: high + 0.001, as Hugging
/// Face).
[[nodiscard]] double yarn_inv_freq(double theta, double factor, int pair, YarnRamp ramp) noexcept;

/// YaRN's get_mscale: 0.1 mscale ln(scale) + 1 for scale > 1, else 1.
[[nodiscard]] double yarn_get_mscale(double scale, double mscale = 1.0) noexcept;

/// Llama 3.1's rule for one frequency: wavelengths below original / high_freq_factor kept, above
/// original / low_freq_factor divided by factor, and blended between by original / wavelength.
[[nodiscard]] double llama3_inv_freq(double theta, double factor, double low_freq_factor,
                                     double high_freq_factor, double original) noexcept;

/// Dynamic NTK's base at seq_len tokens for a model of max_position tokens: the base itself up to
/// max_position, then base (factor seq_len / max_position - (factor - 1))^(dim / (dim - 2)).
[[nodiscard]] double dynamic_ntk_base(double base, int dim, double factor, double seq_len,
                                      double max_position) noexcept;

}  // namespace pe
