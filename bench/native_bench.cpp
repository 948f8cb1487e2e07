// Native timing of the engine's kernels (for the README's notes): the table generator against a per-value
// std::sin/std::cos loop, and the other kernels the figures lean on, each the median of interleaved runs.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <vector>

#include "pe/sinusoidal.hpp"

namespace {

constexpr int kPositions = 2048;
constexpr int kDModel = 512;
constexpr int kRuns = 21;

struct Case {
  const char* name;
  std::function<double()> run;  // returns a checksum, so that the work is not optimised away
  std::vector<double> ms;
};

double median(std::vector<double> xs) {
  std::sort(xs.begin(), xs.end());
  return xs[xs.size() / 2];
}

}  // namespace

int main() {
  std::vector<float> out(static_cast<std::size_t>(kPositions) * kDModel);
  std::vector<std::uint32_t> palette(256);
  for (std::uint32_t i = 0; i < palette.size(); ++i)
    palette[i] = 0xff000000u | (i << 16) | ((255u - i) << 8) | i;
  const auto picture = [&](int rows) {
    double sum = 0.0;
    pe::stream_image(kPositions, kDModel, 10000.0, pe::Layout::Interleaved, palette, rows, kDModel,
                     [&](pe::matrix_view<const std::uint32_t> pixels, std::size_t) {
                       sum += static_cast<double>(pixels.values()[pixels.size() - 1] & 0xffu);
                     });
    return sum;
  };
  std::vector<Case> cases = {
      {"sinusoidal_table(2048, 512)",
       [&] {
         pe::sinusoidal_table_into({out, kPositions, kDModel}, 10000.0, pe::Layout::Interleaved);
         return static_cast<double>(out.back());
       },
       {}},
      {"per-value sin/cos loop (2048, 512)",
       [&] {
         for (int pos = 0; pos < kPositions; ++pos) {
           for (int i = 0; i < kDModel / 2; ++i) {
             const double angle = pos * pe::pair_frequency(i, kDModel, 10000.0);
             out[static_cast<std::size_t>(pos * kDModel + 2 * i)] = static_cast<float>(std::sin(angle));
             out[static_cast<std::size_t>(pos * kDModel + 2 * i + 1)] = static_cast<float>(std::cos(angle));
           }
         }
         return static_cast<double>(out.back());
       },
       {}},
      {"heatmap picture 2048 x 512 at 420 x 512", [&] { return picture(420); }, {}},
      {"heatmap picture 2048 x 512, every cell", [&] { return picture(kPositions); }, {}},
      {"dimension_ranges(2048, 512)",
       [] { return pe::dimension_ranges(kPositions, kDModel, 10000.0).back(); },
       {}},
      {"dot_by_offset(0, 2048, 512)",
       [] { return pe::dot_by_offset(0, kPositions, kDModel, 10000.0).back(); },
       {}},
      {"similarity_matrix(1024, 64)",
       [] { return pe::similarity_matrix(1024, 64, 10000.0, pe::Similarity::Dot).back(); },
       {}},
  };
  double sink = 0.0;
  for (int run = 0; run < kRuns; ++run) {
    for (auto& c : cases) {
      const auto t0 = std::chrono::steady_clock::now();
      sink += c.run();
      const auto t1 = std::chrono::steady_clock::now();
      c.ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
  }
  std::printf("native, median of %d interleaved runs:\n", kRuns);
  for (const auto& c : cases) std::printf("  %-42s %9.3f ms\n", c.name, median(c.ms));
  std::printf("  sinusoidal_table is %.1fx faster than the per-value loop (checksum %.3f)\n",
              median(cases[1].ms) / median(cases[0].ms), sink);
  return 0;
}
