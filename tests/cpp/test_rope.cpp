#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <random>
#include <utility>
#include <vector>

#include "approx.hpp"
#include "pe/rope.hpp"

namespace {

using pe::RopeConvention;

// Independent reference: the rotation written out pair by pair in double precision.
std::vector<double> reference_rotate(const std::vector<double>& x, double pos, int d, double base,
                                     RopeConvention convention) {
  std::vector<double> out = x;
  for (int i = 0; i < d / 2; ++i) {
    const double angle = pos / std::pow(base, 2.0 * i / d);
    const int a = convention == RopeConvention::Interleaved ? 2 * i : i;
    const int b = convention == RopeConvention::Interleaved ? 2 * i + 1 : i + d / 2;
    const double xa = x[static_cast<std::size_t>(a)];
    const double xb = x[static_cast<std::size_t>(b)];
    out[static_cast<std::size_t>(a)] = xa * std::cos(angle) - xb * std::sin(angle);
    out[static_cast<std::size_t>(b)] = xa * std::sin(angle) + xb * std::cos(angle);
  }
  return out;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}

// q^T R(delta) k summed over pairs, the closed form of rotate(q, m) . rotate(k, n) with delta = n - m.
double closed_form_score(const std::vector<double>& q, const std::vector<double>& k, double delta, int d,
                         double base, RopeConvention convention) {
  double s = 0.0;
  for (int i = 0; i < d / 2; ++i) {
    const double angle = delta / std::pow(base, 2.0 * i / d);
    const auto a = static_cast<std::size_t>(convention == RopeConvention::Interleaved ? 2 * i : i);
    const auto b =
        static_cast<std::size_t>(convention == RopeConvention::Interleaved ? 2 * i + 1 : i + d / 2);
    s += (q[a] * k[a] + q[b] * k[b]) * std::cos(angle) + (q[b] * k[a] - q[a] * k[b]) * std::sin(angle);
  }
  return s;
}

// The largest |score(m, n) - closed_form_score(q, k, n - m)| over every query position m and key position n
// below `positions`, base 10000.
template <typename Score>
double worst_against_closed_form(const Score& score, const std::vector<double>& q,
                                 const std::vector<double>& k, int positions, int d,
                                 RopeConvention convention) {
  double worst = 0.0;
  for (int m = 0; m < positions; ++m) {
    for (int n = 0; n < positions; ++n) {
      worst =
          std::max(worst, std::fabs(score(m, n) - closed_form_score(q, k, n - m, d, 10000.0, convention)));
    }
  }
  return worst;
}

std::vector<double> random_vector(std::mt19937& rng, int n) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<double> v(static_cast<std::size_t>(n));
  for (auto& x : v) x = normal(rng);
  return v;
}

// A query and a key of width d, drawn in that order from N(0, 1) by a generator seeded with `seed`.
std::pair<std::vector<double>, std::vector<double>> query_and_key(std::mt19937::result_type seed, int d) {
  std::mt19937 rng(seed);
  auto q = random_vector(rng, d);
  auto k = random_vector(rng, d);
  return {q, k};
}

std::vector<float> to_float(const std::vector<double>& v) {
  return {v.begin(), v.end()};
}

std::vector<double> row_of(const std::vector<float>& table, int row, int d) {
  const auto begin = table.begin() + static_cast<std::ptrdiff_t>(row) * d;
  return {begin, begin + d};
}

}  // namespace

TEST_CASE("RoPE rotation matches the pairwise rotation formula in both conventions", "[rope]") {
  std::mt19937 rng(7);
  const int d = 64;
  const int rows = 40;
  for (const auto convention : {RopeConvention::Interleaved, RopeConvention::Half}) {
    for (const double base : {10000.0, 500000.0}) {
      const auto x = random_vector(rng, rows * d);
      const auto rotated = pe::rope_rotate({to_float(x), rows, d}, 13.0, base, convention, 1.0);
      std::vector<double> xd = x;
      pe::rope_rotate_inplace<double>({xd, rows, d}, 13.0, base, convention, 1.0);
      for (int r = 0; r < rows; ++r) {
        const std::vector<double> in(x.begin() + r * d, x.begin() + (r + 1) * d);
        const auto expected = reference_rotate(in, 13.0 + r, d, base, convention);
        CHECK(pe::test::max_abs_diff(row_of(rotated, r, d), expected) < 2e-6);
        const std::vector<double> got(xd.begin() + r * d, xd.begin() + (r + 1) * d);
        CHECK(pe::test::max_abs_diff(got, expected) < 1e-12);
      }
    }
  }
}

TEST_CASE("RoPE scores depend only on n - m", "[rope]") {
  std::mt19937 rng(2021);
  const int d = 64;
  const int positions = 64;
  for (const auto convention : {RopeConvention::Interleaved, RopeConvention::Half}) {
    for (int trial = 0; trial < 5; ++trial) {
      const auto q = random_vector(rng, d);
      const auto k = random_vector(rng, d);
      const auto scores = pe::rope_scores(q, k, positions, d, 10000.0, convention);
      REQUIRE(scores.size() == static_cast<std::size_t>(positions * positions));
      const auto score = [&](int m, int n) { return scores[static_cast<std::size_t>(m * positions + n)]; };
      CHECK(worst_against_closed_form(score, q, k, positions, d, convention) < 1e-9);
    }
  }
}

TEST_CASE("RoPE scores depend only on n - m in float32 too", "[rope]") {
  const int d = 64;
  const int positions = 64;
  const auto [q, k] = query_and_key(5, d);
  std::vector<double> q_rows;
  std::vector<double> k_rows;
  for (int p = 0; p < positions; ++p) {
    q_rows.insert(q_rows.end(), q.begin(), q.end());
    k_rows.insert(k_rows.end(), k.begin(), k.end());
  }
  const auto qr = pe::rope_rotate({to_float(q_rows), positions, d}, 0.0, 10000.0, RopeConvention::Half, 1.0);
  const auto kr = pe::rope_rotate({to_float(k_rows), positions, d}, 0.0, 10000.0, RopeConvention::Half, 1.0);
  const auto score = [&](int m, int n) { return dot(row_of(qr, m, d), row_of(kr, n, d)); };
  CHECK(worst_against_closed_form(score, q, k, positions, d, RopeConvention::Half) < 1e-4);
}

TEST_CASE("RoPE scores stop depending only on n - m when only queries are rotated", "[rope]") {
  const int d = 64;
  const int positions = 64;
  const auto [q, k] = query_and_key(11, d);
  pe::RopeScoreOptions options;
  options.queries_only = true;
  const auto scores = pe::rope_scores(q, k, positions, d, 10000.0, RopeConvention::Interleaved, options);
  double worst = 0.0;
  for (int m = 0; m + 1 < positions; ++m) {
    for (int n = 0; n + 1 < positions; ++n) {
      const double here = scores[static_cast<std::size_t>(m * positions + n)];
      const double shifted = scores[static_cast<std::size_t>((m + 1) * positions + n + 1)];
      worst = std::max(worst, std::fabs(here - shifted));
      // With k left alone the score is rotate(q, m) . k, whatever n is.
      CHECK_CLOSE(here, dot(reference_rotate(q, m, d, 10000.0, RopeConvention::Interleaved), k), 1e-9);
    }
  }
  CHECK(worst > 1e-3);
}

TEST_CASE("the two conventions agree up to a fixed permutation", "[rope]") {
  const auto to_half = pe::rope_permutation(8, RopeConvention::Interleaved, RopeConvention::Half);
  CHECK(to_half == std::vector<int>{0, 2, 4, 6, 1, 3, 5, 7});
  const auto to_interleaved = pe::rope_permutation(8, RopeConvention::Half, RopeConvention::Interleaved);
  CHECK(to_interleaved == std::vector<int>{0, 4, 1, 5, 2, 6, 3, 7});
  CHECK(pe::rope_permutation(8, RopeConvention::Half, RopeConvention::Half) ==
        std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});

  std::mt19937 rng(3);
  const int d = 128;
  const int rows = 50;
  for (const auto from : {RopeConvention::Interleaved, RopeConvention::Half}) {
    const auto to = from == RopeConvention::Interleaved ? RopeConvention::Half : RopeConvention::Interleaved;
    const auto p = pe::rope_permutation(d, from, to);
    const auto x = random_vector(rng, rows * d);
    std::vector<double> permuted(x.size());
    for (int r = 0; r < rows; ++r) {
      for (int j = 0; j < d; ++j) {
        permuted[static_cast<std::size_t>(r * d + j)] =
            x[static_cast<std::size_t>(r * d + p[static_cast<std::size_t>(j)])];
      }
    }
    const auto rotated_then_permuted_source =
        pe::rope_rotate({to_float(x), rows, d}, 100.0, 10000.0, from, 1.0);
    const auto permuted_then_rotated =
        pe::rope_rotate({to_float(permuted), rows, d}, 100.0, 10000.0, to, 1.0);
    double worst = 0.0;
    for (int r = 0; r < rows; ++r) {
      for (int j = 0; j < d; ++j) {
        const double a = permuted_then_rotated[static_cast<std::size_t>(r * d + j)];
        const double b =
            rotated_then_permuted_source[static_cast<std::size_t>(r * d + p[static_cast<std::size_t>(j)])];
        worst = std::max(worst, std::fabs(a - b));
      }
    }
    CHECK(worst < 1e-6);
  }
}

TEST_CASE("rotation preserves the norm of every row", "[rope]") {
  std::mt19937 rng(17);
  const int d = 256;
  const int rows = 30;
  const auto x = random_vector(rng, rows * d);
  std::vector<double> y = x;
  pe::rope_rotate_inplace<double>({y, rows, d}, 5000.0, 10000.0, RopeConvention::Half, 1.0);
  for (int r = 0; r < rows; ++r) {
    const std::vector<double> a(x.begin() + r * d, x.begin() + (r + 1) * d);
    const std::vector<double> b(y.begin() + r * d, y.begin() + (r + 1) * d);
    CHECK_CLOSE(std::sqrt(dot(b, b)), std::sqrt(dot(a, a)), 1e-12 * std::sqrt(dot(a, a)));
  }
}

TEST_CASE("scale 2 at position 2p equals scale 1 at position p", "[rope]") {
  std::mt19937 rng(23);
  const int d = 64;
  const int rows = 1;
  const auto x = random_vector(rng, d);
  for (const double p : {0.0, 1.0, 7.0, 1000.0, 31337.0}) {
    std::vector<double> scaled = x;
    std::vector<double> plain = x;
    pe::rope_rotate_inplace<double>({scaled, rows, d}, 2.0 * p, 10000.0, RopeConvention::Interleaved, 2.0);
    pe::rope_rotate_inplace<double>({plain, rows, d}, p, 10000.0, RopeConvention::Interleaved, 1.0);
    CHECK(pe::test::max_abs_diff(scaled, plain) < 1e-12);
  }
  // Consecutive rows under scale 2 advance by half a position each.
  std::vector<double> two_rows(x);
  two_rows.insert(two_rows.end(), x.begin(), x.end());
  pe::rope_rotate_inplace<double>({two_rows, 2, d}, 10.0, 10000.0, RopeConvention::Interleaved, 2.0);
  const std::vector<double> second(two_rows.begin() + d, two_rows.end());
  CHECK(pe::test::max_abs_diff(second, reference_rotate(x, 5.5, d, 10000.0, RopeConvention::Interleaved)) <
        1e-12);
}

TEST_CASE("the NTK-aware base is base * factor^(d/(d-2))", "[rope]") {
  CHECK_CLOSE(pe::ntk_scaled_base(10000.0, 128, 4.0), 10000.0 * std::pow(4.0, 128.0 / 126.0), 1e-9);
  CHECK_CLOSE(pe::ntk_scaled_base(10000.0, 2 * 64, 8.0), 10000.0 * std::pow(8.0, 64.0 / 63.0), 1e-9);
  CHECK(pe::ntk_scaled_base(10000.0, 128, 1.0) == 10000.0);
  // It divides the slowest pair's frequency by exactly the factor and leaves the fastest alone.
  const int d = 128;
  const double scaled = pe::ntk_scaled_base(10000.0, d, 4.0);
  const double last = 2.0 * (d / 2 - 1) / d;
  CHECK_CLOSE(std::pow(10000.0, -last) / std::pow(scaled, -last), 4.0, 1e-12);
}

TEST_CASE("the score by offset is every diagonal of the score matrix", "[rope]") {
  const int d = 32;
  const auto [q, k] = query_and_key(29, d);
  const auto by_offset = pe::rope_score_by_offset(q, k, 40, d, 10000.0, RopeConvention::Half);
  REQUIRE(by_offset.size() == 41);
  const auto scores = pe::rope_scores(q, k, 41, d, 10000.0, RopeConvention::Half);
  for (int o = 0; o <= 40; ++o) {
    CHECK_CLOSE(by_offset[static_cast<std::size_t>(o)],
                closed_form_score(q, k, o, d, 10000.0, RopeConvention::Half), 1e-9);
    for (int m = 0; m + o <= 40; ++m) {
      CHECK_CLOSE(scores[static_cast<std::size_t>(m * 41 + m + o)], by_offset[static_cast<std::size_t>(o)],
                  1e-9);
    }
  }
  CHECK_CLOSE(by_offset[0], dot(q, k), 1e-12);
}
