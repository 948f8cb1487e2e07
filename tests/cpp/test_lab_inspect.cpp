// Evaluation, inspection and the saved state of a lab run.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "approx.hpp"
#include "lab_check.hpp"
#include "pe/alibi.hpp"
#include "pe/lab/trainer.hpp"

namespace {

namespace lab = pe::lab;

using pe::test::reseal;
using pe::test::small_config;
using pe::test::train_steps;

}  // namespace

TEST_CASE("export, import and train continue bitwise as training straight on", "[lab]") {
  for (const auto scheme : {lab::Scheme::Learned, lab::Scheme::Rope, lab::Scheme::Alibi}) {
    const auto c = small_config(lab::Task::Reverse, scheme);
    lab::Trainer straight(c);
    std::vector<float> expected;
    train_steps(straight, 10);
    train_steps(straight, 10, &expected);

    lab::Trainer first(c);
    train_steps(first, 10);
    const auto bytes = first.export_state();
    std::string problem;
    auto restored = lab::Trainer::import_state(bytes.data(), bytes.size(), problem);
    REQUIRE(restored.has_value());
    CHECK(restored->step() == 10);
    std::vector<float> resumed;
    train_steps(*restored, 10, &resumed);
    CHECK(std::memcmp(expected.data(), resumed.data(), expected.size() * sizeof(float)) == 0);
    CHECK(std::memcmp(straight.model().params(), restored->model().params(), straight.model().size() * 4) ==
          0);
    // Exporting the restored run writes the same bytes as exporting the straight one.
    CHECK(straight.export_state() == restored->export_state());
  }
}

TEST_CASE("import rejects bytes that are not a whole lab state, saying why", "[lab]") {
  lab::Trainer t(small_config(lab::Task::Previous, lab::Scheme::Rope));
  const auto good = t.export_state();
  CHECK(good[4] == 4);
  std::string problem;
  const auto rejects = [&](std::vector<std::uint8_t> bytes, const std::string& phrase) {
    problem.clear();
    CHECK_FALSE(lab::Trainer::import_state(bytes.data(), bytes.size(), problem).has_value());
    INFO(problem);
    CHECK(problem.find(phrase) != std::string::npos);
  };
  rejects({}, "PELB");
  auto bad_magic = good;
  bad_magic[0] = 'X';
  rejects(bad_magic, "PELB");
  auto version = good;
  version[4] = 9;
  rejects(version, "another format version (9)");
  rejects(std::vector<std::uint8_t>(good.begin(), good.begin() + 30), "truncated: it ends inside its header");
  rejects(std::vector<std::uint8_t>(good.begin(), good.end() - 1), "truncated");
  auto longer = good;
  longer.push_back(0);
  rejects(longer, "1 bytes past its end");
  // A changed byte anywhere is caught by the checksum, in the header or among the weights.
  for (const std::size_t at :
       {std::size_t{12}, std::size_t{4 + 4 + 12 + 8}, good.size() / 2, good.size() - 1}) {
    auto changed = good;
    changed[at] ^= 0x10;
    rejects(changed, "changed after it was saved");
  }
  // With a checksum that matches, the structure is still checked.
  auto width = good;
  width[4 + 4 + 12 + 8] = 7;  // dModel
  reseal(width);
  rejects(width, "dModel");
  auto scheme = good;
  scheme[12] = 9;
  reseal(scheme);
  rejects(scheme, "unknown");
  auto count = good;
  count[good.size() - 8 - 12 * t.model().size() - 8] ^= 1;  // the parameter count's lowest byte
  reseal(count);
  rejects(count, "not a state of that configuration");
}

TEST_CASE("states of versions 1 to 3, which have no checksum, still read", "[lab]") {
  auto c = small_config(lab::Task::Previous, lab::Scheme::Rope);
  lab::Trainer t(c);
  train_steps(t, 3);
  auto v4 = t.export_state();
  // Version 3 is version 4 without the checksum; version 2 also without the extension's 16 bytes, version 1
  // also without randomizedPositions' 4 (the run has neither).
  const std::size_t extension_at = 4 + 4 + 12 + 8 + 20 + 2 + 8 + 4 + 4 + 8 + 8 + 4 + 4;
  auto v3 = std::vector<std::uint8_t>(v4.begin(), v4.end() - 8);
  v3[4] = 3;
  auto v2 = v3;
  v2.erase(v2.begin() + static_cast<std::ptrdiff_t>(extension_at),
           v2.begin() + static_cast<std::ptrdiff_t>(extension_at + 16));
  v2[4] = 2;
  auto v1 = v2;
  v1.erase(v1.begin() + static_cast<std::ptrdiff_t>(extension_at - 4),
           v1.begin() + static_cast<std::ptrdiff_t>(extension_at));
  v1[4] = 1;
  for (const auto* old : {&v3, &v2, &v1}) {
    std::string problem;
    auto restored = lab::Trainer::import_state(old->data(), old->size(), problem);
    INFO(problem);
    REQUIRE(restored.has_value());
    CHECK(restored->export_state() == v4);
  }
  std::string problem;
  auto short_v3 = std::vector<std::uint8_t>(v3.begin(), v3.end() - 4);
  CHECK_FALSE(lab::Trainer::import_state(short_v3.data(), short_v3.size(), problem).has_value());
  CHECK(problem.find("truncated") != std::string::npos);
}

TEST_CASE("evaluation reads a grid of lengths: the minimum, steps of half T, and T to 4T", "[lab]") {
  lab::Trainer subject(small_config(lab::Task::Subject, lab::Scheme::Rope));  // T = 8: minimum 5, to 32
  const auto stats = subject.evaluate(4);
  std::vector<int> lengths;
  for (const auto& s : stats) {
    lengths.push_back(s.length);
    CHECK(s.accuracy >= 0.0);
    CHECK(s.accuracy <= 1.0);
    CHECK(std::isfinite(s.loss));
  }
  CHECK(lengths == std::vector<int>{5, 8, 12, 16, 20, 24, 28, 32});
  auto c = small_config(lab::Task::Previous, lab::Scheme::None);
  c.length = 32;
  CHECK(lab::max_eval_length(c) == 128);
  CHECK(lab::eval_lengths(c) == std::vector<int>{2, 16, 32, 48, 64, 80, 96, 112, 128});
  c.length = 20;
  CHECK(lab::max_eval_length(c) == 80);
  c.length = 7;  // steps of 4, and 7, 14, 21, 28 besides
  CHECK(lab::eval_lengths(c) == std::vector<int>{2, 4, 7, 8, 12, 14, 16, 20, 21, 24, 28});
  c.length = 2;
  CHECK(lab::eval_lengths(c) == std::vector<int>{2, 3, 4, 5, 6, 7, 8});
}

TEST_CASE("evaluation at given lengths is the grid's evaluation at those lengths, in the order given",
          "[lab]") {
  lab::Trainer t(small_config(lab::Task::Previous, lab::Scheme::Rope));
  train_steps(t, 5);
  const auto grid = t.evaluate(16);
  const auto some = t.evaluate(16, {3, 8, 29});
  REQUIRE(some.size() == 3);
  CHECK(some[0].length == 3);
  CHECK(some[2].length == 29);
  const auto at8 = std::find_if(grid.begin(), grid.end(), [](const auto& s) { return s.length == 8; });
  REQUIRE(at8 != grid.end());
  CHECK(some[1].accuracy == at8->accuracy);
  CHECK(some[1].loss == at8->loss);
}

TEST_CASE("evaluation does not depend on how the sequences are grouped into forward passes", "[lab]") {
  auto c = small_config(lab::Task::Previous, lab::Scheme::Sinusoidal);
  c.batch = 1;  // evaluation then runs few sequences per pass at long lengths
  lab::Trainer one(c);
  c.batch = 64;
  lab::Trainer many(c);
  const auto a = one.evaluate(40);
  const auto b = many.evaluate(40);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].loss == b[i].loss);
    CHECK(a[i].accuracy == b[i].accuracy);
  }
}

TEST_CASE("attention weights are one softmax per query, with nothing on later keys when causal", "[lab]") {
  lab::Trainer t(small_config(lab::Task::Previous, lab::Scheme::Alibi));
  train_steps(t, 5);
  const int n = 12;
  const auto map = t.attention(1, 1, n, 3);
  REQUIRE(map.weights.size() == static_cast<std::size_t>(n * n));
  CHECK(map.example.tokens == lab::evaluation_batch(lab::Task::Previous, n, 3, 1).tokens);
  for (int p = 0; p < n; ++p) {
    double sum = 0;
    for (int m = 0; m < n; ++m) {
      const float w = map.weights[static_cast<std::size_t>(p * n + m)];
      sum += w;
      if (m > p) CHECK(w == 0.0f);
    }
    CHECK_CLOSE(sum, 1.0, 1e-5);
  }
}

TEST_CASE("the position table is the learned wpe, the sinusoidal table, or nothing", "[lab]") {
  lab::Trainer learned(small_config(lab::Task::Previous, lab::Scheme::Learned));
  train_steps(learned, 3);
  const auto table = learned.position_table();
  const auto& wpe = learned.model().layout().at("wpe");
  REQUIRE(table.size() == wpe.size);
  CHECK(std::memcmp(table.data(), learned.model().params() + wpe.offset, wpe.size * sizeof(float)) == 0);

  auto c = small_config(lab::Task::Previous, lab::Scheme::Sinusoidal);
  c.base = 100.0;
  const auto sinusoid = lab::Trainer(c).position_table();
  REQUIRE(sinusoid.size() == 8 * 16);
  // Position 5, pair 3: angle 5 / 100^(6/16).
  const double angle = 5.0 / std::pow(100.0, 6.0 / 16.0);
  CHECK(sinusoid[5 * 16 + 6] == static_cast<float>(std::sin(angle)));
  CHECK(sinusoid[5 * 16 + 7] == static_cast<float>(std::cos(angle)));

  CHECK(lab::Trainer(small_config(lab::Task::Previous, lab::Scheme::Rope)).position_table().empty());
}

TEST_CASE("offset scores cover the offsets the mask allows and show ALiBi's distance penalty", "[lab]") {
  const int n = 10;
  lab::Trainer causal(small_config(lab::Task::First, lab::Scheme::Rope));
  const auto forward = causal.offset_scores(0, 0, n, 8);
  REQUIRE(forward.offsets.size() == static_cast<std::size_t>(n));
  CHECK(forward.offsets.front() == 0);
  CHECK(forward.offsets.back() == n - 1);

  // Freshly initialised queries and keys are small, so the scores are ALiBi's -slope |p - m| plus a little.
  lab::Trainer both(small_config(lab::Task::Reverse, lab::Scheme::Alibi));
  const auto slopes = pe::alibi_slopes(2);
  for (int head = 0; head < 2; ++head) {
    const auto s = both.offset_scores(1, head, n, 16);
    REQUIRE(s.offsets.size() == static_cast<std::size_t>(2 * n - 1));
    CHECK(s.offsets.front() == -(n - 1));
    for (std::size_t i = 0; i < s.offsets.size(); ++i) {
      CHECK_CLOSE(s.mean[i], -slopes[static_cast<std::size_t>(head)] * std::abs(s.offsets[i]), 0.05);
    }
  }
}

TEST_CASE("after training on previous, a rope head scores the previous token highest", "[lab]") {
  auto c = small_config(lab::Task::Previous, lab::Scheme::Rope);
  c.batch = 32;
  c.lr = 1e-2;
  c.steps = 100;
  c.warmup = 10;
  lab::Trainer t(c);
  train_steps(t, 100);
  bool found = false;
  for (int layer = 0; layer < 2 && !found; ++layer) {
    for (int head = 0; head < 2; ++head) {
      const auto s = t.offset_scores(layer, head, 8, 32);
      std::size_t best = 0;
      for (std::size_t i = 1; i < s.mean.size(); ++i) best = s.mean[i] > s.mean[best] ? i : best;
      found = found || s.offsets[best] == 1;
    }
  }
  CHECK(found);
}

TEST_CASE("evaluating with a context-extension method leaves the run as it was", "[lab]") {
  lab::Trainer t(small_config(lab::Task::Previous, lab::Scheme::Rope));
  train_steps(t, 20);
  const std::vector<int> lengths{8, 16, 32};
  const auto before = t.evaluate(16, lengths);
  const auto none = t.evaluate(16, lengths, pe::ExtensionMethod::None, 2.0);
  const auto yarn = t.evaluate(16, lengths, pe::ExtensionMethod::Yarn, 2.0);
  const auto dynamic = t.evaluate(16, lengths, pe::ExtensionMethod::DynamicNtk, 4.0);
  const auto after = t.evaluate(16, lengths);
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    CHECK(none[i].loss == before[i].loss);  // None is the trained tables, bit for bit
    CHECK(after[i].loss == before[i].loss);
    CHECK(after[i].accuracy == before[i].accuracy);
    CHECK(yarn[i].loss != before[i].loss);
  }
  // Dynamic NTK keeps the trained base up to the trained length.
  CHECK(dynamic[0].loss == before[0].loss);
  CHECK(dynamic[1].loss != before[1].loss);
}
