// What the page reads from a run besides its training curve: accuracy and loss by length on the evaluation
// sets, one example's attention weights, the additive position table, and the mean score by offset.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "pe/lab/trainer.hpp"

namespace pe::lab {
namespace {

using std::size_t;

// Runs sequences from .. from + samples - 1 of an evaluation set through the model `chunk` sequences at a
// time and hands each chunk's batch and loss sums to visit.
template <typename Visit>
void for_each_chunk(Model<float>& model, int length, int samples, int chunk, bool with_targets, Visit&& visit,
                    int from = 0) {
  const Task task = model.config().task;
  for (int first = 0; first < samples; first += chunk) {
    const int count = std::min(chunk, samples - first);
    const Batch batch = evaluation_batch(task, length, from + first, count);
    const LossSums sums =
        model.forward(batch.tokens.data(), with_targets ? batch.targets.data() : nullptr, count, length);
    visit(batch, sums);
  }
}

}  // namespace

int Trainer::eval_chunk(int length, int samples) const noexcept {
  constexpr std::int64_t kFloor = std::int64_t{1} << 16;
  const std::int64_t budget = std::max(activation_floats(config_, config_.batch, config_.length), kFloor);
  int chunk = std::max(1, samples);
  while (chunk > 1 && activation_floats(config_, chunk, length) > budget) chunk = (chunk + 1) / 2;
  return chunk;
}

std::vector<Trainer::LengthStats> Trainer::evaluate(int samples) {
  return evaluate(samples, eval_lengths(config_));
}

std::vector<Trainer::LengthStats> Trainer::evaluate(int samples, const std::vector<int>& lengths, int first) {
  // The activations of the largest pass, allocated once: growing them length after length copied and cleared
  // the whole buffer each time (a third of evaluation's time at T = 8).
  std::int64_t largest = 0;
  for (const int n : lengths)
    largest = std::max(largest, activation_floats(config_, eval_chunk(n, samples), n));
  model_.reserve(largest);
  std::vector<LengthStats> out;
  for (const int n : lengths) {
    LossSums total;
    for_each_chunk(
        model_, n, samples, eval_chunk(n, samples), true,
        [&](const Batch&, const LossSums& sums) {
          total.loss += sums.loss;
          total.count += sums.count;
          total.correct += sums.correct;
        },
        first);
    const double count = std::max(1, total.count);
    out.push_back({n, total.correct / count, total.loss / count});
  }
  return out;
}

std::vector<Trainer::LengthStats> Trainer::evaluate(int samples, const std::vector<int>& lengths,
                                                    ExtensionMethod method, double factor, int first) {
  model_.scale_rope(method, factor, config_.scaled_from());
  auto out = evaluate(samples, lengths, first);
  model_.scale_rope(config_.extension, config_.extension_factor, config_.scaled_from());
  return out;
}

Trainer::AttentionMap Trainer::attention(int layer, int head, int length, int example) {
  AttentionMap out;
  out.example = evaluation_batch(config_.task, length, example, 1);
  model_.forward(out.example.tokens.data(), nullptr, 1, length);
  const float* weights = model_.attention_weights(layer) + idx(head) * idx(length) * idx(length);
  out.weights.assign(weights, weights + idx(length) * idx(length));
  return out;
}

std::vector<float> Trainer::position_table() const {
  return model_.position_table(config_.position_rows());
}

Trainer::OffsetScores Trainer::offset_scores(int layer, int head, int length, int samples) {
  const size_t n = idx(length);
  std::vector<double> sum(2 * n - 1, 0.0);
  std::vector<long long> count(2 * n - 1, 0);
  std::vector<float> scores(n * n);
  for_each_chunk(model_, length, samples, eval_chunk(length, samples), false,
                 [&](const Batch& batch, const LossSums&) {
                   for (int b = 0; b < batch.batch; ++b) {
                     model_.attention_scores(scores.data(), layer, b, head);
                     for (size_t p = 0; p < n; ++p) {
                       for (size_t m = 0; m < n; ++m) {
                         const float s = scores[p * n + m];
                         if (!std::isfinite(s)) continue;  // masked
                         sum[p + n - 1 - m] += s;
                         count[p + n - 1 - m] += 1;
                       }
                     }
                   }
                 });
  OffsetScores out;
  for (size_t i = 0; i < sum.size(); ++i) {
    if (count[i] == 0) continue;
    out.offsets.push_back(static_cast<int>(i) - length + 1);
    out.mean.push_back(sum[i] / static_cast<double>(count[i]));
  }
  return out;
}

}  // namespace pe::lab
