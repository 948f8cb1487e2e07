// Reading and returning sentences at the JavaScript boundary, shared by every binding that takes a sentence
// (attendSentence, compareSentences), so that they accept the same texts and options with the same messages and
// return a sentence's result in the same shape.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "args.hpp"
#include "pe/sentence.hpp"

namespace pe::bind {

/// The tokens of a text argument, at most limits::kMaxWords of them. When `known` is set, also at least one,
/// each in the vocabulary; the error names the first unknown word and lists the known ones.
[[nodiscard]] std::vector<std::string> read_words(Args& args, const emscripten::val& v, const char* name, bool known);

/// One of "none", "sinusoidal", "learned", "rope", "alibi".
[[nodiscard]] SentenceEncoding read_encoding(Args& args, const emscripten::val& v, const char* name = "encoding");

/// The options object of a sentence through the layer: { mask, heads, base, ropeMode }, every key optional;
/// heads must divide d_model into an even head width.
[[nodiscard]] SentenceOptions read_sentence_options(Args& args, const emscripten::val& options, int d_model);

/// { tokens, seqLen, dModel, heads, mask, embeddings, positions, inputs, scores, weights, outputs, pooled }.
[[nodiscard]] emscripten::val sentence_to_js(const SentenceAttention& r, AttentionMask mask);

}  // namespace pe::bind
