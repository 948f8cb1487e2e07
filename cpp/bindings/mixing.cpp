// JavaScript entry points for the word/position mixing of an added encoding (pe/mixing.hpp).
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/mixing.hpp"
#include "pe/vocabulary.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

MixingOptions read_mixing_options(Args& args, const val& options) {
  const bool has = args.options(options, {"scaled", "base", "seed"}, "{ scaled: false, seed: 2 }");
  const val o = has ? options : val::object();
  MixingOptions opt;
  opt.scaled = args.boolean(o["scaled"], "options.scaled", true);
  opt.base = args.base(o["base"], "options.base");
  opt.seed = args.seed(o["seed"], "options.seed");
  return opt;
}

// One vocabulary word, tokenised like a sentence ("Dog." is "dog").
std::string read_word(Args& args, const val& v, const char* name) {
  const std::string text = args.text(v, name, lim::kMaxWordLength);
  if (!args.ok()) return {};
  const auto tokens = pe::tokenize(text);
  args.require(tokens.size() == 1, name, describe(v), "a single word");
  if (!args.ok()) return {};
  if (!pe::word_id(tokens[0])) {
    std::string list;
    for (const auto& w : pe::vocabulary()) list += (list.empty() ? "" : ", ") + w;
    args.fail(std::string(name) + " is the word " + describe(val(tokens[0])) +
              ", which is not in the vocabulary; known words: " + list + ".");
    return {};
  }
  return tokens[0];
}

val terms_object(const MixingTerms& t) {
  val out = val::object();
  out.set("wordWord", val(t.word_word));
  out.set("positionPosition", val(t.position_position));
  out.set("wordPosition", val(t.word_position));
  out.set("positionWord", val(t.position_word));
  out.set("total", val(t.total));
  return out;
}

val mixing_terms(val word1, val pos1, val word2, val pos2, val d_model, val options) {
  Args args("mixingTerms");
  const auto w1 = read_word(args, word1, "word1");
  const int p1 = args.integer(pos1, "pos1", 0, lim::kMaxPositions);
  const auto w2 = read_word(args, word2, "word2");
  const int p2 = args.integer(pos2, "pos2", 0, lim::kMaxPositions);
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxDModel);
  const auto opt = read_mixing_options(args, options);
  if (!args.ok()) return args.error();
  return terms_object(pe::word_mixing_terms(w1, p1, w2, p2, d, opt));
}

val mixing_by_position(val word1, val word2, val positions, val d_model, val options) {
  Args args("mixingByPosition");
  const auto w1 = read_word(args, word1, "word1");
  const auto w2 = read_word(args, word2, "word2");
  const int p = args.integer(positions, "positions", 1, lim::kMaxSimilarityPositions);
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxDModel);
  args.cap_values(std::int64_t{p} * p * d, "positions * positions * dModel (the work of the grid)",
                  lim::kMaxGridWork);
  const auto opt = read_mixing_options(args, options);
  if (!args.ok()) return args.error();
  const auto g = pe::mixing_by_position(w1, w2, p, d, opt);
  val out = val::object();
  out.set("positions", val(g.positions));
  out.set("wordWord", val(g.word_word));
  out.set("positionPosition", to_float64_array(g.position_position));
  out.set("wordPosition", to_float64_array(g.word_position));
  out.set("positionWord", to_float64_array(g.position_word));
  out.set("total", to_float64_array(g.total));
  return out;
}

val mixing_spread(val word1, val pos1, val positions, val d_model, val options) {
  Args args("mixingSpread");
  const auto w1 = read_word(args, word1, "word1");
  const int p1 = args.integer(pos1, "pos1", 0, lim::kMaxPositions);
  const int p = args.integer(positions, "positions", 1, lim::kMaxSimilarityPositions);
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxDModel);
  args.cap_values(std::int64_t{p} * static_cast<std::int64_t>(pe::vocabulary().size()) * d,
                  "positions * vocabulary size * dModel (the work of the spread)", lim::kMaxGridWork);
  const auto opt = read_mixing_options(args, options);
  if (!args.ok()) return args.error();
  const auto s = pe::mixing_spread(w1, p1, p, d, opt);
  val out = val::object();
  out.set("mean", terms_object(s.mean));
  out.set("spread", terms_object(s.spread));
  return out;
}

val mixing_rms(val positions, val d_model, val options) {
  Args args("mixingRms");
  const int p = args.integer(positions, "positions", 2, lim::kMaxSimilarityPositions);
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxDModel);
  args.cap_values(std::int64_t{p} * p * d, "positions * positions * dModel (the work of the position terms)",
                  lim::kMaxGridWork);
  const auto opt = read_mixing_options(args, options);
  if (!args.ok()) return args.error();
  const auto r = pe::mixing_rms(p, d, opt);
  val out = val::object();
  out.set("wordWord", val(r.word_word));
  out.set("positionPosition", val(r.position_position));
  out.set("cross", val(r.cross));
  return out;
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_mixing) {
  using namespace emscripten;
  function("raw_mixingTerms", &pe::bind::mixing_terms);
  function("raw_mixingByPosition", &pe::bind::mixing_by_position);
  function("raw_mixingRms", &pe::bind::mixing_rms);
  function("raw_mixingSpread", &pe::bind::mixing_spread);
}
