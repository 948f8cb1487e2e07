// The one tolerance helper for float comparisons in the C++ tests.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace pe::test {

/// Catch matcher-style check: |actual - expected| <= abs_tol + rel_tol * |expected|.
[[nodiscard]] inline bool close(double actual, double expected, double abs_tol, double rel_tol = 0.0) {
  return std::fabs(actual - expected) <= abs_tol + rel_tol * std::fabs(expected);
}

/// Largest absolute difference between two equally long sequences.
template <typename A, typename B>
[[nodiscard]] double max_abs_diff(const A& a, const B& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    worst = std::max(worst, std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i])));
  }
  return worst;
}

}  // namespace pe::test

#define CHECK_CLOSE(actual, expected, tol) CHECK(::pe::test::close((actual), (expected), (tol)))
#define REQUIRE_CLOSE(actual, expected, tol) REQUIRE(::pe::test::close((actual), (expected), (tol)))
