// The lab's kernels: blocked products equal the plain triple loop bit for bit (same order of summation), and
// the portable exponential is within a few ulp of the C library's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "approx.hpp"
#include "lab_check.hpp"
#include "pe/lab/kernels.hpp"

namespace {

std::vector<float> floats(std::size_t n, const char* name) {
  const auto d = pe::test::normals(n, 1.0, name);
  return std::vector<float>(d.begin(), d.end());
}

// c (+)= a b summed over k in order, the definition the kernels must reproduce exactly.
std::vector<float> reference(std::vector<float> c, const std::vector<float>& a, const std::vector<float>& b, int M,
                             int K, int N, bool accumulate, bool a_transposed) {
  for (int m = 0; m < M; ++m) {
    for (int n = 0; n < N; ++n) {
      float s = accumulate ? c[static_cast<std::size_t>(m * N + n)] : 0.0f;
      for (int k = 0; k < K; ++k) {
        const float x = a_transposed ? a[static_cast<std::size_t>(k * M + m)] : a[static_cast<std::size_t>(m * K + k)];
        s += x * b[static_cast<std::size_t>(k * N + n)];
      }
      c[static_cast<std::size_t>(m * N + n)] = s;
    }
  }
  return c;
}

}  // namespace

TEST_CASE("blocked products equal the plain loop bit for bit, edges and long inner dimensions included", "[lab]") {
  const int shapes[][3] = {{1, 1, 1}, {4, 3, 8}, {7, 5, 13}, {9, 300, 17}, {32, 64, 256}, {5, 600, 3}};
  for (const auto& shape : shapes) {
    const int M = shape[0], K = shape[1], N = shape[2];
    const auto a = floats(static_cast<std::size_t>(M * K), "a");
    const auto b = floats(static_cast<std::size_t>(K * N), "b");
    const auto c0 = floats(static_cast<std::size_t>(M * N), "c");
    for (const bool accumulate : {false, true}) {
      for (const bool transposed : {false, true}) {
        auto c = c0;
        if (transposed) {
          pe::lab::gemm_at(c.data(), a.data(), b.data(), M, K, N, accumulate);
        } else {
          pe::lab::gemm(c.data(), a.data(), b.data(), M, K, N, accumulate);
        }
        const auto expected = reference(c0, a, b, M, K, N, accumulate, transposed);
        INFO(M << "x" << K << "x" << N << (accumulate ? " accumulate" : "") << (transposed ? " transposed" : ""));
        CHECK(std::memcmp(c.data(), expected.data(), c.size() * sizeof(float)) == 0);
      }
    }
  }
}

TEST_CASE("strided products read and write sub-matrices in place, bit for bit as the plain loop", "[lab]") {
  // A [B, n, d]-like buffer: a head's columns as a (rows d apart, or transposed), b and c; the rest untouched.
  constexpr int M = 9, K = 7, N = 12, d = 20, col = 5;
  const auto big_a = floats(static_cast<std::size_t>(std::max(M, K) * d), "a");
  const auto big_b = floats(static_cast<std::size_t>(K * d), "b");
  const auto big_c = floats(static_cast<std::size_t>(M * d), "c");
  for (const bool accumulate : {false, true}) {
    for (const bool transposed : {false, true}) {
      auto c = big_c;
      if (transposed) {
        pe::lab::gemm_strided(c.data() + col, d, big_a.data() + col, 1, d, big_b.data() + col, d, M, K, N, accumulate);
      } else {
        pe::lab::gemm_strided(c.data() + col, d, big_a.data() + col, d, 1, big_b.data() + col, d, M, K, N, accumulate);
      }
      auto expected = big_c;
      for (int m = 0; m < M; ++m) {
        for (int n = 0; n < N; ++n) {
          float s = accumulate ? big_c[static_cast<std::size_t>(m * d + col + n)] : 0.0f;
          for (int k = 0; k < K; ++k) {
            const int at = transposed ? k * d + col + m : m * d + col + k;
            s += big_a[static_cast<std::size_t>(at)] * big_b[static_cast<std::size_t>(k * d + col + n)];
          }
          expected[static_cast<std::size_t>(m * d + col + n)] = s;
        }
      }
      INFO((accumulate ? "accumulate" : "write") << (transposed ? ", transposed" : ""));
      CHECK(std::memcmp(c.data(), expected.data(), c.size() * sizeof(float)) == 0);
    }
  }
}

TEST_CASE("transpose moves every item to its mirrored place", "[lab]") {
  const auto in = floats(37 * 21, "in");
  std::vector<float> out(in.size());
  pe::lab::transpose(out.data(), in.data(), 37, 21);
  for (int i = 0; i < 37; ++i) {
    for (int j = 0; j < 21; ++j)
      CHECK(out[static_cast<std::size_t>(j * 37 + i)] == in[static_cast<std::size_t>(i * 21 + j)]);
  }
}

TEST_CASE("the portable exponential is within 2 ulp of e^x, subnormal below the normal range and 0 far below",
          "[lab]") {
  std::vector<float> x;
  for (float v = -87.0f; v <= 88.0f; v += 0.01234f) x.push_back(v);
  x.push_back(0.0f);
  x.push_back(-1e-7f);
  std::vector<float> out(x.size());
  pe::lab::exp_inplace(out.data(), x.data(), x.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double exact = std::exp(static_cast<double>(x[i]));
    const double ulp = std::ldexp(1.0, std::ilogb(exact) - 23);
    worst = std::max(worst, std::fabs(out[i] - exact) / ulp);
  }
  CHECK(worst <= 2.0);
  CHECK(out[x.size() - 2] == 1.0f);
  // Below the normal range: subnormal, then 0.
  const std::vector<float> low = {-95.0f, -120.0f, -1000.0f, -INFINITY};
  std::vector<float> tiny(4, 1.0f);
  pe::lab::exp_inplace(tiny.data(), low.data(), 4);
  CHECK_CLOSE(tiny[0], std::exp(-95.0), 1e-44);
  CHECK(tiny[0] > 0.0f);
  CHECK(std::vector<float>(tiny.begin() + 1, tiny.end()) == std::vector<float>{0.0f, 0.0f, 0.0f});
}
