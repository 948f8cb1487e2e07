#include "pe/extension.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "pe/rope.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/view.hpp"

namespace pe {
namespace {

// target_length / scale can miss trained_length by an ulp; that is not a new angle.
constexpr double kRoundingSlack = 1e-12;

// YaRN's blend of the kept frequency theta and the interpolated theta / s for pair i: the share kept is
// 1 - ramp(i), where ramp rises linearly from 0 at pair `low` to 1 at pair `high` (linear_ramp_factor).
double yarn_frequency(double theta, double s, int pair, double low, double high) noexcept {
  if (low == high) high += 0.001;  // as the reference code does, to avoid dividing by zero
  const double ramp = std::clamp((pair - low) / (high - low), 0.0, 1.0);
  const double kept = 1.0 - ramp;
  return theta / s * (1.0 - kept) + theta * kept;
}

// Llama 3.1's rule for one frequency: low_freq_factor 1, high_freq_factor 4.
double llama3_frequency(double theta, double s, double trained_length) noexcept {
  constexpr double kLowFreqFactor = 1.0;
  constexpr double kHighFreqFactor = 4.0;
  const double period = kTwoPi / theta;
  if (period < trained_length / kHighFreqFactor) return theta;
  if (period > trained_length / kLowFreqFactor) return theta / s;
  const double smooth = (trained_length / period - kLowFreqFactor) / (kHighFreqFactor - kLowFreqFactor);
  return (1.0 - smooth) * theta / s + smooth * theta;
}

}  // namespace

double yarn_correction_pair(double turns, int head_dim, double base, double length) noexcept {
  return head_dim * std::log(length / (turns * kTwoPi)) / (2.0 * std::log(base));
}

double yarn_mscale(double factor) noexcept {
  return factor <= 1.0 ? 1.0 : 0.1 * std::log(factor) + 1.0;
}

ScaledRope scaled_rope(int head_dim, double base, double trained_length, double factor, double length,
                       ExtensionMethod method, double raised_base) {
  PE_EXPECTS(head_dim >= 4 && head_dim % 2 == 0);
  PE_EXPECTS(base > 1.0 && trained_length >= 1.0 && factor >= 1.0 && length >= 1.0 && raised_base > 1.0);
  const double d = head_dim;
  ScaledRope out;
  out.scale = method == ExtensionMethod::Interpolation ? factor : 1.0;
  switch (method) {
    case ExtensionMethod::Ntk:
      out.effective_base = ntk_scaled_base(base, head_dim, factor);
      break;
    case ExtensionMethod::DynamicNtk:
      out.effective_base =
          length <= trained_length
              ? base
              : base * std::pow(factor * length / trained_length - (factor - 1.0), d / (d - 2));
      break;
    case ExtensionMethod::RaisedBase:
      out.effective_base = raised_base;
      break;
    default:
      out.effective_base = base;
  }
  if (method == ExtensionMethod::Yarn) out.amplitude = yarn_mscale(factor);
  // YaRN's ramp ends: the pairs turning beta and alpha times in training, widened to whole pairs and kept
  // within 0 .. head_dim - 1, as find_correction_range does.
  const double low =
      std::max(0.0, std::floor(yarn_correction_pair(kYarnBeta, head_dim, base, trained_length)));
  const double high =
      std::min(d - 1.0, std::ceil(yarn_correction_pair(kYarnAlpha, head_dim, base, trained_length)));
  out.frequency.resize(to_size(head_dim / 2));
  for (std::size_t i = 0; i < out.frequency.size(); ++i) {
    const int pair = static_cast<int>(i);
    const double theta = pair_frequency(pair, head_dim, base);
    double scaled = pair_frequency(pair, head_dim, out.effective_base) / out.scale;
    if (method == ExtensionMethod::Yarn) scaled = yarn_frequency(theta, factor, pair, low, high);
    if (method == ExtensionMethod::Llama3) scaled = llama3_frequency(theta, factor, trained_length);
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
