// Emulated low-precision arithmetic, to show how RoPE and sinusoidal angles lose their phase at large
// positions. Every rounding here is written out bit-exactly rather than taken from a compiler's
// half-precision type, so native and WebAssembly builds give the same numbers.
#pragma once

#include <vector>

#include "pe/view.hpp"

namespace pe {

enum class FloatFormat {
  Float64,   ///< the reference: no rounding beyond double's own
  Float32,   ///< IEEE binary32, 24-bit significand
  BFloat16,  ///< binary32's exponent with an 8-bit significand (range to about 3.4e38)
  Float16,   ///< IEEE binary16, 11-bit significand, largest finite 65504
};

/// x rounded to bfloat16: the low 16 mantissa bits of the float32 rounded away to nearest, ties to even.
/// Overflows to infinity above the largest bfloat16 (about 3.39e38); NaN stays NaN.
[[nodiscard]] float round_to_bfloat16(float x) noexcept;

/// x rounded to the nearest IEEE binary16 value, ties to even, with subnormals (down to 2^-24) and overflow
/// to infinity from 65520 on (the midpoint between 65504 and the would-be next value, 65536, rounds to even,
/// which is 65536 and so out of range). One rounding, straight from double.
[[nodiscard]] double round_to_float16(double x) noexcept;

/// x rounded to the format, returned as a double. Float32 rounds once to nearest even and overflows to
/// infinity; BFloat16 rounds to float32 first and then to bfloat16 (as when float32 results are stored as
/// bfloat16), which can differ from a single rounding by one bfloat16 unit in the last place at exact ties.
[[nodiscard]] double round_to_format(double x, FloatFormat format) noexcept;

/// The angle pos * theta as a model computes it in the format: both operands rounded to the format, then
/// their product rounded (the product of two such values is exact in double: one correct rounding).
[[nodiscard]] double angle_in_format(double pos, double theta, FloatFormat format) noexcept;

/// What storing positions 0, 1, 2, ... in the format does to them.
struct PositionRounding {
  /// The smallest position p that the format cannot hold (it rounds to another integer, colliding with a
  /// neighbour), or -1 when every position up to the search's end (2^25) is held exactly.
  double first_collision = -1.0;
  /// What first_collision rounds to.
  double collides_with = -1.0;
  /// How many distinct values positions 0 .. length - 1 take once rounded (infinity counts as one value).
  double distinct = 0.0;
};

/// Rounds positions to the format: bfloat16 first fails at 257 (-> 256), float16 at 2049 (-> 2048), float32
/// at 16,777,217 (-> 16,777,216), long before float16 overflows at 65,520. Expects 1 <= length <= 2^25.
[[nodiscard]] PositionRounding position_rounding(double length, FloatFormat format) noexcept;

struct PhaseError {
  /// Per position: max over pairs of |angle_format - angle_double| reduced modulo 2 pi to [0, pi]
  /// (+infinity when the angle overflows the format).
  std::vector<double> angle_error;
  /// Per position: max over pairs of |round(sin(angle_format)) - sin(angle_double)|, in [0, 2]
  /// (NaN when the angle overflows the format).
  std::vector<double> sin_error;
};

/// Phase error of every RoPE pair (head_dim, base) at each position, against double precision. The same
/// angles are the sinusoidal encoding's with d_model = head_dim. Assumes an even head_dim >= 2 and base > 1.
[[nodiscard]] PhaseError phase_error(span<const double> positions, int head_dim, double base,
                                     FloatFormat format);

}  // namespace pe
