// The lab's tasks, their data streams and the configuration's validation.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "pe/lab/config.hpp"
#include "pe/lab/model.hpp"
#include "pe/lab/tasks.hpp"
#include "pe/vocabulary.hpp"

namespace {

namespace lab = pe::lab;

lab::Config config_for(lab::Task task, int length, std::uint32_t seed = 1) {
  lab::Config c;
  c.task = task;
  c.causal = lab::default_causal(task);
  c.length = length;
  c.batch = 64;
  c.seed = seed;
  return c;
}

int at(const std::vector<int>& v, int i) {
  return v[static_cast<std::size_t>(i)];
}

}  // namespace

TEST_CASE("per-token targets follow each task's rule", "[lab]") {
  for (const auto task : {lab::Task::Previous, lab::Task::Reverse, lab::Task::First}) {
    const auto b = lab::training_batch(config_for(task, 9), 3);
    REQUIRE(b.tokens.size() == 64u * 9u);
    REQUIRE(b.targets.size() == b.tokens.size());
    for (int r = 0; r < b.batch; ++r) {
      for (int p = 0; p < 9; ++p) {
        const int target = at(b.targets, r * 9 + p);
        CHECK(at(b.tokens, r * 9 + p) >= 0);
        CHECK(at(b.tokens, r * 9 + p) < 16);
        if (task == lab::Task::Previous)
          CHECK(target == (p == 0 ? lab::kNoTarget : at(b.tokens, r * 9 + p - 1)));
        if (task == lab::Task::Reverse) CHECK(target == at(b.tokens, r * 9 + 8 - p));
        if (task == lab::Task::First) CHECK(target == at(b.tokens, r * 9));
      }
    }
  }
}

TEST_CASE("subject sentences read 'the [adjectives] A verb the [adjectives] B' in the article's words",
          "[lab]") {
  const int n = 9;
  const auto b = lab::evaluation_batch(lab::Task::Subject, n, 0, 500);
  REQUIRE(b.targets.size() == 500u);
  int a_first = 0;
  std::set<int> subject_positions;
  for (int r = 0; r < b.batch; ++r) {
    std::vector<std::string> words;
    for (int p = 0; p < n; ++p)
      words.emplace_back(lab::token_word(lab::Task::Subject, at(b.tokens, r * n + p)));
    for (const auto& w : words) CHECK(pe::word_id(w).has_value());
    CHECK(words[0] == "the");
    int verb = 0;
    while (words[static_cast<std::size_t>(verb)] != "the" || verb == 0) ++verb;
    --verb;  // the verb stands just before the second "the"
    const int a = at(b.tokens, r * n + verb - 1);
    const int other = at(b.tokens, r * n + n - 1);
    CHECK(a - 1 == at(b.targets, r));  // class = noun index; nouns follow "the" in the vocabulary
    CHECK(a != other);
    a_first += a < other ? 1 : 0;
    subject_positions.insert(verb - 1);
  }
  // Nouns are drawn without regard to order, and the adjectives split every way between the two phrases.
  CHECK(a_first > 200);
  CHECK(a_first < 300);
  CHECK(subject_positions.size() == static_cast<std::size_t>(n - 5 + 1));
  CHECK(lab::task_info(lab::Task::Subject).min_length == 5);
}

TEST_CASE("majority's target is the most frequent symbol, the smallest on a tie", "[lab]") {
  const int n = 6;
  const auto b = lab::evaluation_batch(lab::Task::Majority, n, 0, 300);
  REQUIRE(b.targets.size() == 300u);
  int ties = 0;
  for (int r = 0; r < b.batch; ++r) {
    int counts[8] = {};
    for (int p = 0; p < n; ++p) {
      const int t = at(b.tokens, r * n + p);
      REQUIRE(t >= 0);
      REQUIRE(t < 8);
      ++counts[t];
    }
    const int target = at(b.targets, r);
    for (int t = 0; t < 8; ++t) {
      if (t < target) CHECK(counts[t] < counts[target]);
      if (t > target) CHECK(counts[t] <= counts[target]);
      if (t > target && counts[t] == counts[target]) ++ties;
    }
  }
  CHECK(ties > 0);  // the tie rule is exercised
  const auto info = lab::task_info(lab::Task::Majority);
  CHECK(info.pooled);
  CHECK(info.vocab == 8);
  CHECK(info.classes == 8);
  CHECK_FALSE(lab::default_causal(lab::Task::Majority));
}

TEST_CASE("training batches depend on the seed and the step; evaluation sets on neither", "[lab]") {
  const auto c1 = config_for(lab::Task::Reverse, 8, 1);
  const auto c2 = config_for(lab::Task::Reverse, 8, 2);
  CHECK(lab::training_batch(c1, 0).tokens == lab::training_batch(c1, 0).tokens);
  CHECK(lab::training_batch(c1, 0).tokens != lab::training_batch(c1, 1).tokens);
  CHECK(lab::training_batch(c1, 0).tokens != lab::training_batch(c2, 0).tokens);
  const auto whole = lab::evaluation_batch(lab::Task::Reverse, 8, 0, 10);
  const auto part = lab::evaluation_batch(lab::Task::Reverse, 8, 4, 3);
  CHECK(std::vector<int>(whole.tokens.begin() + 32, whole.tokens.begin() + 56) == part.tokens);
  CHECK(lab::evaluation_batch(lab::Task::Reverse, 9, 0, 1).tokens !=
        std::vector<int>(whole.tokens.begin(), whole.tokens.begin() + 9));
}

TEST_CASE("configuration problems name the field, what is allowed and what was given", "[lab]") {
  lab::Config c;
  CHECK_FALSE(lab::config_problem(c).has_value());
  const auto problem = [](lab::Config x) { return lab::config_problem(x).value_or(""); };
  auto odd = c;
  odd.d_model = 66;
  odd.n_heads = 4;
  CHECK(problem(odd).find("nHeads must be a divisor of dModel (66)") != std::string::npos);
  auto rope = c;
  rope.d_model = 24;
  rope.n_heads = 8;  // head size 3
  CHECK(problem(rope).find("even head size") != std::string::npos);
  rope.scheme = lab::Scheme::Alibi;
  CHECK(problem(rope).empty());
  auto subject = c;
  subject.task = lab::Task::Subject;
  CHECK(problem(subject).find("causal must be false") != std::string::npos);
  subject.causal = false;
  subject.length = 4;
  CHECK(problem(subject).find("length must be an integer from 5 to 32") != std::string::npos);
  auto first = c;
  first.task = lab::Task::First;
  first.causal = false;
  CHECK(problem(first).find("causal must be true") != std::string::npos);
  auto warm = c;
  warm.warmup = 700;
  CHECK(problem(warm) == "warmup must be an integer from 0 to 600; received 700.");
  auto lr = c;
  lr.lr = 2.0;
  CHECK(problem(lr) == "lr must be a number from 1e-05 to 1; received 2.");
  auto big = c;
  big.d_model = 256;
  big.n_layers = 4;
  big.batch = 256;
  big.length = 32;
  CHECK(problem(big).find("cap") != std::string::npos);
}

TEST_CASE("the activation cap's formula in words is within 15% of the exact count", "[lab]") {
  // The message, pe-lab.d.ts and docs/lab-model.md say "about B T ((16 d + h T) L + 16 d)"; the cap itself
  // applies activation_floats. Sizes from the page's smallest to the engine's caps, both kinds of head.
  struct Size {
    int d, h, layers, length, batch;
  };
  for (const Size z :
       {Size{16, 2, 1, 8, 32}, Size{32, 4, 1, 8, 32}, Size{64, 4, 2, 32, 32}, Size{128, 8, 2, 32, 32},
        Size{256, 8, 4, 32, 64}, Size{16, 2, 1, 8, 256}, Size{256, 1, 1, 32, 256}}) {
    for (const auto task : {lab::Task::Previous, lab::Task::Subject}) {
      lab::Config c;
      c.task = task;
      c.d_model = z.d;
      c.n_heads = z.h;
      c.n_layers = z.layers;
      c.length = z.length;
      c.batch = z.batch;
      const double about =
          double{1} * z.batch * z.length * ((16.0 * z.d + z.h * z.length) * z.layers + 16.0 * z.d);
      const auto exact = static_cast<double>(lab::activation_floats(c, c.batch, c.length));
      INFO("d " << z.d << " h " << z.h << " L " << z.layers << " T " << z.length << " B " << z.batch);
      CHECK(about >= 0.85 * exact);
      CHECK(about <= 1.15 * exact);
    }
  }
}
