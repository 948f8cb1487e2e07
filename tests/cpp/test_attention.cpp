#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "approx.hpp"
#include "pe/attention.hpp"
#include "pe/rng.hpp"

namespace {

using Matrix = std::vector<std::vector<double>>;

enum class RefPositional { None, RopeInterleaved, Alibi };

struct Reference {
  std::vector<double> scores;
  std::vector<double> weights;
  Matrix outputs;
};

Matrix to_matrix(const std::vector<double>& flat, std::size_t rows, std::size_t cols) {
  Matrix m(rows, std::vector<double>(cols));
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) m[r][c] = flat[r * cols + c];
  }
  return m;
}

Matrix multiply(const Matrix& a, const Matrix& b) {
  Matrix out(a.size(), std::vector<double>(b[0].size(), 0.0));
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b[0].size(); ++j) {
      for (std::size_t k = 0; k < b.size(); ++k) out[i][j] += a[i][k] * b[k][j];
    }
  }
  return out;
}

// Independent reference: the textbook formulas, one score at a time, with the naive softmax exp(s) / sum
// exp(s) and ALiBi's slopes for a power-of-two head count written out as 2^(-8(h+1)/H).
Reference reference_attention(const std::vector<double>& x_flat, int n_int, int d_int, int heads_int,
                              bool causal, RefPositional positional, bool project,
                              const pe::AttentionWeights& w) {
  const auto n = static_cast<std::size_t>(n_int);
  const auto d = static_cast<std::size_t>(d_int);
  const auto heads = static_cast<std::size_t>(heads_int);
  const Matrix x = to_matrix(x_flat, n, d);
  const Matrix q = multiply(x, to_matrix(w.wq, d, d));
  const Matrix k = multiply(x, to_matrix(w.wk, d, d));
  const Matrix v = multiply(x, to_matrix(w.wv, d, d));
  const std::size_t hd = d / heads;
  Reference ref;
  Matrix concat(n, std::vector<double>(d, 0.0));
  for (std::size_t h = 0; h < heads; ++h) {
    auto head = [&](const Matrix& m, std::size_t row) {
      std::vector<double> out(hd);
      for (std::size_t c = 0; c < hd; ++c) out[c] = m[row][h * hd + c];
      if (positional == RefPositional::RopeInterleaved) {
        for (std::size_t p = 0; p < hd / 2; ++p) {
          const double angle = static_cast<double>(row) *
                               std::pow(10000.0, -2.0 * static_cast<double>(p) / static_cast<double>(hd));
          const double a = out[2 * p];
          const double b = out[2 * p + 1];
          out[2 * p] = a * std::cos(angle) - b * std::sin(angle);
          out[2 * p + 1] = a * std::sin(angle) + b * std::cos(angle);
        }
      }
      return out;
    };
    const double slope = std::pow(2.0, -8.0 * static_cast<double>(h + 1) / static_cast<double>(heads));
    for (std::size_t i = 0; i < n; ++i) {
      std::vector<double> row_scores(n);
      double total = 0.0;
      for (std::size_t j = 0; j < n; ++j) {
        const auto qi = head(q, i);
        const auto kj = head(k, j);
        double s = 0.0;
        for (std::size_t c = 0; c < hd; ++c) s += qi[c] * kj[c];
        s /= std::sqrt(static_cast<double>(hd));
        const double distance = i > j ? static_cast<double>(i - j) : static_cast<double>(j - i);
        if (positional == RefPositional::Alibi) s -= slope * distance;
        if (causal && j > i) s = -std::numeric_limits<double>::infinity();
        row_scores[j] = s;
        total += std::exp(s);
      }
      for (std::size_t j = 0; j < n; ++j) {
        ref.scores.push_back(row_scores[j]);
        const double p = std::exp(row_scores[j]) / total;
        ref.weights.push_back(p);
        for (std::size_t c = 0; c < hd; ++c) concat[i][h * hd + c] += p * v[j][h * hd + c];
      }
    }
  }
  ref.outputs = project ? multiply(concat, to_matrix(w.wo, d, d)) : concat;
  return ref;
}

std::vector<double> random_inputs(int n, int d, std::uint64_t seed) {
  pe::Rng rng(seed);
  std::vector<double> x(static_cast<std::size_t>(n * d));
  for (double& v : x) v = rng.normal();
  return x;
}

double max_abs_diff(const std::vector<double>& a, const Matrix& b) {
  double worst = 0.0;
  const std::size_t cols = b[0].size();
  for (std::size_t i = 0; i < b.size(); ++i) {
    for (std::size_t j = 0; j < cols; ++j) worst = std::max(worst, std::fabs(a[i * cols + j] - b[i][j]));
  }
  return worst;
}

double max_finite_diff(const std::vector<double>& a, const std::vector<double>& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::isinf(a[i]) || std::isinf(b[i])) {
      CHECK(a[i] == b[i]);
      continue;
    }
    worst = std::max(worst, std::fabs(a[i] - b[i]));
  }
  return worst;
}

// Options for `heads` heads with the given position information; everything else at its default.
pe::AttentionOptions with_heads(int heads,
                                pe::AttentionPositional positional = pe::AttentionPositional::None) {
  pe::AttentionOptions options;
  options.heads = heads;
  options.positional = positional;
  return options;
}

// Rows of x reordered: row r of the result is row perm[r] of x.
std::vector<double> permute_rows(const std::vector<double>& x, const std::vector<int>& perm, int d) {
  std::vector<double> out;
  for (const int r : perm) out.insert(out.end(), x.begin() + r * d, x.begin() + (r + 1) * d);
  return out;
}

}  // namespace

TEST_CASE("self-attention matches a literal textbook implementation", "[attention]") {
  const int n = 5;
  const int d = 16;
  const auto x = random_inputs(n, d, 99);
  const auto weights = pe::attention_weights(d, 7);
  struct Case {
    int heads;
    bool causal;
    pe::AttentionPositional positional;
    RefPositional ref;
    bool project;
  };
  for (const Case c : {Case{1, false, pe::AttentionPositional::None, RefPositional::None, true},
                       Case{2, true, pe::AttentionPositional::None, RefPositional::None, true},
                       Case{4, false, pe::AttentionPositional::None, RefPositional::None, false},
                       Case{2, false, pe::AttentionPositional::Rope, RefPositional::RopeInterleaved, true},
                       Case{4, true, pe::AttentionPositional::Rope, RefPositional::RopeInterleaved, true},
                       Case{4, false, pe::AttentionPositional::Alibi, RefPositional::Alibi, true},
                       Case{8, true, pe::AttentionPositional::Alibi, RefPositional::Alibi, true}}) {
    INFO("heads " << c.heads << ", causal " << c.causal << ", positional " << static_cast<int>(c.positional));
    auto options = with_heads(c.heads, c.positional);
    options.mask = c.causal ? pe::AttentionMask::Causal : pe::AttentionMask::Bidirectional;
    options.output_projection = c.project;
    const auto got = pe::self_attention({x, n, d}, weights, options);
    const auto ref = reference_attention(x, n, d, c.heads, c.causal, c.ref, c.project, weights);
    REQUIRE(got.scores.size() == static_cast<std::size_t>(c.heads * n * n));
    REQUIRE(got.outputs.size() == static_cast<std::size_t>(n * d));
    CHECK(max_finite_diff(got.scores, ref.scores) < 1e-12);
    CHECK(pe::test::max_abs_diff(got.weights, ref.weights) < 1e-12);
    CHECK(max_abs_diff(got.outputs, ref.outputs) < 1e-12);
    for (std::size_t j = 0; j < static_cast<std::size_t>(d); ++j) {
      double column = 0.0;
      for (const auto& row : ref.outputs) column += row[j];
      CHECK_CLOSE(got.pooled[j], column / n, 1e-12);
    }
  }
}

TEST_CASE("softmax rows sum to 1 and masked keys get exactly zero weight", "[attention]") {
  const int n = 7;
  const int d = 32;
  const auto x = random_inputs(n, d, 5);
  for (const auto positional :
       {pe::AttentionPositional::None, pe::AttentionPositional::Rope, pe::AttentionPositional::Alibi}) {
    for (const auto mask : {pe::AttentionMask::Bidirectional, pe::AttentionMask::Causal}) {
      auto options = with_heads(4, positional);
      options.mask = mask;
      const auto r = pe::self_attention({x, n, d}, options);
      for (int h = 0; h < 4; ++h) {
        for (int i = 0; i < n; ++i) {
          double sum = 0.0;
          for (int j = 0; j < n; ++j) {
            const auto at = static_cast<std::size_t>((h * n + i) * n + j);
            sum += r.weights[at];
            CHECK(r.weights[at] >= 0.0);
            if (mask == pe::AttentionMask::Causal && j > i) {
              CHECK(r.weights[at] == 0.0);
              CHECK(r.scores[at] == -std::numeric_limits<double>::infinity());
            } else {
              CHECK(std::isfinite(r.scores[at]));
            }
          }
          CHECK_CLOSE(sum, 1.0, 1e-14);
        }
      }
    }
  }
}

TEST_CASE("without position information self-attention is permutation-equivariant", "[attention]") {
  const int n = 6;
  const int d = 16;
  const auto x = random_inputs(n, d, 123);
  const std::vector<int> perm = {3, 0, 5, 1, 4, 2};
  const auto px = permute_rows(x, perm, d);
  for (const int heads : {1, 2, 4}) {
    const auto options = with_heads(heads);
    const auto a = pe::self_attention({x, n, d}, options);
    const auto b = pe::self_attention({px, n, d}, options);
    INFO("heads " << heads);
    CHECK(pe::test::max_abs_diff(b.outputs, permute_rows(a.outputs, perm, d)) < 1e-6);
    CHECK(pe::test::max_abs_diff(a.pooled, b.pooled) < 1e-6);
  }
}

TEST_CASE("RoPE, ALiBi and a causal mask each break the permutation invariance of the pooled output",
          "[attention]") {
  const int n = 6;
  const int d = 16;
  const auto x = random_inputs(n, d, 321);
  // Not an isometry of the positions, so even ALiBi's symmetric distances change.
  const auto px = permute_rows(x, {3, 0, 5, 1, 4, 2}, d);
  auto pooled_difference = [&](pe::AttentionOptions options) {
    options.heads = 4;
    return pe::test::max_abs_diff(pe::self_attention({x, n, d}, options).pooled,
                                  pe::self_attention({px, n, d}, options).pooled);
  };
  pe::AttentionOptions rope;
  rope.positional = pe::AttentionPositional::Rope;
  pe::AttentionOptions alibi;
  alibi.positional = pe::AttentionPositional::Alibi;
  pe::AttentionOptions causal;
  causal.mask = pe::AttentionMask::Causal;
  CHECK(pooled_difference(rope) > 1e-3);
  CHECK(pooled_difference(alibi) > 1e-3);
  CHECK(pooled_difference(causal) > 1e-3);
}

TEST_CASE("bidirectional ALiBi cannot tell a sequence from its reverse", "[attention][alibi]") {
  // Reversal keeps every distance |i - j|, and ALiBi sees nothing else; RoPE sees the signed offset.
  const int n = 5;
  const int d = 16;
  const auto x = random_inputs(n, d, 77);
  const auto reversed = permute_rows(x, {4, 3, 2, 1, 0}, d);
  auto options = with_heads(4, pe::AttentionPositional::Alibi);
  CHECK(pe::test::max_abs_diff(pe::self_attention({x, n, d}, options).pooled,
                               pe::self_attention({reversed, n, d}, options).pooled) < 1e-12);
  options.positional = pe::AttentionPositional::Rope;
  CHECK(pe::test::max_abs_diff(pe::self_attention({x, n, d}, options).pooled,
                               pe::self_attention({reversed, n, d}, options).pooled) > 1e-3);
}

TEST_CASE("with RoPE the score of two tokens depends only on their offset; with queries only it does not",
          "[attention][rope]") {
  // Token A at position m and token B at m + offset, every other position filled with token C. The
  // pre-softmax score (A, B) is then q_A R(offset) k_B when RoPE is applied right, whatever m is.
  const int n = 12;
  const int d = 16;
  const auto tokens = random_inputs(3, d, 8);
  auto score = [&](int m, int offset, pe::RopeMode mode, int head) {
    std::vector<double> x;
    for (int p = 0; p < n; ++p) {
      const int t = p == m ? 0 : (p == m + offset ? 1 : 2);
      x.insert(x.end(), tokens.begin() + t * d, tokens.begin() + (t + 1) * d);
    }
    auto options = with_heads(2, pe::AttentionPositional::Rope);
    options.rope_mode = mode;
    options.seed = 4;
    const auto r = pe::self_attention({x, n, d}, options);
    return r.scores[static_cast<std::size_t>((head * n + m) * n + m + offset)];
  };
  for (const int offset : {1, 3, 7}) {
    for (const int head : {0, 1}) {
      INFO("offset " << offset << ", head " << head);
      const double both0 = score(0, offset, pe::RopeMode::Both, head);
      const double swapped0 = score(0, offset, pe::RopeMode::SwappedConvention, head);
      double both_spread = 0.0;
      double swapped_spread = 0.0;
      double queries_spread = 0.0;
      const double queries0 = score(0, offset, pe::RopeMode::QueriesOnly, head);
      for (int m = 1; m + offset < n; ++m) {
        both_spread = std::max(both_spread, std::fabs(score(m, offset, pe::RopeMode::Both, head) - both0));
        swapped_spread = std::max(
            swapped_spread, std::fabs(score(m, offset, pe::RopeMode::SwappedConvention, head) - swapped0));
        queries_spread =
            std::max(queries_spread, std::fabs(score(m, offset, pe::RopeMode::QueriesOnly, head) - queries0));
      }
      CHECK(both_spread < 1e-9);
      CHECK(swapped_spread < 1e-9);
      CHECK(queries_spread > 1e-3);
      // The wrong convention pairs other dimensions with each frequency: the scores move, the rule holds.
      CHECK(std::fabs(swapped0 - both0) > 1e-3);
    }
  }
}

TEST_CASE("the swapped convention leaves same-position scores alone and changes the others",
          "[attention][rope]") {
  const int n = 6;
  const int d = 16;
  const auto x = random_inputs(n, d, 31);
  auto options = with_heads(2, pe::AttentionPositional::Rope);
  for (const auto convention : {pe::RopeConvention::Interleaved, pe::RopeConvention::Half}) {
    options.rope_convention = convention;
    options.rope_mode = pe::RopeMode::Both;
    const auto right = pe::self_attention({x, n, d}, options);
    options.rope_mode = pe::RopeMode::SwappedConvention;
    const auto wrong = pe::self_attention({x, n, d}, options);
    for (std::size_t h = 0; h < 2; ++h) {
      for (std::size_t i = 0; i < n; ++i) {
        const auto diag = (h * n + i) * n + i;
        CHECK_CLOSE(wrong.scores[diag], right.scores[diag], 1e-12);
      }
    }
    CHECK(pe::test::max_abs_diff(wrong.scores, right.scores) > 1e-2);
  }
}

TEST_CASE("the same seed gives the same layer bit for bit; another seed another layer", "[attention]") {
  const int n = 4;
  const int d = 8;
  const auto x = random_inputs(n, d, 2);
  auto options = with_heads(2, pe::AttentionPositional::Rope);
  options.seed = 17;
  const auto a = pe::self_attention({x, n, d}, options);
  const auto b = pe::self_attention({x, n, d}, options);
  CHECK(a.scores == b.scores);
  CHECK(a.outputs == b.outputs);
  options.seed = 18;
  const auto c = pe::self_attention({x, n, d}, options);
  CHECK(pe::test::max_abs_diff(a.outputs, c.outputs) > 1e-3);
  const auto w = pe::attention_weights(d, 17);
  CHECK(w.wq != w.wk);
  CHECK(w.wv != w.wo);
}

TEST_CASE("projection weights have entries of variance 1/dModel", "[attention]") {
  // 4 x 256^2 = 262,144 draws: standard errors 0.0002 for the mean of x sqrt(d) and 0.0014 for its deviation.
  const int d = 256;
  const auto w = pe::attention_weights(d, 3);
  double sum = 0.0;
  double squares = 0.0;
  for (const auto* m : {&w.wq, &w.wk, &w.wv, &w.wo}) {
    for (const double v : *m) {
      sum += v * std::sqrt(static_cast<double>(d));
      squares += v * v * d;
    }
  }
  const double count = 4.0 * d * d;
  CHECK(std::fabs(sum / count) < 0.01);
  CHECK(std::fabs(std::sqrt(squares / count) - 1.0) < 0.007);
}
