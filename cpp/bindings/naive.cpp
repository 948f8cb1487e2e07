// JavaScript entry points for the naive encodings (pe/naive.hpp).
#include <emscripten/bind.h>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/naive.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

val naive_encoding(val kind, val length, val d_model) {
  Args args("naiveEncoding");
  const auto k = args.choice(kind, "kind", {"index", "normalized"});
  const int n = args.integer(length, "length", 1, lim::kMaxPositions);
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxDModel);
  args.cap_values(std::int64_t{n} * d, "length * dModel", lim::kMaxValues);
  if (!args.ok()) return args.error();
  return to_float32_array(pe::naive_encoding(k == 0 ? NaiveKind::Index : NaiveKind::Normalized, n, d));
}

val naive_norm_ratio(val kind, val length, val d_model) {
  Args args("naiveNormRatio");
  const auto k = args.choice(kind, "kind", {"index", "normalized", "sinusoidal"});
  const int n = args.integer(length, "length", 1, lim::kMaxPositions);
  // Only the sinusoidal encoding needs sin/cos pairs.
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxDModel);
  args.cap_values(std::int64_t{n} * d, "length * dModel", lim::kMaxValues);
  if (!args.ok()) return args.error();
  constexpr NaiveKind kKinds[] = {NaiveKind::Index, NaiveKind::Normalized, NaiveKind::Sinusoidal};
  return to_float64_array(pe::naive_norm_ratio(kKinds[k], n, d));
}

val naive_offset_meaning(val offset, val lengths) {
  Args args("naiveOffsetMeaning");
  const int o = args.integer(offset, "offset", 0, lim::kMaxPositions);
  const auto l =
      args.integers(lengths, "lengths", 2, lim::kMaxPositions, static_cast<std::size_t>(lim::kMaxPositions));
  if (!args.ok()) return args.error();
  return to_float64_array(pe::naive_offset_meaning(o, l));
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_naive) {
  using namespace emscripten;
  function("raw_naiveEncoding", &pe::bind::naive_encoding);
  function("raw_naiveNormRatio", &pe::bind::naive_norm_ratio);
  function("raw_naiveOffsetMeaning", &pe::bind::naive_offset_meaning);
}
