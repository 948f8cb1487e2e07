// The scheme t5: T5's bucketed relative positions, its bias in the attention scores, and the bias table's
// gradient against finite differences in double precision.
#include <catch2/catch.hpp>

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "approx.hpp"
#include "lab_check.hpp"
#include "pe/lab/layers.hpp"
#include "pe/lab/layout.hpp"
#include "pe/lab/model.hpp"
#include "pe/lab/positions.hpp"
#include "pe/lab/tasks.hpp"

namespace {

using pe::test::dot;
using pe::test::normals;
using pe::test::require_gradient;
using Vec = std::vector<double>;
namespace lab = pe::lab;

constexpr int B = 2, n = 5, d = 8, h = 2;
constexpr int N = B * n;
constexpr std::size_t Nd = static_cast<std::size_t>(N) * d;
constexpr std::size_t kTable = static_cast<std::size_t>(lab::kT5Buckets) * h;

// Hugging Face's T5Attention._relative_position_bucket (num_buckets 32, max_distance 32) in PyTorch 1.13, at
// relative positions -40..40 (key minus query): printed by torch, not derived from the engine.
const std::vector<int> kBidirectional = {15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 14, 14, 14,
                                         14, 13, 13, 13, 12, 12, 12, 12, 11, 11, 10, 10, 9,  9,  8,  8,  7,
                                         6,  5,  4,  3,  2,  1,  0,  17, 18, 19, 20, 21, 22, 23, 24, 24, 25,
                                         25, 26, 26, 27, 27, 28, 28, 28, 28, 29, 29, 29, 30, 30, 30, 30, 31,
                                         31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31};
const std::vector<int> kCausal = {31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 30, 29, 28, 28, 27, 26, 25,
                                  24, 23, 22, 21, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9,  8,  7,
                                  6,  5,  4,  3,  2,  1,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
                                  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
                                  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0};

// Sorted distinct positions below 16 for the two sequences, as randomized training would give them.
const std::vector<int> kPositions = {0, 3, 4, 9, 15, 2, 5, 6, 7, 12};

}  // namespace

TEST_CASE("t5 buckets are T5's relative_position_bucket at every offset, key minus query", "[lab]") {
  for (int r = -40; r <= 40; ++r) {
    INFO("relative position " << r);
    CHECK(lab::t5_bucket(r, true) == kBidirectional[static_cast<std::size_t>(r + 40)]);
    CHECK(lab::t5_bucket(r, false) == kCausal[static_cast<std::size_t>(r + 40)]);
  }
  // Past max_distance every offset shares the last bucket of its side, up to the lab's largest offset.
  for (int r = 41; r <= lab::kMaxOffset; ++r) {
    CHECK(lab::t5_bucket(r, true) == 31);
    CHECK(lab::t5_bucket(-r, true) == 15);
    CHECK(lab::t5_bucket(-r, false) == 31);
    CHECK(lab::t5_bucket(r, false) == 0);
  }
  const auto table = lab::t5_bucket_table(true);
  REQUIRE(table.size() == static_cast<std::size_t>(2 * lab::kMaxOffset + 1));
  CHECK(table[static_cast<std::size_t>(lab::kMaxOffset + 1)] == 17);
  CHECK(table[static_cast<std::size_t>(lab::kMaxOffset - 1)] == 1);
}

TEST_CASE("t5 adds the table's entry for the bucket of key minus query to every score", "[lab]") {
  const Vec table = normals(kTable, 1.0, "table");
  const Vec zeros(Nd, 0.0);
  Vec scores(n * n), scratch(lab::attention_scratch(n, d / h));
  for (const bool causal : {false, true}) {
    const auto buckets = lab::t5_bucket_table(!causal);
    for (const bool shuffled : {false, true}) {
      const lab::AttentionShape s{B,
                                  n,
                                  d,
                                  h,
                                  causal,
                                  nullptr,
                                  shuffled ? kPositions.data() : nullptr,
                                  buckets.data() + lab::kMaxOffset};
      lab::attention_scores(scores.data(), zeros.data(), zeros.data(), s, 1, 1, scratch.data(), table.data());
      for (int p = 0; p < n; ++p) {
        for (int m = 0; m < n; ++m) {
          const double got = scores[static_cast<std::size_t>(p * n + m)];
          const int r = shuffled ? kPositions[static_cast<std::size_t>(n + m)] -
                                       kPositions[static_cast<std::size_t>(n + p)]
                                 : m - p;
          if (causal && m > p) {
            CHECK(got == -std::numeric_limits<double>::infinity());
          } else {
            CHECK(got == table[static_cast<std::size_t>(lab::t5_bucket(r, !causal) * h + 1)]);
          }
        }
      }
    }
  }
}

TEST_CASE("attention backward with a T5 table matches finite differences, the table included", "[lab]") {
  for (const bool causal : {false, true}) {
    const auto buckets = lab::t5_bucket_table(!causal);
    for (const bool shuffled : {false, true}) {
      const lab::AttentionShape s{B,
                                  n,
                                  d,
                                  h,
                                  causal,
                                  nullptr,
                                  shuffled ? kPositions.data() : nullptr,
                                  buckets.data() + lab::kMaxOffset};
      Vec q = normals(Nd, 1.0, "q"), k = normals(Nd, 1.0, "k"), v = normals(Nd, 1.0, "v"),
          r = normals(Nd, 1.0, "r"), table = normals(kTable, 1.0, "table");
      Vec out(Nd), probs(static_cast<std::size_t>(B * h * n * n)), scratch(lab::attention_scratch(n, d / h));
      const auto f = [&] {
        lab::attention_forward(out.data(), probs.data(), q.data(), k.data(), v.data(), s, scratch.data(),
                               table.data());
        return dot(out, r);
      };
      f();
      Vec dq(Nd), dk(Nd), dv(Nd), dtable(kTable, 0.0);
      lab::attention_backward(dq.data(), dk.data(), dv.data(), r.data(), probs.data(), q.data(), k.data(),
                              v.data(), s, scratch.data(), dtable.data());
      const std::string what =
          std::string(causal ? "causal" : "bidirectional") + (shuffled ? " positions" : "");
      require_gradient(q, dq, f, what + " q");
      require_gradient(k, dk, f, what + " k");
      require_gradient(v, dv, f, what + " v");
      require_gradient(table, dtable, f, what + " table");
    }
  }
}

TEST_CASE("t5's table is one [32, h] tensor after wte, normal(0, 0.02), not decayed, read by every layer",
          "[lab]") {
  auto c = pe::test::lab_config(lab::Task::Reverse, lab::Scheme::T5, {8, 2, 3, 5, 2});
  const lab::Layout layout = lab::make_layout(c);
  REQUIRE(layout.tensors.size() > 1);
  const lab::TensorSpec& t = layout.tensors[1];
  CHECK(t.name == "t5.bias");
  CHECK(t.shape == std::vector<int>{lab::kT5Buckets, 2});
  CHECK(t.init_std == 0.02);
  CHECK_FALSE(t.decay);
  int tables = 0;
  for (const auto& spec : layout.tensors) tables += spec.name.find("t5") != std::string::npos ? 1 : 0;
  CHECK(tables == 1);
  // Every layer adds its share of the table's gradient: the table's gradient in a 3-layer model against
  // finite differences checks that the shares are all summed.
  lab::Model<double> model(c);
  std::vector<double> params = normals(model.size(), 0.3, "params");
  const lab::Batch batch = lab::training_batch(c, 0);
  const auto loss = [&] {
    std::copy(params.begin(), params.end(), model.params());
    const auto sums = model.forward(batch.tokens.data(), batch.targets.data(), batch.batch, batch.length);
    return sums.loss / sums.count;
  };
  model.zero_grad();
  loss();
  model.backward();
  const std::size_t at = t.offset;
  std::vector<double> table(params.begin() + static_cast<std::ptrdiff_t>(at),
                            params.begin() + static_cast<std::ptrdiff_t>(at + t.size));
  const std::vector<double> analytic(model.grads() + at, model.grads() + at + t.size);
  const auto f = [&] {
    std::copy(table.begin(), table.end(), params.begin() + static_cast<std::ptrdiff_t>(at));
    return loss();
  };
  require_gradient(table, analytic, f, "t5.bias of a 3-layer model");
}
