#include "pe/mixing.hpp"

#include <cmath>
#include <cstddef>

#include "pe/limits.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/vocabulary.hpp"

namespace pe {
namespace {

double dot(span<const double> a, span<const double> b) noexcept {
  PE_EXPECTS(a.size() == b.size());
  double sum = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) sum += a[j] * b[j];
  return sum;
}

// Row-major positions x d_model table of sinusoidal vectors in double precision.
std::vector<double> position_rows(int positions, int d_model, double base) {
  std::vector<double> rows;
  rows.reserve(to_size(positions) * to_size(d_model));
  for (int p = 0; p < positions; ++p) {
    const auto row = encode_position(p, d_model, base);
    rows.insert(rows.end(), row.begin(), row.end());
  }
  return rows;
}

// The mean of the squares of every dot product a.row(i) . b.row(j), skipping i == j when distinct.
double mean_square_dot(matrix_view<const double> a, matrix_view<const double> b, bool distinct) noexcept {
  double sum = 0.0;
  std::size_t count = 0;
  for (std::size_t i = 0; i < a.rows(); ++i) {
    for (std::size_t j = 0; j < b.rows(); ++j) {
      if (distinct && i == j) continue;
      const double v = dot(a.row(i), b.row(j));
      sum += v * v;
      ++count;
    }
  }
  return sum / static_cast<double>(count);
}

}  // namespace

MixingTerms mixing_terms(span<const double> w1, span<const double> p1, span<const double> w2,
                         span<const double> p2) noexcept {
  PE_EXPECTS(p1.size() == w1.size() && w2.size() == w1.size() && p2.size() == w1.size());
  MixingTerms t;
  t.word_word = dot(w1, w2);
  t.position_position = dot(p1, p2);
  t.word_position = dot(w1, p2);
  t.position_word = dot(p1, w2);
  for (std::size_t j = 0; j < w1.size(); ++j) t.total += (w1[j] + p1[j]) * (w2[j] + p2[j]);
  return t;
}

MixingTerms word_mixing_terms(std::string_view word1, int pos1, std::string_view word2, int pos2, int d_model,
                              const MixingOptions& options) {
  PE_EXPECTS(pos1 >= 0 && pos2 >= 0);
  return mixing_terms(word_embedding(word1, d_model, options.seed, options.scaled),
                      encode_position(pos1, d_model, options.base),
                      word_embedding(word2, d_model, options.seed, options.scaled),
                      encode_position(pos2, d_model, options.base));
}

MixingGrid mixing_by_position(std::string_view word1, std::string_view word2, int positions, int d_model,
                              const MixingOptions& options) {
  PE_EXPECTS(positions >= 1 && positions <= limits::kMaxSimilarityPositions);
  const auto w1 = word_embedding(word1, d_model, options.seed, options.scaled);
  const auto w2 = word_embedding(word2, d_model, options.seed, options.scaled);
  const auto storage = position_rows(positions, d_model, options.base);
  const auto n = to_size(positions);
  const auto d = to_size(d_model);
  const matrix_view<const double> rows(storage, n, d);
  MixingGrid grid;
  grid.positions = positions;
  grid.word_word = dot(w1, w2);
  grid.position_position.resize(n * n);
  grid.word_position.resize(n * n);
  grid.position_word.resize(n * n);
  grid.total.resize(n * n);
  // w1 . p_b does not depend on a, so it is computed once per column.
  std::vector<double> w1_p(n);
  for (std::size_t b = 0; b < n; ++b) w1_p[b] = dot(w1, rows.row(b));
  std::vector<double> sum1(d);
  for (std::size_t a = 0; a < n; ++a) {
    const span<const double> p1 = rows.row(a);
    for (std::size_t j = 0; j < d; ++j) sum1[j] = w1[j] + p1[j];
    const double p1_w2 = dot(p1, w2);
    for (std::size_t b = 0; b < n; ++b) {
      const span<const double> p2 = rows.row(b);
      double total = 0.0;
      for (std::size_t j = 0; j < d; ++j) total += sum1[j] * (w2[j] + p2[j]);
      grid.position_position[a * n + b] = dot(p1, p2);
      grid.word_position[a * n + b] = w1_p[b];
      grid.position_word[a * n + b] = p1_w2;
      grid.total[a * n + b] = total;
    }
  }
  return grid;
}

MixingSpread mixing_spread(std::string_view word1, int pos1, int positions, int d_model,
                           const MixingOptions& options) {
  PE_EXPECTS(pos1 >= 0 && positions >= 1 && positions <= limits::kMaxSimilarityPositions);
  const auto& words = vocabulary();
  const auto d = to_size(d_model);
  const auto w1 = word_embedding(word1, d_model, options.seed, options.scaled);
  const auto p1 = encode_position(pos1, d_model, options.base);
  const auto embeddings = word_embeddings(words, d_model, options.seed, options.scaled);
  const auto rows = position_rows(positions, d_model, options.base);
  const matrix_view<const double> e(embeddings, words.size(), d);
  const matrix_view<const double> p(rows, to_size(positions), d);
  // Two passes (mean, then squared deviations), each over every key (word w at position b).
  std::vector<MixingTerms> keys;
  keys.reserve(words.size() * to_size(positions));
  for (std::size_t w = 0; w < e.rows(); ++w) {
    for (std::size_t b = 0; b < p.rows(); ++b) {
      keys.push_back(mixing_terms(w1, p1, e.row(w), p.row(b)));
    }
  }
  const auto count = static_cast<double>(keys.size());
  const auto each = [](MixingTerms& t, const auto& fn) {
    fn(t.word_word);
    fn(t.position_position);
    fn(t.word_position);
    fn(t.position_word);
    fn(t.total);
  };
  MixingSpread out;
  for (const auto& k : keys) {
    out.mean.word_word += k.word_word;
    out.mean.position_position += k.position_position;
    out.mean.word_position += k.word_position;
    out.mean.position_word += k.position_word;
    out.mean.total += k.total;
  }
  each(out.mean, [&](double& v) { v /= count; });
  for (const auto& k : keys) {
    const auto square = [](double x) { return x * x; };
    out.spread.word_word += square(k.word_word - out.mean.word_word);
    out.spread.position_position += square(k.position_position - out.mean.position_position);
    out.spread.word_position += square(k.word_position - out.mean.word_position);
    out.spread.position_word += square(k.position_word - out.mean.position_word);
    out.spread.total += square(k.total - out.mean.total);
  }
  each(out.spread, [&](double& v) { v = std::sqrt(v / count); });
  return out;
}

MixingRms mixing_rms(int positions, int d_model, const MixingOptions& options) {
  PE_EXPECTS(positions >= 2 && positions <= limits::kMaxSimilarityPositions);
  const auto& words = vocabulary();
  const auto d = to_size(d_model);
  const auto embeddings = word_embeddings(words, d_model, options.seed, options.scaled);
  const auto rows = position_rows(positions, d_model, options.base);
  const matrix_view<const double> e(embeddings, words.size(), d);
  const matrix_view<const double> p(rows, to_size(positions), d);
  MixingRms rms;
  rms.word_word = std::sqrt(mean_square_dot(e, e, /*distinct=*/true));
  rms.position_position = std::sqrt(mean_square_dot(p, p, /*distinct=*/true));
  rms.cross = std::sqrt(mean_square_dot(e, p, /*distinct=*/false));
  return rms;
}

}  // namespace pe
