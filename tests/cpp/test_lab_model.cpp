// The whole model's backward pass against finite differences of its loss, in double precision, for every
// position scheme, both masks, both RoPE conventions and both heads (per token and pooled).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "lab_check.hpp"
#include "pe/lab/model.hpp"
#include "pe/lab/tasks.hpp"

namespace {

namespace lab = pe::lab;

lab::Config small_config(lab::Task task, lab::Scheme scheme, bool causal) {
  auto c = pe::test::lab_config(task, scheme, {8, 2, 2, 5, 2});
  c.causal = causal;
  c.base = 100.0;
  return c;
}

std::string describe(const lab::Config& c) {
  return std::string(lab::name_of(c.task)) + " " + std::string(lab::name_of(c.scheme)) + " " +
         std::string(lab::name_of(c.rope_convention)) + (c.causal ? " causal" : " bidirectional") +
         (c.scale_embedding ? "" : " unscaled");
}

// Large random parameters (LayerNorm gains and biases included), so that every path carries gradient; the
// contract's small initial values would leave some terms below the check's resolution.
void check_model(const lab::Config& c, const lab::Batch& batch,
                 const std::function<void(lab::Model<double>&)>& setup = {}) {
  lab::Model<double> model(c);
  if (setup) setup(model);
  std::vector<double> params = pe::test::normals(model.size(), 0.3, "params");
  const auto loss = [&] {
    std::copy(params.begin(), params.end(), model.params());
    const auto sums = model.forward(batch.tokens.data(), batch.targets.data(), batch.batch, batch.length);
    return sums.loss / sums.count;
  };
  model.zero_grad();
  loss();
  model.backward();
  const std::vector<double> analytic(model.grads(), model.grads() + model.size());
  pe::test::require_gradient(params, analytic, loss, describe(c) + " n=" + std::to_string(batch.length));
}

void check_model(const lab::Config& c) {
  check_model(c, lab::training_batch(c, 0));
}

// Every scheme with each of the masks given, on a training batch of `task`.
void check_every_scheme(lab::Task task, std::initializer_list<bool> masks) {
  for (const auto scheme : pe::test::kAllSchemes) {
    for (const bool causal : masks) check_model(small_config(task, scheme, causal));
  }
}

}  // namespace

TEST_CASE("model gradients match finite differences for every scheme and mask, per-token head", "[lab]") {
  check_every_scheme(lab::Task::Previous, {true, false});
}

TEST_CASE("model gradients match finite differences for the pooled head, both masks", "[lab]") {
  // The contract makes `subject` bidirectional; the model itself accepts a causal pooled head too.
  check_every_scheme(lab::Task::Subject, {false, true});
}

TEST_CASE("model gradients match finite differences for both RoPE conventions", "[lab]") {
  for (const auto convention : {pe::RopeConvention::Interleaved, pe::RopeConvention::Half}) {
    for (const auto task : {lab::Task::Reverse, lab::Task::Subject}) {
      auto c = small_config(task, lab::Scheme::Rope, false);
      c.rope_convention = convention;
      check_model(c);
    }
  }
}

TEST_CASE("model gradients match finite differences without embedding scaling and past a learned table",
          "[lab]") {
  auto c = small_config(lab::Task::First, lab::Scheme::Learned, true);
  c.scale_embedding = false;
  check_model(c);
  // Longer than the table: positions 5 and 6 get no position vector and the table gets no gradient there.
  check_model(c, lab::evaluation_batch(c.task, 7, 0, 2));
}

TEST_CASE("model gradients match finite differences with RoPE scaled by a context-extension method",
          "[lab]") {
  // YaRN scales rotated queries and keys by mscale (its amplitude enters both passes); dynamic NTK makes its
  // tables for the batch's length, here past the trained one; interpolation divides every frequency.
  for (const auto method : {pe::ExtensionMethod::Yarn, pe::ExtensionMethod::DynamicNtk,
                            pe::ExtensionMethod::Interpolation, pe::ExtensionMethod::Ntk}) {
    for (const auto task : {lab::Task::Previous, lab::Task::Subject}) {
      const auto c = small_config(task, lab::Scheme::Rope, task == lab::Task::Previous);
      check_model(c, lab::training_batch(c, 0), [&](lab::Model<double>& m) { m.scale_rope(method, 3.0, 2); });
    }
  }
}
