// The lab's synthetic tasks (docs/lab-model.md, "Tasks") and their seeded data. Training batch t comes from
// its own stream, named by the seed and t, so the data stream's whole state is the number of batches drawn;
// evaluation sequence i of length n comes from a stream named by the task, n and i alone (not the seed), so
// every scheme, every seed and every call sees the same evaluation sets.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "pe/lab/config.hpp"

namespace pe::lab {

/// Target value meaning "no target at this position" (skipped by the loss and the accuracy).
inline constexpr int kNoTarget = -1;

struct TaskInfo {
  int vocab;       ///< V: token ids are 0..V-1
  int classes;     ///< C: target ids are 0..C-1
  bool pooled;     ///< one target per sequence (mean-pooled head) rather than one per position
  int min_length;  ///< shortest sequence the task can write
};

[[nodiscard]] TaskInfo task_info(Task task) noexcept;

/// B sequences of n tokens, row-major, and their targets: B * n of them (per-token tasks) or B (pooled); and
/// the tokens' positions [B, n], or none for 0..n-1.
struct Batch {
  int batch = 0;
  int length = 0;
  std::vector<int> tokens;
  std::vector<int> targets;
  std::vector<int> positions;
};

/// Training batch `index` (0 for the first step) of a configuration: config.batch sequences of config.length,
/// with training_positions (positions.hpp) when the configuration randomizes positions.
[[nodiscard]] Batch training_batch(const Config& config, std::uint64_t index);

/// Sequences first..first+count-1 of the task's evaluation set of length n.
[[nodiscard]] Batch evaluation_batch(Task task, int length, int first, int count);

/// A token as a word: the word itself for `subject`, the symbol's number ("0".."15") for the others.
[[nodiscard]] std::string_view token_word(Task task, int token) noexcept;

}  // namespace pe::lab
