// Shared by the float32 table (sinusoidal_table.cpp) and the double-precision dot products
// (sinusoidal_dot.cpp): both step every pair's sine and cosine along the positions by angle addition,
// sin(w(p0 + b)) = sin(w p0) cos(w b) + cos(w p0) sin(w b), from block starts p0 that are kBlock positions
// apart and are evaluated afresh with std::sin/std::cos every kAnchorEvery positions, so that rounding never
// builds up over more than a few rotations.
#pragma once

namespace pe::detail {

inline constexpr int kBlock = 64;
inline constexpr int kAnchorEvery = 4 * kBlock;

}  // namespace pe::detail
