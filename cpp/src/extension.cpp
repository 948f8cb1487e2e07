#include "pe/extension.hpp"

#include <cstddef>

#include "pe/rope.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/view.hpp"

namespace pe {
namespace {

// target_length / scale can miss trained_length by an ulp; that is not a new angle.
constexpr double kRoundingSlack = 1e-12;

// Llama 3.1's published low_freq_factor and high_freq_factor.
constexpr double kLlama3LowFreqFactor = 1.0;
constexpr double kLlama3HighFreqFactor = 4.0;

}  // namespace

ScaledRope scaled_rope(int head_dim, double base, double trained_length, double factor, double length,
                       ExtensionMethod method, double raised_base) {
  PE_EXPECTS(head_dim >= 4 && head_dim % 2 == 0);
  PE_EXPECTS(base > 1.0 && trained_length >= 1.0 && factor >= 1.0 && length >= 1.0 && raised_base > 1.0);
  ScaledRope out;
  out.scale = method == ExtensionMethod::Interpolation ? factor : 1.0;
  switch (method) {
    case ExtensionMethod::Ntk:
      out.effective_base = ntk_scaled_base(base, head_dim, factor);
      break;
    case ExtensionMethod::DynamicNtk:
      out.effective_base = dynamic_ntk_base(base, head_dim, factor, length, trained_length);
      break;
    case ExtensionMethod::RaisedBase:
      out.effective_base = raised_base;
      break;
    default:
      out.effective_base = base;
  }
  if (method == ExtensionMethod::Yarn) out.amplitude = yarn_get_mscale(factor);
  // YaRN's ramp ends: the pairs turning beta and alpha times in training, widened to whole pairs.
  const YarnRamp ramp =
      yarn_correction_range(kYarnBeta, kYarnAlpha, head_dim, base, trained_length, /*truncate=*/true);
  out.frequency.resize(to_size(head_dim / 2));
  for (std::size_t i = 0; i < out.frequency.size(); ++i) {
    const int pair = static_cast<int>(i);
    const double theta = pair_frequency(pair, head_dim, base);
    double scaled = pair_frequency(pair, head_dim, out.effective_base) / out.scale;
    if (method == ExtensionMethod::Yarn) scaled = yarn_inv_freq(theta, factor, pair, ramp);
    if (method == ExtensionMethod::Llama3) {
      scaled = llama3_inv_freq(theta, factor, kLlama3LowFreqFactor, kLlama3HighFreqFactor, trained_length);
    }
    out.frequency[i] = scaled;
  }
  return out;
}

ContextExtension context_extension(int head_dim, double base, double trained_length, double target_length,
                                   ExtensionMethod method, double raised_base) {
  PE_EXPECTS(head_dim >= 4 && head_dim % 2 == 0);
  PE_EXPECTS(base > 1.0 && trained_length >= 1.0 && target_length >= trained_length && raised_base > 1.0);
  const double factor = target_length / trained_length;
  const ScaledRope rope =
      scaled_rope(head_dim, base, trained_length, factor, target_length, method, raised_base);
  ContextExtension out;
  out.scale = rope.scale;
  out.effective_base = rope.effective_base;
  out.attention_scale = rope.amplitude * rope.amplitude;
  const auto pairs = to_size(head_dim / 2);
  out.wavelength.resize(pairs);
  out.target_wavelength.resize(pairs);
  out.trained_angle.resize(pairs);
  out.target_angle.resize(pairs);
  out.overshoot.resize(pairs);
  out.full_turn.resize(pairs);
  out.out_of_range.resize(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    const double theta = pair_frequency(static_cast<int>(i), head_dim, base);
    const double target_theta = rope.frequency[i];
    out.wavelength[i] = kTwoPi / theta;
    out.target_wavelength[i] = kTwoPi / target_theta;
    out.trained_angle[i] = theta * trained_length;
    out.target_angle[i] = target_theta * target_length;
    out.overshoot[i] = out.target_angle[i] / out.trained_angle[i];
    out.full_turn[i] = out.trained_angle[i] >= kTwoPi ? 1 : 0;
    const bool beyond = out.target_angle[i] > out.trained_angle[i] * (1.0 + kRoundingSlack);
    out.out_of_range[i] = out.full_turn[i] == 0 && beyond ? 1 : 0;
  }
  return out;
}

}  // namespace pe
