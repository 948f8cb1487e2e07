#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "approx.hpp"
#include "pe/rng.hpp"
#include "pe/vocabulary.hpp"

namespace {

// Independent reference: xoshiro256** exactly as in Blackman and Vigna's C code (xoshiro256starstar.c).
struct ReferenceXoshiro {
  std::array<std::uint64_t, 4> s;
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }
};

double mean(const std::vector<double>& v) {
  double sum = 0.0;
  for (const double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

double standard_deviation(const std::vector<double>& v) {
  const double m = mean(v);
  double sum = 0.0;
  for (const double x : v) sum += (x - m) * (x - m);
  return std::sqrt(sum / static_cast<double>(v.size() - 1));
}

}  // namespace

TEST_CASE("splitmix64 reproduces the published sequence for seed 1234567", "[rng]") {
  std::uint64_t state = 1234567;
  const std::array<std::uint64_t, 5> expected = {6457827717110365317ULL, 3203168211198807973ULL,
                                                 9817491932198370423ULL, 4593380528125082431ULL,
                                                 16408922859458223821ULL};
  for (const auto value : expected) CHECK(pe::splitmix64(state) == value);
}

TEST_CASE("the generator is xoshiro256** seeded by four splitmix64 outputs", "[rng]") {
  std::uint64_t state = 2024;
  ReferenceXoshiro reference{};
  for (auto& word : reference.s) word = pe::splitmix64(state);
  pe::Rng rng(2024);
  for (int i = 0; i < 1000; ++i) REQUIRE(rng.next() == reference.next());
}

TEST_CASE("the portable logarithm agrees with std::log to a few ulp", "[rng]") {
  double worst = 0.0;
  for (double x = 1e-300; x < 1e300; x *= 1.37) {
    worst =
        std::max(worst, std::fabs(pe::portable_log(x) - std::log(x)) / std::max(1.0, std::fabs(std::log(x))));
  }
  pe::Rng rng(3);
  for (int i = 0; i < 100000; ++i) {
    const double x = rng.uniform() + 0x1.0p-60;
    worst =
        std::max(worst, std::fabs(pe::portable_log(x) - std::log(x)) / std::max(1.0, std::fabs(std::log(x))));
  }
  CHECK(worst < 1e-15);
  CHECK(pe::portable_log(1.0) == 0.0);
}

TEST_CASE("normal draws have mean 0, variance 1 and 5% beyond 1.96", "[rng]") {
  // One million draws: the standard error of the mean is 0.001, of the variance about 0.0014, of the tail
  // fraction about 0.0002; the tolerances are five of those.
  pe::Rng rng(11);
  std::vector<double> draws(1000000);
  for (double& x : draws) x = rng.normal();
  CHECK(std::fabs(mean(draws)) < 0.005);
  CHECK(std::fabs(standard_deviation(draws) - 1.0) < 0.0035);
  const auto tails =
      std::count_if(draws.begin(), draws.end(), [](double x) { return std::fabs(x) > 1.959964; });
  CHECK(std::fabs(static_cast<double>(tails) / 1e6 - 0.05) < 0.0011);
}

TEST_CASE("streams named differently or seeded differently are unrelated", "[rng]") {
  CHECK(pe::stream_seed(1, pe::fnv1a64("a")) != pe::stream_seed(1, pe::fnv1a64("b")));
  CHECK(pe::stream_seed(1, pe::fnv1a64("a")) != pe::stream_seed(2, pe::fnv1a64("a")));
  CHECK(pe::fnv1a64("") == 0xCBF29CE484222325ULL);
  CHECK(pe::fnv1a64("a") == 0xAF63DC4C8601EC8CULL);  // the published FNV-1a 64-bit test vector
}

TEST_CASE("the vocabulary is sorted, unique, lowercase and holds the article's sentences", "[vocabulary]") {
  const auto& words = pe::vocabulary();
  CHECK(words.size() >= 40);
  CHECK(std::is_sorted(words.begin(), words.end()));
  CHECK(std::adjacent_find(words.begin(), words.end()) == words.end());
  for (const auto& w : words) {
    CHECK(std::none_of(w.begin(), w.end(), [](char c) { return c < 'a' || c > 'z'; }));
    REQUIRE(pe::word_id(w).has_value());
    CHECK(words[static_cast<std::size_t>(*pe::word_id(w))] == w);
  }
  for (const char* sentence :
       {"dog bites man", "man bites dog", "The cat chased the dog.", "The dog bit the man!",
        "The quick brown fox jumps over the lazy dog", "the king and the queen"}) {
    INFO(sentence);
    CHECK_FALSE(pe::first_unknown(pe::tokenize(sentence)).has_value());
  }
  CHECK_FALSE(pe::word_id("zebra").has_value());
  CHECK_FALSE(pe::word_id("Dog").has_value());
}

TEST_CASE("tokenising splits on whitespace, lowercases and strips surrounding punctuation", "[vocabulary]") {
  using V = std::vector<std::string>;
  CHECK(pe::tokenize("  The CAT\tchased\n the dog.  ") == V{"the", "cat", "chased", "the", "dog"});
  CHECK(pe::tokenize("\"Dog,\" (bites) man?!") == V{"dog", "bites", "man"});
  CHECK(pe::tokenize("dog -- man ...") == V{"dog", "man"});
  CHECK(pe::tokenize("dog's") == V{"dog's"});
  CHECK(pe::tokenize("").empty());
  CHECK(pe::tokenize(" \t\n").empty());
  const auto tokens = pe::tokenize("the zebra bites the man");
  REQUIRE(pe::first_unknown(tokens).has_value());
  CHECK(*pe::first_unknown(tokens) == 1);
}

TEST_CASE("scaled embeddings at dModel 512 have mean 0 and standard deviation 1", "[vocabulary][source]") {
  // 78 words x 512 = 39,936 draws: the standard error of the mean is 0.005 and of the standard deviation
  // 0.0035; the tolerances are five of those. Unscaled, the same draws have standard deviation 512^-1/2.
  const int d_model = 512;
  const auto scaled = pe::word_embeddings(pe::vocabulary(), d_model, 1, true);
  const auto raw = pe::word_embeddings(pe::vocabulary(), d_model, 1, false);
  REQUIRE(scaled.size() == pe::vocabulary().size() * 512);
  CHECK(std::fabs(mean(scaled)) < 0.025);
  CHECK(std::fabs(standard_deviation(scaled) - 1.0) < 0.018);
  CHECK(std::fabs(standard_deviation(raw) * std::sqrt(512.0) - 1.0) < 0.018);
  CHECK(pe::test::max_abs_diff(scaled, [&] {
          std::vector<double> v = raw;
          for (double& x : v) x *= std::sqrt(512.0);
          return v;
        }()) < 1e-14);
}

TEST_CASE("a word's embedding depends only on the word, the seed and dModel", "[vocabulary]") {
  const auto dog = pe::word_embedding("dog", 64, 5, true);
  CHECK(pe::word_embedding("dog", 64, 5, true) == dog);
  CHECK(pe::word_embedding("dog", 64, 6, true) != dog);
  CHECK(pe::word_embedding("man", 64, 5, true) != dog);
  const auto rows = pe::word_embeddings({"man", "dog", "dog"}, 64, 5, true);
  CHECK(std::equal(dog.begin(), dog.end(), rows.begin() + 64));
  CHECK(std::equal(dog.begin(), dog.end(), rows.begin() + 128));
  // Unscaled, a smaller dModel's row is the start of a larger one's, times the ratio of the init scales.
  const auto small = pe::word_embedding("dog", 8, 5, false);
  const auto large = pe::word_embedding("dog", 32, 5, false);
  for (std::size_t j = 0; j < 8; ++j) CHECK_CLOSE(small[j] / std::sqrt(32.0 / 8.0), large[j], 1e-15);
}

TEST_CASE("embeddings are bit-for-bit the golden values the WebAssembly test also checks",
          "[vocabulary][rng]") {
  // tests/js/sentence.test.mjs asserts the same numbers through the WASM build; together they show that
  // native and WebAssembly draw identical embeddings.
  const std::vector<double> golden = {0.92368745142138919, 1.0186888387788684,   0.57270613130095016,
                                      -1.1782092543991507, 0.059135640385689296, 1.1538382895113803,
                                      1.1790498699182685,  -1.9029333721408392};
  CHECK(pe::word_embedding("dog", 8, 42, true) == golden);
}
