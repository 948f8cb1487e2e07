// JavaScript entry points for context extension and emulated precision (pe/extension.hpp, pe/precision.hpp).
#include <emscripten/bind.h>

#include <cstdint>
#include <string>
#include <vector>

#include "args.hpp"
#include "pe/extension.hpp"
#include "pe/limits.hpp"
#include "pe/precision.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

FloatFormat read_format(Args& args, const val& v) {
  constexpr FloatFormat kFormats[] = {FloatFormat::Float32, FloatFormat::BFloat16, FloatFormat::Float16,
                                      FloatFormat::Float64};
  return kFormats[args.choice(v, "format", {"float32", "bfloat16", "float16", "float64"})];
}

val to_uint8_array(const std::vector<std::uint8_t>& data) {
  return val(emscripten::typed_memory_view(data.size(), data.data())).call<val>("slice");
}

val context_extension(val head_dim, val base, val trained_length, val target_length, val method,
                      val options) {
  Args args("contextExtension");
  // NTK scaling divides by headDim - 2, so the smallest head with a meaningful comparison has two pairs.
  const int d = args.even_integer(head_dim, "headDim", 4, lim::kMaxDModel);
  const double b = args.base(base);
  const auto max_length = static_cast<int>(lim::kMaxPositionValue);
  const int trained = args.integer(trained_length, "trainedLength", 1, max_length);
  const int target = args.integer(target_length, "targetLength", trained, max_length);
  const auto m = args.choice(method, "method",
                             {"none", "interpolation", "ntk", "dynamic", "yarn", "llama3", "raisedBase"}, 0);
  const bool has = args.options(options, {"raisedBase"}, "{ raisedBase: 500000 }");
  // The raised base defaults to Llama 3's 500,000 (args.base would default to 10,000).
  const val raised_value = has ? options["raisedBase"] : val::undefined();
  const double raised = raised_value.isUndefined() ? 500000.0 : args.base(raised_value, "options.raisedBase");
  if (!args.ok()) return args.error();
  constexpr ExtensionMethod kMethods[] = {ExtensionMethod::None,      ExtensionMethod::Interpolation,
                                          ExtensionMethod::Ntk,       ExtensionMethod::DynamicNtk,
                                          ExtensionMethod::Yarn,      ExtensionMethod::Llama3,
                                          ExtensionMethod::RaisedBase};
  const auto ext = pe::context_extension(d, b, trained, target, kMethods[m], raised);
  val out = val::object();
  out.set("scale", val(ext.scale));
  out.set("effectiveBase", val(ext.effective_base));
  out.set("attentionScale", val(ext.attention_scale));
  out.set("overshoot", to_float64_array(ext.overshoot));
  out.set("wavelength", to_float64_array(ext.wavelength));
  out.set("targetWavelength", to_float64_array(ext.target_wavelength));
  out.set("trainedAngle", to_float64_array(ext.trained_angle));
  out.set("targetAngle", to_float64_array(ext.target_angle));
  out.set("fullTurn", to_uint8_array(ext.full_turn));
  out.set("outOfRange", to_uint8_array(ext.out_of_range));
  return out;
}

val phase_error(val positions, val head_dim, val base, val format) {
  Args args("phaseError");
  const auto p =
      args.numbers(positions, "positions", std::nullopt, static_cast<std::size_t>(lim::kMaxPositions));
  for (std::size_t i = 0; i < p.size() && args.ok(); ++i) {
    args.require(p[i] >= 0.0 && p[i] <= lim::kMaxPositionValue, "positions",
                 "item " + std::to_string(i) + " = " + format_number(p[i]),
                 "numbers from 0 to " + format_number(lim::kMaxPositionValue));
  }
  const int d = args.even_integer(head_dim, "headDim", 2, lim::kMaxDModel);
  args.cap_values(static_cast<std::int64_t>(p.size()) * (d / 2), "positions.length * headDim / 2",
                  lim::kMaxValues);
  const double b = args.base(base);
  const auto f = read_format(args, format);
  if (!args.ok()) return args.error();
  const auto errors = pe::phase_error(p, d, b, f);
  val out = val::object();
  out.set("angleError", to_float64_array(errors.angle_error));
  out.set("sinError", to_float64_array(errors.sin_error));
  return out;
}

val position_rounding(val length, val format) {
  Args args("positionRounding");
  const int n = args.integer(length, "length", 1, 1 << 25);
  const auto f = read_format(args, format);
  if (!args.ok()) return args.error();
  const auto r = pe::position_rounding(n, f);
  val out = val::object();
  out.set("firstCollision", val(r.first_collision));
  out.set("collidesWith", val(r.collides_with));
  out.set("distinct", val(r.distinct));
  return out;
}

val round_to_format(val values, val format) {
  Args args("roundToFormat");
  const auto v = args.numbers(values, "values", std::nullopt, static_cast<std::size_t>(lim::kMaxValues));
  const auto f = read_format(args, format);
  if (!args.ok()) return args.error();
  std::vector<double> out;
  out.reserve(v.size());
  for (const double x : v) out.push_back(pe::round_to_format(x, f));
  return to_float64_array(out);
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_extension) {
  using namespace emscripten;
  function("raw_contextExtension", &pe::bind::context_extension);
  function("raw_phaseError", &pe::bind::phase_error);
  function("raw_roundToFormat", &pe::bind::round_to_format);
  function("raw_positionRounding", &pe::bind::position_rounding);
}
