// Randomized positions (Ruoss et al. 2023): the sorted random positions of training sequences, every scheme's
// use of them against finite differences in double precision, their validation, and a saved run with them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "lab_check.hpp"
#include "pe/lab/layers.hpp"
#include "pe/lab/model.hpp"
#include "pe/lab/positions.hpp"
#include "pe/lab/tasks.hpp"
#include "pe/lab/trainer.hpp"

namespace {

namespace lab = pe::lab;
using pe::test::dot;
using pe::test::normals;
using pe::test::require_gradient;
using Vec = std::vector<double>;

lab::Config randomized(lab::Task task, lab::Scheme scheme, int L) {
  auto c = pe::test::lab_config(task, scheme, {8, 2, 2, 5, 3});
  c.base = 100.0;
  c.randomized_positions = L;
  return c;
}

// The model's loss and gradient in double at large random parameters, against finite differences.
void check_model(const lab::Config& c, const lab::Batch& batch, const std::string& what) {
  lab::Model<double> model(c);
  std::vector<double> params = normals(model.size(), 0.3, "params");
  const int* positions = batch.positions.empty() ? nullptr : batch.positions.data();
  const auto loss = [&] {
    std::copy(params.begin(), params.end(), model.params());
    const auto sums =
        model.forward(batch.tokens.data(), batch.targets.data(), batch.batch, batch.length, positions);
    return sums.loss / sums.count;
  };
  model.zero_grad();
  loss();
  model.backward();
  const std::vector<double> analytic(model.grads(), model.grads() + model.size());
  require_gradient(params, analytic, loss, what);
}

}  // namespace

TEST_CASE("training positions are sorted distinct draws from 0..L-1, one set per sequence, by batch index",
          "[lab]") {
  const auto c = randomized(lab::Task::Previous, lab::Scheme::Rope, 20);
  std::vector<int> seen(20, 0);
  for (std::uint64_t t = 0; t < 200; ++t) {
    const auto positions = lab::training_positions(c, t);
    REQUIRE(positions.size() == 15);
    for (int b = 0; b < 3; ++b) {
      const auto row = positions.begin() + b * 5;
      CHECK(std::adjacent_find(row, row + 5, [](int x, int y) { return x >= y; }) == row + 5);
      CHECK(row[0] >= 0);
      CHECK(row[4] < 20);
      for (int p = 0; p < 5; ++p) ++seen[static_cast<std::size_t>(row[p])];
    }
  }
  // 3000 draws of 20 positions: each about 150 times if the subsets are uniform.
  for (int i = 0; i < 20; ++i) {
    INFO("position " << i);
    CHECK(seen[static_cast<std::size_t>(i)] > 100);
    CHECK(seen[static_cast<std::size_t>(i)] < 200);
  }
  // A function of the seed and the batch index, and each sequence its own set.
  CHECK(lab::training_positions(c, 7) == lab::training_positions(c, 7));
  CHECK(lab::training_positions(c, 7) != lab::training_positions(c, 8));
  auto other = c;
  other.seed = 2;
  CHECK(lab::training_positions(c, 7) != lab::training_positions(other, 7));
  const auto rows = lab::training_positions(c, 3);
  CHECK_FALSE(std::equal(rows.begin(), rows.begin() + 5, rows.begin() + 5));
  // L = T leaves exactly 0..T-1.
  const auto full = lab::training_positions(randomized(lab::Task::Previous, lab::Scheme::Rope, 5), 0);
  CHECK(std::vector<int>(full.begin(), full.begin() + 5) == std::vector<int>{0, 1, 2, 3, 4});
}

TEST_CASE("training batches carry positions only when randomized; the tokens are the same either way",
          "[lab]") {
  auto c = randomized(lab::Task::Reverse, lab::Scheme::Learned, 16);
  const auto with = lab::training_batch(c, 4);
  CHECK(with.positions == lab::training_positions(c, 4));
  c.randomized_positions = 0;
  const auto without = lab::training_batch(c, 4);
  CHECK(without.positions.empty());
  CHECK(with.tokens == without.tokens);
  CHECK(with.targets == without.targets);
}

TEST_CASE("positions 0..n-1 given explicitly change no bit of the loss", "[lab]") {
  for (const auto scheme : pe::test::kAllSchemes) {
    const auto c = pe::test::lab_config(lab::Task::Previous, scheme, {16, 2, 2, 8, 4});
    lab::Trainer t(c);
    const lab::Batch batch = lab::training_batch(c, 0);
    std::vector<int> identity(batch.tokens.size());
    for (std::size_t i = 0; i < identity.size(); ++i) identity[i] = static_cast<int>(i % 8);
    auto& model = t.model();
    const auto plain = model.forward(batch.tokens.data(), batch.targets.data(), 4, 8);
    const auto given = model.forward(batch.tokens.data(), batch.targets.data(), 4, 8, identity.data());
    CHECK(std::memcmp(&plain.loss, &given.loss, sizeof plain.loss) == 0);
  }
}

TEST_CASE("model gradients match finite differences at randomized positions for every scheme that has them",
          "[lab]") {
  for (const auto scheme : pe::test::kAllSchemes) {
    if (scheme == lab::Scheme::None) continue;
    for (const bool causal : {true, false}) {
      auto c = randomized(lab::Task::Previous, scheme, 12);
      c.causal = causal;
      // Batch 1 reaches past the training length (learned rows 5..11 get gradient only here).
      const lab::Batch batch = lab::training_batch(c, 1);
      REQUIRE(batch.positions.size() == 15);
      REQUIRE(*std::max_element(batch.positions.begin(), batch.positions.end()) >= 5);
      check_model(c, batch, std::string(lab::name_of(scheme)) + (causal ? " causal" : " bidirectional"));
    }
  }
  auto pooled = randomized(lab::Task::Subject, lab::Scheme::T5, 40);
  pooled.causal = false;
  check_model(pooled, lab::training_batch(pooled, 0), "t5 subject at positions up to 39");
}

TEST_CASE("embedding and rope layers read each token's position", "[lab]") {
  constexpr int B = 2, n = 3, d = 4, rows = 6;
  const std::vector<int> positions = {1, 4, 5, 0, 2, 9};  // 9 has no table row
  const std::vector<int> tokens = {0, 2, 1, 1, 0, 2};
  Vec wte = normals(3 * d, 1.0, "wte"), wpe = normals(rows * d, 1.0, "wpe"), r = normals(B * n * d, 1.0, "r"),
      out(r.size());
  const auto f = [&] {
    lab::embed_forward(out.data(), tokens.data(), positions.data(), wte.data(), wpe.data(), rows, B, n, d,
                       1.5);
    return dot(out, r);
  };
  f();
  CHECK(out[static_cast<std::size_t>(d)] == 1.5 * wte[static_cast<std::size_t>(2 * d)] + wpe[4 * d]);
  CHECK(out[static_cast<std::size_t>(5 * d)] == 1.5 * wte[static_cast<std::size_t>(2 * d)]);
  Vec dwte(wte.size(), 0.0), dwpe(wpe.size(), 0.0);
  lab::embed_backward(dwte.data(), dwpe.data(), r.data(), tokens.data(), positions.data(), rows, B, n, d,
                      1.5);
  require_gradient(wte, dwte, f, "wte");
  require_gradient(wpe, dwpe, f, "wpe");
  CHECK(dwpe[3 * d] == 0.0);  // position 3 is nobody's

  // RoPE at position 9 is the rotation of row 9 of the table.
  Vec cos(10 * d / 2), sin(cos.size());
  lab::rope_tables(cos.data(), sin.data(), 10, d, 100.0);
  Vec x = normals(B * n * d, 1.0, "x"), moved = x, alone(x.begin() + 5 * d, x.end());
  lab::rope_apply(moved.data(), cos.data(), sin.data(), positions.data(), B, n, d, 1,
                  pe::RopeConvention::Half, false);
  const std::vector<int> nine = {9};
  lab::rope_apply(alone.data(), cos.data(), sin.data(), nine.data(), 1, 1, d, 1, pe::RopeConvention::Half,
                  false);
  CHECK(std::equal(alone.begin(), alone.end(), moved.begin() + 5 * d));
}

TEST_CASE("randomizedPositions must be 0 or from the training length to 128, and not for none", "[lab]") {
  const auto problem = [](const lab::Config& x) { return lab::config_problem(x).value_or(""); };
  auto c = randomized(lab::Task::Previous, lab::Scheme::Rope, 64);
  CHECK(problem(c).empty());
  c.randomized_positions = 4;
  CHECK(problem(c) ==
        "randomizedPositions must be 0 (off) or an integer from length (5) to 128; received 4.");
  c.randomized_positions = 129;
  CHECK(problem(c).find("received 129.") != std::string::npos);
  c.randomized_positions = 5;
  CHECK(problem(c).empty());
  c.scheme = lab::Scheme::None;
  CHECK(problem(c).find("randomizedPositions must be 0 for the scheme \"none\"") == 0);
  CHECK(problem(c).find("received 5.") != std::string::npos);
  c.randomized_positions = 0;
  CHECK(problem(c).empty());
}

TEST_CASE("a learned table has L rows with randomized positions, and the position table shows them all",
          "[lab]") {
  const auto c = randomized(lab::Task::Reverse, lab::Scheme::Learned, 20);
  lab::Trainer t(c);
  CHECK(t.model().layout().at("wpe").shape == std::vector<int>{20, 8});
  CHECK(t.position_table().size() == 20 * 8);
  lab::Trainer s(randomized(lab::Task::Reverse, lab::Scheme::Sinusoidal, 20));
  CHECK(s.position_table().size() == 20 * 8);
}

TEST_CASE("a randomized t5 run saved and restored continues bitwise; a version 1 state still reads",
          "[lab]") {
  const auto c = randomized(lab::Task::Reverse, lab::Scheme::T5, 32);
  lab::Trainer straight(c), first(c);
  std::vector<float> expected, resumed;
  for (int i = 0; i < 6; ++i) static_cast<void>(straight.train_step());
  for (int i = 0; i < 6; ++i) expected.push_back(straight.train_step().loss);
  for (int i = 0; i < 6; ++i) static_cast<void>(first.train_step());
  const auto bytes = first.export_state();
  std::string problem;
  auto restored = lab::Trainer::import_state(bytes.data(), bytes.size(), problem);
  REQUIRE(restored.has_value());
  CHECK(restored->config().randomized_positions == 32);
  CHECK(restored->config().scheme == lab::Scheme::T5);
  for (int i = 0; i < 6; ++i) resumed.push_back(restored->train_step().loss);
  CHECK(std::memcmp(expected.data(), resumed.data(), expected.size() * sizeof(float)) == 0);

  // Version 1 had no randomizedPositions (nor version 3's extension, nor version 4's checksum): the same
  // bytes without them (the 20 after the u32 seed, at byte 86, and the last 8) read as 0 (and not extended).
  auto plain = c;
  plain.scheme = lab::Scheme::Rope;
  plain.randomized_positions = 0;
  lab::Trainer old(plain);
  static_cast<void>(old.train_step());
  auto v4 = old.export_state();
  std::vector<std::uint8_t> v1(v4.begin(), v4.begin() + 86);
  v1.insert(v1.end(), v4.begin() + 106, v4.end() - 8);
  v1[4] = 1;
  auto read = lab::Trainer::import_state(v1.data(), v1.size(), problem);
  INFO(problem);
  REQUIRE(read.has_value());
  CHECK(read->config().randomized_positions == 0);
  CHECK(read->export_state() == v4);
}
