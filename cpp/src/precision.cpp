#include "pe/precision.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "pe/sinusoidal.hpp"

namespace pe {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Converting a double beyond float's range to float is undefined behaviour, so overflow is decided here:
// everything from the midpoint between FLT_MAX and 2^128 on rounds to infinity under ties-to-even.
constexpr double kFloat32OverflowAt = 0x1.ffffffp127;  // 2^128 - 2^103

float to_float32(double x) noexcept {
  if (std::isnan(x)) return std::numeric_limits<float>::quiet_NaN();
  if (std::fabs(x) >= kFloat32OverflowAt)
    return x > 0 ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity();
  return static_cast<float>(x);
}

}  // namespace

float round_to_bfloat16(float x) noexcept {
  if (std::isnan(x)) return x;
  std::uint32_t bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  // Adding 0x7FFF plus the lowest kept bit rounds to nearest with ties to even; a carry out of the mantissa
  // moves into the exponent, which is exactly the next binade (or infinity past the largest finite value).
  const std::uint32_t lowest_kept = (bits >> 16) & 1U;
  bits += 0x7FFFU + lowest_kept;
  bits &= 0xFFFF0000U;
  float out = 0.0F;
  std::memcpy(&out, &bits, sizeof out);
  return out;
}

double round_to_float16(double x) noexcept {
  if (std::isnan(x) || std::isinf(x) || x == 0.0) return x;
  const double a = std::fabs(x);
  if (a >= 65520.0) return std::copysign(kInf, x);
  // Below 2^-14 the spacing is the subnormal quantum 2^-24; above it, 2^(e-10) within [2^e, 2^(e+1)).
  int exponent = 0;
  std::frexp(a, &exponent);  // a = f * 2^exponent with f in [0.5, 1)
  const int quantum_exponent = a < 0x1p-14 ? -24 : exponent - 1 - 10;
  // Scaling by a power of two is exact, and rint rounds to nearest even in the default rounding mode.
  const double rounded = std::ldexp(std::rint(std::ldexp(a, -quantum_exponent)), quantum_exponent);
  return std::copysign(rounded, x);
}

double round_to_format(double x, FloatFormat format) noexcept {
  switch (format) {
    case FloatFormat::Float64:
      return x;
    case FloatFormat::Float32:
      return static_cast<double>(to_float32(x));
    case FloatFormat::BFloat16:
      return static_cast<double>(round_to_bfloat16(to_float32(x)));
    case FloatFormat::Float16:
      return round_to_float16(x);
  }
  return x;
}

double angle_in_format(double pos, double theta, FloatFormat format) noexcept {
  return round_to_format(round_to_format(pos, format) * round_to_format(theta, format), format);
}

PositionRounding position_rounding(double length, FloatFormat format) noexcept {
  constexpr double kSearchEnd = 0x1p25;
  PE_EXPECTS(length >= 1.0 && length <= kSearchEnd);
  PositionRounding out;
  for (double p = 0.0; p <= kSearchEnd; p += 1.0) {
    const double r = round_to_format(p, format);
    if (r != p) {
      out.first_collision = p;
      out.collides_with = r;
      break;
    }
  }
  // Rounding to nearest never reverses order, so distinct values are counted by comparing neighbours.
  double previous = round_to_format(0.0, format);
  out.distinct = 1.0;
  for (double p = 1.0; p < length; p += 1.0) {
    const double r = round_to_format(p, format);
    if (r != previous) out.distinct += 1.0;
    previous = r;
  }
  return out;
}

PhaseError phase_error(span<const double> positions, int head_dim, double base, FloatFormat format) {
  PE_EXPECTS(head_dim >= 2 && head_dim % 2 == 0);
  PhaseError out;
  out.angle_error.reserve(positions.size());
  out.sin_error.reserve(positions.size());
  std::vector<double> theta(to_size(head_dim / 2));
  for (std::size_t i = 0; i < theta.size(); ++i)
    theta[i] = pair_frequency(static_cast<int>(i), head_dim, base);
  for (const double pos : positions) {
    double worst_angle = 0.0;
    double worst_sin = 0.0;
    for (const double t : theta) {
      const double exact = pos * t;
      const double rounded = angle_in_format(pos, t, format);
      if (std::isinf(rounded)) {
        worst_angle = kInf;
        worst_sin = std::numeric_limits<double>::quiet_NaN();
        break;
      }
      worst_angle = std::fmax(worst_angle, std::fabs(std::remainder(rounded - exact, kTwoPi)));
      worst_sin =
          std::fmax(worst_sin, std::fabs(round_to_format(std::sin(rounded), format) - std::sin(exact)));
    }
    out.angle_error.push_back(worst_angle);
    out.sin_error.push_back(worst_sin);
  }
  return out;
}

}  // namespace pe
