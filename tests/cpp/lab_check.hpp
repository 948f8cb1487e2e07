// Shared helpers of the lab's tests: small configurations, and finite-difference gradient checks in double
// precision.
#pragma once

#include <array>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "approx.hpp"
#include "pe/lab/config.hpp"
#include "pe/lab/trainer.hpp"
#include "pe/rng.hpp"

namespace pe::test {

/// Every position scheme the lab trains with.
inline constexpr std::array<lab::Scheme, 6> kAllSchemes = {lab::Scheme::None,    lab::Scheme::Sinusoidal,
                                                           lab::Scheme::Learned, lab::Scheme::Rope,
                                                           lab::Scheme::Alibi,   lab::Scheme::T5};

/// The sizes of a lab model small enough for a test.
struct LabSize {
  int d_model;
  int n_heads;
  int n_layers;
  int length;
  int batch;
};

/// A configuration for `task`, with the task's default mask, and `scheme` at the given sizes; every other
/// field keeps the contract's default.
[[nodiscard]] inline lab::Config lab_config(lab::Task task, lab::Scheme scheme, const LabSize& size) {
  lab::Config c;
  c.task = task;
  c.causal = lab::default_causal(task);
  c.scheme = scheme;
  c.d_model = size.d_model;
  c.n_heads = size.n_heads;
  c.n_layers = size.n_layers;
  c.length = size.length;
  c.batch = size.batch;
  return c;
}

/// The evaluation and inspection tests' model: width 16, 2 heads, 2 blocks, T = 8, batch 8.
[[nodiscard]] inline lab::Config small_config(lab::Task task, lab::Scheme scheme) {
  return lab_config(task, scheme, {16, 2, 2, 8, 8});
}

/// `steps` training steps, each step's loss appended to `losses` when given.
inline void train_steps(lab::Trainer& t, int steps, std::vector<float>* losses = nullptr) {
  for (int i = 0; i < steps; ++i) {
    const float loss = t.train_step().loss;
    if (losses != nullptr) losses->push_back(loss);
  }
}

/// n draws from N(0, std^2) from a stream named by `name`.
[[nodiscard]] inline std::vector<double> normals(std::size_t n, double std, const std::string& name) {
  Rng rng(stream_seed(7, fnv1a64(name)));
  std::vector<double> out(n);
  for (double& x : out) x = rng.normal() * std;
  return out;
}

/// sum_i a[i] * b[i].
[[nodiscard]] inline double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

/// Checks every item of `analytic` against the central difference of f in the matching item of x (which f
/// reads). Central differences in double with h = 1e-5 are good to about 1e-9 relative for these smooth
/// functions, so a tolerance of 1e-5 relative (1e-8 absolute) leaves room while catching any wrong term.
inline void require_gradient(std::vector<double>& x, const std::vector<double>& analytic,
                             const std::function<double()>& f, const std::string& what) {
  REQUIRE(x.size() == analytic.size());
  constexpr double h = 1e-5;
  std::size_t failures = 0;
  std::string first;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double saved = x[i];
    x[i] = saved + h;
    const double up = f();
    x[i] = saved - h;
    const double down = f();
    x[i] = saved;
    const double numeric = (up - down) / (2 * h);
    if (!close(analytic[i], numeric, 1e-8, 1e-5)) {
      if (failures++ == 0) {
        char text[120];
        std::snprintf(text, sizeof text, "item %zu: analytic %.10g, numeric %.10g", i, analytic[i], numeric);
        first = text;
      }
    }
  }
  INFO(what << ": " << failures << " of " << x.size() << " items differ; first " << first);
  CHECK(failures == 0);
}

/// Rewrites a saved state's last 8 bytes as FNV-1a 64 of the others, as another program writing a state
/// would: the bytes then pass the checksum and reach the structural checks.
inline void reseal(std::vector<std::uint8_t>& bytes) {
  const auto body = bytes.size() - 8;
  const auto sum = fnv1a64(std::string_view(reinterpret_cast<const char*>(bytes.data()), body));
  for (std::size_t i = 0; i < 8; ++i) bytes[body + i] = static_cast<std::uint8_t>(sum >> (8 * i));
}

}  // namespace pe::test
