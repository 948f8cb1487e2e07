#include "pe/t5.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>

#include "pe/expects.hpp"
#include "pe/rng.hpp"

namespace pe {

int t5_bucket(int relative_position, int num_buckets, int max_distance, bool bidirectional) noexcept {
  int buckets = num_buckets;
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
  PE_EXPECTS(exact >= 1 && max_distance > exact);
  if (r < exact) return first + r;
  const double scaled = portable_log(static_cast<double>(r) / exact) /
                        portable_log(static_cast<double>(max_distance) / exact) * (buckets - exact);
  return first + std::min(exact + static_cast<int>(scaled + 1e-9), buckets - 1);
}

std::vector<int> t5_buckets(int num_buckets, int max_distance, int max_offset, bool bidirectional) {
  std::vector<int> out(2 * static_cast<std::size_t>(max_offset) + 1);
  for (int r = -max_offset; r <= max_offset; ++r) {
    out[static_cast<std::size_t>(r + max_offset)] = t5_bucket(r, num_buckets, max_distance, bidirectional);
  }
  return out;
}

}  // namespace pe
