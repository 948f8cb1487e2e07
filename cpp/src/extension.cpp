#include "pe/extension.hpp"

#include <cstddef>

#include "pe/rope.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/view.hpp"

namespace pe {
namespace {

// target_length / scale can miss trained_length by an ulp; that is not a new angle.
constexpr double kRoundingSlack = 1e-12;

}  // namespace

ContextExtension context_extension(int head_dim, double base, double trained_length, double target_length,
                                   ExtensionMethod method) {
  PE_EXPECTS(head_dim >= 4 && head_dim % 2 == 0);
  PE_EXPECTS(base > 1.0 && trained_length >= 1.0 && target_length >= trained_length);
  const double factor = target_length / trained_length;
  ContextExtension out;
  out.scale = method == ExtensionMethod::Interpolation ? factor : 1.0;
  out.effective_base = method == ExtensionMethod::Ntk ? ntk_scaled_base(base, head_dim, factor) : base;
  const auto pairs = to_size(head_dim / 2);
  out.wavelength.resize(pairs);
  out.target_wavelength.resize(pairs);
  out.trained_angle.resize(pairs);
  out.target_angle.resize(pairs);
  out.full_turn.resize(pairs);
  out.out_of_range.resize(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    const double theta = pair_frequency(static_cast<int>(i), head_dim, base);
    const double target_theta = pair_frequency(static_cast<int>(i), head_dim, out.effective_base) / out.scale;
    out.wavelength[i] = kTwoPi / theta;
    out.target_wavelength[i] = kTwoPi / target_theta;
    out.trained_angle[i] = theta * trained_length;
    out.target_angle[i] = target_theta * target_length;
    out.full_turn[i] = out.trained_angle[i] >= kTwoPi ? 1 : 0;
    const bool beyond = out.target_angle[i] > out.trained_angle[i] * (1.0 + kRoundingSlack);
    out.out_of_range[i] = out.full_turn[i] == 0 && beyond ? 1 : 0;
  }
  return out;
}

}  // namespace pe
