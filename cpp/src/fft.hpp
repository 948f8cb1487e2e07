// A radix-2 fast Fourier transform in double, for the column spectra of a position table (table_stats.cpp);
// fft.cpp is compiled for speed in WebAssembly.
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

#include "pe/sinusoidal.hpp"

namespace pe::detail {

/// The forward DFT X_f = sum_t x_t e^(-2 pi i f t / n) of n complex values, n a power of two: iterative
/// Cooley-Tukey (bit-reversed order, then log2 n stages of butterflies), the twiddles computed once, each
/// from std::cos and std::sin of its own angle (no recurrence to accumulate error). Deterministic: fixed
/// order of every operation.
class Fft {
 public:
  explicit Fft(std::size_t n) : n_(n), cos_(n / 2), sin_(n / 2) {
    const double turn = kTwoPi / static_cast<double>(n);
    for (std::size_t m = 0; m < n / 2; ++m) {
      cos_[m] = std::cos(turn * static_cast<double>(m));
      sin_[m] = std::sin(turn * static_cast<double>(m));
    }
  }

  /// Transforms re + i im in place.
  void forward(double* re, double* im) const noexcept;

 private:
  std::size_t n_;
  std::vector<double> cos_;
  std::vector<double> sin_;
};

}  // namespace pe::detail
