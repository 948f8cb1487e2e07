#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "approx.hpp"
#include "pe/rng.hpp"
#include "pe/similarity.hpp"
#include "pe/sinusoidal.hpp"

namespace {

// rows x cols normal draws, row-major.
std::vector<double> random_table(std::size_t rows, std::size_t cols, std::uint64_t seed) {
  pe::Rng rng(seed);
  std::vector<double> values(rows * cols);
  for (auto& v : values) v = rng.normal();
  return values;
}

// Independent reference: every pair of rows by a plain double loop, then divided by the two norms.
double literal(const std::vector<double>& values, std::size_t cols, std::size_t a, std::size_t b,
               pe::Similarity metric) {
  double dot = 0.0;
  double norm_a = 0.0;
  double norm_b = 0.0;
  for (std::size_t j = 0; j < cols; ++j) {
    dot += values[a * cols + j] * values[b * cols + j];
    norm_a += values[a * cols + j] * values[a * cols + j];
    norm_b += values[b * cols + j] * values[b * cols + j];
  }
  if (metric == pe::Similarity::Dot) return dot;
  return dot / std::sqrt(norm_a * norm_b);
}

}  // namespace

TEST_CASE("table similarity is the literal dot product and cosine of every pair of rows", "[similarity]") {
  // Row counts around the 2 x 4 tiles and past one column block at 256 columns (128 rows); odd and even
  // widths, one column included.
  for (const std::size_t rows : std::array<std::size_t, 6>{1, 2, 3, 5, 8, 131}) {
    for (const std::size_t cols : std::array<std::size_t, 6>{1, 2, 3, 7, 64, 256}) {
      const auto values = random_table(rows, cols, 1000 * rows + cols);
      const pe::matrix_view<const double> table(values, rows, cols);
      const auto dot = pe::table_similarity(table, pe::Similarity::Dot);
      const auto cosine = pe::table_similarity(table, pe::Similarity::Cosine);
      REQUIRE(dot.size() == rows * rows);
      REQUIRE(cosine.size() == rows * rows);
      for (std::size_t a = 0; a < rows; ++a) {
        for (std::size_t b = 0; b < rows; ++b) {
          const std::size_t at = a * rows + b;
          const double expected_dot = literal(values, cols, a, b, pe::Similarity::Dot);
          CHECK(pe::test::close(dot[at], expected_dot, 1e-12, 1e-12));
          CHECK_CLOSE(cosine[at], literal(values, cols, a, b, pe::Similarity::Cosine), 1e-13);
          CHECK(dot[at] == dot[b * rows + a]);
          CHECK(cosine[at] == cosine[b * rows + a]);
        }
        CHECK(cosine[a * rows + a] == 1.0);
      }
    }
  }
}

TEST_CASE("a row of zeros has cosine 0 with every row, itself included", "[similarity]") {
  const std::size_t cols = 5;
  std::vector<double> values = random_table(4, cols, 7);
  for (std::size_t j = 0; j < cols; ++j) values[2 * cols + j] = 0.0;
  const auto cosine = pe::table_similarity({values, 4, cols}, pe::Similarity::Cosine);
  const auto dot = pe::table_similarity({values, 4, cols}, pe::Similarity::Dot);
  for (std::size_t b = 0; b < 4; ++b) {
    CHECK(cosine[2 * 4 + b] == 0.0);
    CHECK(cosine[b * 4 + 2] == 0.0);
    CHECK(dot[2 * 4 + b] == 0.0);
  }
  for (const std::size_t a : std::array<std::size_t, 3>{0, 1, 3}) CHECK(cosine[a * 4 + a] == 1.0);
}

TEST_CASE("the sinusoidal table's rows give the sinusoidal similarity matrix", "[similarity][sinusoidal]") {
  const int positions = 40;
  for (const int d_model : {2, 6, 64, 256}) {
    // Rows from encode_position (the library's sin and cos at every position) and from the float32 table.
    std::vector<double> exact;
    for (int pos = 0; pos < positions; ++pos) {
      const auto row = pe::encode_position(pos, d_model, 10000.0);
      exact.insert(exact.end(), row.begin(), row.end());
    }
    const auto rounded = pe::sinusoidal_table(positions, d_model, 10000.0, pe::Layout::Interleaved);
    const std::vector<double> widened(rounded.begin(), rounded.end());
    for (const auto metric : {pe::Similarity::Dot, pe::Similarity::Cosine}) {
      const auto expected = pe::similarity_matrix(positions, d_model, 10000.0, metric);
      const auto from_exact = pe::table_similarity({exact, positions, d_model}, metric);
      const auto from_float = pe::table_similarity({widened, positions, d_model}, metric);
      // Dot products grow with the d_model / 2 pairs; cosines stay within [-1, 1].
      const double scale = metric == pe::Similarity::Dot ? d_model / 2.0 : 1.0;
      CHECK(pe::test::max_abs_diff(from_exact, expected) < 1e-13 * scale);
      CHECK(pe::test::max_abs_diff(from_float, expected) < 1e-6 * scale);
    }
  }
}
