// The explainer's tiny English vocabulary, its tokeniser and its seeded token embeddings.
//
// Tokenising: the text (UTF-8) is split on Unicode White_Space: ASCII spaces, tabs and line breaks, and also
// the no-break space U+00A0, the ideographic space U+3000 and the rest (pe/utf.hpp). Each piece loses any
// leading and trailing punctuation (. , ! ? ; : " ' ( ) [ ] - and the backtick) and its ASCII letters are
// lowercased. A piece that was
// nothing but punctuation ("--", "...") is no token at all. Inner punctuation stays: "dog's" is one token.
//
// Embeddings follow tensor2tensor: entries drawn from N(0, 1/dModel) (standard deviation dModel^-1/2) and,
// when scaled, multiplied by sqrt(dModel) as Vaswani et al. do before adding the position, which brings them
// to about N(0, 1), the same scale as sinusoidal entries. Each word's row comes from its own random stream,
// named by the word and the seed, so the same word and seed give the same embedding in every sentence, and a
// row for a smaller dModel is the start of the row for a larger one (before scaling).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pe {

/// Every known word, lowercase, in alphabetical order.
[[nodiscard]] const std::vector<std::string>& vocabulary();

/// Index of a lowercase word in vocabulary(), or nothing when the word is unknown.
[[nodiscard]] std::optional<int> word_id(std::string_view word) noexcept;

/// The tokens of text under the rules above (known or not).
[[nodiscard]] std::vector<std::string> tokenize(std::string_view text);

/// Index of the first token that is not in the vocabulary, or nothing when every token is known.
[[nodiscard]] std::optional<std::size_t> first_unknown(const std::vector<std::string>& tokens) noexcept;

/// The embedding of a word (any string; callers restrict it to the vocabulary): dModel values.
[[nodiscard]] std::vector<double> word_embedding(std::string_view word, int d_model, std::uint64_t seed,
                                                 bool scaled);

/// Embeddings of several words, one row of dModel values per word, row-major.
[[nodiscard]] std::vector<double> word_embeddings(const std::vector<std::string>& words, int d_model,
                                                  std::uint64_t seed, bool scaled);

}  // namespace pe
