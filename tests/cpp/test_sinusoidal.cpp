#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "approx.hpp"
#include "pe/sinusoidal.hpp"

namespace {

// Independent reference: the paper's formula evaluated literally in double precision.
double reference(int pos, int dim, int d_model, double base) {
  const int i = dim / 2;
  const double angle = pos / std::pow(base, (2.0 * i) / d_model);
  return dim % 2 == 0 ? std::sin(angle) : std::cos(angle);
}

}  // namespace

TEST_CASE("the interleaved table matches the paper's formula in double precision", "[sinusoidal]") {
  for (const double base : {10000.0, 500.0, 1e6}) {
    const int positions = 2048;
    const int d_model = 512;
    const auto table = pe::sinusoidal_table(positions, d_model, base, pe::Layout::Interleaved);
    REQUIRE(table.size() == static_cast<std::size_t>(positions * d_model));
    double worst = 0.0;
    for (int pos = 0; pos < positions; ++pos) {
      for (int dim = 0; dim < d_model; ++dim) {
        const double got = table[static_cast<std::size_t>(pos * d_model + dim)];
        worst = std::max(worst, std::fabs(got - reference(pos, dim, d_model, base)));
      }
    }
    INFO("base " << base);
    CHECK(worst <= 2e-7);
  }
}

TEST_CASE("the split layout puts every sine first and every cosine after, with the same frequencies", "[sinusoidal]") {
  const int positions = 300;
  const int d_model = 64;
  const double base = 2500.0;
  const auto split = pe::sinusoidal_table(positions, d_model, base, pe::Layout::Split);
  double worst = 0.0;
  for (int pos = 0; pos < positions; ++pos) {
    for (int i = 0; i < d_model / 2; ++i) {
      const auto row = static_cast<std::size_t>(pos * d_model);
      worst =
          std::max(worst, std::fabs(split[row + static_cast<std::size_t>(i)] - reference(pos, 2 * i, d_model, base)));
      worst = std::max(worst, std::fabs(split[row + static_cast<std::size_t>(d_model / 2 + i)] -
                                        reference(pos, 2 * i + 1, d_model, base)));
    }
  }
  CHECK(worst <= 2e-7);
}

TEST_CASE("the table stays exact at the largest positions", "[sinusoidal]") {
  const int positions = 65536;
  const int d_model = 8;
  const auto table = pe::sinusoidal_table(positions, d_model, 10000.0, pe::Layout::Interleaved);
  double worst = 0.0;
  for (int pos = positions - 100; pos < positions; ++pos) {
    for (int dim = 0; dim < d_model; ++dim) {
      worst = std::max(worst, std::fabs(table[static_cast<std::size_t>(pos * d_model + dim)] -
                                        reference(pos, dim, d_model, 10000.0)));
    }
  }
  CHECK(worst <= 2e-7);
}

TEST_CASE("periods grow geometrically from 2 pi to about 60,611 positions", "[sinusoidal][source]") {
  const auto periods = pe::pair_periods(512, 10000.0);
  REQUIRE(periods.size() == 256);
  CHECK_CLOSE(periods[0], 2.0 * M_PI, 1e-12);
  CHECK_CLOSE(periods[255], 60611.477, 1e-3);
  for (std::size_t i = 1; i < periods.size(); ++i) CHECK_CLOSE(periods[i] / periods[i - 1], 1.0366, 1e-4);
  CHECK_CLOSE(periods[1] / periods[0], std::pow(10000.0, 2.0 / 512.0), 1e-12);
}

TEST_CASE("from dimension 130 on the period exceeds 64 positions", "[sinusoidal][source]") {
  const auto periods = pe::pair_periods(512, 10000.0);
  CHECK(periods[64] < 64.0);  // dimensions 128 and 129
  CHECK(periods[65] > 64.0);  // dimensions 130 and 131
}

TEST_CASE("194 and 264 of 512 dimensions change by less than 0.1 and 0.5 over 64 positions", "[sinusoidal][source]") {
  const auto ranges = pe::dimension_ranges(64, 512, 10000.0);
  REQUIRE(ranges.size() == 512);
  int below_01 = 0;
  int below_05 = 0;
  for (const double r : ranges) {
    below_01 += r < 0.1 ? 1 : 0;
    below_05 += r < 0.5 ? 1 : 0;
  }
  CHECK(below_01 == 194);
  CHECK(below_05 == 264);
  CHECK_CLOSE(ranges[0], 2.0, 1e-3);  // dimension 0 sweeps the whole of [-1, 1]
}

TEST_CASE("the dot product depends only on the offset: 256 at 0 and 139.05 at 37", "[sinusoidal][source]") {
  for (const int pos : {0, 100, 300}) {
    const auto dots = pe::dot_by_offset(pos, 64, 512, 10000.0);
    REQUIRE(dots.size() == 65);
    CHECK_CLOSE(dots[0], 256.0, 1e-9);
    CHECK_CLOSE(dots[37], 139.05, 5e-3);
    for (int k = 0; k <= 64; ++k) {
      double closed_form = 0.0;
      for (int i = 0; i < 256; ++i) closed_form += std::cos(k / std::pow(10000.0, 2.0 * i / 512.0));
      CHECK_CLOSE(dots[static_cast<std::size_t>(k)], closed_form, 1e-9);
    }
  }
}

TEST_CASE("the similarity matrix is constant along its diagonals", "[sinusoidal]") {
  const int n = 80;
  const auto dot = pe::similarity_matrix(n, 128, 10000.0, pe::Similarity::Dot);
  const auto cosine = pe::similarity_matrix(n, 128, 10000.0, pe::Similarity::Cosine);
  for (int a = 0; a + 5 < n; ++a) {
    CHECK_CLOSE(dot[static_cast<std::size_t>(a * n + a + 5)], dot[5], 1e-9);
    CHECK_CLOSE(dot[static_cast<std::size_t>((a + 5) * n + a)], dot[5], 1e-9);
  }
  CHECK_CLOSE(dot[0], 64.0, 1e-12);
  CHECK_CLOSE(cosine[0], 1.0, 1e-12);
  CHECK_CLOSE(cosine[7], dot[7] / 64.0, 1e-12);
}

TEST_CASE("a shift by k is a rotation that does not depend on the position", "[sinusoidal]") {
  const auto r = pe::shift_rotation(3, 5.0, 512, 10000.0);
  const double theta = 5.0 / std::pow(10000.0, 6.0 / 512.0);
  CHECK_CLOSE(r[0], std::cos(theta), 1e-15);
  CHECK_CLOSE(r[1], std::sin(theta), 1e-15);
  CHECK_CLOSE(r[2], -std::sin(theta), 1e-15);
  CHECK_CLOSE(r[3], std::cos(theta), 1e-15);
  for (const double pos : {0.0, 17.0, 1000.0, 60000.0}) {
    for (const double k : {1.0, 37.0, -12.0, 500.0}) CHECK(pe::rotation_residual(pos, k, 512, 10000.0) < 1e-6);
  }
}

TEST_CASE("the dot product against offset is the same curve from every start", "[sinusoidal]") {
  CHECK(pe::dot_by_offset_spread({0, 100, 300}, 128, 512, 10000.0) < 1e-9);
  CHECK(pe::dot_by_offset_spread({7}, 128, 512, 10000.0) == 0.0);
  const auto a = pe::dot_by_offset(5, 40, 64, 10000.0);
  const auto b = pe::dot_by_offset(2000, 40, 64, 10000.0);
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, std::abs(a[k] - b[k]));
  CHECK(pe::dot_by_offset_spread({5, 2000}, 40, 64, 10000.0) == worst);
}

TEST_CASE("the layout order places each dimension's pair and function as the table does", "[sinusoidal]") {
  const auto interleaved = pe::layout_order(8, pe::Layout::Interleaved);
  const auto split = pe::layout_order(8, pe::Layout::Split);
  CHECK(interleaved == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(split == std::vector<int>{0, 2, 4, 6, 1, 3, 5, 7});
  const auto row = pe::encode_position(5.0, 8, 10000.0, pe::Layout::Split);
  const auto paper = pe::encode_position(5.0, 8, 10000.0, pe::Layout::Interleaved);
  for (std::size_t d = 0; d < 8; ++d) CHECK(row[d] == paper[static_cast<std::size_t>(split[d])]);
}

TEST_CASE("R(k) turns the pair at pos onto the pair at pos + k", "[sinusoidal]") {
  for (const double pos : {0.0, 10.0, 1365.0}) {
    const auto turned = pe::rotate_pair(16, pos, 3.0, 512, 10000.0);
    const double at = (pos + 3.0) / std::pow(10000.0, 32.0 / 512.0);
    CHECK_CLOSE(turned[0], std::sin(at), 1e-12);
    CHECK_CLOSE(turned[1], std::cos(at), 1e-12);
  }
}

TEST_CASE("chosen columns are the formula in double precision, in both layouts and in the order asked",
          "[sinusoidal]") {
  const int P = 300;
  const int D = 64;
  const std::vector<int> dims = {0, 1, 63, 31, 32, 0};
  for (const auto layout : {pe::Layout::Interleaved, pe::Layout::Split}) {
    const auto columns = pe::sinusoidal_columns(P, D, 10000.0, layout, dims);
    REQUIRE(columns.size() == dims.size() * P);
    for (std::size_t c = 0; c < dims.size(); ++c) {
      for (const int p : {0, 1, 37, 299}) {
        const double expected = pe::encode_position(p, D, 10000.0, layout)[static_cast<std::size_t>(dims[c])];
        CHECK(columns[c * P + static_cast<std::size_t>(p)] == expected);
      }
    }
  }
  // Dimension 1 is cos(pos) in the interleaved layout; in the split layout it is the sine of pair 1.
  const auto one = pe::sinusoidal_columns(3, 8, 10000.0, pe::Layout::Interleaved, {1});
  CHECK_CLOSE(one[2], std::cos(2.0), 1e-15);
  const auto split = pe::sinusoidal_columns(3, 8, 10000.0, pe::Layout::Split, {1});
  CHECK_CLOSE(split[2], std::sin(2.0 / std::pow(10000.0, 2.0 / 8.0)), 1e-15);
}

namespace {

// PE(a) . PE(b) summed literally over the reference formula's dModel values.
double literal_dot(int a, int b, int d_model, double base) {
  double sum = 0.0;
  for (int dim = 0; dim < d_model; ++dim) sum += reference(a, dim, d_model, base) * reference(b, dim, d_model, base);
  return sum;
}

// The closed form sum_i cos(w_i k), an independent check on the direct sum the engine computes.
double closed_form_dot(int k, int d_model, double base) {
  double sum = 0.0;
  for (int i = 0; i < d_model / 2; ++i) sum += std::cos(k / std::pow(base, 2.0 * i / d_model));
  return sum;
}

}  // namespace

TEST_CASE("dot_by_offset matches the closed form to 1e-9 for k up to 2048 from any start", "[sinusoidal][source]") {
  for (const int pos : {0, 100, 300, 2000}) {
    const auto dots = pe::dot_by_offset(pos, 2048, 512, 10000.0);
    REQUIRE(dots.size() == 2049);
    // The source's numbers: every pair adds cos 0 = 1 at k = 0, and 139.05 at k = 37 (Figure 5).
    CHECK_CLOSE(dots[0], 256.0, 1e-12);
    CHECK_CLOSE(dots[37], 139.05, 5e-3);
    double worst = 0.0;
    for (int k = 0; k <= 2048; ++k) {
      worst = std::max(worst, std::abs(dots[static_cast<std::size_t>(k)] - closed_form_dot(k, 512, 10000.0)));
    }
    CHECK(worst < 1e-9);
  }
}

TEST_CASE("dot_by_offset stays with the literal dot product of two encodings past many re-anchorings", "[sinusoidal]") {
  // Odd and tiny pair counts (3 and 1 pairs), other bases, starts far out and offsets past several anchors.
  for (const int d_model : {2, 6, 64, 512}) {
    for (const double base : {10000.0, 37.0}) {
      for (const int pos : {0, 1, 63, 4000}) {
        const auto dots = pe::dot_by_offset(pos, 700, d_model, base);
        for (const int k : {0, 1, 63, 64, 65, 255, 256, 257, 511, 600, 700}) {
          CHECK_CLOSE(dots[static_cast<std::size_t>(k)], literal_dot(pos, pos + k, d_model, base), 1e-11);
        }
      }
    }
  }
  CHECK(pe::dot_by_offset(5, 0, 8, 10000.0).size() == 1);
}

TEST_CASE("the similarity matrix is the literal dot product of every pair, of any size and width", "[sinusoidal]") {
  // 131 positions: odd (its last row stands alone in a tile) and more than one column block at dModel 512.
  for (const int d_model : {2, 6, 512}) {
    const int n = 131;
    const auto dot = pe::similarity_matrix(n, d_model, 10000.0, pe::Similarity::Dot);
    const auto cosine = pe::similarity_matrix(n, d_model, 10000.0, pe::Similarity::Cosine);
    REQUIRE(dot.size() == static_cast<std::size_t>(n * n));
    double worst = 0.0;
    double worst_cosine = 0.0;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        const auto at = static_cast<std::size_t>(a * n + b);
        const double expected = literal_dot(a, b, d_model, 10000.0);
        worst = std::max(worst, std::abs(dot[at] - expected));
        worst_cosine = std::max(worst_cosine, std::abs(cosine[at] - expected / (d_model / 2)));
        CHECK(dot[at] == dot[static_cast<std::size_t>(b * n + a)]);
      }
    }
    CHECK(worst < 1e-11);
    CHECK(worst_cosine < 1e-12);
  }
  const auto one = pe::similarity_matrix(1, 4, 10000.0, pe::Similarity::Cosine);
  REQUIRE(one.size() == 1);
  CHECK_CLOSE(one[0], 1.0, 1e-15);
}
