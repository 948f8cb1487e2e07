#include "pe/compare.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pe {
namespace {

std::optional<SharedWord> most_changed_shared_word(const SentenceAttention& a, const SentenceAttention& b) {
  const auto d = static_cast<std::size_t>(a.attention.d_model);
  std::map<std::string, int> seen;  // occurrences of each word of A so far
  std::optional<SharedWord> best;
  for (std::size_t i = 0; i < a.tokens.size(); ++i) {
    const std::string& word = a.tokens[i];
    const int occurrence = seen[word]++;
    int count = 0;
    const auto match = std::find_if(b.tokens.begin(), b.tokens.end(),
                                    [&](const std::string& w) { return w == word && count++ == occurrence; });
    if (match == b.tokens.end()) continue;
    const auto j = static_cast<std::size_t>(match - b.tokens.begin());
    const double diff = max_abs_difference(a.attention.outputs.data() + i * d, b.attention.outputs.data() + j * d, d);
    if (!best || diff > best->difference) {
      best = SharedWord{word, static_cast<int>(i), static_cast<int>(j), diff};
    }
  }
  return best;
}

double pooled_difference(const SentenceAttention& a, const SentenceAttention& b) {
  return max_abs_difference(a.attention.pooled.data(), b.attention.pooled.data(), a.attention.pooled.size());
}

}  // namespace

double max_abs_difference(const double* a, const double* b, std::size_t n) noexcept {
  double worst = 0.0;
  for (std::size_t k = 0; k < n; ++k) worst = std::max(worst, std::fabs(a[k] - b[k]));
  return worst;
}

SentenceComparison compare_sentences(const std::vector<std::string>& tokens_a, const std::vector<std::string>& tokens_b,
                                     SentenceEncoding encoding, int d_model, std::uint64_t seed,
                                     const SentenceOptions& options) {
  // Drawing the four projections costs more than a short sentence's pass through them: draw them once.
  const AttentionWeights weights = attention_weights(d_model, seed);
  SentenceComparison out;
  for (std::size_t e = 0; e < kSentenceEncodings.size(); ++e) {
    for (std::size_t m = 0; m < kAttentionMasks.size(); ++m) {
      SentenceOptions variant = options;
      variant.mask = kAttentionMasks[m];
      auto a = attend_sentence(tokens_a, kSentenceEncodings[e], weights, seed, variant);
      auto b = attend_sentence(tokens_b, kSentenceEncodings[e], weights, seed, variant);
      out.pooled_differences[e][m] = pooled_difference(a, b);
      if (kSentenceEncodings[e] == encoding && kAttentionMasks[m] == options.mask) {
        out.a = std::move(a);
        out.b = std::move(b);
      }
    }
  }
  out.pooled_difference = pooled_difference(out.a, out.b);
  out.shared_word = most_changed_shared_word(out.a, out.b);
  return out;
}

}  // namespace pe
