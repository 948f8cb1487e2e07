// Native timing of the table generator against a per-value std::sin/std::cos loop (for the README's notes).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "pe/sinusoidal.hpp"

int main() {
  constexpr int kPositions = 2048;
  constexpr int kDModel = 512;
  constexpr int kRuns = 21;
  std::vector<double> engine_ms;
  std::vector<double> naive_ms;
  std::vector<float> out(static_cast<std::size_t>(kPositions) * kDModel);
  for (int run = 0; run < kRuns; ++run) {
    auto t0 = std::chrono::steady_clock::now();
    pe::sinusoidal_table_into(out.data(), kPositions, kDModel, 10000.0, pe::Layout::Interleaved);
    auto t1 = std::chrono::steady_clock::now();
    for (int pos = 0; pos < kPositions; ++pos) {
      for (int i = 0; i < kDModel / 2; ++i) {
        const double angle = pos * pe::pair_frequency(i, kDModel, 10000.0);
        out[static_cast<std::size_t>(pos * kDModel + 2 * i)] = static_cast<float>(std::sin(angle));
        out[static_cast<std::size_t>(pos * kDModel + 2 * i + 1)] = static_cast<float>(std::cos(angle));
      }
    }
    auto t2 = std::chrono::steady_clock::now();
    engine_ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    naive_ms.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
  }
  std::sort(engine_ms.begin(), engine_ms.end());
  std::sort(naive_ms.begin(), naive_ms.end());
  std::printf("native sinusoidal_table(2048, 512): median %.3f ms; per-value sin/cos loop %.3f ms; ratio %.1fx\n",
              engine_ms[kRuns / 2], naive_ms[kRuns / 2], naive_ms[kRuns / 2] / engine_ms[kRuns / 2]);
  return 0;
}
