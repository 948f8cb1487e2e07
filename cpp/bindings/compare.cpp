// JavaScript entry point for two sentences through one attention layer, compared (pe/compare.hpp).
#include <emscripten/bind.h>

#include <cstddef>

#include "args.hpp"
#include "pe/compare.hpp"
#include "sentence-args.hpp"

namespace pe::bind {
namespace {

using emscripten::val;

constexpr const char* kEncodingNames[] = {"none", "sinusoidal", "learned", "rope", "alibi"};
constexpr const char* kMaskNames[] = {"bidirectional", "causal"};

val compare_sentences(val text_a, val text_b, val encoding, val d_model, val seed, val options) {
  Args args("compareSentences");
  const auto a = read_words(args, text_a, "textA", /*known=*/true);
  const auto b = read_words(args, text_b, "textB", /*known=*/true);
  const auto e = read_encoding(args, encoding);
  const int d = args.even_integer(d_model, "dModel", 2, kMaxAttentionDModel);
  const auto s = args.seed(seed, "seed");
  const SentenceOptions opt = read_sentence_options(args, options, d);
  if (!args.ok()) return args.error();

  const auto c = pe::compare_sentences(a, b, e, d, s, opt);
  val out = val::object();
  out.set("a", sentence_to_js(c.a, opt.mask));
  out.set("b", sentence_to_js(c.b, opt.mask));
  out.set("pooledDifference", val(c.pooled_difference));
  val shared = val::null();
  if (c.shared_word) {
    shared = val::object();
    shared.set("word", val(c.shared_word->word));
    shared.set("indexA", val(c.shared_word->index_a));
    shared.set("indexB", val(c.shared_word->index_b));
    shared.set("difference", val(c.shared_word->difference));
  }
  out.set("sharedWord", shared);
  val table = val::object();
  for (std::size_t i = 0; i < kSentenceEncodings.size(); ++i) {
    val row = val::object();
    for (std::size_t m = 0; m < kAttentionMasks.size(); ++m) row.set(kMaskNames[m], val(c.pooled_differences[i][m]));
    table.set(kEncodingNames[i], row);
  }
  out.set("pooledDifferences", table);
  return out;
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_compare) {
  using namespace emscripten;
  function("raw_compareSentences", &pe::bind::compare_sentences);
}
