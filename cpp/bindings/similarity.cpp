// JavaScript entry points for the similarity of a table's rows (pe/similarity.hpp).
#include <emscripten/bind.h>

#include <cstddef>
#include <cstdint>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/similarity.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

// The result, rows x rows doubles, and the table, rows x cols, both stay within the cap on values at the
// largest sizes, so neither needs a check of its own.
static_assert(std::int64_t{lim::kMaxSimilarityPositions} * lim::kMaxSimilarityPositions <= lim::kMaxValues);
static_assert(std::int64_t{lim::kMaxSimilarityPositions} * lim::kMaxDModel <= lim::kMaxValues);

val table_similarity(val values, val rows, val cols, val metric) {
  Args args("tableSimilarity");
  const int n = args.integer(rows, "rows", 1, lim::kMaxSimilarityPositions);
  const int d = args.integer(cols, "cols", 1, lim::kMaxDModel);
  const auto m = args.choice(metric, "metric", {"cosine", "dot"}, 0);
  const auto table =
      args.float32_numbers(values, "values", static_cast<std::size_t>(n) * static_cast<std::size_t>(d));
  if (!args.ok()) return args.error();
  return to_float64_array(pe::table_similarity({table, n, d}, m == 0 ? Similarity::Cosine : Similarity::Dot));
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_similarity) {
  emscripten::function("raw_tableSimilarity", &pe::bind::table_similarity);
}
