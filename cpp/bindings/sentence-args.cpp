#include "sentence-args.hpp"

#include <cstddef>

#include "pe/limits.hpp"
#include "pe/vocabulary.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

// 32 words of the vocabulary with punctuation fit many times over; the cap only bounds the copy into C++.
constexpr std::size_t kMaxTextLength = 2000;

std::string known_words() {
  std::string list;
  for (const auto& w : pe::vocabulary()) list += (list.empty() ? "" : ", ") + w;
  return list;
}

}  // namespace

std::vector<std::string> read_words(Args& args, const val& v, const char* name, bool known) {
  const std::string text = args.text(v, name, kMaxTextLength);
  if (!args.ok()) return {};
  auto tokens = pe::tokenize(text);
  args.require(tokens.size() <= static_cast<std::size_t>(lim::kMaxWords), name,
               std::to_string(tokens.size()) + " words", "at most " + std::to_string(lim::kMaxWords) + " words long");
  if (!args.ok() || !known) return tokens;
  args.require(!tokens.empty(), name, describe(v), "at least one word long");
  if (!args.ok()) return {};
  if (const auto at = pe::first_unknown(tokens)) {
    args.fail(std::string(name) + " has the word " + describe(val(tokens[*at])) + " (word " + std::to_string(*at + 1) +
              " of " + std::to_string(tokens.size()) +
              "), which is not in the vocabulary; known words: " + known_words() + ".");
    return {};
  }
  return tokens;
}

SentenceEncoding read_encoding(Args& args, const val& v, const char* name) {
  constexpr SentenceEncoding kEncodings[] = {SentenceEncoding::None, SentenceEncoding::Sinusoidal,
                                             SentenceEncoding::Learned, SentenceEncoding::Rope,
                                             SentenceEncoding::Alibi};
  return kEncodings[args.choice(v, name, {"none", "sinusoidal", "learned", "rope", "alibi"})];
}

SentenceOptions read_sentence_options(Args& args, const val& options, int d_model) {
  const bool has = args.options(options, {"mask", "heads", "base", "ropeMode"}, "{ mask: \"causal\", heads: 2 }");
  const val o = has ? options : val::object();
  SentenceOptions opt;
  opt.mask = args.choice(o["mask"], "options.mask", {"bidirectional", "causal"}, 0) == 0 ? AttentionMask::Bidirectional
                                                                                         : AttentionMask::Causal;
  opt.heads = args.integer(o["heads"], "options.heads", 1, lim::kMaxHeads, default_sentence_heads(d_model));
  args.require(d_model % opt.heads == 0 && (d_model / opt.heads) % 2 == 0, "options.heads", std::to_string(opt.heads),
               "a divisor of dModel (" + std::to_string(d_model) + ") that leaves an even head width dModel / heads");
  opt.base = args.base(o["base"], "options.base");
  constexpr RopeMode kModes[] = {RopeMode::Both, RopeMode::QueriesOnly, RopeMode::SwappedConvention};
  opt.rope_mode =
      kModes[args.choice(o["ropeMode"], "options.ropeMode", {"both", "queriesOnly", "swappedConvention"}, 0)];
  return opt;
}

val sentence_to_js(const SentenceAttention& r, AttentionMask mask) {
  val out = val::object();
  out.set("tokens", to_string_array(r.tokens));
  out.set("seqLen", val(r.attention.seq_len));
  out.set("dModel", val(r.attention.d_model));
  out.set("heads", val(r.attention.heads));
  out.set("mask", val(mask == AttentionMask::Causal ? "causal" : "bidirectional"));
  out.set("embeddings", to_float64_array(r.embeddings));
  out.set("positions", to_float64_array(r.positions));
  out.set("inputs", to_float64_array(r.inputs));
  out.set("scores", to_float64_array(r.attention.scores));
  out.set("weights", to_float64_array(r.attention.weights));
  out.set("outputs", to_float64_array(r.attention.outputs));
  out.set("pooled", to_float64_array(r.attention.pooled));
  return out;
}

}  // namespace pe::bind
