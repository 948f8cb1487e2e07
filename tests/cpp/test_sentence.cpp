#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "approx.hpp"
#include "pe/sentence.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/vocabulary.hpp"

namespace {

constexpr std::uint64_t kSeed = 1;
constexpr int kDModel = 64;

double pooled_difference(const char* a, const char* b, pe::SentenceEncoding encoding,
                         const pe::SentenceOptions& options = {}) {
  const auto ra = pe::attend_sentence(pe::tokenize(a), encoding, kDModel, kSeed, options);
  const auto rb = pe::attend_sentence(pe::tokenize(b), encoding, kDModel, kSeed, options);
  return pe::test::max_abs_diff(ra.attention.pooled, rb.attention.pooled);
}

}  // namespace

TEST_CASE("without a position encoding \"dog bites man\" and \"man bites dog\" pool to the same vector",
          "[sentence][source]") {
  CHECK(pooled_difference("dog bites man", "man bites dog", pe::SentenceEncoding::None) < 1e-6);
  CHECK(pooled_difference("the cat chased the dog", "the dog chased the cat", pe::SentenceEncoding::None) <
        1e-6);
  CHECK(pooled_difference("the cat chased the dog", "dog the the chased cat", pe::SentenceEncoding::None) <
        1e-6);
}

TEST_CASE("the outputs of the bag of words are the same rows in the new order", "[sentence]") {
  const auto a =
      pe::attend_sentence(pe::tokenize("dog bites man"), pe::SentenceEncoding::None, kDModel, kSeed);
  const auto b =
      pe::attend_sentence(pe::tokenize("man bites dog"), pe::SentenceEncoding::None, kDModel, kSeed);
  const auto d = static_cast<std::size_t>(kDModel);
  for (const auto& [from, to] : std::vector<std::pair<std::size_t, std::size_t>>{{0, 2}, {1, 1}, {2, 0}}) {
    for (std::size_t c = 0; c < d; ++c) {
      CHECK_CLOSE(a.attention.outputs[from * d + c], b.attention.outputs[to * d + c], 1e-6);
    }
  }
}

TEST_CASE("sinusoidal, learned and rotary encodings tell \"dog bites man\" from \"man bites dog\"",
          "[sentence][source]") {
  for (const auto encoding :
       {pe::SentenceEncoding::Sinusoidal, pe::SentenceEncoding::Learned, pe::SentenceEncoding::Rope}) {
    INFO("encoding " << static_cast<int>(encoding));
    CHECK(pooled_difference("dog bites man", "man bites dog", encoding) > 1e-3);
    CHECK(pooled_difference("the dog bites the man", "the man bites the dog", encoding) > 1e-3);
  }
}

TEST_CASE("ALiBi tells word orders apart unless one is the other reversed", "[sentence][alibi]") {
  // "man bites dog" is "dog bites man" reversed: every distance between two words is kept, and a
  // bidirectional layer with ALiBi sees only distances. Swapping dog and man in a five-word sentence
  // changes distances.
  CHECK(pooled_difference("dog bites man", "man bites dog", pe::SentenceEncoding::Alibi) < 1e-9);
  CHECK(pooled_difference("the dog bites the man", "the man bites the dog", pe::SentenceEncoding::Alibi) >
        1e-3);
  pe::SentenceOptions causal;
  causal.mask = pe::AttentionMask::Causal;
  CHECK(pooled_difference("dog bites man", "man bites dog", pe::SentenceEncoding::Alibi, causal) > 1e-3);
}

TEST_CASE("a causal mask alone makes word order matter", "[sentence]") {
  pe::SentenceOptions causal;
  causal.mask = pe::AttentionMask::Causal;
  CHECK(pooled_difference("dog bites man", "man bites dog", pe::SentenceEncoding::None, causal) > 1e-3);
}

TEST_CASE("a word has the same embedding in every sentence and the inputs are embedding plus position",
          "[sentence]") {
  const auto d = static_cast<std::size_t>(kDModel);
  const auto dog = pe::word_embedding("dog", kDModel, kSeed, true);
  for (const auto encoding :
       {pe::SentenceEncoding::None, pe::SentenceEncoding::Sinusoidal, pe::SentenceEncoding::Learned,
        pe::SentenceEncoding::Rope, pe::SentenceEncoding::Alibi}) {
    const auto r = pe::attend_sentence(pe::tokenize("the big dog sees the dog"), encoding, kDModel, kSeed);
    REQUIRE(r.tokens.size() == 6);
    REQUIRE(r.embeddings.size() == 6 * d);
    for (const std::size_t at : {std::size_t{2}, std::size_t{5}}) {
      CHECK(std::vector<double>(r.embeddings.begin() + static_cast<std::ptrdiff_t>(at * d),
                                r.embeddings.begin() + static_cast<std::ptrdiff_t>((at + 1) * d)) == dog);
    }
    for (std::size_t i = 0; i < 6; ++i) {
      std::vector<double> expected(d, 0.0);
      if (encoding == pe::SentenceEncoding::Sinusoidal)
        expected = pe::encode_position(static_cast<double>(i), kDModel, 10000.0);
      if (encoding == pe::SentenceEncoding::Learned)
        expected = pe::learned_position(static_cast<int>(i), kDModel, kSeed);
      for (std::size_t c = 0; c < d; ++c) {
        CHECK(r.positions[i * d + c] == expected[c]);
        CHECK(r.inputs[i * d + c] == r.embeddings[i * d + c] + r.positions[i * d + c]);
      }
    }
  }
}

TEST_CASE("the learned table has the sinusoidal table's mean square and rows independent of the sentence",
          "[sentence]") {
  // 32 rows x 512 = 16,384 draws from N(0, 1/2): standard error of the deviation 0.0039, tolerance five
  // of those.
  std::vector<double> all;
  for (int p = 0; p < 32; ++p) {
    const auto row = pe::learned_position(p, 512, 9);
    all.insert(all.end(), row.begin(), row.end());
  }
  double squares = 0.0;
  for (const double v : all) squares += v * v;
  CHECK(std::fabs(std::sqrt(squares / static_cast<double>(all.size())) - std::sqrt(0.5)) < 0.02);
  CHECK(pe::learned_position(3, 16, 9) == pe::learned_position(3, 16, 9));
  CHECK(pe::learned_position(3, 16, 9) != pe::learned_position(4, 16, 9));
  CHECK(pe::learned_position(3, 16, 9) != pe::learned_position(3, 16, 10));
}

TEST_CASE("sentences use several heads by default and honour the options", "[sentence]") {
  STATIC_REQUIRE(pe::default_sentence_heads(64) == 4);
  STATIC_REQUIRE(pe::default_sentence_heads(12) == 2);
  STATIC_REQUIRE(pe::default_sentence_heads(6) == 1);
  const auto tokens = pe::tokenize("the cat sat on the mat");
  const auto r = pe::attend_sentence(tokens, pe::SentenceEncoding::None, kDModel, kSeed);
  CHECK(r.attention.heads == 4);
  CHECK(r.attention.scores.size() == 4 * 36);
  pe::SentenceOptions options;
  options.heads = 2;
  options.mask = pe::AttentionMask::Causal;
  const auto c = pe::attend_sentence(tokens, pe::SentenceEncoding::None, kDModel, kSeed, options);
  CHECK(c.attention.heads == 2);
  CHECK(std::isinf(c.attention.scores[1]));
}

TEST_CASE("a one-word sentence attends to itself with weight 1", "[sentence]") {
  const auto r = pe::attend_sentence({"dog"}, pe::SentenceEncoding::Rope, 8, kSeed);
  REQUIRE(r.attention.weights.size() == 4);
  for (const double w : r.attention.weights) CHECK(w == 1.0);
  CHECK(r.attention.pooled == r.attention.outputs);
}

TEST_CASE("the same seed gives the same sentence result; another seed another", "[sentence]") {
  const auto tokens = pe::tokenize("the woman sees the ball in the park");
  const auto a = pe::attend_sentence(tokens, pe::SentenceEncoding::Learned, 32, 5);
  const auto b = pe::attend_sentence(tokens, pe::SentenceEncoding::Learned, 32, 5);
  const auto c = pe::attend_sentence(tokens, pe::SentenceEncoding::Learned, 32, 6);
  CHECK(a.attention.pooled == b.attention.pooled);
  CHECK(a.attention.scores == b.attention.scores);
  CHECK(pe::test::max_abs_diff(a.attention.pooled, c.attention.pooled) > 1e-3);
}
