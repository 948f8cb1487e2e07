#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "approx.hpp"
#include "pe/rng.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/table_stats.hpp"

namespace {

constexpr double kPi = 3.14159265358979323846;

double dbl(std::size_t i) {
  return static_cast<double>(i);
}

std::vector<float> random_table(std::size_t rows, std::size_t cols, std::uint64_t seed, double spread = 1.0) {
  pe::Rng rng(seed);
  std::vector<float> values(rows * cols);
  for (std::size_t i = 0; i < values.size(); ++i) {
    // Columns of decreasing scale, so that the covariance has a spectrum with gaps.
    const double scale = std::pow(spread, -static_cast<double>(i % cols));
    values[i] = static_cast<float>(0.3 + scale * rng.normal());
  }
  return values;
}

// Independent references, all in double by plain loops.
double cosine(const std::vector<float>& v, std::size_t d, std::size_t a, std::size_t b) {
  double dot = 0.0;
  double na = 0.0;
  double nb = 0.0;
  for (std::size_t j = 0; j < d; ++j) {
    dot += double{v[a * d + j]} * v[b * d + j];
    na += double{v[a * d + j]} * v[a * d + j];
    nb += double{v[b * d + j]} * v[b * d + j];
  }
  return dot / std::sqrt(na * nb);
}

std::vector<double> centred(const std::vector<float>& v, std::size_t n, std::size_t d) {
  std::vector<double> out(n * d);
  for (std::size_t j = 0; j < d; ++j) {
    double mean = 0.0;
    for (std::size_t a = 0; a < n; ++a) mean += v[a * d + j];
    mean /= static_cast<double>(n);
    for (std::size_t a = 0; a < n; ++a) out[a * d + j] = v[a * d + j] - mean;
  }
  return out;
}

// Every eigenpair of the covariance by classical Jacobi (largest off-diagonal first, atan2 angles):
// eigenvalues descending, eigenvectors as rows.
void reference_eigen(const std::vector<double>& x, std::size_t n, std::size_t d, std::vector<double>& values,
                     std::vector<double>& vectors) {
  std::vector<double> c(d * d, 0.0);
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j)
      for (std::size_t a = 0; a < n; ++a)
        c[i * d + j] += x[a * d + i] * x[a * d + j] / static_cast<double>(n);
  std::vector<double> v(d * d, 0.0);
  for (std::size_t i = 0; i < d; ++i) v[i * d + i] = 1.0;
  for (int step = 0; step < 100000; ++step) {
    std::size_t p = 0;
    std::size_t q = 1;
    for (std::size_t i = 0; i < d; ++i)
      for (std::size_t j = i + 1; j < d; ++j)
        if (std::fabs(c[i * d + j]) > std::fabs(c[p * d + q])) p = i, q = j;
    if (std::fabs(c[p * d + q]) < 1e-300) break;
    const double angle = 0.5 * std::atan2(2.0 * c[p * d + q], c[q * d + q] - c[p * d + p]);
    const double cs = std::cos(angle);
    const double sn = std::sin(angle);
    for (std::size_t r = 0; r < d; ++r) {
      const double a = c[r * d + p];
      const double b = c[r * d + q];
      c[r * d + p] = cs * a - sn * b;
      c[r * d + q] = sn * a + cs * b;
    }
    for (std::size_t r = 0; r < d; ++r) {
      const double a = c[p * d + r];
      const double b = c[q * d + r];
      c[p * d + r] = cs * a - sn * b;
      c[q * d + r] = sn * a + cs * b;
      const double e = v[r * d + p];
      const double f = v[r * d + q];
      v[r * d + p] = cs * e - sn * f;
      v[r * d + q] = sn * e + cs * f;
    }
  }
  std::vector<std::size_t> order(d);
  for (std::size_t i = 0; i < d; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return c[a * d + a] > c[b * d + b]; });
  values.resize(d);
  vectors.resize(d * d);
  for (std::size_t i = 0; i < d; ++i) {
    values[i] = c[order[i] * d + order[i]];
    for (std::size_t r = 0; r < d; ++r) vectors[i * d + r] = v[r * d + order[i]];
  }
}

}  // namespace

TEST_CASE("table cosine: every pair against double, exact diagonal and symmetry, mean by offset",
          "[table_stats]") {
  for (const std::size_t n : std::array<std::size_t, 4>{1, 3, 37, 130}) {
    for (const std::size_t d : std::array<std::size_t, 3>{1, 7, 64}) {
      const auto v = random_table(n, d, 100 * n + d);
      const auto got = pe::table_cosine({v, n, d});
      REQUIRE(got.matrix.size() == n * n);
      REQUIRE(got.by_offset.size() == n);
      for (std::size_t a = 0; a < n; ++a) {
        CHECK(got.matrix[a * n + a] == 1.0F);
        for (std::size_t b = 0; b < n; ++b) {
          CHECK_CLOSE(got.matrix[a * n + b], cosine(v, d, a, b), 2e-6);
          CHECK(got.matrix[a * n + b] == got.matrix[b * n + a]);
        }
      }
      for (std::size_t k = 0; k < n; ++k) {
        double mean = 0.0;
        for (std::size_t a = 0; a + k < n; ++a) mean += cosine(v, d, a, a + k);
        CHECK_CLOSE(got.by_offset[k], mean / static_cast<double>(n - k), 2e-6);
      }
    }
  }
}

TEST_CASE("table cosine: a product does not depend on the rows around it; a zero row has cosine 0",
          "[table_stats]") {
  auto v = random_table(37, 9, 5);
  const auto all = pe::table_cosine({v, 37, 9});
  const auto first = pe::table_cosine({v.data(), 5, 9});
  for (std::size_t a = 0; a < 5; ++a)
    for (std::size_t b = 0; b < 5; ++b) CHECK(first.matrix[a * 5 + b] == all.matrix[a * 37 + b]);
  std::fill(v.begin() + 9, v.begin() + 18, 0.0F);
  const auto zero = pe::table_cosine({v, 37, 9});
  for (std::size_t b = 0; b < 37; ++b) CHECK(zero.matrix[37 + b] == 0.0F);
  // Values at the edge of float32's range: the scaled rows keep the sums finite.
  std::vector<float> huge(4 * 3, 3.0e38F);
  huge[1] = -3.0e38F;
  const auto big = pe::table_cosine({huge, 4, 3});
  CHECK(big.matrix[0] == 1.0F);
  CHECK_CLOSE(big.matrix[1], 1.0 / 3.0, 1e-6);
}

TEST_CASE("table cosine of the sinusoidal table by offset is the closed form sum cos(w k) / (d / 2)",
          "[table_stats]") {
  const int n = 200;
  const int d = 64;
  const auto table = pe::sinusoidal_table(n, d, 10000.0, pe::Layout::Interleaved);
  const auto got = pe::table_cosine({table, n, d});
  const auto curve = pe::sinusoidal_cosine_by_offset(n, d, 10000.0);
  REQUIRE(curve.size() == std::size_t{n});
  for (int k = 0; k < n; ++k) {
    double closed = 0.0;
    for (int i = 0; i < d / 2; ++i) closed += std::cos(k * std::pow(10000.0, -2.0 * i / d));
    closed /= d / 2.0;
    CHECK_CLOSE(curve[std::size_t(k)], closed, 1e-12);
    CHECK_CLOSE(got.by_offset[std::size_t(k)], closed, 1e-5);
  }
}

TEST_CASE("table stats: norms, means, variances and shares against double", "[table_stats]") {
  const std::size_t n = 50;
  const std::size_t d = 13;
  const auto v = random_table(n, d, 3, 1.3);
  const auto got = pe::table_stats({v, n, d});
  const auto x = centred(v, n, d);
  double total = 0.0;
  std::vector<double> variance(d, 0.0);
  for (std::size_t j = 0; j < d; ++j) {
    for (std::size_t a = 0; a < n; ++a) variance[j] += x[a * d + j] * x[a * d + j] / n;
    total += variance[j];
  }
  for (std::size_t a = 0; a < n; ++a) {
    double s = 0.0;
    for (std::size_t j = 0; j < d; ++j) s += double{v[a * d + j]} * v[a * d + j];
    CHECK(pe::test::close(got.norms[a], std::sqrt(s), 0.0, 1e-13));
  }
  for (std::size_t j = 0; j < d; ++j) {
    CHECK(pe::test::close(got.variance[j], variance[j], 0.0, 1e-12));
    CHECK(pe::test::close(got.share[j], variance[j] / total, 0.0, 1e-12));
  }
  for (std::size_t j = 0; j + 1 < d; ++j) {
    CHECK(got.variance[std::size_t(got.order[j])] >= got.variance[std::size_t(got.order[j + 1])]);
    CHECK(got.cumulative[j] <= got.cumulative[j + 1]);
  }
  CHECK(got.order[0] == 0);  // the columns shrink by 1.3 each
  CHECK_CLOSE(got.cumulative[d - 1], 1.0, 1e-12);
  const std::vector<float> flat(6, 2.5F);
  const auto constant = pe::table_stats({flat, 3, 2});
  CHECK(constant.share == std::vector<double>{0.0, 0.0});
  CHECK(constant.order == std::vector<int>{0, 1});
}

TEST_CASE("principal components against a full double eigendecomposition", "[table_stats]") {
  const std::size_t n = 60;
  const std::size_t d = 12;
  const int k = 5;
  const auto v = random_table(n, d, 11, 1.5);
  const auto got = pe::table_components({v, n, d}, k);
  const auto x = centred(v, n, d);
  std::vector<double> values;
  std::vector<double> vectors;
  reference_eigen(x, n, d, values, vectors);
  double total = 0.0;
  for (const double value : values) total += value;
  REQUIRE(got.explained.size() == std::size_t{k});
  REQUIRE(got.coordinates.size() == n * k);
  for (std::size_t i = 0; i < std::size_t{k}; ++i) {
    CHECK_CLOSE(got.explained[i], values[i] / total, 1e-6);
    CHECK(pe::test::close(got.variance[i], values[i], 0.0, 1e-5));
    double dot = 0.0;
    std::size_t largest = 0;
    for (std::size_t c = 0; c < d; ++c) {
      dot += got.loadings[i * d + c] * vectors[i * d + c];
      if (std::fabs(got.loadings[i * d + c]) > std::fabs(got.loadings[i * d + largest])) largest = c;
    }
    CHECK(std::fabs(dot) > 1.0 - 1e-6);
    CHECK(got.loadings[i * d + largest] > 0.0);
    for (std::size_t a = 0; a < n; ++a) {
      double coordinate = 0.0;
      for (std::size_t c = 0; c < d; ++c) coordinate += x[a * d + c] * got.loadings[i * d + c];
      CHECK_CLOSE(got.coordinates[a * k + i], coordinate, 1e-9);
    }
  }
  CHECK(got.iterations >= 2);
  // Deterministic: the same call gives the same bits.
  const auto again = pe::table_components({v, n, d}, k);
  CHECK(again.loadings == got.loadings);
  CHECK(again.coordinates == got.coordinates);
}

TEST_CASE("a rank-2 table has exactly two components that explain its variance", "[table_stats]") {
  const std::size_t n = 100;
  const std::size_t d = 40;
  std::vector<float> v(n * d);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t c = 0; c < d; ++c) {
      const double t = dbl(a) / dbl(n);
      v[a * d + c] = static_cast<float>(1.0 + 3.0 * std::sin(2 * kPi * t) * std::cos(0.3 * dbl(c)) +
                                        std::cos(2 * kPi * t) * std::sin(0.7 * dbl(c) + 1.0));
    }
  }
  const auto got = pe::table_components({v, n, d}, 6);
  CHECK_CLOSE(got.explained[0] + got.explained[1], 1.0, 1e-5);
  CHECK(got.explained[1] > 0.01);
  for (std::size_t i = 2; i < 6; ++i) CHECK(got.explained[i] < 1e-5);
}

TEST_CASE("column periods: whole cycles give their period exactly; sinusoidal columns the nearest bin",
          "[table_stats]") {
  const std::size_t n = 120;
  const std::array<int, 5> cycles{1, 3, 10, 59, 60};
  const std::size_t d = cycles.size() + 1;
  std::vector<float> v(n * d);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t c = 0; c < cycles.size(); ++c)
      v[a * d + c] = static_cast<float>(0.5 + std::cos(2 * kPi * cycles[c] * dbl(a) / dbl(n) + 0.4 * dbl(c)));
    v[a * d + cycles.size()] = 2.0F;  // constant
  }
  const auto got = pe::column_periods({v, n, d});
  for (std::size_t c = 0; c < cycles.size(); ++c) {
    CHECK(got.bin[c] == cycles[c]);
    CHECK(got.period[c] == static_cast<double>(n) / cycles[c]);
    CHECK_CLOSE(got.share[c], 1.0, 1e-5);
  }
  CHECK(got.bin[cycles.size()] == 0);
  CHECK(got.period[cycles.size()] == 0.0);
  CHECK(got.share[cycles.size()] == 0.0);

  const int positions = 256;
  const int d_model = 32;
  const auto table = pe::sinusoidal_table(positions, d_model, 10000.0, pe::Layout::Interleaved);
  const auto periods = pe::column_periods({table, positions, d_model});
  const auto truth = pe::pair_periods(d_model, 10000.0);
  for (int dim = 0; dim < d_model; ++dim) {
    const double period = truth[std::size_t(dim / 2)];
    if (period > positions / 2.0) continue;  // less than two cycles: no bin stands for it
    CHECK(std::fabs(periods.bin[std::size_t(dim)] - positions / period) <= 1.0);
  }
}

TEST_CASE("column periods: the peak and its share against a double DFT", "[table_stats]") {
  // 45 and 300 take the block DFT; the powers of two, the FFT (2: a single bin; 1024: GPT-2's table).
  const std::size_t n = GENERATE(std::size_t{45}, std::size_t{300}, std::size_t{2}, std::size_t{4},
                                 std::size_t{64}, std::size_t{1024});
  const std::size_t d = 7;
  const auto v = random_table(n, d, 21);
  const auto got = pe::column_periods({v, n, d});
  const auto x = centred(v, n, d);
  for (std::size_t c = 0; c < d; ++c) {
    double power = 0.0;
    for (std::size_t a = 0; a < n; ++a) power += x[a * d + c] * x[a * d + c];
    std::vector<double> bins(n / 2 + 1, 0.0);
    for (std::size_t f = 1; f <= n / 2; ++f) {
      double re = 0.0;
      double im = 0.0;
      for (std::size_t a = 0; a < n; ++a) {
        re += x[a * d + c] * std::cos(2 * kPi * dbl(f * a) / dbl(n));
        im += x[a * d + c] * std::sin(2 * kPi * dbl(f * a) / dbl(n));
      }
      bins[f] = (2 * f == n ? 1.0 : 2.0) * (re * re + im * im) / (dbl(n) * power);
    }
    const double best = *std::max_element(bins.begin(), bins.end());
    INFO("n = " << n << ", column " << c);
    REQUIRE(got.bin[c] >= 1);
    CHECK_CLOSE(bins[std::size_t(got.bin[c])], best, 1e-5);
    CHECK_CLOSE(got.share[c], best, 1e-5);
    CHECK(got.period[c] == static_cast<double>(n) / got.bin[c]);
  }
}
