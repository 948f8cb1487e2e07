// JavaScript entry points for the similarity of a table's rows (pe/similarity.hpp) and of positions after the
// query and key projections (pe/projection.hpp).
#include <emscripten/bind.h>

#include <cstddef>
#include <cstdint>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/projection.hpp"
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

// The work of a projected matrix: the projections (2 n d h) and the scores (n^2 h) multiply-adds.
constexpr std::int64_t kMaxProjectedWork = std::int64_t{1} << 26;

val projected_similarity(val positions, val d_model, val head_dim, val base, val mode, val metric, val seed) {
  Args args("projectedSimilarity");
  const int n = args.integer(positions, "positions", 1, lim::kMaxSimilarityPositions);
  const int d = args.even_integer(d_model, "dModel", 2, lim::kMaxDModel);
  const int h = args.even_integer(head_dim, "headDim", 2, lim::kMaxDModel);
  const double b = args.base(base);
  const auto m = args.choice(mode, "mode", {"projected", "rope"});
  const auto metric_index = args.choice(metric, "metric", {"dot", "cosine"}, 0);
  const auto s = args.seed(seed);
  args.cap_values(std::int64_t{n} * h * (2 * std::int64_t{d} + n),
                  "positions * headDim * (2 * dModel + positions) (the work of the matrix)",
                  kMaxProjectedWork);
  if (!args.ok()) return args.error();
  return to_float64_array(
      pe::projected_similarity(n, d, h, b, m == 0 ? Projection::Projected : Projection::Rope,
                               metric_index == 0 ? Similarity::Dot : Similarity::Cosine, s));
}

val diagonal_spread(val values, val size) {
  Args args("diagonalSpread");
  const int n = args.integer(size, "size", 1, lim::kMaxSimilarityPositions);
  const auto m =
      args.float32_numbers(values, "values", static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
  if (!args.ok()) return args.error();
  return to_float64_array(pe::diagonal_spread({m, n, n}));
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_similarity) {
  emscripten::function("raw_tableSimilarity", &pe::bind::table_similarity);
  emscripten::function("raw_projectedSimilarity", &pe::bind::projected_similarity);
  emscripten::function("raw_diagonalSpread", &pe::bind::diagonal_spread);
}
