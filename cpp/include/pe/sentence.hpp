// A sentence through one self-attention layer, under each of the explainer's position encodings: the
// computation behind "dog bites man" versus "man bites dog". Inputs are the scaled token embeddings of
// vocabulary.hpp plus, for the additive encodings, one position vector per token; RoPE and ALiBi act inside
// the layer (attention.hpp). Everything is drawn from one seed, each part from its own named stream.
//
// Callers validate: every token in the vocabulary, 1..limits::kMaxWords tokens, d_model even and at most
// kMaxAttentionDModel, options.heads (when not 0) dividing d_model into an even head width, base > 1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "pe/attention.hpp"

namespace pe {

enum class SentenceEncoding {
  None,        ///< the embeddings alone: the layer sees a bag of words
  Sinusoidal,  ///< Vaswani et al.'s sinusoidal vector (interleaved layout) added to each embedding
  Learned,     ///< a seeded random table, one row per position, added to each embedding ("as if learned")
  Rope,        ///< queries and keys rotated inside the layer
  Alibi,       ///< distance penalties added to the scores inside the layer
};

struct SentenceOptions {
  AttentionMask mask = AttentionMask::Bidirectional;
  /// 0 picks default_sentence_heads(d_model).
  int heads = 0;
  double base = 10000.0;
  /// How RoPE is applied when the encoding is Rope (the two classic mistakes included).
  RopeMode rope_mode = RopeMode::Both;
};

/// 4 heads when d_model is a multiple of 8, else 2 when a multiple of 4, else 1: several heads by default so
/// that ALiBi has its steep slopes (one head alone gets only the gentlest slope, 1/256).
[[nodiscard]] constexpr int default_sentence_heads(int d_model) noexcept {
  return d_model % 8 == 0 ? 4 : (d_model % 4 == 0 ? 2 : 1);
}

/// Row `pos` of the "learned" position table: d_model draws from N(0, 1/2), the same mean square as a
/// sinusoidal entry (sin^2 + cos^2 = 1 per pair), from a stream named by the position and seed. A trained
/// table would have structure; this one stands in for its size and scale only.
[[nodiscard]] std::vector<double> learned_position(int pos, int d_model, std::uint64_t seed);

struct SentenceAttention {
  std::vector<std::string> tokens;
  /// seq_len x d_model: scaled token embeddings (entries about N(0, 1)).
  std::vector<double> embeddings;
  /// seq_len x d_model: the additive position vectors (all zero for None, Rope and Alibi).
  std::vector<double> positions;
  /// seq_len x d_model: embeddings + positions, what the layer reads.
  std::vector<double> inputs;
  AttentionResult attention;
};

[[nodiscard]] SentenceAttention attend_sentence(const std::vector<std::string>& tokens, SentenceEncoding encoding,
                                                int d_model, std::uint64_t seed, const SentenceOptions& options = {});

/// The same with the layer's projections given, so that many sentences through one layer draw its weights once
/// (attention_weights(d_model, seed) gives the ones the overload above draws); the width is weights.d_model.
[[nodiscard]] SentenceAttention attend_sentence(const std::vector<std::string>& tokens, SentenceEncoding encoding,
                                                const AttentionWeights& weights, std::uint64_t seed,
                                                const SentenceOptions& options = {});

}  // namespace pe
