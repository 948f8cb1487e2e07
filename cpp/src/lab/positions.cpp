#include "pe/lab/positions.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <numeric>

#include "pe/rng.hpp"

namespace pe::lab {

int t5_bucket(int relative_position, bool bidirectional) noexcept {
  int buckets = kT5Buckets;
  int first = 0;
  int r = relative_position;
  if (bidirectional) {
    buckets /= 2;
    if (r > 0) first = buckets;
    r = std::abs(r);
  } else {
    r = r < 0 ? -r : 0;
  }
  const int exact = buckets / 2;
  if (r < exact) return first + r;
  // T5 computes this in float32 and truncates; the exact value's floor (portable_log keeps it the same on
  // every platform, and the 1e-9 keeps an exact integer such as log(2) / log(4) * 8 from rounding below
  // itself) gives T5's bucket at every offset up to kMaxOffset (tests/cpp/test_lab_t5.cpp, and the reference
  // against T5's own function).
  const double scaled = portable_log(static_cast<double>(r) / exact) /
                        portable_log(static_cast<double>(kT5MaxDistance) / exact) * (buckets - exact);
  return first + std::min(exact + static_cast<int>(scaled + 1e-9), buckets - 1);
}

std::vector<int> t5_bucket_table(bool bidirectional) {
  std::vector<int> out(2 * kMaxOffset + 1);
  for (int r = -kMaxOffset; r <= kMaxOffset; ++r) {
    out[static_cast<std::size_t>(r + kMaxOffset)] = t5_bucket(r, bidirectional);
  }
  return out;
}

std::vector<int> training_positions(const Config& config, std::uint64_t index) {
  const int L = config.randomized_positions;
  const int n = config.length;
  std::vector<int> out(static_cast<std::size_t>(config.batch) * static_cast<std::size_t>(n));
  std::vector<int> pool(static_cast<std::size_t>(L));
  Rng rng(stream_seed(config.seed, fnv1a64("lab:positions") + index));
  for (int b = 0; b < config.batch; ++b) {
    // The first n steps of a Fisher-Yates shuffle of 0..L-1: a uniform n-subset, then sorted.
    std::iota(pool.begin(), pool.end(), 0);
    for (int i = 0; i < n; ++i) {
      const int j = i + static_cast<int>(rng.uniform() * (L - i));
      std::swap(pool[static_cast<std::size_t>(i)], pool[static_cast<std::size_t>(j)]);
    }
    std::sort(pool.begin(), pool.begin() + n);
    std::copy(pool.begin(), pool.begin() + n, out.begin() + static_cast<std::ptrdiff_t>(b) * n);
  }
  return out;
}

}  // namespace pe::lab
