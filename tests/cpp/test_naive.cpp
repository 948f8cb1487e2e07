#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <vector>

#include "approx.hpp"
#include "pe/naive.hpp"

TEST_CASE("the index encoding's norm grows linearly with the position", "[naive]") {
  const int length = 500;
  const int d = 64;
  const auto table = pe::naive_encoding(pe::NaiveKind::Index, length, d);
  REQUIRE(table.size() == static_cast<std::size_t>(length * d));
  const auto ratio = pe::naive_norm_ratio(pe::NaiveKind::Index, length, d);
  REQUIRE(ratio.size() == static_cast<std::size_t>(length));
  for (int p = 0; p < length; ++p) {
    double sum = 0.0;
    for (int j = 0; j < d; ++j) {
      const double v = table[static_cast<std::size_t>(p * d + j)];
      CHECK(v == p);
      sum += v * v;
    }
    CHECK_CLOSE(std::sqrt(sum), p * std::sqrt(d), 1e-9 * (1 + p));
    CHECK_CLOSE(ratio[static_cast<std::size_t>(p)], p, 1e-12 * (1 + p));
  }
}

TEST_CASE("the normalised encoding runs from 0 to 1 whatever the length", "[naive]") {
  for (const int length : {2, 10, 1000}) {
    const auto table = pe::naive_encoding(pe::NaiveKind::Normalized, length, 4);
    const auto ratio = pe::naive_norm_ratio(pe::NaiveKind::Normalized, length, 4);
    CHECK(table.front() == 0.0F);
    CHECK(table.back() == 1.0F);
    CHECK_CLOSE(table[4], 1.0 / (length - 1), 1e-7);
    CHECK_CLOSE(ratio.back(), 1.0, 1e-12);
  }
  CHECK(pe::naive_encoding(pe::NaiveKind::Normalized, 1, 3) == std::vector<float>{0.0F, 0.0F, 0.0F});
}

TEST_CASE("the sinusoidal encoding stays at 1/sqrt(2) of a word embedding's norm", "[naive]") {
  const auto ratio = pe::naive_norm_ratio(pe::NaiveKind::Sinusoidal, 300, 512);
  for (const double r : ratio) CHECK_CLOSE(r, 1.0 / std::sqrt(2.0), 1e-12);
}

TEST_CASE("a normalised offset means something different in every sentence length", "[naive]") {
  const auto meaning = pe::naive_offset_meaning(5, std::vector<int>{4, 6, 10, 100, 1000});
  REQUIRE(meaning.size() == 5);
  CHECK(std::isnan(meaning[0]));
  CHECK(meaning[1] == 1.0);
  CHECK(meaning[2] == 5.0 / 9.0);
  CHECK(meaning[3] == 5.0 / 99.0);
  CHECK(meaning[4] == 5.0 / 999.0);
  CHECK(pe::naive_offset_meaning(0, std::vector<int>{2, 7}) == std::vector<double>{0.0, 0.0});
}
