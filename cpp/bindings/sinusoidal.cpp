// JavaScript entry points for the sinusoidal encoding (pe/sinusoidal.hpp).
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/sinusoidal.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

int read_d_model(Args& args, const val& v) {
  return args.even_integer(v, "dModel", 2, lim::kMaxDModel);
}

struct TableArgs {
  int positions;
  int d_model;
  double base;
  Layout layout;
};

// The arguments sinusoidalTable and sinusoidalImage share.
TableArgs read_table_args(Args& args, const val& positions, const val& d_model, const val& base,
                          const val& layout) {
  const int p = args.integer(positions, "positions", 1, lim::kMaxPositions);
  const int d = read_d_model(args, d_model);
  const double b = args.base(base);
  const auto l = args.choice(layout, "layout", {"interleaved", "split"}, 0);
  args.cap_values(std::int64_t{p} * d, "positions * dModel", lim::kMaxValues);
  return {p, d, b, l == 0 ? Layout::Interleaved : Layout::Split};
}

val sinusoidal_table(val positions, val d_model, val base, val layout) {
  Args args("sinusoidalTable");
  const auto t = read_table_args(args, positions, d_model, base, layout);
  if (!args.ok()) return args.error();
  // Streamed block by block into the JS-owned result: the table is written once, there, instead of once into
  // WebAssembly memory and again by a copy of the whole.
  const auto width = static_cast<std::size_t>(t.d_model);
  val out = val::global("Float32Array").new_(static_cast<std::size_t>(t.positions) * width);
  pe::stream_table(
      t.positions, t.d_model, t.base, t.layout, [&](pe::matrix_view<const float> rows, std::size_t first) {
        out.call<void>("set", val(emscripten::typed_memory_view(rows.size(), rows.data())), first * width);
      });
  return out;
}

val sinusoidal_image(val positions, val d_model, val base, val layout, val palette, val rows, val columns) {
  Args args("sinusoidalImage");
  const auto t = read_table_args(args, positions, d_model, base, layout);
  const auto colours = args.numbers(palette, "palette", std::nullopt, lim::kMaxPaletteSize);
  constexpr auto kMaxColour = static_cast<double>(std::numeric_limits<std::uint32_t>::max());
  bool packed = colours.size() >= 2;
  for (const double c : colours) packed = packed && c >= 0.0 && c <= kMaxColour && std::floor(c) == c;
  args.require(
      packed, "palette", describe(palette),
      "2 to " + std::to_string(lim::kMaxPaletteSize) + " packed RGBA colours (integers from 0 to 2^32 - 1)");
  if (!args.ok()) return args.error();
  // The picture's size may be anything up to the table's; checked after the table's own arguments, whose
  // values bound it.
  const int height = args.integer(rows, "rows", 1, t.positions, t.positions);
  const int width = args.integer(columns, "columns", 1, t.d_model, t.d_model);
  if (!args.ok()) return args.error();
  const std::vector<std::uint32_t> lut(colours.begin(), colours.end());

  // Rows are copied out as they are made. The result is filled through a Uint8Array over its buffer:
  // TypedArray.set between views of the same plain type is a memmove, where a Uint8ClampedArray target took
  // V8 several times longer.
  const auto row_bytes = static_cast<std::size_t>(width) * 4;
  const val buffer = val::global("ArrayBuffer").new_(static_cast<std::size_t>(height) * row_bytes);
  val bytes = val::global("Uint8Array").new_(buffer);
  pe::stream_image(t.positions, t.d_model, t.base, t.layout, lut, height, width,
                   [&](pe::matrix_view<const std::uint32_t> pixels, std::size_t first) {
                     const auto* source = reinterpret_cast<const unsigned char*>(pixels.data());
                     bytes.call<void>("set",
                                      val(emscripten::typed_memory_view(pixels.rows() * row_bytes, source)),
                                      first * row_bytes);
                   });
  return val::global("Uint8ClampedArray").new_(buffer);
}

val sinusoidal_columns(val positions, val d_model, val base, val layout, val dimensions) {
  Args args("sinusoidalColumns");
  const int p = args.integer(positions, "positions", 1, lim::kMaxPositions);
  const int d = read_d_model(args, d_model);
  const double b = args.base(base);
  const auto l = args.choice(layout, "layout", {"interleaved", "split"}, 0);
  if (!args.ok()) return args.error();
  const auto dims = args.integers(dimensions, "dimensions", 0, d - 1, static_cast<std::size_t>(d));
  args.cap_values(std::int64_t{p} * static_cast<std::int64_t>(dims.size()), "positions * dimensions.length",
                  lim::kMaxValues);
  if (!args.ok()) return args.error();
  return to_float64_array(
      pe::sinusoidal_columns(p, d, b, l == 0 ? Layout::Interleaved : Layout::Split, dims));
}

val pair_periods(val d_model, val base) {
  Args args("pairPeriods");
  const int d = read_d_model(args, d_model);
  const double b = args.base(base);
  if (!args.ok()) return args.error();
  return to_float64_array(pe::pair_periods(d, b));
}

val dimension_ranges(val positions, val d_model, val base) {
  Args args("dimensionRanges");
  const int p = args.integer(positions, "positions", 1, lim::kMaxPositions);
  const int d = read_d_model(args, d_model);
  const double b = args.base(base);
  args.cap_values(std::int64_t{p} * d, "positions * dModel", lim::kMaxValues);
  if (!args.ok()) return args.error();
  return to_float64_array(pe::dimension_ranges(p, d, b));
}

// dotByOffset and dotByOffsetSpread sum dModel products for each of maxOffset + 1 offsets: that work is
// capped at 2^24 terms, like the values of any one result. The message shows the product, so a reader sees
// what to lower.
void cap_offsets(Args& args, int max_offset, int d_model) {
  const std::int64_t work = (std::int64_t{max_offset} + 1) * d_model;
  args.require(
      work <= lim::kMaxValues, "(maxOffset + 1) * dModel",
      "(" + std::to_string(max_offset) + " + 1) * " + std::to_string(d_model) + " = " + std::to_string(work),
      "at most 2^24 (" + std::to_string(lim::kMaxValues) + ")");
}

val dot_by_offset(val pos, val max_offset, val d_model, val base) {
  Args args("dotByOffset");
  const int p = args.integer(pos, "pos", 0, lim::kMaxPositions);
  const int k = args.integer(max_offset, "maxOffset", 0, lim::kMaxPositions);
  const int d = read_d_model(args, d_model);
  const double b = args.base(base);
  cap_offsets(args, k, d);
  if (!args.ok()) return args.error();
  return to_float64_array(pe::dot_by_offset(p, k, d, b));
}

val dot_by_offset_spread(val starts, val max_offset, val d_model, val base) {
  Args args("dotByOffsetSpread");
  const auto s = args.integers(starts, "starts", 0, lim::kMaxPositions, lim::kMaxSpreadStarts);
  const int k = args.integer(max_offset, "maxOffset", 0, lim::kMaxPositions);
  const int d = read_d_model(args, d_model);
  const double b = args.base(base);
  cap_offsets(args, k, d);
  if (!args.ok()) return args.error();
  return val(pe::dot_by_offset_spread(s, k, d, b));
}

val similarity_matrix(val positions, val d_model, val base, val metric) {
  Args args("similarityMatrix");
  const int p = args.integer(positions, "positions", 1, lim::kMaxSimilarityPositions);
  const int d = read_d_model(args, d_model);
  const double b = args.base(base);
  const auto m = args.choice(metric, "metric", {"dot", "cosine"}, 0);
  if (!args.ok()) return args.error();
  return to_float64_array(pe::similarity_matrix(p, d, b, m == 0 ? Similarity::Dot : Similarity::Cosine));
}

val layout_order(val d_model, val layout) {
  Args args("layoutOrder");
  const int d = read_d_model(args, d_model);
  const auto l = args.choice(layout, "layout", {"interleaved", "split"}, 0);
  if (!args.ok()) return args.error();
  return to_int32_array(pe::layout_order(d, l == 0 ? Layout::Interleaved : Layout::Split));
}

val shift_rotation(val pair, val offset, val d_model, val base) {
  Args args("shiftRotation");
  const int d = read_d_model(args, d_model);
  const int i = args.integer(pair, "pair", 0, d / 2 - 1);
  const double k = args.number(offset, "offset", -lim::kMaxPositionValue, lim::kMaxPositionValue);
  const double b = args.base(base);
  if (!args.ok()) return args.error();
  const auto r = pe::shift_rotation(i, k, d, b);
  return to_float64_array(std::vector<double>(r.begin(), r.end()));
}

val rotate_pair(val pair, val pos, val offset, val d_model, val base) {
  Args args("rotatePair");
  const int d = read_d_model(args, d_model);
  const int i = args.integer(pair, "pair", 0, d / 2 - 1);
  const double p = args.number(pos, "pos", 0, lim::kMaxPositions);
  const double k = args.number(offset, "offset", -lim::kMaxPositionValue, lim::kMaxPositionValue);
  const double b = args.base(base);
  if (!args.ok()) return args.error();
  const auto r = pe::rotate_pair(i, p, k, d, b);
  return to_float64_array(std::vector<double>(r.begin(), r.end()));
}

val rotation_residual(val pos, val offset, val d_model, val base) {
  Args args("rotationResidual");
  const double p = args.number(pos, "pos", 0, lim::kMaxPositions);
  const double k = args.number(offset, "offset", -lim::kMaxPositions, lim::kMaxPositions);
  const int d = read_d_model(args, d_model);
  const double b = args.base(base);
  if (!args.ok()) return args.error();
  return val(pe::rotation_residual(p, k, d, b));
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_sinusoidal) {
  using namespace emscripten;
  function("raw_sinusoidalTable", &pe::bind::sinusoidal_table);
  function("raw_sinusoidalImage", &pe::bind::sinusoidal_image);
  function("raw_sinusoidalColumns", &pe::bind::sinusoidal_columns);
  function("raw_pairPeriods", &pe::bind::pair_periods);
  function("raw_dimensionRanges", &pe::bind::dimension_ranges);
  function("raw_dotByOffset", &pe::bind::dot_by_offset);
  function("raw_dotByOffsetSpread", &pe::bind::dot_by_offset_spread);
  function("raw_similarityMatrix", &pe::bind::similarity_matrix);
  function("raw_layoutOrder", &pe::bind::layout_order);
  function("raw_shiftRotation", &pe::bind::shift_rotation);
  function("raw_rotatePair", &pe::bind::rotate_pair);
  function("raw_rotationResidual", &pe::bind::rotation_residual);
}
