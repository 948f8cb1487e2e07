// What adding a position vector to a word embedding does to a dot product:
//   (w1 + p1) . (w2 + p2) = w1.w2 + p1.p2 + w1.p2 + p1.w2
// word.word, position.position and the two cross terms. Words come from vocabulary.hpp (scaled by
// sqrt(dModel) or not), positions from the sinusoidal encoding (interleaved layout). Without the scale a word
// entry is about dModel^-1/2 while a position entry is about 0.7, so position.position dominates; with it the
// terms are of comparable size, which is why Vaswani et al. scale the embeddings.
//
// Callers validate: words in the vocabulary, positions >= 0, d_model even and >= 2, base > 1.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "pe/view.hpp"

namespace pe {

struct MixingTerms {
  double word_word = 0.0;
  double position_position = 0.0;
  double word_position = 0.0;  ///< w1 . p2
  double position_word = 0.0;  ///< p1 . w2
  double total = 0.0;          ///< (w1 + p1) . (w2 + p2), summed literally, not from the four terms
};

struct MixingOptions {
  /// Multiply embeddings by sqrt(d_model), as the paper does before adding positions.
  bool scaled = true;
  double base = 10000.0;
  std::uint64_t seed = 1;
};

/// The four terms and the total for given vectors of equal length.
[[nodiscard]] MixingTerms mixing_terms(span<const double> w1, span<const double> p1, span<const double> w2,
                                       span<const double> p2) noexcept;

/// The four terms for word1 at pos1 and word2 at pos2.
[[nodiscard]] MixingTerms word_mixing_terms(std::string_view word1, int pos1, std::string_view word2,
                                            int pos2, int d_model, const MixingOptions& options);

/// The terms for a fixed word pair over every position pair: matrices are positions x positions, row-major,
/// entry (a, b) for word1 at position a and word2 at position b. word.word does not depend on the positions.
struct MixingGrid {
  int positions = 0;
  double word_word = 0.0;
  std::vector<double> position_position;
  std::vector<double> word_position;
  std::vector<double> position_word;
  std::vector<double> total;
};

[[nodiscard]] MixingGrid mixing_by_position(std::string_view word1, std::string_view word2, int positions,
                                            int d_model, const MixingOptions& options);

/// Root mean square of each term over the whole vocabulary: word.word over ordered pairs of distinct words,
/// position.position over ordered pairs of distinct positions 0..positions-1, and the cross term w.p over
/// every word and every position (both cross terms share that distribution).
struct MixingRms {
  double word_word = 0.0;
  double position_position = 0.0;
  double cross = 0.0;
};

/// Each term as one query sees it across its keys: the query is word1 at position pos1, the keys are every
/// vocabulary word at every position 0..positions-1. Softmax ignores a constant added to all of a query's
/// scores, so what can move attention is a term's spread across the keys (its standard deviation), not its
/// size: most of position.position is a constant for a given query.
struct MixingSpread {
  MixingTerms mean;    ///< each term's mean over the keys
  MixingTerms spread;  ///< each term's standard deviation over the keys (population, divided by the count)
};

/// positions >= 1.
[[nodiscard]] MixingSpread mixing_spread(std::string_view word1, int pos1, int positions, int d_model,
                                         const MixingOptions& options);

/// positions >= 2.
[[nodiscard]] MixingRms mixing_rms(int positions, int d_model, const MixingOptions& options);

}  // namespace pe
