// Dot products between sinusoidal encodings in double precision: PE(pos) . PE(pos + k) by offset, how far
// those curves stray between starts, and the similarity matrix of every pair of positions.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "angle_blocks.hpp"
#include "pe/limits.hpp"
#include "pe/simd.hpp"
#include "pe/sinusoidal.hpp"

namespace pe {
namespace {

using detail::kAnchorEvery;
using detail::kBlock;
using simd::f64x2;

// Both need the sine and cosine of every pair at many consecutive positions, in double precision. PairAngles
// steps through them by angle addition, as SinusoidalRows does for the table (with the same kBlock and
// kAnchorEvery) but in double throughout: from one position to the next each pair turns by w_i,
// sin(w(p+1)) = sin(wp) cos(w) + cos(wp) sin(w); every kBlock positions it instead turns the block's start by
// w_i kBlock, and every kAnchorEvery positions it re-evaluates std::sin/std::cos exactly as encode_position
// does. A value is therefore at most kAnchorEvery / kBlock - 1 + kBlock - 1 rotations (66) from a library
// value, each adding a rounding of about 1e-16: every sine and cosine is within about 1e-14 of
// encode_position's, and a dot product over 256 pairs is no further from the closed form sum_i cos(w_i k)
// than encode_position's own (about 1e-12 at k = 2048, where rounding pos * w_i alone costs that much), for
// two transcendental calls per pair per kAnchorEvery positions instead of two per pair per position.
class PairAngles {
 public:
  PairAngles(int first, int d_model, double base)
      : half_(to_size(d_model / 2)),
        first_(first),
        freq_(half_),
        step_sin_(half_),
        step_cos_(half_),
        block_sin_(half_),
        block_cos_(half_),
        start_sin_(half_),
        start_cos_(half_),
        sin_(half_),
        cos_(half_) {
    PE_EXPECTS(first >= 0);
    PE_EXPECTS(d_model >= 2 && d_model % 2 == 0 && d_model <= limits::kMaxDModel);
    PE_EXPECTS(base > 1.0);
    for (std::size_t i = 0; i < half_; ++i) {
      freq_[i] = pair_frequency(static_cast<int>(i), d_model, base);
      step_sin_[i] = std::sin(freq_[i]);
      step_cos_[i] = std::cos(freq_[i]);
      block_sin_[i] = std::sin(kBlock * freq_[i]);
      block_cos_[i] = std::cos(kBlock * freq_[i]);
    }
    arrive();
  }

  /// sin(w_i pos) and cos(w_i pos) of pairs i = 0..dModel/2-1 at the current position.
  [[nodiscard]] span<const double> sin() const noexcept { return sin_; }
  [[nodiscard]] span<const double> cos() const noexcept { return cos_; }

  /// Moves on to the next position.
  void advance() noexcept {
    ++steps_;
    arrive();
  }

 private:
  void arrive() noexcept {
    if (steps_ % kAnchorEvery == 0) {
      const double pos = static_cast<double>(first_) + static_cast<double>(steps_);
      for (std::size_t i = 0; i < half_; ++i) {
        const double angle = pos * freq_[i];
        start_sin_[i] = std::sin(angle);
        start_cos_[i] = std::cos(angle);
      }
    } else if (steps_ % kBlock == 0) {
      turn(start_sin_.data(), start_cos_.data(), block_sin_.data(), block_cos_.data());
    } else {
      turn(sin_.data(), cos_.data(), step_sin_.data(), step_cos_.data());
      return;
    }
    std::copy(start_sin_.begin(), start_sin_.end(), sin_.begin());
    std::copy(start_cos_.begin(), start_cos_.end(), cos_.begin());
  }

  /// Turns every pair's (sin, cos) by its own angle (by_sin, by_cos).
  void turn(double* s, double* c, const double* by_sin, const double* by_cos) const noexcept {
    for (std::size_t i = 0; i < half_; ++i) {
      const double next_s = s[i] * by_cos[i] + c[i] * by_sin[i];
      c[i] = c[i] * by_cos[i] - s[i] * by_sin[i];
      s[i] = next_s;
    }
  }

  std::size_t half_;
  int first_;
  std::int64_t steps_ = 0;
  std::vector<double> freq_, step_sin_, step_cos_, block_sin_, block_cos_, start_sin_, start_cos_, sin_, cos_;
};

/// sum_i (s0_i s_i + c0_i c_i): the dot product of two encodings, pair by pair. Two pairs per SIMD step, the
/// sines and the cosines in separate sums; a last odd pair is added on its own.
double pair_dot(span<const double> s0, span<const double> c0, span<const double> s,
                span<const double> c) noexcept {
  const std::size_t n = s0.size();
  PE_EXPECTS(c0.size() == n && s.size() == n && c.size() == n);
  f64x2 acc_s = simd::splat(0.0);
  f64x2 acc_c = simd::splat(0.0);
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    acc_s = acc_s + simd::load(s0.data() + i) * simd::load(s.data() + i);
    acc_c = acc_c + simd::load(c0.data() + i) * simd::load(c.data() + i);
  }
  double sum = simd::sum_lanes(acc_s + acc_c);
  for (; i < n; ++i) sum += s0[i] * s[i] + c0[i] * c[i];
  return sum;
}

}  // namespace

std::vector<double> dot_by_offset(int pos, int max_offset, int d_model, double base) {
  PE_EXPECTS(max_offset >= 0);
  // The direct sum PE(pos) . PE(pos+k) over every dimension, with PE(pos+k) stepped along by PairAngles; the
  // closed form sum_i cos(w_i k) is what the tests compare it with, never what it computes.
  PairAngles at(pos, d_model, base);
  const std::vector<double> origin_sin(at.sin().begin(), at.sin().end());
  const std::vector<double> origin_cos(at.cos().begin(), at.cos().end());
  std::vector<double> out(to_size(max_offset) + 1);
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (k > 0) at.advance();
    out[k] = pair_dot(origin_sin, origin_cos, at.sin(), at.cos());
  }
  return out;
}

double dot_by_offset_spread(span<const int> starts, int max_offset, int d_model, double base) {
  PE_EXPECTS(starts.size() <= limits::kMaxSpreadStarts);
  if (starts.size() < 2) return 0.0;
  const auto first = dot_by_offset(starts[0], max_offset, d_model, base);
  double worst = 0.0;
  for (std::size_t s = 1; s < starts.size(); ++s) {
    const auto curve = dot_by_offset(starts[s], max_offset, d_model, base);
    for (std::size_t k = 0; k < curve.size(); ++k) worst = std::max(worst, std::abs(curve[k] - first[k]));
  }
  return worst;
}

std::vector<double> similarity_matrix(int positions, int d_model, double base, Similarity metric) {
  PE_EXPECTS(positions >= 1 && positions <= limits::kMaxSimilarityPositions);
  // Every cell is the direct dot product of two encodings (a row of sines then a row of cosines, stepped
  // along by PairAngles), as table_similarity computes it for any table.
  const auto n = to_size(positions);
  const auto d = to_size(d_model);
  const std::size_t half = d / 2;
  std::vector<double> storage(n * d);
  const matrix_view<double> encodings(storage, n, d);
  PairAngles at(0, d_model, base);
  for (std::size_t a = 0; a < n; ++a) {
    if (a > 0) at.advance();
    std::copy(at.sin().begin(), at.sin().end(), encodings.row(a).begin());
    std::copy(at.cos().begin(), at.cos().end(), encodings.row(a).begin() + half);
  }
  return table_similarity(encodings, metric);
}

}  // namespace pe
