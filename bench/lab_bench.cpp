// Native training speed of the lab (for the README's notes): steps per second of the standard configuration
// (d 64, 2 layers, 4 heads, length 32, batch 32, rope) and of the contract's defaults (length 16), with the
// share of each phase of a step. Medians of several timed runs after a warm-up, in process CPU time, so that
// other work on a shared machine inflates the numbers less than wall-clock time would.
//
// `pe_bench_lab --serve` is instead a worker of bench/lab-peers.bench.mjs, which times it side by side with
// its peers: it builds the standard configuration (rope), prints {"ready": true}, then answers each line "run
// S" on standard input with one JSON line, S training steps' process CPU time and wall time in seconds and
// their losses; it exits on "quit" or end of input.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "pe/lab/trainer.hpp"

namespace {

namespace lab = pe::lab;

struct Clock {
  using time_point = double;
  static double now() noexcept { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }
};

double seconds_since(double t0) {
  return Clock::now() - t0;
}

double median(std::vector<double> x) {
  std::sort(x.begin(), x.end());
  return x[x.size() / 2];
}

void bench(const char* name, const lab::Config& c, int steps, int runs) {
  lab::Trainer t(c);
  for (int i = 0; i < 3; ++i) static_cast<void>(t.train_step());
  std::vector<double> rates;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = Clock::now();
    for (int i = 0; i < steps; ++i) static_cast<void>(t.train_step());
    rates.push_back(steps / seconds_since(t0));
  }
  // One step's phases, timed apart on the same batch.
  const lab::Batch batch = lab::training_batch(c, 0);
  std::vector<double> fwd, bwd;
  for (int r = 0; r < steps; ++r) {
    t.model().zero_grad();
    auto t0 = Clock::now();
    t.model().forward(batch.tokens.data(), batch.targets.data(), batch.batch, batch.length);
    fwd.push_back(seconds_since(t0));
    t0 = Clock::now();
    t.model().backward();
    bwd.push_back(seconds_since(t0));
  }
  const double step_ms = 1e3 / median(rates);
  std::printf(
      "%-9s %-6s d %d L %d h %d T %d B %d: %.1f steps/s (%.2f ms/step; forward %.2f ms, backward %.2f ms)\n",
      name, std::string(lab::name_of(c.scheme)).c_str(), c.d_model, c.n_layers, c.n_heads, c.length, c.batch,
      median(rates), step_ms, 1e3 * median(fwd), 1e3 * median(bwd));
}

int serve() {
  lab::Config standard;
  standard.length = 32;
  lab::Trainer t(standard);
  std::printf("{\"ready\": true}\n");
  std::fflush(stdout);
  std::string word;
  int count = 0;
  while (std::cin >> word && word == "run" && std::cin >> count) {
    std::vector<float> losses;
    const auto c0 = Clock::now();
    const auto w0 = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i) losses.push_back(t.train_step().loss);
    const double cpu = seconds_since(c0);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
    std::printf("{\"cpu\": %.6f, \"wall\": %.6f, \"losses\": [", cpu, wall);
    for (std::size_t i = 0; i < losses.size(); ++i)
      std::printf("%s%.9g", i > 0 ? ", " : "", static_cast<double>(losses[i]));
    std::printf("]}\n");
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--serve") == 0) return serve();
  lab::Config standard;
  standard.length = 32;
  for (const auto scheme : {lab::Scheme::Rope, lab::Scheme::Alibi, lab::Scheme::Learned, lab::Scheme::T5}) {
    standard.scheme = scheme;
    bench("standard", standard, 20, 7);
  }
  bench("default", lab::Config{}, 20, 7);
  return 0;
}
