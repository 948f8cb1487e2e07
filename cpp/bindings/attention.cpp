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

constexpr double kDefaultBase = 10000.0;
constexpr double kMaxSeed = 4294967295.0;
constexpr int kMaxSeqLen = 1024;
// The four d_model x d_model projections cost seqLen * dModel^2 multiply-adds each; this keeps a call near a
// third of a second in the browser at worst.
constexpr std::int64_t kMaxProjectionWork = std::int64_t{1} << 25;
// Scores and weights come as a pair of Float64Arrays of heads * seqLen^2 values: 64 MiB together at this cap.
constexpr std::int64_t kMaxScoreValues = std::int64_t{1} << 22;

// An options argument: undefined (false), or a plain object whose keys are all allowed (true).
bool read_options(Args& args, const val& options, std::initializer_list<const char*> allowed, const char* example) {
  if (!args.ok() || options.isUndefined()) return false;
  const bool is_object = options.typeOf().as<std::string>() == "object" && !options.isNull() && !options.isArray();
  args.require(is_object, "options", describe(options), std::string("an object such as ") + example + ", or undefined");
  if (!args.ok()) return false;
  std::string list;
  for (const char* key : allowed) list += std::string(list.empty() ? "" : ", ") + key;
  const val keys = val::global("Object").call<val>("keys", options);
  const auto count = keys["length"].as<unsigned>();
  for (unsigned i = 0; i < count && args.ok(); ++i) {
    const auto key = keys[i].as<std::string>();
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    args.require(known, "options", "an object with the key " + describe(val(key)),
                 "an object with no keys but " + list);
  }
  return args.ok();
}

std::uint64_t read_seed(Args& args, const val& v, const char* name) {
  if (!args.ok()) return 0;
  if (v.isUndefined()) return 1;
  const double x = v.isNumber() ? v.as<double>() : std::nan("");
  const bool ok = std::isfinite(x) && std::floor(x) == x && x >= 0.0 && x <= kMaxSeed;
  args.require(ok, name, describe(v), "an integer from 0 to 4294967295");
  return ok ? static_cast<std::uint64_t>(x) : 0;
}

val self_attention(val x, val seq_len, val d_model, val options) {
  Args args("selfAttention");
  const int n = args.integer(seq_len, "seqLen", 1, kMaxSeqLen);
  const int d = args.even_integer(d_model, "dModel", 2, kMaxAttentionDModel);
  args.cap_values(std::int64_t{n} * d * d, "seqLen * dModel * dModel (multiply-adds per projection)",
                  kMaxProjectionWork);
  const bool has = read_options(
      args, options, {"heads", "mask", "positional", "ropeMode", "ropeConvention", "seed", "base", "outputProjection"},
      "{ heads: 2, mask: \"causal\", positional: \"rope\" }");
  const val o = has ? options : val::object();
  AttentionOptions opt;
  opt.heads = args.integer(o["heads"], "options.heads", 1, lim::kMaxHeads, 1);
  args.require(d % opt.heads == 0 && (d / opt.heads) % 2 == 0, "options.heads", std::to_string(opt.heads),
               "a divisor of dModel (" + std::to_string(d) + ") that leaves an even head width dModel / heads");
  args.cap_values(std::int64_t{opt.heads} * n * n, "heads * seqLen * seqLen", kMaxScoreValues);
  opt.mask = args.choice(o["mask"], "options.mask", {"bidirectional", "causal"}, 0) == 0 ? AttentionMask::Bidirectional
                                                                                         : AttentionMask::Causal;
  constexpr AttentionPositional kPositional[] = {AttentionPositional::None, AttentionPositional::Rope,
                                                 AttentionPositional::Alibi};
  opt.positional = kPositional[args.choice(o["positional"], "options.positional", {"none", "rope", "alibi"}, 0)];
  constexpr RopeMode kModes[] = {RopeMode::Both, RopeMode::QueriesOnly, RopeMode::SwappedConvention};
  opt.rope_mode =
      kModes[args.choice(o["ropeMode"], "options.ropeMode", {"both", "queriesOnly", "swappedConvention"}, 0)];
  opt.rope_convention = args.choice(o["ropeConvention"], "options.ropeConvention", {"interleaved", "half"}, 0) == 0
                            ? RopeConvention::Interleaved
                            : RopeConvention::Half;
  opt.seed = read_seed(args, o["seed"], "options.seed");
  opt.base = args.number(o["base"], "options.base", 1.0, lim::kMaxBase, kDefaultBase, /*min_exclusive=*/true);
  opt.output_projection = args.boolean(o["outputProjection"], "options.outputProjection", true);
  const auto values = args.numbers(x, "x", static_cast<std::size_t>(n) * static_cast<std::size_t>(d));
  if (!args.ok()) return args.error();

  const auto r = pe::self_attention(values, n, d, opt);
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
