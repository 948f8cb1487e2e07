// JavaScript entry points for the vocabulary and for sentences through one attention layer
// (pe/vocabulary.hpp, pe/sentence.hpp).
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/sentence.hpp"
#include "pe/vocabulary.hpp"
#include "sentence-args.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

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
  const auto e = read_encoding(args, encoding);
  const int d = args.even_integer(d_model, "dModel", 2, kMaxAttentionDModel);
  const auto s = args.seed(seed, "seed");
  const SentenceOptions opt = read_sentence_options(args, options, d);
  if (!args.ok()) return args.error();
  return sentence_to_js(pe::attend_sentence(tokens, e, d, s, opt), opt.mask);
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
