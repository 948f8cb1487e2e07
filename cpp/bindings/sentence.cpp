// JavaScript entry points for the vocabulary and for sentences through one attention layer
// (pe/vocabulary.hpp, pe/sentence.hpp).
#include <emscripten/bind.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/sentence.hpp"
#include "pe/vocabulary.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

std::string known_words() {
  std::string list;
  for (const auto& w : pe::vocabulary()) list += (list.empty() ? "" : ", ") + w;
  return list;
}

// The tokens of a text argument, at most kMaxWords of them. When `known` is set, also at least one, each in
// the vocabulary; the error names the first unknown word and lists the known ones.
std::vector<std::string> read_words(Args& args, const val& v, const char* name, bool known) {
  const std::string text = args.text(v, name, lim::kMaxTextLength);
  if (!args.ok()) return {};
  auto tokens = pe::tokenize(text);
  args.require(tokens.size() <= static_cast<std::size_t>(lim::kMaxWords), name,
               std::to_string(tokens.size()) + " words",
               "at most " + std::to_string(lim::kMaxWords) + " words long");
  if (!args.ok() || !known) return tokens;
  args.require(!tokens.empty(), name, describe(v), "at least one word long");
  if (!args.ok()) return {};
  if (const auto at = pe::first_unknown(tokens)) {
    args.fail(std::string(name) + " has the word " + describe(val(tokens[*at])) + " (word " +
              std::to_string(*at + 1) + " of " + std::to_string(tokens.size()) +
              "), which is not in the vocabulary; known words: " + known_words() + ".");
    return {};
  }
  return tokens;
}

val vocabulary() {
  return to_string_array(pe::vocabulary());
}

val tokenize(val text) {
  Args args("tokenize");
  const auto tokens = read_words(args, text, "text", /*known=*/false);
  if (!args.ok()) return args.error();
  std::vector<int> known;
  known.reserve(tokens.size());
  for (const auto& t : tokens) known.push_back(pe::word_id(t) ? 1 : 0);
  val out = val::object();
  out.set("tokens", to_string_array(tokens));
  out.set("known", val::global("Uint8Array").call<val>("from", to_int32_array(known)));
  return out;
}

val word_embeddings(val text, val d_model, val options) {
  Args args("wordEmbeddings");
  const auto tokens = read_words(args, text, "text", /*known=*/true);
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxDModel);
  const bool has = args.options(options, {"seed", "scaled"}, "{ seed: 1, scaled: false }");
  const val o = has ? options : val::object();
  const auto seed = args.seed(o["seed"], "options.seed");
  const bool scaled = args.boolean(o["scaled"], "options.scaled", true);
  if (!args.ok()) return args.error();
  return to_float64_array(pe::word_embeddings(tokens, d, seed, scaled));
}

val attend_sentence(val text, val encoding, val d_model, val seed, val options) {
  Args args("attendSentence");
  const auto tokens = read_words(args, text, "text", /*known=*/true);
  constexpr SentenceEncoding kEncodings[] = {SentenceEncoding::None, SentenceEncoding::Sinusoidal,
                                             SentenceEncoding::Learned, SentenceEncoding::Rope,
                                             SentenceEncoding::Alibi};
  const auto e = args.choice(encoding, "encoding", {"none", "sinusoidal", "learned", "rope", "alibi"});
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxAttentionDModel);
  const auto s = args.seed(seed, "seed");
  const bool has =
      args.options(options, {"mask", "heads", "base", "ropeMode"}, "{ mask: \"causal\", heads: 2 }");
  const val o = has ? options : val::object();
  SentenceOptions opt;
  opt.mask = args.choice(o["mask"], "options.mask", {"bidirectional", "causal"}, 0) == 0
                 ? AttentionMask::Bidirectional
                 : AttentionMask::Causal;
  opt.heads = args.integer(o["heads"], "options.heads", 1, lim::kMaxHeads, default_sentence_heads(d));
  args.require(
      d % opt.heads == 0 && (d / opt.heads) % 2 == 0, "options.heads", std::to_string(opt.heads),
      "a divisor of dModel (" + std::to_string(d) + ") that leaves an even head width dModel / heads");
  opt.base = args.base(o["base"], "options.base");
  constexpr RopeMode kModes[] = {RopeMode::Both, RopeMode::QueriesOnly, RopeMode::SwappedConvention};
  opt.rope_mode =
      kModes[args.choice(o["ropeMode"], "options.ropeMode", {"both", "queriesOnly", "swappedConvention"}, 0)];
  if (!args.ok()) return args.error();

  const auto r = pe::attend_sentence(tokens, kEncodings[e], d, s, opt);
  val out = val::object();
  out.set("tokens", to_string_array(r.tokens));
  out.set("seqLen", val(r.attention.seq_len));
  out.set("dModel", val(r.attention.d_model));
  out.set("heads", val(r.attention.heads));
  out.set("mask", val(opt.mask == AttentionMask::Causal ? "causal" : "bidirectional"));
  out.set("embeddings", to_float64_array(r.embeddings));
  out.set("positions", to_float64_array(r.positions));
  out.set("inputs", to_float64_array(r.inputs));
  out.set("scores", to_float64_array(r.attention.scores));
  out.set("weights", to_float64_array(r.attention.weights));
  out.set("outputs", to_float64_array(r.attention.outputs));
  out.set("pooled", to_float64_array(r.attention.pooled));
  return out;
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_sentence) {
  using namespace emscripten;
  function("raw_vocabulary", &pe::bind::vocabulary);
  function("raw_tokenize", &pe::bind::tokenize);
  function("raw_wordEmbeddings", &pe::bind::word_embeddings);
  function("raw_attendSentence", &pe::bind::attend_sentence);
}
