// Hugging Face's RoPE parameter functions (transformers, src/transformers/modeling_rope_utils.py), one
// frequency at a time in double precision. The formulas and their comments follow that file; the commit
// ported is named in tests/reference/hf_rope_utils.py, the reference these are tested against.
#include "pe/rope_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "pe/expects.hpp"
#include "pe/limits.hpp"
#include "pe/sinusoidal.hpp"
#include "pe/view.hpp"

namespace pe {

int rotary_dimension(int head_dim, double partial_rotary_factor) noexcept {
  PE_EXPECTS(head_dim >= 1 && partial_rotary_factor > 0.0 && partial_rotary_factor <= 1.0);
  // Python's int() truncates toward zero, as the cast does for these positive values.
  return static_cast<int>(head_dim * partial_rotary_factor);
}

double yarn_correction_dim(double num_rotations, int dim, double base, double length) noexcept {
  return dim * std::log(length / (num_rotations * kTwoPi)) / (2.0 * std::log(base));
}

YarnRamp yarn_correction_range(double beta_fast, double beta_slow, int dim, double base, double length,
                               bool truncate) noexcept {
  double low = yarn_correction_dim(beta_fast, dim, base, length);
  double high = yarn_correction_dim(beta_slow, dim, base, length);
  if (truncate) {
    low = std::floor(low);
    high = std::ceil(high);
  }
  return {std::max(low, 0.0), std::min(high, dim - 1.0)};
}

double yarn_inv_freq(double theta, double factor, int pair, YarnRamp ramp) noexcept {
  if (ramp.low == ramp.high) ramp.high += 0.001;  // "Prevent singularity", as linear_ramp_factor does
  const double linear = (pair - ramp.low) / (ramp.high - ramp.low);
  // inv_freq_extrapolation_factor = 1 - ramp: the share of the kept frequency.
  const double kept = 1.0 - std::clamp(linear, 0.0, 1.0);
  return theta / factor * (1.0 - kept) + theta * kept;
}

double yarn_get_mscale(double scale, double mscale) noexcept {
  return scale <= 1.0 ? 1.0 : 0.1 * mscale * std::log(scale) + 1.0;
}

double llama3_inv_freq(double theta, double factor, double low_freq_factor, double high_freq_factor,
                       double original) noexcept {
  const double low_freq_wavelen = original / low_freq_factor;
  const double high_freq_wavelen = original / high_freq_factor;
  const double wavelen = kTwoPi / theta;
  // wavelen < high_freq_wavelen: do nothing; wavelen > low_freq_wavelen: divide by factor
  if (wavelen < high_freq_wavelen) return theta;
  if (wavelen > low_freq_wavelen) return theta / factor;
  // Equal band factors (Llama 4 Scout's 1 and 1, which transformers only warns about) leave no band to blend
  // but the one wavelength at the edge, where Hugging Face divides zero by zero: it is divided by the factor.
  if (high_freq_factor == low_freq_factor) return theta / factor;
  // otherwise: interpolate between the two, using a smooth factor
  const double smooth = (original / wavelen - low_freq_factor) / (high_freq_factor - low_freq_factor);
  return (1.0 - smooth) * theta / factor + smooth * theta;
}

double dynamic_ntk_base(double base, int dim, double factor, double seq_len, double max_position) noexcept {
  // seq_len defaults to max_position_embeddings, where the power below is 1: the base as it is.
  if (seq_len <= max_position) return base;
  const double d = dim;
  return base * std::pow(factor * seq_len / max_position - (factor - 1.0), d / (d - 2.0));
}

namespace {

void expect_scaling(int rotary_dim, const RopeScaling& s) {
  PE_EXPECTS(s.factor >= 1.0 && s.original_max_position_embeddings >= 0.0);
  switch (s.type) {
    case RopeType::Dynamic:
      PE_EXPECTS(rotary_dim >= 4);  // dim / (dim - 2)
      break;
    case RopeType::Yarn:
      PE_EXPECTS(s.beta_fast > 0.0 && s.beta_slow > 0.0 && s.mscale >= 0.0 && s.mscale_all_dim >= 0.0);
      break;
    case RopeType::Longrope:
      PE_EXPECTS(s.short_factor.size() == to_size(rotary_dim / 2));
      PE_EXPECTS(s.long_factor.size() == to_size(rotary_dim / 2));
      break;
    case RopeType::Llama3:
      PE_EXPECTS(s.original_max_position_embeddings > 0.0);
      PE_EXPECTS(s.low_freq_factor > 0.0 && s.high_freq_factor >= s.low_freq_factor);
      break;
    default:
      break;
  }
}

// _compute_yarn_parameters' attention factor: the config's, else the ratio of two get_mscale when both mscale
// and mscale_all_dim are set (DeepSeek), else get_mscale(factor).
double yarn_attention_factor(const RopeScaling& s) noexcept {
  if (s.attention_factor) return *s.attention_factor;
  if (s.mscale != 0.0 && s.mscale_all_dim != 0.0) {
    return yarn_get_mscale(s.factor, s.mscale) / yarn_get_mscale(s.factor, s.mscale_all_dim);
  }
  return yarn_get_mscale(s.factor);
}

// _compute_longrope_parameters' factor and original length: with Phi-3's top-level
// original_max_position_embeddings the factor is context / original; otherwise rope_scaling's factor, and the
// context length is the original length.
struct LongropeLengths {
  double factor;
  double original;
};

LongropeLengths longrope_lengths(const RopeScaling& s, double context_length) noexcept {
  const double original = s.original_max_position_embeddings;
  if (original > 0.0) return {context_length / original, original};
  return {s.factor, context_length};
}

}  // namespace

RopeSpectrum rope_spectrum(int rotary_dim, double base, const RopeScaling& scaling, double context_length,
                           double seq_len) {
  PE_EXPECTS(rotary_dim >= 2 && rotary_dim % 2 == 0 && rotary_dim <= limits::kMaxDModel);
  PE_EXPECTS(base > 1.0 && context_length >= 1.0 && seq_len >= 0.0);
  expect_scaling(rotary_dim, scaling);
  const auto pairs = to_size(rotary_dim / 2);
  RopeSpectrum out;
  out.inv_freq.resize(pairs);
  out.scaled_inv_freq.resize(pairs);

  // Per type, what is shared by every pair.
  double dynamic_base = base;
  YarnRamp ramp;
  const std::vector<double>* ext_factors = nullptr;
  switch (scaling.type) {
    case RopeType::Dynamic:
      // Hugging Face measures against max_position_embeddings here (its TODO: the original length).
      dynamic_base = dynamic_ntk_base(base, rotary_dim, scaling.factor, seq_len, context_length);
      break;
    case RopeType::Yarn: {
      const double original = scaling.original_max_position_embeddings > 0.0
                                  ? scaling.original_max_position_embeddings
                                  : context_length;
      ramp = yarn_correction_range(scaling.beta_fast, scaling.beta_slow, rotary_dim, base, original,
                                   scaling.truncate);
      out.attention_factor = yarn_attention_factor(scaling);
      break;
    }
    case RopeType::Longrope: {
      const auto [factor, original] = longrope_lengths(scaling, context_length);
      if (scaling.attention_factor) {
        out.attention_factor = *scaling.attention_factor;
      } else if (factor > 1.0) {
        out.attention_factor = std::sqrt(1.0 + std::log(factor) / std::log(original));
      }
      // `if seq_len and seq_len > original_max_position_embeddings`
      out.long_factor = seq_len > original;
      ext_factors = out.long_factor ? &scaling.long_factor : &scaling.short_factor;
      break;
    }
    default:
      break;
  }

  for (std::size_t i = 0; i < pairs; ++i) {
    const int pair = static_cast<int>(i);
    const double theta = pair_frequency(pair, rotary_dim, base);
    double scaled = theta;
    switch (scaling.type) {
      case RopeType::Linear:
        scaled = theta / scaling.factor;
        break;
      case RopeType::Dynamic:
        scaled = pair_frequency(pair, rotary_dim, dynamic_base);
        break;
      case RopeType::Yarn:
        scaled = yarn_inv_freq(theta, scaling.factor, pair, ramp);
        break;
      case RopeType::Longrope:
        scaled = theta / (*ext_factors)[i];
        break;
      case RopeType::Llama3:
        scaled = llama3_inv_freq(theta, scaling.factor, scaling.low_freq_factor, scaling.high_freq_factor,
                                 scaling.original_max_position_embeddings);
        break;
      default:
        break;
    }
    out.inv_freq[i] = theta;
    out.scaled_inv_freq[i] = scaled;
  }

  out.pair_factor.resize(pairs);
  out.wavelength.resize(pairs);
  out.scaled_wavelength.resize(pairs);
  out.turns.resize(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    out.pair_factor[i] = out.inv_freq[i] / out.scaled_inv_freq[i];
    out.wavelength[i] = kTwoPi / out.inv_freq[i];
    out.scaled_wavelength[i] = kTwoPi / out.scaled_inv_freq[i];
    out.turns[i] = context_length * out.scaled_inv_freq[i] / kTwoPi;
  }
  return out;
}

}  // namespace pe
