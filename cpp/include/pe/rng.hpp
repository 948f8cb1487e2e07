// Seeded random numbers that come out bit for bit the same natively and in WebAssembly, so a seed named on
// the page reproduces the same embeddings and weights in the Catch2 tests. The integer generators are
// well-known ones (splitmix64 for seeding, xoshiro256** for the stream); normal draws use the polar form of
// Box-Muller with a logarithm built from +, *, / alone, because std::log may differ in its last bit between
// glibc and the musl that Emscripten links.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace pe {

/// One step of splitmix64 (Steele, Lea and Flood 2014): advances state and returns a well-mixed value.
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  state += 0x9E3779B97F4A7C15ULL;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// 64-bit FNV-1a hash, used to name random streams ("embedding:dog", "attention:wq") so that a stream depends
/// on what it is for and not on the order in which streams are created.
[[nodiscard]] constexpr std::uint64_t fnv1a64(std::string_view text) noexcept {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (const char c : text) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 0x100000001B3ULL;
  }
  return h;
}

/// Seed of the stream `stream` under the user's seed: distinct (seed, stream) pairs give unrelated streams.
[[nodiscard]] constexpr std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t stream) noexcept {
  std::uint64_t state = seed;
  const std::uint64_t a = splitmix64(state);
  state = a ^ stream;
  return splitmix64(state);
}

/// Natural logarithm of x > 0 from frexp and IEEE-754 +, *, / only, so every platform rounds it identically.
/// Accurate to a few ulp, which is all a random draw needs.
[[nodiscard]] double portable_log(double x) noexcept;

/// xoshiro256** 1.0 (Blackman and Vigna 2018), its state filled by splitmix64 from the seed as its authors
/// recommend.
class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed) noexcept {
    for (auto& word : s_) word = splitmix64(seed);
  }

  [[nodiscard]] constexpr std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform on [0, 1): the top 53 bits of next(), so every value is an exact multiple of 2^-53.
  [[nodiscard]] constexpr double uniform() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  /// A standard normal draw, N(0, 1). Draws come in pairs; the second of each pair is kept for the next call.
  [[nodiscard]] double normal() noexcept;

 private:
  [[nodiscard]] static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
    return (x << k) | (x >> (64 - k));
  }

  std::array<std::uint64_t, 4> s_{};
  double spare_ = 0.0;
  bool has_spare_ = false;
};

}  // namespace pe
