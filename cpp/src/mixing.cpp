#include "pe/mixing.hpp"

#include <cmath>
#include <cstddef>

#include "pe/sinusoidal.hpp"
#include "pe/vocabulary.hpp"

namespace pe {
namespace {

double dot(const double* a, const double* b, std::size_t n) noexcept {
  double sum = 0.0;
  for (std::size_t j = 0; j < n; ++j) sum += a[j] * b[j];
  return sum;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) noexcept {
  return dot(a.data(), b.data(), a.size());
}

// Row-major positions x d_model table of sinusoidal vectors in double precision.
std::vector<double> position_rows(int positions, int d_model, double base) {
  std::vector<double> rows;
  rows.reserve(static_cast<std::size_t>(positions) * static_cast<std::size_t>(d_model));
  for (int p = 0; p < positions; ++p) {
    const auto row = encode_position(p, d_model, base);
    rows.insert(rows.end(), row.begin(), row.end());
  }
  return rows;
}

}  // namespace

MixingTerms mixing_terms(const std::vector<double>& w1, const std::vector<double>& p1,
                         const std::vector<double>& w2, const std::vector<double>& p2) noexcept {
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
  return mixing_terms(word_embedding(word1, d_model, options.seed, options.scaled),
                      encode_position(pos1, d_model, options.base),
                      word_embedding(word2, d_model, options.seed, options.scaled),
                      encode_position(pos2, d_model, options.base));
}

MixingGrid mixing_by_position(std::string_view word1, std::string_view word2, int positions, int d_model,
                              const MixingOptions& options) {
  const auto w1 = word_embedding(word1, d_model, options.seed, options.scaled);
  const auto w2 = word_embedding(word2, d_model, options.seed, options.scaled);
  const auto rows = position_rows(positions, d_model, options.base);
  const auto n = static_cast<std::size_t>(positions);
  const auto d = static_cast<std::size_t>(d_model);
  MixingGrid grid;
  grid.positions = positions;
  grid.word_word = dot(w1, w2);
  grid.position_position.resize(n * n);
  grid.word_position.resize(n * n);
  grid.position_word.resize(n * n);
  grid.total.resize(n * n);
  // w1 . p_b does not depend on a, so it is computed once per column.
  std::vector<double> w1_p(n);
  for (std::size_t b = 0; b < n; ++b) w1_p[b] = dot(w1.data(), rows.data() + b * d, d);
  std::vector<double> sum1(d);
  for (std::size_t a = 0; a < n; ++a) {
    const double* p1 = rows.data() + a * d;
    for (std::size_t j = 0; j < d; ++j) sum1[j] = w1[j] + p1[j];
    const double p1_w2 = dot(p1, w2.data(), d);
    for (std::size_t b = 0; b < n; ++b) {
      const double* p2 = rows.data() + b * d;
      double total = 0.0;
      for (std::size_t j = 0; j < d; ++j) total += sum1[j] * (w2[j] + p2[j]);
      grid.position_position[a * n + b] = dot(p1, p2, d);
      grid.word_position[a * n + b] = w1_p[b];
      grid.position_word[a * n + b] = p1_w2;
      grid.total[a * n + b] = total;
    }
  }
  return grid;
}

MixingRms mixing_rms(int positions, int d_model, const MixingOptions& options) {
  const auto& words = vocabulary();
  const auto d = static_cast<std::size_t>(d_model);
  const auto n = static_cast<std::size_t>(positions);
  const auto embeddings = word_embeddings(words, d_model, options.seed, options.scaled);
  const auto rows = position_rows(positions, d_model, options.base);

  double ww = 0.0;
  std::size_t ww_count = 0;
  for (std::size_t a = 0; a < words.size(); ++a) {
    for (std::size_t b = 0; b < words.size(); ++b) {
      if (a == b) continue;
      const double v = dot(embeddings.data() + a * d, embeddings.data() + b * d, d);
      ww += v * v;
      ++ww_count;
    }
  }
  double pp = 0.0;
  std::size_t pp_count = 0;
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      if (a == b) continue;
      const double v = dot(rows.data() + a * d, rows.data() + b * d, d);
      pp += v * v;
      ++pp_count;
    }
  }
  double cross = 0.0;
  for (std::size_t a = 0; a < words.size(); ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      const double v = dot(embeddings.data() + a * d, rows.data() + b * d, d);
      cross += v * v;
    }
  }
  MixingRms rms;
  rms.word_word = std::sqrt(ww / static_cast<double>(ww_count));
  rms.position_position = std::sqrt(pp / static_cast<double>(pp_count));
  rms.cross = std::sqrt(cross / static_cast<double>(words.size() * n));
  return rms;
}

}  // namespace pe
