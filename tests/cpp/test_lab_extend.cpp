// The fine-tune at a longer length (Trainer::extend, Chen et al. 2023 in miniature): what it keeps, what it
// changes, what it refuses, how the saved state carries it, and that it does what the page shows.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

#include "lab_check.hpp"
#include "pe/lab/trainer.hpp"

namespace {

namespace lab = pe::lab;

using pe::test::small_config;
using pe::test::train_steps;

// The saved state's last 8 P bytes before its 8-byte checksum: AdamW's two moments.
std::vector<std::uint8_t> moments(const lab::Trainer& t) {
  const auto bytes = t.export_state();
  return {bytes.end() - 8 - static_cast<std::ptrdiff_t>(8 * t.model().size()), bytes.end() - 8};
}

}  // namespace

TEST_CASE("extend keeps the weights, moments, step and data stream, and trains at the new length", "[lab]") {
  lab::Trainer t(small_config(lab::Task::Reverse, lab::Scheme::Rope));
  train_steps(t, 10);
  const auto before = moments(t);
  const std::vector<float> params(t.model().params(), t.model().params() + t.model().size());
  REQUIRE_FALSE(t.extend(pe::ExtensionMethod::Interpolation, 2.0, 16).has_value());
  CHECK(t.step() == 10);
  CHECK(moments(t) == before);
  CHECK(std::memcmp(params.data(), t.model().params(), params.size() * sizeof(float)) == 0);
  CHECK(t.config().length == 16);
  CHECK(t.config().original_length == 8);
  CHECK(t.config().extension == pe::ExtensionMethod::Interpolation);
  CHECK(t.config().extension_factor == 2.0);
  lab::Batch used;
  t.train_step(&used);
  CHECK(used.length == 16);
  CHECK(t.step() == 11);
  // A second extension stays relative to the length the run was first trained at.
  REQUIRE_FALSE(t.extend(pe::ExtensionMethod::Yarn, 4.0, 32).has_value());
  CHECK(t.config().original_length == 8);
}

TEST_CASE("extending to the same length with no method continues bitwise as training straight on", "[lab]") {
  const auto c = small_config(lab::Task::Previous, lab::Scheme::Rope);
  lab::Trainer straight(c);
  lab::Trainer extended(c);
  train_steps(straight, 5);
  train_steps(extended, 5);
  REQUIRE_FALSE(extended.extend(pe::ExtensionMethod::None, 1.0, c.length).has_value());
  std::vector<float> a, b;
  train_steps(straight, 5, &a);
  train_steps(extended, 5, &b);
  CHECK(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

TEST_CASE("the scaled tables are the ones training uses: interpolation by 2 changes the loss", "[lab]") {
  const auto c = small_config(lab::Task::Previous, lab::Scheme::Rope);
  lab::Trainer plain(c);
  lab::Trainer scaled(c);
  train_steps(plain, 20);
  train_steps(scaled, 20);
  REQUIRE_FALSE(plain.extend(pe::ExtensionMethod::None, 1.0, 16).has_value());
  REQUIRE_FALSE(scaled.extend(pe::ExtensionMethod::Interpolation, 2.0, 16).has_value());
  const auto batch = lab::training_batch(scaled.config(), 99);
  CHECK(plain.gradients(batch).loss != scaled.gradients(batch).loss);
  // And evaluating with an explicit method leaves the run's own tables in place afterwards.
  const auto own = scaled.evaluate(16, {16});
  static_cast<void>(scaled.evaluate(16, {16}, pe::ExtensionMethod::Yarn, 3.0));
  CHECK(scaled.evaluate(16, {16})[0].loss == own[0].loss);
}

TEST_CASE("extend refuses other schemes, shorter lengths and lengths past the caps, changing nothing",
          "[lab]") {
  lab::Trainer alibi(small_config(lab::Task::Previous, lab::Scheme::Alibi));
  const auto no = alibi.extend(pe::ExtensionMethod::Interpolation, 2.0, 16);
  REQUIRE(no.has_value());
  CHECK(no->find("\"alibi\"") != std::string::npos);
  lab::Trainer rope(small_config(lab::Task::Previous, lab::Scheme::Rope));
  const auto shorter = rope.extend(pe::ExtensionMethod::Interpolation, 2.0, 4);
  REQUIRE(shorter.has_value());
  CHECK(shorter->find("received 4") != std::string::npos);
  const auto longer = rope.extend(pe::ExtensionMethod::Interpolation, 2.0, 33);
  REQUIRE(longer.has_value());
  CHECK(longer->find("length") != std::string::npos);
  const auto factor = rope.extend(pe::ExtensionMethod::Interpolation, 65.0, 16);
  REQUIRE(factor.has_value());
  CHECK(factor->find("extensionFactor") != std::string::npos);
  CHECK(rope.config().length == 8);
  CHECK(rope.config().extension == pe::ExtensionMethod::None);
}

TEST_CASE("the saved state carries the extension, and version 2 states read as not extended", "[lab]") {
  lab::Trainer t(small_config(lab::Task::Reverse, lab::Scheme::Rope));
  train_steps(t, 5);
  REQUIRE_FALSE(t.extend(pe::ExtensionMethod::Yarn, 2.0, 16).has_value());
  train_steps(t, 3);
  const auto bytes = t.export_state();
  CHECK(bytes[4] == 4);
  std::string problem;
  auto restored = lab::Trainer::import_state(bytes.data(), bytes.size(), problem);
  REQUIRE(restored.has_value());
  CHECK(restored->config().extension == pe::ExtensionMethod::Yarn);
  CHECK(restored->config().original_length == 8);
  std::vector<float> a, b;
  train_steps(t, 4, &a);
  train_steps(*restored, 4, &b);
  CHECK(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);

  // A version 2 state: the same bytes without the extension's 16 (u32 method, f64 factor, i32 length) and
  // the checksum's 8, written by a run that was never extended.
  lab::Trainer plain(small_config(lab::Task::Reverse, lab::Scheme::Rope));
  train_steps(plain, 5);
  auto v2 = plain.export_state();
  v2.resize(v2.size() - 8);
  constexpr std::ptrdiff_t kExtensionAt = 4 + 4 + 12 + 8 + 20 + 2 + 8 + 4 + 4 + 8 + 8 + 4 + 4;
  v2.erase(v2.begin() + kExtensionAt, v2.begin() + kExtensionAt + 16);
  v2[4] = 2;
  auto old = lab::Trainer::import_state(v2.data(), v2.size(), problem);
  INFO(problem);
  REQUIRE(old.has_value());
  CHECK(old->config().extension == pe::ExtensionMethod::None);
  CHECK(old->export_state() == plain.export_state());
  auto bad = bytes;
  bad[kExtensionAt] = 9;
  CHECK_FALSE(lab::Trainer::import_state(bad.data(), bad.size(), problem).has_value());
  CHECK(problem.find("changed after it was saved") != std::string::npos);
  pe::test::reseal(bad);
  CHECK_FALSE(lab::Trainer::import_state(bad.data(), bad.size(), problem).has_value());
  CHECK(problem.find("extension") != std::string::npos);
}

TEST_CASE("on subject, RoPE falls off at 4T and a short fine-tune at 2T with interpolation brings it back",
          "[lab]") {
  // The page's extension experiment (web/src/lab/extension-run.js's defaults) for seed 1.
  auto c = pe::test::lab_config(lab::Task::Subject, lab::Scheme::Rope, {32, 4, 1, 8, 32});
  c.lr = 0.01;
  c.steps = 300;
  lab::Trainer t(c);
  train_steps(t, 300);
  const double before = t.evaluate(128, {32})[0].accuracy;
  REQUIRE_FALSE(t.extend(pe::ExtensionMethod::Interpolation, 2.0, 16).has_value());
  train_steps(t, 100);
  const auto after = t.evaluate(128, {16, 32});
  INFO("4T before " << before << ", 2T after " << after[0].accuracy << ", 4T after " << after[1].accuracy);
  CHECK(before < 0.9);
  CHECK(after[0].accuracy >= 0.9);
  CHECK(after[1].accuracy >= 0.9);
}
