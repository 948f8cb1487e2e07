#include "pe/rng.hpp"

#include <cmath>

namespace pe {

double portable_log(double x) noexcept {
  // x = m * 2^e with m in [sqrt(1/2), sqrt(2)); then log m = 2 atanh(f), f = (m - 1) / (m + 1), |f| < 0.172,
  // and the odd series in f converges below 1e-17 relative after the f^25 term.
  int e = 0;
  double m = std::frexp(x, &e);
  if (m < 0.70710678118654752440) {
    m *= 2.0;
    e -= 1;
  }
  const double f = (m - 1.0) / (m + 1.0);
  const double f2 = f * f;
  double series = 1.0 / 25.0;
  for (int k = 23; k >= 1; k -= 2) series = series * f2 + 1.0 / k;
  constexpr double kLn2 = 0.69314718055994530942;
  return static_cast<double>(e) * kLn2 + 2.0 * f * series;
}

double Rng::normal() noexcept {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  // Marsaglia's polar method: a uniform point in the unit disc gives two independent normals without sin or
  // cos, leaving the logarithm as the only non-IEEE operation (and portable_log removes that).
  double u = 0.0;
  double v = 0.0;
  double s = 0.0;
  do {
    u = 2.0 * uniform() - 1.0;
    v = 2.0 * uniform() - 1.0;
    s = u * u + v * v;
  } while (s >= 1.0 || s == 0.0);
  const double factor = std::sqrt(-2.0 * portable_log(s) / s);
  spare_ = v * factor;
  has_spare_ = true;
  return u * factor;
}

}  // namespace pe
