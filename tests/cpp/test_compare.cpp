#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "approx.hpp"
#include "pe/compare.hpp"
#include "pe/vocabulary.hpp"

namespace {

constexpr std::uint64_t kSeed = 3;
constexpr int kDModel = 32;

// What compare_sentences must agree with: each sentence through attend_sentence on its own, weights drawn anew.
double independent_difference(const char* a, const char* b, pe::SentenceEncoding encoding,
                              const pe::SentenceOptions& options) {
  const auto ra = pe::attend_sentence(pe::tokenize(a), encoding, kDModel, kSeed, options);
  const auto rb = pe::attend_sentence(pe::tokenize(b), encoding, kDModel, kSeed, options);
  return pe::test::max_abs_diff(ra.attention.pooled, rb.attention.pooled);
}

std::vector<double> row(const std::vector<double>& m, std::size_t r) {
  const auto d = static_cast<std::size_t>(kDModel);
  return {m.begin() + static_cast<std::ptrdiff_t>(r * d), m.begin() + static_cast<std::ptrdiff_t>((r + 1) * d)};
}

}  // namespace

TEST_CASE("max_abs_difference, which compare_sentences reports, is the largest gap between two arrays", "[compare]") {
  const std::vector<double> a{1.0, -2.0, 3.0};
  const std::vector<double> b{1.5, 2.0, 3.0};
  CHECK(pe::max_abs_difference(a.data(), b.data(), 3) == 4.0);
  CHECK(pe::max_abs_difference(a.data(), b.data(), 1) == 0.5);
  CHECK(pe::max_abs_difference(a.data(), b.data(), 0) == 0.0);
}

TEST_CASE("compare_sentences gives each side exactly as attend_sentence gives that sentence", "[compare]") {
  pe::SentenceOptions options;
  options.mask = pe::AttentionMask::Causal;
  options.heads = 2;
  options.base = 500.0;
  for (const auto encoding : pe::kSentenceEncodings) {
    INFO("encoding " << static_cast<int>(encoding));
    const auto c = pe::compare_sentences(pe::tokenize("the dog bites the man"), pe::tokenize("a man sees a dog"),
                                         encoding, kDModel, kSeed, options);
    const auto a = pe::attend_sentence(pe::tokenize("the dog bites the man"), encoding, kDModel, kSeed, options);
    const auto b = pe::attend_sentence(pe::tokenize("a man sees a dog"), encoding, kDModel, kSeed, options);
    CHECK(c.a.tokens == a.tokens);
    CHECK(c.b.tokens == b.tokens);
    CHECK(c.a.inputs == a.inputs);
    CHECK(c.a.attention.heads == 2);
    CHECK(c.a.attention.weights == a.attention.weights);
    CHECK(c.a.attention.outputs == a.attention.outputs);
    CHECK(c.b.attention.weights == b.attention.weights);
    CHECK(c.b.attention.pooled == b.attention.pooled);
    CHECK(c.pooled_difference == pe::test::max_abs_diff(a.attention.pooled, b.attention.pooled));
  }
}

TEST_CASE("compare_sentences tabulates the pooled difference under every encoding and mask", "[compare]") {
  const char* a = "dog bites man";
  const char* b = "man bites dog";
  pe::SentenceOptions options;
  options.rope_mode = pe::RopeMode::QueriesOnly;
  const auto c =
      pe::compare_sentences(pe::tokenize(a), pe::tokenize(b), pe::SentenceEncoding::Rope, kDModel, kSeed, options);
  for (std::size_t e = 0; e < pe::kSentenceEncodings.size(); ++e) {
    for (std::size_t m = 0; m < pe::kAttentionMasks.size(); ++m) {
      INFO("encoding " << e << ", mask " << m);
      pe::SentenceOptions variant = options;
      variant.mask = pe::kAttentionMasks[m];
      CHECK(c.pooled_differences[e][m] == independent_difference(a, b, pe::kSentenceEncodings[e], variant));
    }
  }
  CHECK(c.pooled_differences[3][0] == c.pooled_difference);
}

TEST_CASE("compare_sentences: \"dog bites man\" and \"man bites dog\" differ only when the layer is given word order",
          "[compare][source]") {
  const auto c = pe::compare_sentences(pe::tokenize("dog bites man"), pe::tokenize("man bites dog"),
                                       pe::SentenceEncoding::None, kDModel, kSeed);
  const auto& d = c.pooled_differences;
  CHECK(c.pooled_difference < 1e-9);
  CHECK(d[0][0] < 1e-9);  // none, bidirectional: a bag of words
  CHECK(d[0][1] > 1e-3);  // none, causal: the mask alone
  CHECK(d[1][0] > 1e-3);  // sinusoidal
  CHECK(d[2][0] > 1e-3);  // learned
  CHECK(d[3][0] > 1e-3);  // rope
  CHECK(d[4][0] < 1e-9);  // alibi, bidirectional: the reverse keeps every distance
  CHECK(d[4][1] > 1e-3);  // alibi, causal
}

TEST_CASE("compare_sentences picks the shared word whose outputs differ most, occurrence by occurrence", "[compare]") {
  const auto a = pe::tokenize("the dog bites the man");
  const auto b = pe::tokenize("the man bites the dog");
  const auto c = pe::compare_sentences(a, b, pe::SentenceEncoding::Sinusoidal, kDModel, kSeed);
  REQUIRE(c.shared_word.has_value());
  // The k-th occurrence of a word in A pairs with its k-th occurrence in B.
  const std::vector<std::pair<std::size_t, std::size_t>> pairs{{0, 0}, {1, 4}, {2, 2}, {3, 3}, {4, 1}};
  double worst = -1.0;
  std::size_t at = 0;
  for (const auto& [i, j] : pairs) {
    const double diff = pe::test::max_abs_diff(row(c.a.attention.outputs, i), row(c.b.attention.outputs, j));
    if (diff > worst) {
      worst = diff;
      at = i;
    }
  }
  CHECK(c.shared_word->difference == worst);
  CHECK(c.shared_word->index_a == static_cast<int>(at));
  CHECK(c.shared_word->index_b == static_cast<int>(pairs[at].second));
  CHECK(c.shared_word->word == a[at]);
}

TEST_CASE("compare_sentences: without position information a shared word comes out the same in both sentences",
          "[compare]") {
  const auto c = pe::compare_sentences(pe::tokenize("dog bites man"), pe::tokenize("man bites dog"),
                                       pe::SentenceEncoding::None, kDModel, kSeed);
  REQUIRE(c.shared_word.has_value());
  CHECK(c.shared_word->difference < 1e-9);
}

TEST_CASE("compare_sentences finds no shared word in sentences with no word in common", "[compare]") {
  const auto c = pe::compare_sentences(pe::tokenize("dog bites man"), pe::tokenize("a cat sleeps"),
                                       pe::SentenceEncoding::None, kDModel, kSeed);
  CHECK_FALSE(c.shared_word.has_value());
  CHECK(c.pooled_difference > 1e-3);
}
