// Four float lanes (and four int32 and two double lanes) with one meaning on every target: WebAssembly
// SIMD128 instructions when compiled with -msimd128, plain lane-by-lane C++ elsewhere. Every operation is
// lane-wise IEEE-754 arithmetic rounded the same way in both, with no fused multiply-add (natively CMake
// builds everything that includes the engine with -ffp-contract=off; WebAssembly has no fused instruction),
// so a kernel written once on these types gives bit-identical results natively, where the Catch2 tests run
// it, and in the shipped module. This is the only file that knows which of the two it is compiled for.
//
// Natively the lanes live in a GCC/Clang generic vector (vector_size) rather than a float[4]: the arithmetic
// is the same lane-wise IEEE operations either way, but with a float[4] GCC 12 moved the lanes through
// general registers to interleave them and made the table's rows 3.5 times slower, where the generic vector
// keeps them in SSE registers as the plain scalar loops did before this type.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "pe/expects.hpp"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#define PE_SIMD_WASM 1
#else
#define PE_SIMD_WASM 0
#endif

namespace pe::simd {

/// True when the operations below are WebAssembly SIMD instructions, false when they are plain lane code.
inline constexpr bool kWasm = PE_SIMD_WASM != 0;

#if PE_SIMD_WASM
struct f32x4 {
  v128_t v;
};
struct i32x4 {
  v128_t v;
};
struct f64x2 {
  v128_t v;
};
#else
namespace detail {
using float4 = float __attribute__((vector_size(16)));
using int4 = std::int32_t __attribute__((vector_size(16)));
using double2 = double __attribute__((vector_size(16)));
using uint4 = std::uint32_t __attribute__((vector_size(16)));
}  // namespace detail
struct f32x4 {
  detail::float4 v;
};
struct i32x4 {
  detail::int4 v;
};
struct f64x2 {
  detail::double2 v;
};
#endif

// ---- f32x4 ------------------------------------------------------------------------------------------------

namespace detail {
/// A vector's lanes from p, which need not be aligned.
template <class Vector, class T>
[[nodiscard]] inline Vector load_lanes(const T* p) noexcept {
#if PE_SIMD_WASM
  return {wasm_v128_load(p)};
#else
  Vector out;
  std::memcpy(&out.v, p, sizeof out.v);
  return out;
#endif
}

/// A vector's lanes as an array (a copy of its 16 bytes, on either implementation).
template <class T, std::size_t N, class Vector>
[[nodiscard]] inline std::array<T, N> lanes_of(Vector a) noexcept {
  static_assert(sizeof(T) * N == sizeof a.v);
  std::array<T, N> out;
  std::memcpy(out.data(), &a.v, sizeof a.v);
  return out;
}
}  // namespace detail

/// Four floats from p, which need not be aligned.
[[nodiscard]] inline f32x4 load(const float* p) noexcept {
  return detail::load_lanes<f32x4>(p);
}

inline void store(float* p, f32x4 a) noexcept {
#if PE_SIMD_WASM
  wasm_v128_store(p, a.v);
#else
  std::memcpy(p, &a.v, sizeof a.v);
#endif
}

/// The first n (0..4) floats from p, the other lanes 0; reads nothing past p + n. For the tail of a loop, so
/// that the tail goes through the same arithmetic as the body; with n == 4 it is load(p).
[[nodiscard]] inline f32x4 load(const float* p, std::size_t n) noexcept {
  PE_EXPECTS(n <= 4);
  if (n == 4) return load(p);
  std::array<float, 4> lanes{};
  std::memcpy(lanes.data(), p, n * sizeof(float));
  return load(lanes.data());
}

/// Stores the first n (0..4) lanes at p and writes nothing past p + n; with n == 4 it is store(p, a).
inline void store(float* p, f32x4 a, std::size_t n) noexcept {
  PE_EXPECTS(n <= 4);
  if (n == 4) return store(p, a);
  std::array<float, 4> lanes;
  store(lanes.data(), a);
  std::memcpy(p, lanes.data(), n * sizeof(float));
}

[[nodiscard]] inline f32x4 splat(float x) noexcept {
#if PE_SIMD_WASM
  return {wasm_f32x4_splat(x)};
#else
  return {detail::float4{x, x, x, x}};
#endif
}

/// The lanes as an array (for tails and tests; a loop body works on whole vectors).
[[nodiscard]] inline std::array<float, 4> lanes(f32x4 a) noexcept {
  return detail::lanes_of<float, 4>(a);
}

// Lane-by-lane arithmetic: one WebAssembly instruction, or the generic vector's operator, which GCC and Clang
// compile to the machine's own SIMD instructions.
#if PE_SIMD_WASM
#define PE_SIMD_LANEWISE(type, op, wasm)                           \
  [[nodiscard]] inline type operator op(type a, type b) noexcept { \
    return {wasm(a.v, b.v)};                                       \
  }
#else
#define PE_SIMD_LANEWISE(type, op, wasm)                           \
  [[nodiscard]] inline type operator op(type a, type b) noexcept { \
    return {a.v op b.v};                                           \
  }
#endif

PE_SIMD_LANEWISE(f32x4, +, wasm_f32x4_add)
PE_SIMD_LANEWISE(f32x4, -, wasm_f32x4_sub)
PE_SIMD_LANEWISE(f32x4, *, wasm_f32x4_mul)
PE_SIMD_LANEWISE(f32x4, /, wasm_f32x4_div)

// Two-operand functions whose WebAssembly instruction and generic-vector expression differ: the macro writes
// the signature once and keeps the implementation of the build (PE_SIMD_PICK).
#if PE_SIMD_WASM
#define PE_SIMD_PICK(wasm, generic) wasm
#else
#define PE_SIMD_PICK(wasm, generic) generic
#endif
#define PE_SIMD_BINARY(type, name, wasm, generic)           \
  [[nodiscard]] inline type name(type a, type b) noexcept { \
    return {PE_SIMD_PICK(wasm, generic)};                   \
  }

/// std::min lane by lane: b where b < a, else a, so a NaN in either gives a (and min(-0, +0) is -0).
/// WebAssembly's pmin is exactly this, and one instruction on x86 where IEEE minimum is several.
PE_SIMD_BINARY(f32x4, min, wasm_f32x4_pmin(a.v, b.v), (b.v < a.v ? b.v : a.v))
/// std::max lane by lane: b where a < b, else a (see min).
PE_SIMD_BINARY(f32x4, max, wasm_f32x4_pmax(a.v, b.v), (a.v < b.v ? b.v : a.v))
/// {a0, b0, a1, b1}: with interleave_high, two columns of four made into four rows of two.
PE_SIMD_BINARY(f32x4, interleave_low, wasm_i32x4_shuffle(a.v, b.v, 0, 4, 1, 5),
               (detail::float4{a.v[0], b.v[0], a.v[1], b.v[1]}))
/// {a2, b2, a3, b3}.
PE_SIMD_BINARY(f32x4, interleave_high, wasm_i32x4_shuffle(a.v, b.v, 2, 6, 3, 7),
               (detail::float4{a.v[2], b.v[2], a.v[3], b.v[3]}))

// ---- i32x4 ------------------------------------------------------------------------------------------------

/// Each lane rounded toward zero to an int32, saturating: NaN gives 0, values past the int32 range its
/// nearest end (WebAssembly's i32x4.trunc_sat_f32x4_s; a plain cast would be undefined behaviour there).
[[nodiscard]] inline i32x4 truncate_saturated(f32x4 a) noexcept {
#if PE_SIMD_WASM
  return {wasm_i32x4_trunc_sat_f32x4(a.v)};
#else
  // Written with lane-wise selects so that the compiler keeps it in vector registers: NaN and out-of-range
  // lanes are replaced before the conversion, whose result is otherwise undefined for them.
  using detail::float4;
  constexpr float kTwo31 = 2147483648.0f;
  constexpr float kBelowTwo31 = 2147483520.0f;  // the largest float below 2^31
  const float4 x = a.v;
  const float4 low = {-kTwo31, -kTwo31, -kTwo31, -kTwo31};
  const float4 high = {kBelowTwo31, kBelowTwo31, kBelowTwo31, kBelowTwo31};
  const float4 zero = {0.0f, 0.0f, 0.0f, 0.0f};
  const float4 in_range = x < low ? low : (x > high ? high : x);
  const detail::int4 converted = __builtin_convertvector(x == x ? in_range : zero, detail::int4);
  constexpr std::int32_t kMax = std::numeric_limits<std::int32_t>::max();
  return {x >= -low ? detail::int4{kMax, kMax, kMax, kMax} : converted};
#endif
}

/// Each lane shifted left by bits (0..31), as unsigned: bits shifted out are lost.
[[nodiscard]] inline i32x4 operator<<(i32x4 a, int bits) noexcept {
  PE_EXPECTS(bits >= 0 && bits < 32);
#if PE_SIMD_WASM
  return {wasm_i32x4_shl(a.v, static_cast<std::uint32_t>(bits))};
#else
  // Shifted as unsigned, where bits leaving the top are defined to be lost.
  const auto shifted = __builtin_convertvector(a.v, detail::uint4) << static_cast<std::uint32_t>(bits);
  return {__builtin_convertvector(shifted, detail::int4)};
#endif
}

[[nodiscard]] inline std::array<std::int32_t, 4> lanes(i32x4 a) noexcept {
  return detail::lanes_of<std::int32_t, 4>(a);
}

/// Lane I (0..3).
template <int I>
[[nodiscard]] inline std::int32_t lane(i32x4 a) noexcept {
  static_assert(I >= 0 && I < 4);
#if PE_SIMD_WASM
  return wasm_i32x4_extract_lane(a.v, I);
#else
  return a.v[I];
#endif
}

#if !PE_SIMD_WASM
namespace detail {
[[nodiscard]] constexpr std::uint8_t clamp_to_byte(std::int32_t x) noexcept {
  return static_cast<std::uint8_t>(x < 0 ? 0 : (x > 255 ? 255 : x));
}
}  // namespace detail
#endif

/// Stores the sixteen lanes of a, b, c and d, in that order, as sixteen bytes at out, each clamped to 0..255.
inline void store_bytes_saturated(std::uint8_t* out, i32x4 a, i32x4 b, i32x4 c, i32x4 d) noexcept {
#if PE_SIMD_WASM
  // Signed narrowing twice: int32 to int16 keeps the sign and order, int16 to uint8 then clamps to 0..255.
  const v128_t low = wasm_i16x8_narrow_i32x4(a.v, b.v);
  const v128_t high = wasm_i16x8_narrow_i32x4(c.v, d.v);
  wasm_v128_store(out, wasm_u8x16_narrow_i16x8(low, high));
#else
  const std::array<i32x4, 4> parts = {a, b, c, d};
  for (std::size_t p = 0; p < 4; ++p) {
    for (std::size_t i = 0; i < 4; ++i) out[4 * p + i] = detail::clamp_to_byte(parts[p].v[i]);
  }
#endif
}

/// Stores the four lanes of a as four bytes at out, each clamped to 0..255.
inline void store_bytes_saturated(std::uint8_t* out, i32x4 a) noexcept {
#if PE_SIMD_WASM
  const v128_t half = wasm_i16x8_narrow_i32x4(a.v, a.v);
  const auto bytes =
      static_cast<std::uint32_t>(wasm_i32x4_extract_lane(wasm_u8x16_narrow_i16x8(half, half), 0));
  std::memcpy(out, &bytes, sizeof bytes);
#else
  for (std::size_t i = 0; i < 4; ++i) out[i] = detail::clamp_to_byte(a.v[i]);
#endif
}

// ---- f64x2 ------------------------------------------------------------------------------------------------

/// Two doubles from p, which need not be aligned.
[[nodiscard]] inline f64x2 load(const double* p) noexcept {
  return detail::load_lanes<f64x2>(p);
}

[[nodiscard]] inline f64x2 splat(double x) noexcept {
#if PE_SIMD_WASM
  return {wasm_f64x2_splat(x)};
#else
  return {detail::double2{x, x}};
#endif
}

PE_SIMD_LANEWISE(f64x2, +, wasm_f64x2_add)
PE_SIMD_LANEWISE(f64x2, *, wasm_f64x2_mul)

/// lane 0 + lane 1, in that order.
[[nodiscard]] inline double sum_lanes(f64x2 a) noexcept {
#if PE_SIMD_WASM
  return wasm_f64x2_extract_lane(a.v, 0) + wasm_f64x2_extract_lane(a.v, 1);
#else
  return a.v[0] + a.v[1];
#endif
}

[[nodiscard]] inline std::array<double, 2> lanes(f64x2 a) noexcept {
  return detail::lanes_of<double, 2>(a);
}

}  // namespace pe::simd

#undef PE_SIMD_LANEWISE
#undef PE_SIMD_BINARY
#undef PE_SIMD_PICK
#undef PE_SIMD_WASM
