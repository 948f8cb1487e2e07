// JavaScript entry points for the analyses of a learned position table (pe/table_stats.hpp). Each takes the
// table as it comes from a checkpoint (values, rows, cols: float32 numbers, row-major, a row per position)
// and the rows to analyse (first, count: OPT's table starts with two rows that are not positions).
#include <emscripten/bind.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/table_stats.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

/// The analysed rows of a table as float32, count x cols.
struct Table {
  std::vector<float> values;
  int rows = 0;
  int cols = 0;

  [[nodiscard]] matrix_view<const float> view() const { return {values, rows, cols}; }
};

/// `size` float32 values: a Float32Array (as checkpoints hold tables) is copied into WebAssembly memory as it
/// is, with one memcpy, and searched for the first NaN or infinity; anything else goes through
/// Args::float32_numbers, which converts it item by item and names what is wrong in the same words.
std::vector<float> float32_table(Args& args, const val& values, std::size_t size) {
  if (values.instanceof (val::global("Float32Array")) && values["length"].as<std::size_t>() == size) {
    auto out = emscripten::convertJSArrayToNumberVector<float>(values);
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (!std::isfinite(out[i])) {
        args.fail("values must hold finite numbers only; item " + std::to_string(i) + " is " +
                  format_number(static_cast<double>(out[i])) + ".");
        return {};
      }
    }
    return out;
  }
  const auto numbers = args.float32_numbers(values, "values", size);
  return {numbers.begin(), numbers.end()};
}

/// Reads values, rows, cols, first and count: rows * cols finite float32 numbers, 0 <= first < rows, and
/// min_count <= count <= min(max_count, rows - first) (count defaults to rows - first).
Table read_table(Args& args, const val& values, const val& rows, const val& cols, const val& first,
                 const val& count, int min_count, int max_count) {
  const int n = args.integer(rows, "rows", 1, lim::kMaxTableRows);
  const int d = args.integer(cols, "cols", 1, lim::kMaxDModel);
  args.cap_values(std::int64_t{n} * d, "rows * cols (the table)", lim::kMaxValues);
  const int start = args.integer(first, "first", 0, n - 1, 0);
  const int left = n - start;
  const int limit = std::min(max_count, left);
  const int c = args.integer(count, "count", std::min(min_count, limit), limit, left);
  args.require(
      args.ok() ? c >= min_count && c <= limit : true, "count",
      count.isUndefined() ? "undefined (rows - first = " + std::to_string(left) + ")" : describe(count),
      "an integer from " + std::to_string(min_count) + " to " + std::to_string(limit) + " (at most " +
          std::to_string(max_count) + " rows, and at most rows - first)");
  Table out;
  if (!args.ok()) return out;
  const auto size = static_cast<std::size_t>(n) * static_cast<std::size_t>(d);
  auto all = float32_table(args, values, size);
  if (!args.ok()) return out;
  const auto width = static_cast<std::ptrdiff_t>(d);
  all.erase(all.begin() + (start + c) * width, all.end());
  all.erase(all.begin(), all.begin() + start * width);
  out.values = std::move(all);
  out.rows = c;
  out.cols = d;
  return out;
}

val table_cosine(val values, val rows, val cols, val first, val count, val base) {
  Args args("tableCosine");
  const Table t = read_table(args, values, rows, cols, first, count, 1, lim::kMaxTableCosineRows);
  const double b = args.base(base);
  args.cap_values(pe::table_cosine_work(t.rows, t.cols),
                  "count^2 * cols / 2 (the multiply-adds of the matrix)", lim::kMaxTableWork);
  if (!args.ok()) return args.error();
  const auto r = pe::table_cosine(t.view());
  val out = val::object();
  out.set("matrix", to_float32_array(r.matrix));
  out.set("byOffset", to_float64_array(r.by_offset));
  // The sinusoidal encoding's curve at the same width, when it has one (an even width).
  out.set("sinusoid", t.cols % 2 == 0 ? to_float64_array(pe::sinusoidal_cosine_by_offset(t.rows, t.cols, b))
                                      : val::null());
  return out;
}

val table_stats(val values, val rows, val cols, val first, val count) {
  Args args("tableStats");
  const Table t = read_table(args, values, rows, cols, first, count, 1, lim::kMaxTableRows);
  if (!args.ok()) return args.error();
  const auto r = pe::table_stats(t.view());
  val out = val::object();
  out.set("norms", to_float64_array(r.norms));
  out.set("mean", to_float64_array(r.mean));
  out.set("variance", to_float64_array(r.variance));
  out.set("share", to_float64_array(r.share));
  out.set("order", to_int32_array(r.order));
  out.set("cumulative", to_float64_array(r.cumulative));
  return out;
}

val table_components(val values, val rows, val cols, val first, val count, val components) {
  Args args("tableComponents");
  const Table t = read_table(args, values, rows, cols, first, count, 2, lim::kMaxTableRows);
  const int k =
      args.integer(components, "components", 1, std::min(lim::kMaxTableComponents, std::max(1, t.cols)),
                   std::min(2, std::max(1, t.cols)));
  args.require(!args.ok() || k <= t.cols, "components", std::to_string(k),
               "at most cols (" + std::to_string(t.cols) + ")");
  args.cap_values(pe::table_components_work(t.rows, t.cols),
                  "count * cols^2 / 2 (the multiply-adds of the covariance)", lim::kMaxTableWork);
  if (!args.ok()) return args.error();
  const auto r = pe::table_components(t.view(), k);
  val out = val::object();
  out.set("explained", to_float64_array(r.explained));
  out.set("variance", to_float64_array(r.variance));
  out.set("loadings", to_float64_array(r.loadings));
  out.set("coordinates", to_float64_array(r.coordinates));
  out.set("iterations", val(r.iterations));
  return out;
}

val table_periods(val values, val rows, val cols, val first, val count) {
  Args args("tablePeriods");
  const Table t = read_table(args, values, rows, cols, first, count, 2, lim::kMaxTableRows);
  args.cap_values(pe::column_periods_work(t.rows, t.cols),
                  "count^2 * cols (the multiply-adds of the spectra)", lim::kMaxTableWork);
  if (!args.ok()) return args.error();
  const auto r = pe::column_periods(t.view());
  val out = val::object();
  out.set("bin", to_int32_array(r.bin));
  out.set("period", to_float64_array(r.period));
  out.set("share", to_float64_array(r.share));
  return out;
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_table_stats) {
  emscripten::function("raw_tableCosine", &pe::bind::table_cosine);
  emscripten::function("raw_tableStats", &pe::bind::table_stats);
  emscripten::function("raw_tableComponents", &pe::bind::table_components);
  emscripten::function("raw_tablePeriods", &pe::bind::table_periods);
}
