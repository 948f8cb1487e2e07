#include "pe/vocabulary.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "pe/rng.hpp"
#include "pe/utf.hpp"
#include "pe/view.hpp"

namespace pe {
namespace {

// Sorted, so that word_id can binary-search it. Enough nouns, verbs and function words for the article's
// sentences ("dog bites man", "the cat chased the dog", "the quick brown fox jumps over the lazy dog") and
// for readers to write their own.
constexpr std::array<std::string_view, 78> kWords = {
    "a",      "an",     "and",   "at",      "ate",     "ball",  "big",    "bird",   "bit",    "bites",
    "book",   "boy",    "brown", "but",     "car",     "cat",   "chased", "chases", "child",  "city",
    "dog",    "eats",   "fast",  "finds",   "fish",    "food",  "fox",    "girl",   "happy",  "he",
    "her",    "his",    "house", "in",      "is",      "it",    "jumps",  "kicks",  "king",   "lazy",
    "letter", "likes",  "loves", "man",     "mat",     "near",  "old",    "on",     "over",   "park",
    "queen",  "quick",  "reads", "red",     "river",   "runs",  "sat",    "saw",    "sees",   "she",
    "sleeps", "slowly", "small", "student", "teacher", "the",   "they",   "this",   "throws", "to",
    "tree",   "under",  "was",   "we",      "with",    "woman", "wrote",  "young"};

// The length in bytes of the White_Space character at byte i of text, or 0 when there is none there.
std::size_t space_at(std::string_view text, std::size_t i) noexcept {
  const Utf8Char c = decode_utf8(text, i);
  return is_white_space(c.code_point) ? c.length : 0;
}

// Where the word starting at byte i ends: the next White_Space character or the end of text. Every other code
// point, including U+FFFD and bytes that are not well-formed UTF-8, belongs to the word.
std::size_t word_end(std::string_view text, std::size_t i) noexcept {
  while (i < text.size()) {
    const Utf8Char c = decode_utf8(text, i);
    if (is_white_space(c.code_point)) break;
    i += c.length;
  }
  return i;
}

constexpr bool is_edge_punctuation(char c) noexcept {
  constexpr std::string_view kPunctuation = ".,!?;:\"'()[]-`";
  return kPunctuation.find(c) != std::string_view::npos;
}

constexpr char to_lower_ascii(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

const std::vector<std::string>& vocabulary() {
  static const std::vector<std::string> words(kWords.begin(), kWords.end());
  return words;
}

std::optional<int> word_id(std::string_view word) noexcept {
  const auto it = std::lower_bound(kWords.begin(), kWords.end(), word);
  if (it == kWords.end() || *it != word) return std::nullopt;
  return static_cast<int>(it - kWords.begin());
}

std::vector<std::string> tokenize(std::string_view text) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size()) {
      const std::size_t space = space_at(text, i);
      if (space == 0) break;
      i += space;
    }
    const std::size_t end = word_end(text, i);
    std::size_t first = i;
    std::size_t last = end;
    while (first < last && is_edge_punctuation(text[first])) ++first;
    while (last > first && is_edge_punctuation(text[last - 1])) --last;
    if (first < last) {
      std::string token(text.substr(first, last - first));
      for (char& c : token) c = to_lower_ascii(c);
      tokens.push_back(std::move(token));
    }
    i = end;
  }
  return tokens;
}

std::optional<std::size_t> first_unknown(const std::vector<std::string>& tokens) noexcept {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!word_id(tokens[i])) return i;
  }
  return std::nullopt;
}

std::vector<double> word_embedding(std::string_view word, int d_model, std::uint64_t seed, bool scaled) {
  // The prefix keeps word streams apart from every other stream drawn from the same seed.
  std::string name = "embedding:";
  name.append(word);
  Rng rng(stream_seed(seed, fnv1a64(name)));
  const double init_std = 1.0 / std::sqrt(static_cast<double>(d_model));
  const double scale = scaled ? std::sqrt(static_cast<double>(d_model)) : 1.0;
  PE_EXPECTS(d_model >= 1);
  std::vector<double> row(to_size(d_model));
  for (double& x : row) x = rng.normal() * init_std * scale;
  return row;
}

std::vector<double> word_embeddings(const std::vector<std::string>& words, int d_model, std::uint64_t seed,
                                    bool scaled) {
  std::vector<double> out;
  out.reserve(words.size() * to_size(d_model));
  for (const auto& word : words) {
    const auto row = word_embedding(word, d_model, seed, scaled);
    out.insert(out.end(), row.begin(), row.end());
  }
  return out;
}

}  // namespace pe
