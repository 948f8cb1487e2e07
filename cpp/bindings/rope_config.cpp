// JavaScript entry point for a real model's RoPE setting (pe/rope_config.hpp): ropeSpectrum reads the numbers
// the front end took from a config.json (rope_theta, head_dim, max_position_embeddings,
// partial_rotary_factor, rope_scaling with its keys in camelCase) and returns each pair's frequencies before
// and after the scaling.
#include <emscripten/bind.h>

#include <cstddef>
#include <string>
#include <vector>

#include "args.hpp"
#include "pe/limits.hpp"
#include "pe/rope_config.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lim = pe::limits;

// RopeType's order, as Hugging Face names them in rope_type.
constexpr const char* kRopeTypes[] = {"default", "linear", "dynamic", "yarn", "longrope", "llama3"};

// Fails when a key Hugging Face requires for this rope type (its _validate_*_parameters) is missing.
void require_key(Args& args, const val& scaling, const char* key, const char* name, RopeType type) {
  const bool given = !scaling[key].isUndefined();
  args.require(given, name, "undefined",
               std::string("given for ropeType \"") + kRopeTypes[static_cast<int>(type)] + '"');
}

// A positive rope_scaling value up to kMaxRopeScalingValue; undefined takes fallback.
double positive(Args& args, const val& v, const char* name, double fallback) {
  return args.number(v, name, 0.0, lim::kMaxRopeScalingValue, fallback, /*min_exclusive=*/true);
}

// LongRoPE's per-pair factors: exactly one positive number per pair.
std::vector<double> pair_factors(Args& args, const val& v, const char* name, int pairs) {
  auto out = args.numbers(v, name, static_cast<std::size_t>(pairs));
  for (std::size_t i = 0; i < out.size() && args.ok(); ++i) {
    if (out[i] > 0.0 && out[i] <= lim::kMaxRopeScalingValue) continue;
    args.require(false, name, "item " + std::to_string(i) + " = " + format_number(out[i]),
                 "numbers greater than 0 and at most " + format_number(lim::kMaxRopeScalingValue));
  }
  return out;
}

RopeScaling read_scaling(Args& args, const val& scaling, int rotary_dim) {
  RopeScaling s;
  // A config's "rope_scaling": null means no scaling, as undefined does.
  if (scaling.isNull()) return s;
  const bool has = args.options(
      scaling,
      {"ropeType", "factor", "originalMaxPositionEmbeddings", "lowFreqFactor", "highFreqFactor", "betaFast",
       "betaSlow", "mscale", "mscaleAllDim", "attentionFactor", "truncate", "shortFactor", "longFactor"},
      "{ ropeType: \"yarn\", factor: 4, originalMaxPositionEmbeddings: 32768 }", "scaling");
  if (!has) return s;
  s.type = static_cast<RopeType>(args.choice(
      scaling["ropeType"], "scaling.ropeType",
      {kRopeTypes[0], kRopeTypes[1], kRopeTypes[2], kRopeTypes[3], kRopeTypes[4], kRopeTypes[5]}, 0));
  if (s.type == RopeType::Linear || s.type == RopeType::Dynamic || s.type == RopeType::Yarn ||
      s.type == RopeType::Llama3) {
    require_key(args, scaling, "factor", "scaling.factor", s.type);
  }
  s.factor = args.number(scaling["factor"], "scaling.factor", 1.0, lim::kMaxScale, 1.0);
  const auto max_length = static_cast<int>(lim::kMaxPositionValue);
  if (s.type == RopeType::Llama3) {
    for (const char* key : {"originalMaxPositionEmbeddings", "lowFreqFactor", "highFreqFactor"}) {
      const std::string name = std::string("scaling.") + key;
      require_key(args, scaling, key, name.c_str(), s.type);
    }
  }
  s.original_max_position_embeddings = args.integer(
      scaling["originalMaxPositionEmbeddings"], "scaling.originalMaxPositionEmbeddings", 1, max_length, 0);
  s.low_freq_factor = positive(args, scaling["lowFreqFactor"], "scaling.lowFreqFactor", 1.0);
  s.high_freq_factor = positive(args, scaling["highFreqFactor"], "scaling.highFreqFactor", 4.0);
  if (s.type == RopeType::Llama3) {
    args.require(s.high_freq_factor >= s.low_freq_factor, "scaling.highFreqFactor",
                 format_number(s.high_freq_factor),
                 "at least scaling.lowFreqFactor (" + format_number(s.low_freq_factor) + ")");
  }
  s.beta_fast = positive(args, scaling["betaFast"], "scaling.betaFast", 32.0);
  s.beta_slow = positive(args, scaling["betaSlow"], "scaling.betaSlow", 1.0);
  s.mscale = args.number(scaling["mscale"], "scaling.mscale", 0.0, lim::kMaxRopeScalingValue, 0.0);
  s.mscale_all_dim =
      args.number(scaling["mscaleAllDim"], "scaling.mscaleAllDim", 0.0, lim::kMaxRopeScalingValue, 0.0);
  if (!scaling["attentionFactor"].isUndefined()) {
    s.attention_factor = positive(args, scaling["attentionFactor"], "scaling.attentionFactor", 1.0);
  }
  s.truncate = args.boolean(scaling["truncate"], "scaling.truncate", true);
  if (s.type == RopeType::Longrope) {
    s.short_factor = pair_factors(args, scaling["shortFactor"], "scaling.shortFactor", rotary_dim / 2);
    s.long_factor = pair_factors(args, scaling["longFactor"], "scaling.longFactor", rotary_dim / 2);
  }
  return s;
}

val rope_spectrum(val head_dim, val base, val context_length, val scaling, val options) {
  Args args("ropeSpectrum");
  const int h = args.integer(head_dim, "headDim", 2, lim::kMaxDModel);
  const double b = args.base(base);
  const auto max_length = static_cast<int>(lim::kMaxPositionValue);
  const int context = args.integer(context_length, "contextLength", 1, max_length);
  double partial = 1.0;
  int seq_len = 0;
  if (args.options(options, {"partialRotaryFactor", "seqLen"},
                   "{ partialRotaryFactor: 0.25, seqLen: 8192 }")) {
    partial = args.number(options["partialRotaryFactor"], "options.partialRotaryFactor", 0.0, 1.0, 1.0,
                          /*min_exclusive=*/true);
    seq_len = args.integer(options["seqLen"], "options.seqLen", 1, max_length, 0);
  }
  const int dim = args.ok() ? rotary_dimension(h, partial) : 2;
  args.require(
      dim >= 2 && dim % 2 == 0, "headDim * options.partialRotaryFactor",
      format_number(h) + " * " + format_number(partial) + ", a rotary dimension of " + std::to_string(dim),
      "an even rotary dimension of at least 2");
  const RopeScaling s = read_scaling(args, scaling, dim);
  // Dynamic NTK raises the base to the power dim / (dim - 2).
  args.require(s.type != RopeType::Dynamic || dim >= 4, "headDim * options.partialRotaryFactor",
               "a rotary dimension of " + std::to_string(dim),
               "a rotary dimension of at least 4 for ropeType \"dynamic\"");
  if (!args.ok()) return args.error();
  const RopeSpectrum r = pe::rope_spectrum(dim, b, s, context, seq_len);
  val out = val::object();
  out.set("rotaryDim", val(dim));
  out.set("attentionFactor", val(r.attention_factor));
  out.set("longFactor", val(r.long_factor));
  out.set("invFreq", to_float64_array(r.inv_freq));
  out.set("scaledInvFreq", to_float64_array(r.scaled_inv_freq));
  out.set("pairFactor", to_float64_array(r.pair_factor));
  out.set("wavelength", to_float64_array(r.wavelength));
  out.set("scaledWavelength", to_float64_array(r.scaled_wavelength));
  out.set("turns", to_float64_array(r.turns));
  return out;
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_rope_config) {
  emscripten::function("raw_ropeSpectrum", &pe::bind::rope_spectrum);
}
