// JavaScript entry point for T5's relative position buckets (pe/t5.hpp): the bucket of every signed offset
// for a config.json's relative_attention_num_buckets and relative_attention_max_distance.
#include <emscripten/bind.h>

#include <string>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/t5.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

constexpr int kMaxBuckets = 1024;
constexpr int kMaxDistance = 1000000;

val t5_buckets(val num_buckets, val max_distance, val max_offset, val bidirectional) {
  Args args("t5Buckets");
  const int buckets = args.integer(num_buckets, "numBuckets", 2, kMaxBuckets);
  const int distance = args.integer(max_distance, "maxDistance", 1, kMaxDistance);
  const int offset = args.integer(max_offset, "maxOffset", 0, lim::kMaxPositions);
  const bool both = args.boolean(bidirectional, "bidirectional", true);
  if (!args.ok()) return args.error();
  // The exact range: half of the buckets each direction keeps.
  const int exact = (both ? buckets / 2 : buckets) / 2;
  args.require(exact >= 1, "numBuckets", std::to_string(buckets),
               both ? "at least 4 when bidirectional (2 per direction)" : "at least 2");
  if (!args.ok()) return args.error();
  args.require(distance > exact, "maxDistance", std::to_string(distance),
               "more than the " + std::to_string(exact) + " distances that get a bucket each");
  if (!args.ok()) return args.error();
  return to_int32_array(pe::t5_buckets(buckets, distance, offset, both));
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_t5) {
  using namespace emscripten;
  function("raw_t5Buckets", &pe::bind::t5_buckets);
}
