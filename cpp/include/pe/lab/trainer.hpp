// One training run of the lab: the model, AdamW's moments, the step count and the training data stream, with
// what the page asks of it (train, evaluate by length, inspect attention and positions, save and restore).
// Training is single-threaded with fixed loop orders, so a configuration (seed included) gives bitwise the
// same curve on every run, and a restored state continues bitwise as the saved run would have.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pe/lab/config.hpp"
#include "pe/lab/model.hpp"
#include "pe/lab/optimizer.hpp"
#include "pe/lab/tasks.hpp"

namespace pe::lab {

/// The longest evaluation length of a configuration: min(4 T, limits::kLabMaxEvalLength).
[[nodiscard]] int max_eval_length(const Config& config) noexcept;

/// The lengths evaluate() reads when not told, ascending: the task's minimum, every multiple of ceil(T / 2)
/// from there to max_eval_length, and T, 2T, 3T and 4T where they fall within it. A grid rather than every
/// length, so that evaluating 128 sequences per length costs at most a quarter of training with the page's
/// schedule (bench/lab.bench.mjs); any length can still be asked for.
[[nodiscard]] std::vector<int> eval_lengths(const Config& config);

/// Bytes a Trainer of this configuration holds once constructed: parameters, gradients and AdamW's two
/// moments, the activations of a training step (the constructor reserves them), and the position tables, with
/// a margin for the rest. The bindings make sure the memory has room for it before constructing one.
[[nodiscard]] double trainer_bytes(const Config& config);

/// Callers validate arguments against the configuration (layer, head, lengths from the task's minimum to
/// max_eval_length, sample counts within limits.hpp); the bindings do.
class Trainer {
 public:
  /// A fresh run: parameters initialised from the seed, moments zero, step 0. The configuration must be valid
  /// (config_problem returns nothing).
  explicit Trainer(const Config& config);

  [[nodiscard]] const Config& config() const noexcept { return config_; }
  /// Updates done so far (the next update's 0-based step t).
  [[nodiscard]] std::int64_t step() const noexcept { return step_; }
  [[nodiscard]] Model<float>& model() noexcept { return model_; }
  [[nodiscard]] const Model<float>& model() const noexcept { return model_; }

  struct StepStats {
    float loss;      ///< mean cross-entropy on the step's batch before the update
    float accuracy;  ///< fraction of that batch's targets predicted right before the update
  };
  /// Draws the next training batch, computes its loss and gradients, clips, and updates with AdamW. When
  /// `used` is given, the batch is copied there.
  StepStats train_step(Batch* used = nullptr);

  /// Loss sums and gradients (into model().grads(), zeroed first) of a batch at the current parameters,
  /// changing nothing else.
  LossSums gradients(const Batch& batch);

  struct LengthStats {
    int length;
    double accuracy;  ///< fraction of the targets right
    double loss;      ///< mean cross-entropy
  };
  /// The first `samples` sequences of the evaluation set of each length in eval_lengths(config()).
  [[nodiscard]] std::vector<LengthStats> evaluate(int samples);
  /// The same at the given lengths (each from the task's minimum to max_eval_length), in their order, over
  /// sequences first .. first + samples - 1 of each set: slices of a set evaluated one call at a time give
  /// the whole set's sums (the page slices evaluation so that no call runs long).
  [[nodiscard]] std::vector<LengthStats> evaluate(int samples, const std::vector<int>& lengths,
                                                  int first = 0);
  /// The same with RoPE run as a context-extension method with length factor `factor` (>= 1) over the
  /// length the run was first trained at (Config::scaled_from), at test time only, in place of the run's own
  /// extension: the run is unchanged afterwards. Only for `rope`.
  [[nodiscard]] std::vector<LengthStats> evaluate(int samples, const std::vector<int>& lengths,
                                                  ExtensionMethod method, double factor, int first = 0);

  /// Chen et al. (2023)'s fine-tune at a longer length, set up: training continues at `length` with RoPE run
  /// as `method` with length factor `factor` over the length the run was first trained at, keeping the
  /// parameters, AdamW's moments, the step count (so the learning-rate schedule goes on where it was) and the
  /// data stream's position. Returns the first thing wrong (scheme not `rope`, length shorter than the
  /// current one, a configuration config_problem refuses), changing nothing then.
  [[nodiscard]] std::optional<std::string> extend(ExtensionMethod method, double factor, int length);

  struct AttentionMap {
    Batch example;               ///< the one sequence (tokens and targets)
    std::vector<float> weights;  ///< [n, n]: row p is the softmax over keys m of query p
  };
  /// Attention weights of one layer and head for sequence `example` of the evaluation set of length n.
  [[nodiscard]] AttentionMap attention(int layer, int head, int length, int example);

  /// The additive position table [R, d] over the rows training reaches (R = T, or L with randomized
  /// positions): the learned wpe, or the sinusoidal table; empty for other schemes.
  [[nodiscard]] std::vector<float> position_table() const;

  struct OffsetScores {
    std::vector<int> offsets;  ///< p - m (query minus key), ascending, only offsets the mask lets through
    std::vector<double> mean;  ///< mean pre-softmax score (q.k / sqrt(dh) + bias) at that offset
  };
  /// Mean pre-softmax score by offset over the first `samples` sequences of the evaluation set of length n.
  [[nodiscard]] OffsetScores offset_scores(int layer, int head, int length, int samples);

  /// The whole run as bytes: magic, version, configuration, step, data stream, parameters, moments, checksum.
  [[nodiscard]] std::vector<std::uint8_t> export_state() const;
  /// A run restored from export_state's bytes (of format version 1 to 4), or the reason they cannot be read
  /// (into `problem`: not a state, another version, truncated, changed, or a configuration that does not
  /// fit).
  [[nodiscard]] static std::optional<Trainer> import_state(const std::uint8_t* bytes, std::size_t size,
                                                           std::string& problem);

 private:
  /// Sequences of one evaluation set per forward pass, so that evaluation needs no more memory than a
  /// training step (or 256 KiB, whichever is larger).
  [[nodiscard]] int eval_chunk(int length, int samples) const noexcept;

  Config config_;
  Model<float> model_;
  AdamW adam_;
  std::int64_t step_ = 0;
  std::uint64_t batches_drawn_ = 0;
};

}  // namespace pe::lab
