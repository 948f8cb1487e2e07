// Two sentences through one seeded attention layer, compared: the finding of the explainer's opening figure
// ("dog bites man" and "man bites dog" pool to the same vector unless something tells the layer where each word
// is). One call gives both sentences' results under the chosen encoding and mask, how far apart they end up,
// and the same measure under every encoding and mask, with the layer's weights drawn once for all of them.
//
// Callers validate both token lists as attend_sentence requires (sentence.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pe/attention.hpp"
#include "pe/sentence.hpp"

namespace pe {

/// Every encoding and every mask, in the order of SentenceComparison::pooled_differences.
inline constexpr std::array<SentenceEncoding, 5> kSentenceEncodings = {
    SentenceEncoding::None, SentenceEncoding::Sinusoidal, SentenceEncoding::Learned, SentenceEncoding::Rope,
    SentenceEncoding::Alibi};
inline constexpr std::array<AttentionMask, 2> kAttentionMasks = {AttentionMask::Bidirectional, AttentionMask::Causal};

/// The largest |a[i] - b[i]| over n values; 0 when n is 0.
[[nodiscard]] double max_abs_difference(const double* a, const double* b, std::size_t n) noexcept;

/// A word found in both sentences and how differently the layer treats it in each.
struct SharedWord {
  std::string word;
  /// Its position in sentence A, and the position of the same occurrence in B (the k-th "the" of A is paired
  /// with the k-th "the" of B).
  int index_a = 0;
  int index_b = 0;
  /// max |output row index_a of A - output row index_b of B|.
  double difference = 0.0;
};

struct SentenceComparison {
  /// Each sentence under the chosen encoding and options, exactly as attend_sentence gives it.
  SentenceAttention a;
  SentenceAttention b;
  /// max |a.pooled - b.pooled|: 0 (to rounding) when the layer cannot tell the sentences apart.
  double pooled_difference = 0.0;
  /// Of the words in both sentences, the one whose output rows differ most (the first such on a tie); none
  /// when the sentences share no word.
  std::optional<SharedWord> shared_word;
  /// pooled_differences[e][m]: the pooled difference under kSentenceEncodings[e] with kAttentionMasks[m], the
  /// other options as given.
  std::array<std::array<double, kAttentionMasks.size()>, kSentenceEncodings.size()> pooled_differences{};
};

[[nodiscard]] SentenceComparison compare_sentences(const std::vector<std::string>& tokens_a,
                                                   const std::vector<std::string>& tokens_b, SentenceEncoding encoding,
                                                   int d_model, std::uint64_t seed,
                                                   const SentenceOptions& options = {});

}  // namespace pe
