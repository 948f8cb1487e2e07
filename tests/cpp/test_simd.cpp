// pe::simd against plain scalar arithmetic, lane by lane and bit for bit. Natively these run the lane-struct
// implementation; the WebAssembly one is held to the same results through the engine's Node tests, which
// check the kernels built on it.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "pe/rng.hpp"
#include "pe/simd.hpp"

namespace {

using pe::simd::f32x4;
using pe::simd::f64x2;
using pe::simd::i32x4;

template <typename T>
bool same_bits(T a, T b) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
  std::array<unsigned char, sizeof(T)> x;
  std::array<unsigned char, sizeof(T)> y;
  std::memcpy(x.data(), &a, sizeof a);
  std::memcpy(y.data(), &b, sizeof b);
  return x == y;
}

// Both NaN (payloads may differ between machines), or the same bits.
template <typename T>
bool same_value(T a, T b) {
  return (std::isnan(a) && std::isnan(b)) || same_bits(a, b);
}

f32x4 of(const std::array<float, 4>& lanes) {
  return pe::simd::load(lanes.data());
}

i32x4 ints(const std::array<float, 4>& lanes) {
  return pe::simd::truncate_saturated(of(lanes));
}

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kTiny = std::numeric_limits<float>::denorm_min();
constexpr std::int32_t kIntMax = std::numeric_limits<std::int32_t>::max();
constexpr std::int32_t kIntMin = std::numeric_limits<std::int32_t>::min();

// Random floats of every magnitude and sign, and the values where rounding and IEEE rules are decided.
std::vector<float> test_floats() {
  std::vector<float> out = {0.0f,       -0.0f,   1.0f,     -1.0f, 0.5f,  3.0f, 1e-38f,          kTiny,
                            -kTiny,     3.4e38f, -3.4e38f, kInf,  -kInf, kNaN, 1.0f + 0x1p-23f, 0.1f,
                            1.0f / 3.0f};
  pe::Rng rng(2024);
  for (int i = 0; i < 400; ++i) {
    const double magnitude = std::ldexp(1.0 + rng.uniform(), static_cast<int>(rng.uniform() * 80.0) - 40);
    out.push_back(static_cast<float>(rng.uniform() < 0.5 ? -magnitude : magnitude));
  }
  return out;
}

}  // namespace

TEST_CASE("f32x4 add, sub, mul and div round every lane once, as IEEE float arithmetic does", "[simd]") {
  INFO("WebAssembly SIMD: " << pe::simd::kWasm);
  // Reference: the exact result rounded through double, which is correctly rounded for these four operations
  // (double carries more than twice float's precision, so the second rounding cannot move the first).
  const auto values = test_floats();
  for (std::size_t i = 0; i + 8 <= values.size(); i += 4) {
    const std::array<float, 4> a = {values[i], values[i + 1], values[i + 2], values[i + 3]};
    const std::array<float, 4> b = {values[i + 4], values[i + 5], values[i + 6], values[i + 7]};
    const auto sum = pe::simd::lanes(of(a) + of(b));
    const auto difference = pe::simd::lanes(of(a) - of(b));
    const auto product = pe::simd::lanes(of(a) * of(b));
    const auto quotient = pe::simd::lanes(of(a) / of(b));
    for (std::size_t k = 0; k < 4; ++k) {
      const double x = a[k];
      const double y = b[k];
      INFO("lane " << k << ": " << a[k] << " and " << b[k]);
      CHECK(same_value(sum[k], static_cast<float>(x + y)));
      CHECK(same_value(difference[k], static_cast<float>(x - y)));
      CHECK(same_value(product[k], static_cast<float>(x * y)));
      CHECK(same_value(quotient[k], static_cast<float>(x / y)));
    }
  }
}

TEST_CASE("a multiply then an add round twice: nothing is fused into a multiply-add", "[simd]") {
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: float keeps 1 + 2^-11 (the 2^-24 is half an ulp, a tie to even), so
  // adding -(1 + 2^-11) gives exactly 0, where a fused multiply-add would keep the 2^-24. The operands are
  // read through volatile so that the compiler cannot fold the expression at compile time, where it never
  // fuses: the check is on the code the build generates.
  volatile float a = 1.0f + 0x1p-12f;
  volatile float c = -(1.0f + 0x1p-11f);
  const f32x4 r = pe::simd::splat(a) * pe::simd::splat(a) + pe::simd::splat(c);
  for (const float lane : pe::simd::lanes(r)) CHECK(same_bits(lane, 0.0f));
  // The same in double: (1 + 2^-27)^2 = 1 + 2^-26 + 2^-54, and 2^-54 is a quarter of an ulp.
  volatile double b = 1.0 + 0x1p-27;
  volatile double d = -(1.0 + 0x1p-26);
  const f64x2 s = pe::simd::splat(b) * pe::simd::splat(b) + pe::simd::splat(d);
  for (const double lane : pe::simd::lanes(s)) CHECK(same_bits(lane, 0.0));
}

TEST_CASE("f32x4 min and max choose as std::min and std::max do, NaN and signed zeros included", "[simd]") {
  const std::array<float, 4> a = {1.0f, kNaN, -0.0f, 2.0f};
  const std::array<float, 4> b = {kNaN, 1.0f, 0.0f, -kInf};
  const auto lo = pe::simd::lanes(pe::simd::min(of(a), of(b)));
  const auto hi = pe::simd::lanes(pe::simd::max(of(a), of(b)));
  for (std::size_t k = 0; k < 4; ++k) {
    INFO("lane " << k);
    CHECK(same_value(lo[k], std::min(a[k], b[k])));
    CHECK(same_value(hi[k], std::max(a[k], b[k])));
  }
  // Spelled out: a NaN in either operand gives the first, and of two zeros the first wins.
  CHECK(lo[0] == 1.0f);
  CHECK(std::isnan(lo[1]));
  CHECK(std::signbit(lo[2]));
  CHECK(std::signbit(hi[2]));
  const auto values = test_floats();
  for (std::size_t i = 0; i + 8 <= values.size(); i += 4) {
    const std::array<float, 4> x = {values[i], values[i + 1], values[i + 2], values[i + 3]};
    const std::array<float, 4> y = {values[i + 4], values[i + 5], values[i + 6], values[i + 7]};
    const auto m = pe::simd::lanes(pe::simd::min(of(x), of(y)));
    const auto n = pe::simd::lanes(pe::simd::max(of(x), of(y)));
    for (std::size_t k = 0; k < 4; ++k) {
      CHECK(same_value(m[k], std::min(x[k], y[k])));
      CHECK(same_value(n[k], std::max(x[k], y[k])));
    }
  }
}

TEST_CASE("splat, load and store move four floats, unaligned, and the first n touch nothing more", "[simd]") {
  const std::array<float, 7> source = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f};
  CHECK(pe::simd::lanes(pe::simd::load(source.data() + 1)) == std::array<float, 4>{2.0f, 3.0f, 4.0f, 5.0f});
  CHECK(pe::simd::lanes(pe::simd::splat(-2.5f)) == std::array<float, 4>{-2.5f, -2.5f, -2.5f, -2.5f});
  for (std::size_t n = 0; n <= 4; ++n) {
    INFO("n = " << n);
    std::array<float, 4> expected = {0.0f, 0.0f, 0.0f, 0.0f};
    for (std::size_t k = 0; k < n; ++k) expected[k] = source[3 + k];
    CHECK(pe::simd::lanes(pe::simd::load(source.data() + 3, n)) == expected);
    std::array<float, 6> target = {-1.0f, -1.0f, -1.0f, -1.0f, -1.0f, -1.0f};
    pe::simd::store(target.data() + 1, of({10.0f, 11.0f, 12.0f, 13.0f}), n);
    for (std::size_t k = 0; k < target.size(); ++k) {
      CHECK(target[k] == (k >= 1 && k <= n ? 9.0f + static_cast<float>(k) : -1.0f));
    }
  }
}

TEST_CASE("interleaving makes four rows of two from two columns of four", "[simd]") {
  const f32x4 s = of({0.0f, 2.0f, 4.0f, 6.0f});
  const f32x4 c = of({1.0f, 3.0f, 5.0f, 7.0f});
  CHECK(pe::simd::lanes(pe::simd::interleave_low(s, c)) == std::array<float, 4>{0.0f, 1.0f, 2.0f, 3.0f});
  CHECK(pe::simd::lanes(pe::simd::interleave_high(s, c)) == std::array<float, 4>{4.0f, 5.0f, 6.0f, 7.0f});
}

TEST_CASE("truncation rounds toward zero and saturates: NaN to 0, beyond int32 to its ends", "[simd]") {
  using Ints = std::array<std::int32_t, 4>;
  CHECK(pe::simd::lanes(ints({1.9f, -1.9f, 0.5f, -0.0f})) == Ints{1, -1, 0, 0});
  CHECK(pe::simd::lanes(ints({kNaN, -kNaN, kInf, -kInf})) == Ints{0, 0, kIntMax, kIntMin});
  // 2^31 is the first float past the int32 range; -2^31 is its last value; 2^31 - 128 the largest float
  // below.
  CHECK(pe::simd::lanes(ints({0x1p31f, -0x1p31f, 2147483520.0f, -2147483520.0f})) ==
        Ints{kIntMax, kIntMin, 2147483520, -2147483520});
  CHECK(pe::simd::lanes(ints({3e9f, -3e9f, 255.99f, 16777217.0f})) == Ints{kIntMax, kIntMin, 255, 16777216});
  const i32x4 v = ints({-3.0f, 7.0f, 1e6f, 2.0f});
  CHECK(pe::simd::lane<0>(v) == -3);
  CHECK(pe::simd::lane<1>(v) == 7);
  CHECK(pe::simd::lane<2>(v) == 1000000);
  CHECK(pe::simd::lane<3>(v) == 2);
}

TEST_CASE("a left shift moves every lane's bits and drops those that leave", "[simd]") {
  using Ints = std::array<std::int32_t, 4>;
  const i32x4 v = ints({1.0f, -1.0f, 0x1p30f, 12345.0f});
  CHECK(pe::simd::lanes(v << 2) == Ints{4, -4, 0, 49380});
  CHECK(pe::simd::lanes(v << 0) == Ints{1, -1, 0x40000000, 12345});
  CHECK(pe::simd::lanes(v << 31) == Ints{kIntMin, kIntMin, 0, kIntMin});
}

TEST_CASE("lanes are stored as bytes in order, each clamped to 0..255", "[simd]") {
  // 32768 and 65535 are where a narrowing through unsigned 16 bits would read a negative int16 and give 0.
  const i32x4 a = ints({0.0f, 1.0f, 254.0f, 255.0f});
  const i32x4 b = ints({256.0f, -1.0f, 32768.0f, 65535.0f});
  const i32x4 c = ints({kInf, -kInf, 65536.0f, -32769.0f});
  const i32x4 d = ints({128.0f, 17.0f, 1e9f, 99.0f});
  std::array<std::uint8_t, 18> out{};
  pe::simd::store_bytes_saturated(out.data() + 1, a, b, c, d);
  CHECK(out == std::array<std::uint8_t, 18>{0, 0, 1, 254, 255, 255, 0, 255, 255, 255, 0, 255, 0, 128, 17, 255,
                                            99, 0});
  std::array<std::uint8_t, 6> four{};
  pe::simd::store_bytes_saturated(four.data() + 1, b);
  CHECK(four == std::array<std::uint8_t, 6>{0, 255, 0, 255, 255, 0});
}

TEST_CASE("f64x2 add, mul and the lane sum are double arithmetic, the sum lane 0 first", "[simd]") {
  pe::Rng rng(7);
  for (int i = 0; i < 200; ++i) {
    const std::array<double, 4> x = {rng.normal(), rng.normal() * 1e8, rng.normal() * 1e-8, rng.normal()};
    const f64x2 a = pe::simd::load(x.data());
    const f64x2 b = pe::simd::load(x.data() + 2);
    const auto sum = pe::simd::lanes(a + b);
    const auto product = pe::simd::lanes(a * b);
    CHECK(same_bits(sum[0], x[0] + x[2]));
    CHECK(same_bits(sum[1], x[1] + x[3]));
    CHECK(same_bits(product[0], x[0] * x[2]));
    CHECK(same_bits(product[1], x[1] * x[3]));
    CHECK(same_bits(pe::simd::sum_lanes(a), x[0] + x[1]));
  }
  CHECK(pe::simd::lanes(pe::simd::splat(0.25)) == std::array<double, 2>{0.25, 0.25});
}
