#include "pe/sentence.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "pe/rng.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/vocabulary.hpp"

namespace pe {

std::vector<double> learned_position(int pos, int d_model, std::uint64_t seed) {
  Rng rng(stream_seed(seed, fnv1a64("learned-position:" + std::to_string(pos))));
  const double init_std = std::sqrt(0.5);
  std::vector<double> row(static_cast<std::size_t>(d_model));
  for (double& v : row) v = rng.normal() * init_std;
  return row;
}

SentenceAttention attend_sentence(const std::vector<std::string>& tokens, SentenceEncoding encoding, int d_model,
                                  std::uint64_t seed, const SentenceOptions& options) {
  return attend_sentence(tokens, encoding, attention_weights(d_model, seed), seed, options);
}

SentenceAttention attend_sentence(const std::vector<std::string>& tokens, SentenceEncoding encoding,
                                  const AttentionWeights& weights, std::uint64_t seed, const SentenceOptions& options) {
  const int d_model = weights.d_model;
  const auto n = tokens.size();
  const auto d = static_cast<std::size_t>(d_model);
  SentenceAttention out;
  out.tokens = tokens;
  out.embeddings = word_embeddings(tokens, d_model, seed, /*scaled=*/true);
  out.positions.assign(n * d, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> row;
    if (encoding == SentenceEncoding::Sinusoidal) row = encode_position(static_cast<double>(i), d_model, options.base);
    if (encoding == SentenceEncoding::Learned) row = learned_position(static_cast<int>(i), d_model, seed);
    if (!row.empty()) std::copy(row.begin(), row.end(), out.positions.begin() + static_cast<std::ptrdiff_t>(i * d));
  }
  out.inputs.resize(n * d);
  for (std::size_t j = 0; j < n * d; ++j) out.inputs[j] = out.embeddings[j] + out.positions[j];

  AttentionOptions attention;
  attention.heads = options.heads > 0 ? options.heads : default_sentence_heads(d_model);
  attention.mask = options.mask;
  attention.positional = encoding == SentenceEncoding::Rope    ? AttentionPositional::Rope
                         : encoding == SentenceEncoding::Alibi ? AttentionPositional::Alibi
                                                               : AttentionPositional::None;
  attention.rope_mode = options.rope_mode;
  attention.base = options.base;
  out.attention = self_attention(out.inputs, static_cast<int>(n), weights, attention);
  return out;
}

}  // namespace pe
