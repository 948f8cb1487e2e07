#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <vector>

#include "approx.hpp"
#include "pe/alibi.hpp"

TEST_CASE("ALiBi slopes for 8 heads are 1/2, 1/4, ..., 1/256", "[alibi]") {
  CHECK(pe::alibi_slopes(8) ==
        std::vector<double>{0.5, 0.25, 0.125, 0.0625, 1.0 / 32, 1.0 / 64, 1.0 / 128, 1.0 / 256});
}

TEST_CASE("ALiBi slopes for 12 heads are the 8-head slopes then every other 16-head slope", "[alibi]") {
  // 16-head slopes are 2^(-8j/16) = 2^(-j/2), j = 1..16; every other one from the first is j = 1, 3, 5, 7.
  std::vector<double> expected;
  for (int j = 1; j <= 8; ++j) expected.push_back(std::pow(2.0, -j));
  for (const int j : {1, 3, 5, 7}) expected.push_back(std::pow(2.0, -j / 2.0));
  const auto slopes = pe::alibi_slopes(12);
  REQUIRE(slopes.size() == 12);
  CHECK(pe::test::max_abs_diff(slopes, expected) < 1e-15);
  CHECK_CLOSE(slopes[8], 1.0 / std::sqrt(2.0), 1e-15);
}

TEST_CASE("ALiBi gives one head the slope 2^-8", "[alibi]") {
  CHECK(pe::alibi_slopes(1) == std::vector<double>{1.0 / 256});
  CHECK(pe::alibi_slopes(2) == std::vector<double>{1.0 / 16, 1.0 / 256});
  CHECK(pe::alibi_slopes(3) == std::vector<double>{1.0 / 16, 1.0 / 256, 0.25});
}

TEST_CASE("ALiBi slopes follow the rule for every head count up to 64", "[alibi]") {
  for (int n = 1; n <= 64; ++n) {
    const auto slopes = pe::alibi_slopes(n);
    REQUIRE(slopes.size() == static_cast<std::size_t>(n));
    const int m = static_cast<int>(std::pow(2.0, std::floor(std::log2(n))));
    for (int i = 0; i < n; ++i) {
      const double expected =
          i < m ? std::pow(2.0, -8.0 * (i + 1) / m) : std::pow(2.0, -8.0 * (2 * (i - m) + 1) / (2 * m));
      INFO("heads " << n << ", head " << i);
      CHECK_CLOSE(slopes[static_cast<std::size_t>(i)], expected, 1e-15);
    }
  }
}

TEST_CASE("the ALiBi bias is minus the slope times the distance", "[alibi]") {
  const auto bias = pe::alibi_bias(0.25, 5);
  REQUIRE(bias.size() == 25);
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 5; ++j) CHECK(bias[static_cast<std::size_t>(i * 5 + j)] == -0.25 * std::abs(i - j));
  }
  CHECK_FALSE(std::signbit(bias[0]));
}

TEST_CASE("the causal ALiBi bias hides keys after the query behind -infinity", "[alibi]") {
  const int heads = 3;
  const int n = 6;
  const auto slopes = pe::alibi_slopes(heads);
  const auto causal = pe::alibi_bias_heads(heads, n, true);
  const auto open = pe::alibi_bias_heads(heads, n, false);
  REQUIRE(causal.size() == static_cast<std::size_t>(heads * n * n));
  for (int h = 0; h < heads; ++h) {
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const auto at = static_cast<std::size_t>((h * n + i) * n + j);
        const double expected = -slopes[static_cast<std::size_t>(h)] * std::abs(i - j);
        CHECK(open[at] == expected);
        if (j > i) {
          CHECK((std::isinf(causal[at]) && causal[at] < 0));
        } else {
          CHECK(causal[at] == expected);
        }
      }
    }
  }
}
