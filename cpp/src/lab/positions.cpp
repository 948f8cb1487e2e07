#include "pe/lab/positions.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <numeric>

#include "pe/rng.hpp"
#include "pe/t5.hpp"

namespace pe::lab {

int t5_bucket(int relative_position, bool bidirectional) noexcept {
  return pe::t5_bucket(relative_position, kT5Buckets, kT5MaxDistance, bidirectional);
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
