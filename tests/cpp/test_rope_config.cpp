// rope_spectrum against the closed forms of Hugging Face's RoPE parameter functions
// (transformers, src/transformers/modeling_rope_utils.py); tests/js/rope-config.test.mjs compares the built
// module with the plain-Python port of that file at many more settings.
#include <cmath>
#include <cstddef>
#include <vector>

#include "approx.hpp"
#include "pe/extension.hpp"
#include "pe/rope_config.hpp"

namespace {

using pe::RopeScaling;
using pe::RopeType;
using pe::test::close;

constexpr double kTwoPi = 2.0 * M_PI;

double theta(int pair, int dim, double base) {
  return std::pow(base, -2.0 * pair / dim);
}

RopeScaling scaling(RopeType type, double factor) {
  RopeScaling s;
  s.type = type;
  s.factor = factor;
  return s;
}

// Llama 3.1's published rope_scaling: factor 8, low_freq_factor 1, high_freq_factor 4, original 8192.
RopeScaling llama31() {
  RopeScaling s = scaling(RopeType::Llama3, 8.0);
  s.original_max_position_embeddings = 8192.0;
  return s;
}

}  // namespace

TEST_CASE("default RoPE gives base^(-2i/d) and its wavelengths and turns", "[rope_config]") {
  const auto r = pe::rope_spectrum(128, 500000.0, {}, 8192.0);
  REQUIRE(r.inv_freq.size() == 64);
  for (int i = 0; i < 64; ++i) {
    const auto at = static_cast<std::size_t>(i);
    CHECK(close(r.inv_freq[at], theta(i, 128, 500000.0), 0.0, 1e-15));
    CHECK(r.scaled_inv_freq[at] == r.inv_freq[at]);
    CHECK(r.pair_factor[at] == 1.0);
    CHECK(close(r.wavelength[at], kTwoPi / theta(i, 128, 500000.0), 0.0, 1e-15));
    CHECK(close(r.turns[at], 8192.0 * theta(i, 128, 500000.0) / kTwoPi, 0.0, 1e-15));
  }
  CHECK(r.attention_factor == 1.0);
  // Pair 0 turns 8192 / 2 pi times; the wavelength passes 8192 tokens between pairs 34 and 35 (6695, 8219).
  CHECK(r.turns[34] > 1.0);
  CHECK(r.turns[35] < 1.0);
}

TEST_CASE("linear scaling divides every frequency by the factor", "[rope_config]") {
  const auto r = pe::rope_spectrum(128, 10000.0, scaling(RopeType::Linear, 4.0), 16384.0);
  for (std::size_t i = 0; i < 64; ++i) {
    CHECK(close(r.scaled_inv_freq[i], r.inv_freq[i] / 4.0, 0.0, 1e-15));
    CHECK(close(r.pair_factor[i], 4.0, 0.0, 1e-15));
    CHECK(close(r.scaled_wavelength[i], 4.0 * r.wavelength[i], 0.0, 1e-15));
  }
}

TEST_CASE("llama3 keeps short wavelengths, divides long ones and blends the band between", "[rope_config]") {
  const auto r = pe::rope_spectrum(128, 500000.0, llama31(), 131072.0);
  // Wavelengths 2 pi 500000^(i/64): pair 28 is 1956 tokens (< 8192 / 4 = 2048), pair 29 is 2402, pair 34 is
  // 6695, pair 35 is 8219 (> 8192).
  for (std::size_t i = 0; i <= 28; ++i) CHECK(r.scaled_inv_freq[i] == r.inv_freq[i]);
  for (std::size_t i = 35; i < 64; ++i) CHECK(close(r.pair_factor[i], 8.0, 0.0, 1e-15));
  for (int i = 29; i <= 34; ++i) {
    const double t = theta(i, 128, 500000.0);
    const double smooth = (8192.0 / (kTwoPi / t) - 1.0) / (4.0 - 1.0);
    const auto at = static_cast<std::size_t>(i);
    CHECK(close(r.scaled_inv_freq[at], (1.0 - smooth) * t / 8.0 + smooth * t, 0.0, 1e-14));
    CHECK(r.pair_factor[at] > 1.0);
    CHECK(r.pair_factor[at] < 8.0);
  }
  CHECK(r.attention_factor == 1.0);
}

TEST_CASE("llama3's band edges move with low_freq_factor and high_freq_factor", "[rope_config]") {
  RopeScaling s = llama31();
  s.low_freq_factor = 2.0;   // long wavelengths from 4096 tokens: pair 31 (3619) blended, 32 (4443) divided
  s.high_freq_factor = 8.0;  // short ones below 1024 tokens
  const auto r = pe::rope_spectrum(128, 500000.0, s, 131072.0);
  CHECK(close(r.pair_factor[32], 8.0, 0.0, 1e-15));
  CHECK(r.pair_factor[31] < 8.0);
  CHECK(r.pair_factor[31] > 1.0);
}

TEST_CASE("llama3 with equal band factors (Llama 4 Scout's 1 and 1) keeps or divides, and blends none",
          "[rope_config]") {
  RopeScaling s = llama31();
  s.factor = 16.0;
  s.high_freq_factor = 1.0;  // equal to low_freq_factor: the band edge is the original length, 8192 tokens
  const auto r = pe::rope_spectrum(128, 500000.0, s, 10485760.0);
  for (std::size_t i = 0; i < r.pair_factor.size(); ++i) {
    const double kept = r.wavelength[i] < 8192.0 ? 1.0 : 16.0;
    CHECK(close(r.pair_factor[i], kept, 0.0, 1e-15));
  }
}

TEST_CASE("yarn keeps pairs below the ramp, interpolates those above, and ramps linearly between",
          "[rope_config]") {
  // d = 128, base 10000, original 4096: pair 20.94 turns 32 times and pair 45.03 once in 4096 tokens, so the
  // truncated ramp runs from pair 20 to pair 46.
  RopeScaling s = scaling(RopeType::Yarn, 16.0);
  s.original_max_position_embeddings = 4096.0;
  const auto r = pe::rope_spectrum(128, 10000.0, s, 65536.0);
  const auto ends = pe::yarn_correction_range(32.0, 1.0, 128, 10000.0, 4096.0, true);
  CHECK(ends.low == 20.0);
  CHECK(ends.high == 46.0);
  for (std::size_t i = 0; i <= 20; ++i) CHECK(r.scaled_inv_freq[i] == r.inv_freq[i]);
  for (std::size_t i = 46; i < 64; ++i) CHECK(close(r.pair_factor[i], 16.0, 0.0, 1e-15));
  for (int i = 21; i < 46; ++i) {
    const double ramp = (i - 20.0) / 26.0;
    const double t = theta(i, 128, 10000.0);
    CHECK(close(r.scaled_inv_freq[static_cast<std::size_t>(i)], t / 16.0 * ramp + t * (1.0 - ramp), 0.0,
                1e-14));
  }
  CHECK(close(r.attention_factor, 0.1 * std::log(16.0) + 1.0, 0.0, 1e-15));
}

TEST_CASE("yarn without truncation starts and ends its ramp at fractional pairs", "[rope_config]") {
  RopeScaling s = scaling(RopeType::Yarn, 32.0);
  s.original_max_position_embeddings = 4096.0;
  s.truncate = false;
  const auto ends = pe::yarn_correction_range(32.0, 1.0, 128, 10000.0, 4096.0, false);
  const double low = 128.0 * std::log(4096.0 / (32.0 * kTwoPi)) / (2.0 * std::log(10000.0));
  const double high = 128.0 * std::log(4096.0 / kTwoPi) / (2.0 * std::log(10000.0));
  CHECK(close(ends.low, low, 0.0, 1e-15));
  CHECK(close(ends.high, high, 0.0, 1e-15));
  const auto r = pe::rope_spectrum(128, 10000.0, s, 131072.0);
  const double ramp = (21.0 - low) / (high - low);  // pair 21, just inside the ramp
  const double t = theta(21, 128, 10000.0);
  CHECK(close(r.scaled_inv_freq[21], t / 32.0 * ramp + t * (1.0 - ramp), 0.0, 1e-14));
  CHECK(r.scaled_inv_freq[20] == r.inv_freq[20]);
}

TEST_CASE("yarn's ramp may end past the last pair: clamped at the dimension count, not the pair count",
          "[rope_config]") {
  // Original 1e6: pair 59.1 turns 32 times and pair 83.2 once, so the ramp runs from 59 to 84, past pair 63.
  const auto past = pe::yarn_correction_range(32.0, 1.0, 128, 10000.0, 1e6, true);
  CHECK(past.low == 59.0);
  CHECK(past.high == 84.0);
  // Betas 1e4 and 0.01 at 1e7: pair 131.2 would turn 0.01 times; Hugging Face clamps it at dim - 1 = 127.
  const auto clamped = pe::yarn_correction_range(1e4, 0.01, 128, 10000.0, 1e7, true);
  CHECK(clamped.low == 35.0);
  CHECK(clamped.high == 127.0);
  RopeScaling s = scaling(RopeType::Yarn, 2.0);
  s.original_max_position_embeddings = 1e7;
  s.beta_fast = 1e4;
  s.beta_slow = 0.01;
  const auto r = pe::rope_spectrum(128, 10000.0, s, 2e7);
  const double ramp = (63.0 - 35.0) / (127.0 - 35.0);
  const double t = theta(63, 128, 10000.0);
  CHECK(close(r.scaled_inv_freq[63], t / 2.0 * ramp + t * (1.0 - ramp), 0.0, 1e-14));
}

TEST_CASE("yarn's ramp measures against the context length when no original length is given",
          "[rope_config]") {
  RopeScaling s = scaling(RopeType::Yarn, 4.0);
  const auto r = pe::rope_spectrum(128, 10000.0, s, 4096.0);
  // The same ramp as the original 4096 above: pair 20 kept, pair 46 interpolated.
  CHECK(r.scaled_inv_freq[20] == r.inv_freq[20]);
  CHECK(close(r.pair_factor[46], 4.0, 0.0, 1e-15));
}

TEST_CASE("yarn's attention factor follows mscale and mscale_all_dim, or the config's", "[rope_config]") {
  RopeScaling s = scaling(RopeType::Yarn, 40.0);
  s.mscale = 1.0;
  s.mscale_all_dim = 0.5;
  const double l = std::log(40.0);
  CHECK(close(pe::rope_spectrum(64, 10000.0, s, 163840.0).attention_factor,
              (0.1 * l + 1.0) / (0.05 * l + 1.0), 0.0, 1e-15));
  s.mscale_all_dim = 1.0;  // DeepSeek-V3's setting: the two cancel
  CHECK(pe::rope_spectrum(64, 10000.0, s, 163840.0).attention_factor == 1.0);
  s.mscale_all_dim = 0.0;  // only one set: get_mscale(factor)
  CHECK(close(pe::rope_spectrum(64, 10000.0, s, 163840.0).attention_factor, 0.1 * l + 1.0, 0.0, 1e-15));
  s.attention_factor = 0.75;
  CHECK(pe::rope_spectrum(64, 10000.0, s, 163840.0).attention_factor == 0.75);
  CHECK(pe::yarn_get_mscale(1.0, 3.0) == 1.0);
}

TEST_CASE("dynamic NTK keeps the base up to the context length and raises it beyond", "[rope_config]") {
  const RopeScaling s = scaling(RopeType::Dynamic, 2.0);
  const auto inside = pe::rope_spectrum(64, 10000.0, s, 4096.0, 4096.0);
  const auto unset = pe::rope_spectrum(64, 10000.0, s, 4096.0);
  for (std::size_t i = 0; i < 32; ++i) {
    CHECK(inside.scaled_inv_freq[i] == inside.inv_freq[i]);
    CHECK(unset.scaled_inv_freq[i] == unset.inv_freq[i]);
  }
  const auto beyond = pe::rope_spectrum(64, 10000.0, s, 4096.0, 12288.0);
  const double base = 10000.0 * std::pow(2.0 * 3.0 - 1.0, 64.0 / 62.0);
  for (int i = 0; i < 32; ++i) {
    CHECK(close(beyond.scaled_inv_freq[static_cast<std::size_t>(i)], theta(i, 64, base), 0.0, 1e-14));
  }
  CHECK(beyond.pair_factor[0] == 1.0);
}

TEST_CASE("longrope divides by the short factors within the original length and the long ones past it",
          "[rope_config]") {
  RopeScaling s;
  s.type = RopeType::Longrope;
  s.original_max_position_embeddings = 4096.0;
  for (int i = 0; i < 16; ++i) {
    s.short_factor.push_back(1.0 + 0.01 * i);
    s.long_factor.push_back(1.0 + i);
  }
  const auto short_run = pe::rope_spectrum(32, 10000.0, s, 131072.0, 4096.0);
  const auto long_run = pe::rope_spectrum(32, 10000.0, s, 131072.0, 4097.0);
  CHECK_FALSE(short_run.long_factor);
  CHECK(long_run.long_factor);
  for (std::size_t i = 0; i < 16; ++i) {
    CHECK(close(short_run.pair_factor[i], s.short_factor[i], 0.0, 1e-15));
    CHECK(close(long_run.pair_factor[i], s.long_factor[i], 0.0, 1e-15));
  }
  // Phi-3's factor is context / original = 32, and its attention factor sqrt(1 + ln 32 / ln 4096).
  const double expected = std::sqrt(1.0 + std::log(32.0) / std::log(4096.0));
  CHECK(close(short_run.attention_factor, expected, 0.0, 1e-15));
  CHECK(close(long_run.attention_factor, expected, 0.0, 1e-15));
}

TEST_CASE("longrope without an original length reads the factor and the context length", "[rope_config]") {
  RopeScaling s;
  s.type = RopeType::Longrope;
  s.factor = 8.0;
  s.short_factor.assign(8, 2.0);
  s.long_factor.assign(8, 4.0);
  const auto r = pe::rope_spectrum(16, 10000.0, s, 2048.0, 2049.0);
  CHECK(r.long_factor);
  CHECK(close(r.attention_factor, std::sqrt(1.0 + std::log(8.0) / std::log(2048.0)), 0.0, 1e-15));
  s.factor = 1.0;
  CHECK(pe::rope_spectrum(16, 10000.0, s, 2048.0).attention_factor == 1.0);
}

TEST_CASE("the rotary dimension truncates head_dim times the partial factor as Python's int does",
          "[rope_config]") {
  CHECK(pe::rotary_dimension(64, 0.25) == 16);   // GPT-NeoX (rotary_pct 0.25)
  CHECK(pe::rotary_dimension(80, 0.4) == 32);    // Phi-2
  CHECK(pe::rotary_dimension(64, 0.4) == 25);    // odd: the binding refuses it
  CHECK(pe::rotary_dimension(256, 0.5) == 128);  // Phi-3's partial factor on a wide head
  // Only the rotary part's frequencies: 16 dimensions give base^(-2i/16).
  const auto r = pe::rope_spectrum(pe::rotary_dimension(64, 0.25), 10000.0, {}, 2048.0);
  REQUIRE(r.inv_freq.size() == 8);
  CHECK(close(r.inv_freq[7], theta(7, 16, 10000.0), 0.0, 1e-15));
}

TEST_CASE("the context-extension figure's YaRN and Llama 3 are rope_spectrum's at their defaults",
          "[rope_config]") {
  const auto yarn = pe::scaled_rope(128, 10000.0, 2048.0, 4.0, 8192.0, pe::ExtensionMethod::Yarn);
  RopeScaling s = scaling(RopeType::Yarn, 4.0);
  s.original_max_position_embeddings = 2048.0;
  const auto spectrum = pe::rope_spectrum(128, 10000.0, s, 8192.0);
  CHECK(yarn.frequency == spectrum.scaled_inv_freq);
  CHECK(yarn.amplitude == spectrum.attention_factor);
  const auto llama = pe::scaled_rope(128, 500000.0, 8192.0, 8.0, 65536.0, pe::ExtensionMethod::Llama3);
  CHECK(llama.frequency == pe::rope_spectrum(128, 500000.0, llama31(), 65536.0).scaled_inv_freq);
}
