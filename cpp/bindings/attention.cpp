// JavaScript entry point for one self-attention layer (pe/attention.hpp).
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>

#include "args.hpp"
#include "pe/attention.hpp"
#include "pe/limits.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

val self_attention(val x, val seq_len, val d_model, val options) {
  Args args("selfAttention");
  const int n = args.integer(seq_len, "seqLen", 1, lim::kMaxAttentionSeqLen);
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxAttentionDModel);
  args.cap_values(std::int64_t{n} * d * d, "seqLen * dModel * dModel (multiply-adds per projection)",
                  lim::kMaxProjectionWork);
  const bool has = args.options(
      options,
      {"heads", "mask", "positional", "ropeMode", "ropeConvention", "seed", "base", "outputProjection"},
      "{ heads: 2, mask: \"causal\", positional: \"rope\" }");
  const val o = has ? options : val::object();
  AttentionOptions opt;
  opt.heads = args.integer(o["heads"], "options.heads", 1, lim::kMaxHeads, 1);
  args.require(
      d % opt.heads == 0 && (d / opt.heads) % 2 == 0, "options.heads", std::to_string(opt.heads),
      "a divisor of dModel (" + std::to_string(d) + ") that leaves an even head width dModel / heads");
  args.cap_values(std::int64_t{opt.heads} * n * n, "heads * seqLen * seqLen", lim::kMaxScoreValues);
  opt.mask = args.choice(o["mask"], "options.mask", {"bidirectional", "causal"}, 0) == 0
                 ? AttentionMask::Bidirectional
                 : AttentionMask::Causal;
  constexpr AttentionPositional kPositional[] = {AttentionPositional::None, AttentionPositional::Rope,
                                                 AttentionPositional::Alibi};
  opt.positional =
      kPositional[args.choice(o["positional"], "options.positional", {"none", "rope", "alibi"}, 0)];
  constexpr RopeMode kModes[] = {RopeMode::Both, RopeMode::QueriesOnly, RopeMode::SwappedConvention};
  opt.rope_mode =
      kModes[args.choice(o["ropeMode"], "options.ropeMode", {"both", "queriesOnly", "swappedConvention"}, 0)];
  opt.rope_convention =
      args.choice(o["ropeConvention"], "options.ropeConvention", {"interleaved", "half"}, 0) == 0
          ? RopeConvention::Interleaved
          : RopeConvention::Half;
  opt.seed = args.seed(o["seed"], "options.seed");
  opt.base = args.base(o["base"], "options.base");
  opt.output_projection = args.boolean(o["outputProjection"], "options.outputProjection", true);
  const auto values = args.numbers(x, "x", static_cast<std::size_t>(n) * static_cast<std::size_t>(d));
  if (!args.ok()) return args.error();

  const auto r = pe::self_attention({values, n, d}, opt);
  val out = val::object();
  out.set("heads", val(r.heads));
  out.set("seqLen", val(r.seq_len));
  out.set("dModel", val(r.d_model));
  out.set("scores", to_float64_array(r.scores));
  out.set("weights", to_float64_array(r.weights));
  out.set("outputs", to_float64_array(r.outputs));
  out.set("pooled", to_float64_array(r.pooled));
  return out;
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_attention) {
  emscripten::function("raw_selfAttention", &pe::bind::self_attention);
}
