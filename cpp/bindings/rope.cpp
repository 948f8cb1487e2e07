// JavaScript entry points for rotary position embedding (pe/rope.hpp).
#include <emscripten/bind.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/rope.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

int read_head_dim(Args& args, const val& v) {
  return args.even_integer(v, "headDim", 2, lim::kMaxDModel);
}

RopeConvention read_convention(Args& args, const val& v, const char* name) {
  return args.choice(v, name, {"interleaved", "half"}, 0) == 0 ? RopeConvention::Interleaved
                                                               : RopeConvention::Half;
}

RopeConvention read_required_convention(Args& args, const val& v, const char* name) {
  return args.choice(v, name, {"interleaved", "half"}) == 0 ? RopeConvention::Interleaved
                                                            : RopeConvention::Half;
}

// Converting a double outside float's range to float is undefined behaviour, so such inputs are refused.
std::vector<float> read_float32_values(Args& args, const val& v, const char* name, std::size_t length) {
  const auto values = args.float32_numbers(v, name, length);
  return std::vector<float>(values.begin(), values.end());
}

val rope_rotate(val x, val seq_len, val head_dim, val start_pos, val base, val convention, val scale) {
  Args args("ropeRotate");
  const int n = args.integer(seq_len, "seqLen", 1, lim::kMaxPositions);
  const int d = read_head_dim(args, head_dim);
  args.cap_values(std::int64_t{n} * d, "seqLen * headDim", lim::kMaxValues);
  const double start = args.number(start_pos, "startPos", 0.0, lim::kMaxPositionValue, 0.0);
  const double b = args.base(base);
  const auto c = read_convention(args, convention, "convention");
  const double s = args.number(scale, "scale", 0.0, lim::kMaxScale, 1.0, /*min_exclusive=*/true);
  const auto values =
      read_float32_values(args, x, "x", static_cast<std::size_t>(n) * static_cast<std::size_t>(d));
  if (!args.ok()) return args.error();
  return to_float32_array(pe::rope_rotate({values, n, d}, start, b, c, s));
}

val rope_permutation(val head_dim, val from, val to) {
  Args args("ropePermutation");
  const int d = read_head_dim(args, head_dim);
  const auto f = read_required_convention(args, from, "from");
  const auto t = read_required_convention(args, to, "to");
  if (!args.ok()) return args.error();
  return to_int32_array(pe::rope_permutation(d, f, t));
}

val ntk_scaled_base(val base, val head_dim, val factor) {
  Args args("ntkScaledBase");
  const double b = args.base(base);
  // head_dim 2 would divide by zero: its only pair is the fastest, which NTK scaling leaves alone anyway.
  const int d = args.even_integer(head_dim, "headDim", 4, lim::kMaxDModel);
  const double f = args.number(factor, "factor", 1.0, lim::kMaxScale);
  if (!args.ok()) return args.error();
  return val(pe::ntk_scaled_base(b, d, f));
}

val rope_scores(val q, val k, val positions, val head_dim, val base, val convention, val options) {
  Args args("ropeScores");
  const int p = args.integer(positions, "positions", 1, lim::kMaxSimilarityPositions);
  const int d = read_head_dim(args, head_dim);
  args.cap_values(std::int64_t{p} * p * d, "positions * positions * headDim", lim::kMaxValues);
  const double b = args.base(base);
  const auto c = read_convention(args, convention, "convention");
  RopeScoreOptions o;
  if (args.options(options, {"queriesOnly", "scale"}, "{ queriesOnly: true, scale: 2 }")) {
    o.queries_only = args.boolean(options["queriesOnly"], "options.queriesOnly", false);
    o.scale =
        args.number(options["scale"], "options.scale", 0.0, lim::kMaxScale, 1.0, /*min_exclusive=*/true);
  }
  const auto qv = args.numbers(q, "q", static_cast<std::size_t>(d));
  const auto kv = args.numbers(k, "k", static_cast<std::size_t>(d));
  if (!args.ok()) return args.error();
  return to_float64_array(pe::rope_scores(qv, kv, p, d, b, c, o));
}

val rope_score_by_offset(val q, val k, val max_offset, val head_dim, val base, val convention) {
  Args args("ropeScoreByOffset");
  const int m = args.integer(max_offset, "maxOffset", 0, lim::kMaxPositions);
  const int d = read_head_dim(args, head_dim);
  args.cap_values((std::int64_t{m} + 1) * d, "(maxOffset + 1) * headDim", lim::kMaxValues);
  const double b = args.base(base);
  const auto c = read_convention(args, convention, "convention");
  const auto qv = args.numbers(q, "q", static_cast<std::size_t>(d));
  const auto kv = args.numbers(k, "k", static_cast<std::size_t>(d));
  if (!args.ok()) return args.error();
  return to_float64_array(pe::rope_score_by_offset(qv, kv, m, d, b, c));
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_rope) {
  using namespace emscripten;
  function("raw_ropeRotate", &pe::bind::rope_rotate);
  function("raw_ropePermutation", &pe::bind::rope_permutation);
  function("raw_ntkScaledBase", &pe::bind::ntk_scaled_base);
  function("raw_ropeScores", &pe::bind::rope_scores);
  function("raw_ropeScoreByOffset", &pe::bind::rope_score_by_offset);
}
