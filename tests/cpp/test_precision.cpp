#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "approx.hpp"
#include "pe/precision.hpp"

namespace {

using pe::FloatFormat;

constexpr double kInf = std::numeric_limits<double>::infinity();

// Independent reference for float32: the angle computed with native float arithmetic, as a model does.
double float32_angle(double pos, double theta) {
  return static_cast<double>(static_cast<float>(pos) * static_cast<float>(theta));
}

}  // namespace

TEST_CASE("float16 rounding matches known binary16 values", "[precision]") {
  CHECK(pe::round_to_float16(1.0 / 3.0) == 0.333251953125);
  CHECK(pe::round_to_float16(0.1) == 0.0999755859375);
  CHECK(pe::round_to_float16(65504.0) == 65504.0);
  CHECK(pe::round_to_float16(65519.0) == 65504.0);
  CHECK(pe::round_to_float16(65519.99) == 65504.0);
  CHECK(pe::round_to_float16(65520.0) == kInf);
  CHECK(pe::round_to_float16(-65520.0) == -kInf);
  CHECK(pe::round_to_float16(1e9) == kInf);
  CHECK(pe::round_to_float16(2048.0) == 2048.0);
  CHECK(pe::round_to_float16(2049.0) == 2048.0);  // tie, to the even 2048
  CHECK(pe::round_to_float16(2051.0) == 2052.0);  // tie, to the even 2052
  CHECK(pe::round_to_float16(1.0 + 0x1p-11) == 1.0);
  CHECK(pe::round_to_float16(1.0 + 3 * 0x1p-11) == 1.0 + 0x1p-9);
  CHECK(pe::round_to_float16(-2.5) == -2.5);
}

TEST_CASE("float16 rounding handles subnormals, zeros and NaN", "[precision]") {
  CHECK(pe::round_to_float16(0x1p-24) == 0x1p-24);  // smallest subnormal
  CHECK(pe::round_to_float16(0x1p-25) == 0.0);      // tie between 0 and 2^-24, to the even 0
  CHECK(pe::round_to_float16(3 * 0x1p-26) == 0x1p-24);
  CHECK(pe::round_to_float16(1e-7) == 2 * 0x1p-24);
  CHECK(pe::round_to_float16(0x1p-14) == 0x1p-14);  // smallest normal
  CHECK(pe::round_to_float16(0x1p-14 - 0x1p-25) == 0x1p-14);
  CHECK(pe::round_to_float16(1023 * 0x1p-24) == 1023 * 0x1p-24);  // largest subnormal
  CHECK(std::signbit(pe::round_to_float16(-1e-30)));
  CHECK(std::isnan(pe::round_to_float16(std::nan(""))));
}

TEST_CASE("bfloat16 rounding keeps 8 significant bits with ties to even", "[precision]") {
  CHECK(pe::round_to_bfloat16(1.00390625F) == 1.0F);       // 1 + 2^-8: tie, to the even 1
  CHECK(pe::round_to_bfloat16(1.01171875F) == 1.015625F);  // 1 + 3 * 2^-8: tie, to the even 1 + 2^-6
  CHECK(pe::round_to_bfloat16(1.0048828125F) == 1.0078125F);
  CHECK(pe::round_to_bfloat16(3.14159265F) == 3.140625F);
  CHECK(pe::round_to_format(M_PI, FloatFormat::BFloat16) == 3.140625);
  CHECK(pe::round_to_format(257.0, FloatFormat::BFloat16) == 256.0);
  CHECK(pe::round_to_format(259.0, FloatFormat::BFloat16) == 260.0);
  CHECK(pe::round_to_bfloat16(std::numeric_limits<float>::max()) == std::numeric_limits<float>::infinity());
  CHECK(pe::round_to_bfloat16(-3.3895313892515355e38F) ==
        -3.3895313892515355e38F);  // largest finite bfloat16
  CHECK(std::isnan(pe::round_to_bfloat16(std::numeric_limits<float>::quiet_NaN())));
}

TEST_CASE("float32 rounding is the native conversion and overflows to infinity", "[precision]") {
  CHECK(pe::round_to_format(0.1, FloatFormat::Float32) == static_cast<double>(0.1F));
  CHECK(pe::round_to_format(16777217.0, FloatFormat::Float32) == 16777216.0);
  CHECK(pe::round_to_format(1e39, FloatFormat::Float32) == kInf);
  CHECK(pe::round_to_format(-1e39, FloatFormat::Float32) == -kInf);
  CHECK(pe::round_to_format(0x1.ffffffp127, FloatFormat::Float32) == kInf);
  CHECK(pe::round_to_format(0x1.fffffefffffffp127, FloatFormat::Float32) ==
        static_cast<double>(std::numeric_limits<float>::max()));
  CHECK(pe::round_to_format(0.1, FloatFormat::Float64) == 0.1);
}

TEST_CASE("float32 angles drift by more than a milliradian at position 1e6 and stay exact at 100",
          "[precision]") {
  const int d = 128;
  const double base = 10000.0;
  const std::vector<double> positions = {100.0, 1e6};
  const auto errors = pe::phase_error(positions, d, base, FloatFormat::Float32);
  REQUIRE(errors.angle_error.size() == 2);
  for (std::size_t p = 0; p < positions.size(); ++p) {
    double worst = 0.0;
    double worst_sin = 0.0;
    for (int i = 0; i < d / 2; ++i) {
      const double theta = std::pow(base, -2.0 * i / d);
      const double exact = positions[p] * theta;
      const double rounded = float32_angle(positions[p], theta);
      double diff = std::fmod(std::fabs(rounded - exact), 2 * M_PI);
      diff = std::min(diff, 2 * M_PI - diff);
      worst = std::max(worst, diff);
      const double sin_rounded = static_cast<double>(static_cast<float>(std::sin(rounded)));
      worst_sin = std::max(worst_sin, std::fabs(sin_rounded - std::sin(exact)));
    }
    CHECK_CLOSE(errors.angle_error[p], worst, 1e-12);
    CHECK_CLOSE(errors.sin_error[p], worst_sin, 1e-12);
  }
  CHECK(errors.angle_error[0] < 1e-5);
  CHECK(errors.angle_error[1] > 1e-3);
}

TEST_CASE("half-precision formats lose the phase far sooner, and float16 overflows past 65504",
          "[precision]") {
  const std::vector<double> positions = {0.0, 100.0, 257.0, 3000.0, 70000.0};
  const auto f64 = pe::phase_error(positions, 64, 10000.0, FloatFormat::Float64);
  const auto bf16 = pe::phase_error(positions, 64, 10000.0, FloatFormat::BFloat16);
  const auto f16 = pe::phase_error(positions, 64, 10000.0, FloatFormat::Float16);
  for (std::size_t p = 0; p < positions.size(); ++p) {
    CHECK(f64.angle_error[p] == 0.0);
    CHECK(f64.sin_error[p] == 0.0);
  }
  CHECK(bf16.angle_error[0] == 0.0);
  // Position 257 is stored as 256 in bfloat16: pair 0 (theta 1) is off by a whole radian.
  CHECK(bf16.angle_error[2] >= 1.0 - 1e-12);
  CHECK(f16.angle_error[3] > 0.1);
  CHECK(f16.angle_error[4] == kInf);
  CHECK(std::isnan(f16.sin_error[4]));
  for (const double e : bf16.angle_error) CHECK(e <= M_PI);
}

TEST_CASE("positions themselves collide in 16 bits long before float16 overflows", "[precision]") {
  const auto bf = pe::position_rounding(8192, pe::FloatFormat::BFloat16);
  CHECK(bf.first_collision == 257.0);
  CHECK(bf.collides_with == 256.0);
  const auto f16 = pe::position_rounding(8192, pe::FloatFormat::Float16);
  CHECK(f16.first_collision == 2049.0);
  CHECK(f16.collides_with == 2048.0);
  const auto f32 = pe::position_rounding(8192, pe::FloatFormat::Float32);
  CHECK(f32.first_collision == 16777217.0);
  CHECK(f32.collides_with == 16777216.0);
  CHECK(f32.distinct == 8192.0);
  CHECK(pe::position_rounding(8, pe::FloatFormat::Float64).first_collision == -1.0);
  // Counted independently: bfloat16 holds every integer to 256, then every 2nd to 512, every 4th to 1024, ...
  // 8 significant bits give 128 values per binade, plus 0..255 below.
  CHECK(bf.distinct == 256.0 + 5 * 128.0 + 1.0);  // 0..255, binades 256..8191, and 8192 from rounding up
  CHECK(f16.distinct == 2048.0 + 2 * 1024.0 + 1.0);
}
