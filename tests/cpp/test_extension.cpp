#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>

#include "approx.hpp"
#include "pe/extension.hpp"

namespace {

constexpr int kHeadDim = 128;
constexpr double kBase = 10000.0;
constexpr double kTrained = 2048.0;
constexpr double kTarget = 8192.0;

double theta(int i) {
  return std::pow(kBase, -2.0 * i / kHeadDim);
}

int count(const std::vector<std::uint8_t>& flags) {
  int n = 0;
  for (const auto f : flags) n += f;
  return n;
}

}  // namespace

TEST_CASE("every pair's wavelength and trained angle follow from its frequency", "[extension]") {
  const auto ext = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::None);
  REQUIRE(ext.wavelength.size() == kHeadDim / 2);
  CHECK(ext.scale == 1.0);
  CHECK(ext.effective_base == kBase);
  for (int i = 0; i < kHeadDim / 2; ++i) {
    const auto at = static_cast<std::size_t>(i);
    CHECK_CLOSE(ext.wavelength[at], 2 * M_PI / theta(i), 1e-9 * ext.wavelength[at]);
    CHECK_CLOSE(ext.trained_angle[at], kTrained * theta(i), 1e-9);
    CHECK_CLOSE(ext.target_angle[at], kTarget * theta(i), 1e-9);
    CHECK(ext.full_turn[at] == (kTrained * theta(i) >= 2 * M_PI ? 1 : 0));
  }
  // Pairs with wavelengths up to 2048 positions turn fully in training; the rest meet new angles at 8192.
  CHECK(ext.full_turn[0] == 1);
  CHECK(ext.full_turn[kHeadDim / 2 - 1] == 0);
  CHECK(count(ext.out_of_range) == kHeadDim / 2 - count(ext.full_turn));
  CHECK(count(ext.out_of_range) > 0);
}

TEST_CASE("linear interpolation by 4 brings every pair's largest angle back within the trained range",
          "[extension]") {
  const auto ext =
      pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::Interpolation);
  CHECK(ext.scale == 4.0);
  CHECK(count(ext.out_of_range) == 0);
  for (std::size_t i = 0; i < ext.target_angle.size(); ++i) {
    CHECK(ext.target_angle[i] <= ext.trained_angle[i] * (1 + 1e-12));
    CHECK_CLOSE(ext.target_wavelength[i], 4 * ext.wavelength[i], 1e-9 * ext.target_wavelength[i]);
  }
  // The same holds for lengths whose ratio is not a power of two.
  const auto odd = pe::context_extension(kHeadDim, kBase, 3000.0, 7001.0, pe::ExtensionMethod::Interpolation);
  CHECK(count(odd.out_of_range) == 0);
}

TEST_CASE("NTK-aware scaling keeps the fastest pair and slows the slowest by the full factor",
          "[extension]") {
  const auto ext = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::Ntk);
  const double scaled_base = kBase * std::pow(4.0, 128.0 / 126.0);
  CHECK_CLOSE(ext.effective_base, scaled_base, 1e-9 * scaled_base);
  CHECK(ext.scale == 1.0);
  const std::size_t last = kHeadDim / 2 - 1;
  CHECK_CLOSE(ext.target_angle[0], kTarget, 1e-9);
  CHECK_CLOSE(ext.target_angle[last], ext.trained_angle[last], 1e-12);
  for (int i = 0; i < kHeadDim / 2; ++i) {
    const double expected = kTarget * std::pow(scaled_base, -2.0 * i / kHeadDim);
    CHECK_CLOSE(ext.target_angle[static_cast<std::size_t>(i)], expected, 1e-9 * expected);
  }
  const auto none = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::None);
  CHECK(count(ext.out_of_range) < count(none.out_of_range));
}
