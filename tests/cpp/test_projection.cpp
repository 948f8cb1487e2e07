// The bridge to RoPE: projected similarity against a plain double-precision reference written out here (its
// own matrix products and its own rotation with cos and sin), and the spread along the diagonals.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <vector>

#include "approx.hpp"
#include "pe/projection.hpp"
#include "pe/sinusoidal.hpp"

namespace {

constexpr int kPositions = 48;
constexpr int kDModel = 32;
constexpr int kHeadDim = 16;
constexpr double kBase = 10000.0;
constexpr std::uint64_t kSeed = 1;

using Vec = std::vector<double>;

// x (d_model) times W (d_model x head_dim).
Vec project(const Vec& x, const Vec& w, int head_dim) {
  Vec y(static_cast<std::size_t>(head_dim), 0.0);
  for (std::size_t j = 0; j < x.size(); ++j)
    for (std::size_t c = 0; c < y.size(); ++c) y[c] += x[j] * w[j * y.size() + c];
  return y;
}

// The paper's sinusoid, written out: sin at 2i, cos at 2i+1.
Vec sinusoid(int pos, int d) {
  Vec p(static_cast<std::size_t>(d));
  for (int i = 0; i < d / 2; ++i) {
    const double angle = pos * std::pow(kBase, -2.0 * i / d);
    p[static_cast<std::size_t>(2 * i)] = std::sin(angle);
    p[static_cast<std::size_t>(2 * i + 1)] = std::cos(angle);
  }
  return p;
}

// The 2x2 rotation R(m theta_i) applied to every interleaved pair.
Vec rotate(Vec x, int m) {
  const int d = static_cast<int>(x.size());
  for (int i = 0; i < d / 2; ++i) {
    const double a = m * std::pow(kBase, -2.0 * i / d);
    const auto at = static_cast<std::size_t>(2 * i);
    const double x0 = x[at];
    const double x1 = x[at + 1];
    x[at] = std::cos(a) * x0 - std::sin(a) * x1;
    x[at + 1] = std::sin(a) * x0 + std::cos(a) * x1;
  }
  return x;
}

double dot(const Vec& a, const Vec& b) {
  double s = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) s += a[j] * b[j];
  return s;
}

double largest(const Vec& v) {
  double m = 0.0;
  for (const double x : v) m = std::fmax(m, std::fabs(x));
  return m;
}

}  // namespace

TEST_CASE("projected similarity is (W_q p_a).(W_k p_b) and the RoPE mode rotates after projecting",
          "[projection]") {
  const auto wq = pe::projection_weights("wq", kDModel, kHeadDim, kSeed);
  const auto wk = pe::projection_weights("wk", kDModel, kHeadDim, kSeed);
  const auto token = pe::projection_token(kDModel, kSeed);
  REQUIRE(wq.size() == kDModel * kHeadDim);
  CHECK(wq != wk);
  const auto projected = pe::projected_similarity(kPositions, kDModel, kHeadDim, kBase,
                                                  pe::Projection::Projected, pe::Similarity::Dot, kSeed);
  const auto rope = pe::projected_similarity(kPositions, kDModel, kHeadDim, kBase, pe::Projection::Rope,
                                             pe::Similarity::Dot, kSeed);
  const auto cosine = pe::projected_similarity(kPositions, kDModel, kHeadDim, kBase,
                                               pe::Projection::Projected, pe::Similarity::Cosine, kSeed);
  for (int a = 0; a < kPositions; ++a) {
    for (int b = 0; b < kPositions; ++b) {
      const auto at = static_cast<std::size_t>(a * kPositions + b);
      const Vec q = project(sinusoid(a, kDModel), wq, kHeadDim);
      const Vec k = project(sinusoid(b, kDModel), wk, kHeadDim);
      CHECK_CLOSE(projected[at], dot(q, k), 1e-12);
      CHECK_CLOSE(cosine[at], dot(q, k) / std::sqrt(dot(q, q) * dot(k, k)), 1e-12);
      const Vec rq = rotate(project(token, wq, kHeadDim), a);
      const Vec rk = rotate(project(token, wk, kHeadDim), b);
      CHECK_CLOSE(rope[at], dot(rq, rk), 1e-11);
    }
  }
}

TEST_CASE("the diagonals of the raw encodings are constant, break after projection, and RoPE restores them",
          "[projection]") {
  const auto n = static_cast<std::size_t>(kPositions);
  const auto raw = pe::similarity_matrix(kPositions, kDModel, kBase, pe::Similarity::Dot);
  const auto projected = pe::projected_similarity(kPositions, kDModel, kHeadDim, kBase,
                                                  pe::Projection::Projected, pe::Similarity::Dot, kSeed);
  const auto rope = pe::projected_similarity(kPositions, kDModel, kHeadDim, kBase, pe::Projection::Rope,
                                             pe::Similarity::Dot, kSeed);
  const auto spread = [&](const std::vector<double>& m) { return pe::diagonal_spread({m, n, n}); };
  const auto range = [](const std::vector<double>& m) {
    double lo = m[0];
    double hi = m[0];
    for (const double v : m) {
      lo = std::fmin(lo, v);
      hi = std::fmax(hi, v);
    }
    return hi - lo;
  };
  REQUIRE(spread(raw).size() == 2 * n - 1);
  // Raw: rounding only. Projected: a diagonal spreads over a good share of the whole matrix's range.
  CHECK(largest(spread(raw)) < 1e-9 * range(raw));
  CHECK(largest(spread(projected)) > 0.25 * range(projected));
  CHECK(largest(spread(rope)) < 1e-9 * range(rope));
  // The raw matrix is symmetric: it cannot tell a key before the query from one after it. RoPE's is not.
  double raw_asym = 0.0;
  double rope_asym = 0.0;
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      raw_asym = std::fmax(raw_asym, std::fabs(raw[a * n + b] - raw[b * n + a]));
      rope_asym = std::fmax(rope_asym, std::fabs(rope[a * n + b] - rope[b * n + a]));
    }
  }
  CHECK(raw_asym == 0.0);
  CHECK(rope_asym > 0.1 * range(rope));
}

TEST_CASE("diagonal spread is the largest minus the smallest entry on each diagonal", "[projection]") {
  // 3 x 3: diagonals b - a = -2 .. 2.
  const std::vector<double> m = {1, 2, 3, 4, 6, 5, 0, 9, 7};
  const auto s = pe::diagonal_spread({m, 3, 3});
  REQUIRE(s.size() == 5);
  CHECK(s[0] == 0.0);  // (2, 0): 0
  CHECK(s[1] == 5.0);  // (1, 0) 4, (2, 1) 9
  CHECK(s[2] == 6.0);  // 1, 6, 7
  CHECK(s[3] == 3.0);  // (0, 1) 2, (1, 2) 5
  CHECK(s[4] == 0.0);  // (0, 2): 3
}
