// JavaScript entry points for ALiBi (pe/alibi.hpp).
#include <emscripten/bind.h>

#include "args.hpp"
#include "pe/alibi.hpp"
#include "pe/limits.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

val alibi_slopes(val n_heads) {
  Args args("alibiSlopes");
  const int h = args.integer(n_heads, "nHeads", 1, lim::kMaxHeads);
  if (!args.ok()) return args.error();
  return to_float64_array(pe::alibi_slopes(h));
}

val alibi_bias(val n_heads, val seq_len, val causal) {
  Args args("alibiBias");
  const int h = args.integer(n_heads, "nHeads", 1, lim::kMaxHeads);
  const int n = args.integer(seq_len, "seqLen", 1, lim::kMaxSimilarityPositions);
  const bool c = args.boolean(causal, "causal", false);
  args.cap_values(std::int64_t{h} * n * n, "nHeads * seqLen * seqLen", lim::kMaxValues);
  if (!args.ok()) return args.error();
  return to_float64_array(pe::alibi_bias_heads(h, n, c));
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_alibi) {
  using namespace emscripten;
  function("raw_alibiSlopes", &pe::bind::alibi_slopes);
  function("raw_alibiBias", &pe::bind::alibi_bias);
}
