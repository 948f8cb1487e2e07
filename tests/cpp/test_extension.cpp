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

// ---- Overshoot, YaRN, dynamic NTK, Llama 3.1 and a raised base, each against the published formula written
// out here (Peng et al. 2023 and the reference code's find_correction_dim, linear ramp and mscale; Hugging
// Face's _compute_dynamic_ntk_parameters and _compute_llama3_parameters).

TEST_CASE("the overshoot factor is the target angle over the largest trained angle", "[extension]") {
  const double s = kTarget / kTrained;
  const auto none = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::None);
  const auto interp =
      pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::Interpolation);
  const auto ntk = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::Ntk);
  for (std::size_t i = 0; i < kHeadDim / 2; ++i) {
    CHECK_CLOSE(none.overshoot[i], s, 1e-12);
    CHECK_CLOSE(interp.overshoot[i], 1.0, 1e-12);
    // NTK: theta_i' / theta_i = s^(-2i/(d-2)), so the overshoot is s^(1 - 2i/(d-2)).
    CHECK_CLOSE(ntk.overshoot[i], std::pow(s, 1.0 - 2.0 * static_cast<double>(i) / (kHeadDim - 2)), 1e-9);
  }
  CHECK_CLOSE(ntk.overshoot[kHeadDim / 2 - 1], 1.0, 1e-12);
}

TEST_CASE("YaRN's frequencies follow the NTK-by-parts ramp and its temperature is 0.1 ln s + 1",
          "[extension]") {
  const double s = kTarget / kTrained;
  const auto yarn = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::Yarn);
  // find_correction_dim: the pair whose period fits r times into the trained length.
  const auto pair_for = [](double r) {
    return kHeadDim * std::log(kTrained / (r * 2 * M_PI)) / (2 * std::log(kBase));
  };
  const double low = std::floor(pair_for(32.0));
  const double high = std::ceil(pair_for(1.0));
  CHECK(low == 16.0);   // 16.13...: pair 16 turns a little more than 32 times in 2048 positions
  CHECK(high == 41.0);  // 40.21...: pair 41 turns less than once
  CHECK_CLOSE(pe::yarn_correction_dim(32.0, kHeadDim, kBase, kTrained), pair_for(32.0), 1e-12);
  for (int i = 0; i < kHeadDim / 2; ++i) {
    const double ramp = std::fmin(1.0, std::fmax(0.0, (i - low) / (high - low)));
    const double expected = theta(i) * (1 - ramp) + theta(i) / s * ramp;
    CHECK_CLOSE(2 * M_PI / yarn.target_wavelength[static_cast<std::size_t>(i)], expected, 1e-15);
  }
  // Fast pairs keep their frequency, slow ones are interpolated.
  CHECK_CLOSE(yarn.overshoot[0], s, 1e-12);
  CHECK_CLOSE(yarn.overshoot[kHeadDim / 2 - 1], 1.0, 1e-12);
  CHECK(count(yarn.out_of_range) == 0);
  const double mscale = 0.1 * std::log(s) + 1;
  CHECK_CLOSE(pe::yarn_get_mscale(s), mscale, 1e-15);
  CHECK_CLOSE(yarn.attention_scale, mscale * mscale, 1e-15);
  CHECK(pe::yarn_get_mscale(1.0) == 1.0);
}

TEST_CASE("dynamic NTK recomputes the factor from the current length", "[extension]") {
  const double s = kTarget / kTrained;
  const auto dyn = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::DynamicNtk);
  // base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2)), seq_len =
  // target.
  const double expected = kBase * std::pow(s * kTarget / kTrained - (s - 1), kHeadDim / (kHeadDim - 2.0));
  CHECK_CLOSE(dyn.effective_base, expected, 1e-9 * expected);
  const auto stat = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::Ntk);
  CHECK(dyn.effective_base > stat.effective_base);
  // At the trained length the dynamic rule leaves the base alone.
  const auto same =
      pe::context_extension(kHeadDim, kBase, kTrained, kTrained, pe::ExtensionMethod::DynamicNtk);
  CHECK_CLOSE(same.effective_base, kBase, 1e-9);
}

TEST_CASE("Llama 3.1's rule keeps short periods, interpolates long ones and blends between", "[extension]") {
  const double s = kTarget / kTrained;
  const auto ext = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::Llama3);
  for (int i = 0; i < kHeadDim / 2; ++i) {
    const double period = 2 * M_PI / theta(i);
    double expected = theta(i);
    if (period > kTrained) {
      expected = theta(i) / s;
    } else if (period >= kTrained / 4) {
      const double smooth = (kTrained / period - 1) / 3;
      expected = (1 - smooth) * theta(i) / s + smooth * theta(i);
    }
    CHECK_CLOSE(2 * M_PI / ext.target_wavelength[static_cast<std::size_t>(i)], expected, 1e-15);
  }
}

TEST_CASE("a raised base slows every pair but the first", "[extension]") {
  const auto ext =
      pe::context_extension(kHeadDim, kBase, kTrained, kTarget, pe::ExtensionMethod::RaisedBase, 500000.0);
  CHECK(ext.effective_base == 500000.0);
  for (int i = 0; i < kHeadDim / 2; ++i) {
    const double expected = std::pow(500000.0, -2.0 * i / kHeadDim);
    CHECK_CLOSE(2 * M_PI / ext.target_wavelength[static_cast<std::size_t>(i)], expected, 1e-15);
  }
  CHECK(ext.overshoot[0] == kTarget / kTrained);
}

TEST_CASE("scaled_rope gives each method's frequencies from their closed forms, at any running length",
          "[extension]") {
  const int d = 16;
  const double base = 10000.0;
  const double trained = 8.0;
  const double s = 2.0;
  const auto freq = [&](int i, double b) { return std::pow(b, -2.0 * i / d); };
  const auto pi = pe::scaled_rope(d, base, trained, s, 32.0, pe::ExtensionMethod::Interpolation);
  const auto ntk = pe::scaled_rope(d, base, trained, s, 32.0, pe::ExtensionMethod::Ntk);
  const auto short_dynamic = pe::scaled_rope(d, base, trained, s, 8.0, pe::ExtensionMethod::DynamicNtk);
  const auto long_dynamic = pe::scaled_rope(d, base, trained, s, 24.0, pe::ExtensionMethod::DynamicNtk);
  const auto yarn = pe::scaled_rope(d, base, trained, s, 32.0, pe::ExtensionMethod::Yarn);
  const auto none = pe::scaled_rope(d, base, trained, s, 32.0, pe::ExtensionMethod::None);
  // NTK: base s^(d / (d - 2)); dynamic at 24 of 8 with s = 2: base (2 * 24 / 8 - 1)^(16 / 14) = base 5^(8/7).
  const double ntk_base = base * std::pow(s, 16.0 / 14.0);
  const double dynamic_base = base * std::pow(5.0, 16.0 / 14.0);
  CHECK_CLOSE(ntk.effective_base, ntk_base, 1e-9 * ntk_base);
  CHECK_CLOSE(long_dynamic.effective_base, dynamic_base, 1e-9 * dynamic_base);
  CHECK(short_dynamic.effective_base == base);
  CHECK(pi.scale == s);
  CHECK_CLOSE(yarn.amplitude, 0.1 * std::log(2.0) + 1.0, 1e-15);
  CHECK(pi.amplitude == 1.0);
  for (int i = 0; i < d / 2; ++i) {
    const auto at = static_cast<std::size_t>(i);
    CHECK_CLOSE(none.frequency[at], freq(i, base), 1e-15);
    CHECK_CLOSE(pi.frequency[at], freq(i, base) / s, 1e-15);
    CHECK_CLOSE(ntk.frequency[at], freq(i, ntk_base), 1e-15);
    CHECK_CLOSE(short_dynamic.frequency[at], freq(i, base), 1e-15);
    CHECK_CLOSE(long_dynamic.frequency[at], freq(i, dynamic_base), 1e-15);
    // YaRN blends between the kept and the interpolated frequency, never beyond either.
    CHECK(yarn.frequency[at] <= freq(i, base) * (1 + 1e-15));
    CHECK(yarn.frequency[at] >= freq(i, base) / s * (1 - 1e-15));
  }
  // With 8 trained positions the ramp runs from pair 0 (turning beta = 32 times lies before it) to pair 1
  // (one turn in 8 positions: ceil(16 ln(8 / 2 pi) / (2 ln 10000)) = 1): the fastest pair keeps its
  // frequency, every slower one is interpolated in full.
  CHECK(yarn.frequency[0] == freq(0, base));
  for (int i = 1; i < d / 2; ++i)
    CHECK_CLOSE(yarn.frequency[static_cast<std::size_t>(i)], freq(i, base) / s, 1e-15);
}

TEST_CASE("context_extension reads its frequencies from scaled_rope at the target length", "[extension]") {
  for (const auto method :
       {pe::ExtensionMethod::Interpolation, pe::ExtensionMethod::Ntk, pe::ExtensionMethod::DynamicNtk,
        pe::ExtensionMethod::Yarn, pe::ExtensionMethod::Llama3}) {
    const auto ext = pe::context_extension(kHeadDim, kBase, kTrained, kTarget, method);
    const auto rope = pe::scaled_rope(kHeadDim, kBase, kTrained, kTarget / kTrained, kTarget, method);
    CHECK(ext.attention_scale == rope.amplitude * rope.amplitude);
    for (std::size_t i = 0; i < rope.frequency.size(); ++i) {
      CHECK_CLOSE(ext.target_wavelength[i], 2 * M_PI / rope.frequency[i], 1e-12 * ext.target_wavelength[i]);
    }
  }
}
