#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <vector>

#include "approx.hpp"
#include "pe/mixing.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/vocabulary.hpp"

namespace {

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) sum += a[j] * b[j];
  return sum;
}

std::vector<double> add(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> out(a.size());
  for (std::size_t j = 0; j < a.size(); ++j) out[j] = a[j] + b[j];
  return out;
}

}  // namespace

TEST_CASE("the four mixing terms add up to the dot product of the sums", "[mixing][source]") {
  for (const bool scaled : {true, false}) {
    for (const int d_model : {8, 64, 512}) {
      pe::MixingOptions options;
      options.scaled = scaled;
      options.seed = 3;
      const auto t = pe::word_mixing_terms("dog", 2, "man", 7, d_model, options);
      const auto w1 = pe::word_embedding("dog", d_model, 3, scaled);
      const auto w2 = pe::word_embedding("man", d_model, 3, scaled);
      const auto p1 = pe::encode_position(2, d_model, 10000.0);
      const auto p2 = pe::encode_position(7, d_model, 10000.0);
      INFO("scaled " << scaled << ", dModel " << d_model);
      // The literal dot product of the sums, computed here independently of the engine.
      const double literal = dot(add(w1, p1), add(w2, p2));
      CHECK_CLOSE(t.total, literal, 1e-9);
      CHECK_CLOSE(t.word_word + t.position_position + t.word_position + t.position_word, literal, 1e-9);
      CHECK_CLOSE(t.word_word, dot(w1, w2), 1e-12);
      CHECK_CLOSE(t.position_position, dot(p1, p2), 1e-12);
      CHECK_CLOSE(t.word_position, dot(w1, p2), 1e-12);
      CHECK_CLOSE(t.position_word, dot(p1, w2), 1e-12);
    }
  }
}

TEST_CASE("a word with itself at one position gives |w|^2 + dModel/2 + 2 w.p", "[mixing]") {
  const auto t = pe::word_mixing_terms("cat", 5, "cat", 5, 128, {});
  CHECK_CLOSE(t.position_position, 64.0, 1e-9);
  CHECK_CLOSE(t.word_position, t.position_word, 1e-12);
}

TEST_CASE("over every position pair the grid holds the single-pair terms", "[mixing]") {
  pe::MixingOptions options;
  options.seed = 8;
  const int positions = 10;
  const auto grid = pe::mixing_by_position("the", "dog", positions, 32, options);
  REQUIRE(grid.total.size() == 100);
  for (int a = 0; a < positions; ++a) {
    for (int b = 0; b < positions; ++b) {
      const auto t = pe::word_mixing_terms("the", a, "dog", b, 32, options);
      const auto at = static_cast<std::size_t>(a * positions + b);
      CHECK_CLOSE(grid.word_word, t.word_word, 1e-12);
      CHECK_CLOSE(grid.position_position[at], t.position_position, 1e-12);
      CHECK_CLOSE(grid.word_position[at], t.word_position, 1e-12);
      CHECK_CLOSE(grid.position_word[at], t.position_word, 1e-12);
      CHECK_CLOSE(grid.total[at], t.total, 1e-9);
    }
  }
}

TEST_CASE(
    "without the sqrt(dModel) scale word terms vanish next to position terms; with it they are within 10x",
    "[mixing][source]") {
  // Entries of scaled words are about N(0, 1) and sinusoidal entries have mean square 1/2, so a dot of two
  // independent vectors has RMS about sqrt(d) (words) and sqrt(d/2) (cross); without the scale the word
  // entries shrink by sqrt(d) and so do those terms, while position.position is untouched.
  const int d = 512;
  pe::MixingOptions scaled;
  pe::MixingOptions raw;
  raw.scaled = false;
  const auto s = pe::mixing_rms(64, d, scaled);
  const auto r = pe::mixing_rms(64, d, raw);
  CHECK(s.word_word / std::sqrt(512.0) == Approx(1.0).margin(0.1));
  CHECK(s.cross / std::sqrt(256.0) == Approx(1.0).margin(0.15));
  CHECK(r.word_word * std::sqrt(512.0) == Approx(1.0).margin(0.1));
  CHECK_CLOSE(r.word_word * 512.0, s.word_word, 1e-9);
  CHECK_CLOSE(r.cross * std::sqrt(512.0), s.cross, 1e-9);
  CHECK(r.position_position == s.position_position);
  CHECK(r.position_position > 100.0 * r.word_word);
  CHECK(s.position_position < 10.0 * s.word_word);
}

TEST_CASE("mixing terms are deterministic in the seed", "[mixing]") {
  pe::MixingOptions a;
  a.seed = 1;
  pe::MixingOptions b;
  b.seed = 2;
  const auto t1 = pe::word_mixing_terms("dog", 0, "man", 1, 64, a);
  const auto t2 = pe::word_mixing_terms("dog", 0, "man", 1, 64, a);
  const auto t3 = pe::word_mixing_terms("dog", 0, "man", 1, 64, b);
  CHECK(t1.total == t2.total);
  CHECK(t1.word_word != t3.word_word);
  CHECK(t1.position_position == t3.position_position);
}

TEST_CASE("for a fixed query each term's spread across keys is its standard deviation", "[mixing]") {
  pe::MixingOptions options;
  const int positions = 64;
  const int d_model = 512;
  const auto s = pe::mixing_spread("dog", 5, positions, d_model, options);
  // The reference: every key (word w at position b), two plain passes.
  const auto w1 = pe::word_embedding("dog", d_model, options.seed, options.scaled);
  const auto p1 = pe::encode_position(5, d_model, options.base);
  std::vector<double> pp;
  std::vector<double> ww;
  for (const auto& word : pe::vocabulary()) {
    const auto w2 = pe::word_embedding(word, d_model, options.seed, options.scaled);
    for (int b = 0; b < positions; ++b) {
      pp.push_back(dot(p1, pe::encode_position(b, d_model, options.base)));
      ww.push_back(dot(w1, w2));
    }
  }
  const auto mean_sd = [](const std::vector<double>& v) {
    double m = 0.0;
    for (const double x : v) m += x;
    m /= static_cast<double>(v.size());
    double q = 0.0;
    for (const double x : v) q += (x - m) * (x - m);
    return std::pair<double, double>{m, std::sqrt(q / static_cast<double>(v.size()))};
  };
  const auto [pp_mean, pp_sd] = mean_sd(pp);
  const auto [ww_mean, ww_sd] = mean_sd(ww);
  CHECK_CLOSE(s.mean.position_position, pp_mean, 1e-9);
  CHECK_CLOSE(s.spread.position_position, pp_sd, 1e-9);
  CHECK_CLOSE(s.mean.word_word, ww_mean, 1e-9);
  CHECK_CLOSE(s.spread.word_word, ww_sd, 1e-9);
  // Most of position.position is a constant for the query: its mean is larger than its spread, and its
  // spread is smaller than the word term's.
  CHECK(s.mean.position_position > 2 * s.spread.position_position);
  CHECK(s.spread.position_position < s.spread.word_word);
}
