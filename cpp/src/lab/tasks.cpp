#include "pe/lab/tasks.hpp"

#include <array>
#include <cstddef>
#include <string>

#include "pe/lab/positions.hpp"
#include "pe/rng.hpp"

namespace pe::lab {
namespace {

constexpr int kSymbols = 16;

// The subject task's vocabulary, all words of the article's (pe/vocabulary.hpp): "the", then the nouns (so a
// class id is a noun's token id minus one), the verbs and the adjectives that pad a sentence.
constexpr std::array<std::string_view, 12> kNouns = {"bird", "boy",  "cat", "child", "dog",     "fox",
                                                     "girl", "king", "man", "queen", "teacher", "woman"};
constexpr std::array<std::string_view, 8> kVerbs = {"bites", "chased", "chases", "finds",
                                                    "kicks", "likes",  "loves",  "sees"};
constexpr std::array<std::string_view, 10> kAdjectives = {"big", "brown", "fast", "happy", "lazy",
                                                          "old", "quick", "red",  "small", "young"};
constexpr int kThe = 0;
constexpr int kFirstNoun = 1;
constexpr int kFirstVerb = kFirstNoun + static_cast<int>(kNouns.size());
constexpr int kFirstAdjective = kFirstVerb + static_cast<int>(kVerbs.size());
constexpr int kSubjectVocab = kFirstAdjective + static_cast<int>(kAdjectives.size());
constexpr int kSubjectMinLength = 5;  // "the A verb the B"

// `majority`: few enough symbols that every sequence repeats some.
constexpr int kMajoritySymbols = 8;

constexpr std::array<std::string_view, kSymbols> kSymbolNames = {
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15"};

// Uniform on 0..k-1 from the top 53 bits of one draw; a floor of k * u is biased below 2^-45 for these k.
int pick(Rng& rng, int k) {
  return static_cast<int>(rng.uniform() * k);
}

// "the [adjectives] A verb the [adjectives] B": the n - 5 adjectives split at random between the two noun
// phrases, A and B distinct, so that a sentence and its reordering (A and B swapped) are equally likely.
int write_sentence(Rng& rng, int n, int* tokens) {
  const int a = pick(rng, static_cast<int>(kNouns.size()));
  int b = pick(rng, static_cast<int>(kNouns.size()) - 1);
  if (b >= a) ++b;
  const int verb = pick(rng, static_cast<int>(kVerbs.size()));
  const int extra = n - kSubjectMinLength;
  const int before_a = pick(rng, extra + 1);
  int p = 0;
  const auto adjectives = [&](int count) {
    for (int i = 0; i < count; ++i)
      tokens[p++] = kFirstAdjective + pick(rng, static_cast<int>(kAdjectives.size()));
  };
  tokens[p++] = kThe;
  adjectives(before_a);
  tokens[p++] = kFirstNoun + a;
  tokens[p++] = kFirstVerb + verb;
  tokens[p++] = kThe;
  adjectives(extra - before_a);
  tokens[p++] = kFirstNoun + b;
  return a;
}

// One sequence of n tokens and its targets (n of them, or one for a pooled task).
void write_sequence(Task task, Rng& rng, int n, int* tokens, int* targets) {
  if (task == Task::Subject) {
    targets[0] = write_sentence(rng, n, tokens);
    return;
  }
  if (task == Task::Majority) {
    // The most frequent symbol, the smallest on a tie: a rule about the bag of tokens, blind to their order.
    int counts[kMajoritySymbols] = {};
    for (int p = 0; p < n; ++p) ++counts[tokens[p] = pick(rng, kMajoritySymbols)];
    int best = 0;
    for (int t = 1; t < kMajoritySymbols; ++t) best = counts[t] > counts[best] ? t : best;
    targets[0] = best;
    return;
  }
  for (int p = 0; p < n; ++p) tokens[p] = pick(rng, kSymbols);
  for (int p = 0; p < n; ++p) {
    switch (task) {
      case Task::Previous:
        targets[p] = p == 0 ? kNoTarget : tokens[p - 1];
        break;
      case Task::Reverse:
        targets[p] = tokens[n - 1 - p];
        break;
      case Task::First:
      case Task::Subject:
      case Task::Majority:
        targets[p] = tokens[0];
        break;
    }
  }
}

Batch empty_batch(Task task, int batch, int length) {
  Batch out;
  out.batch = batch;
  out.length = length;
  const auto rows = static_cast<std::size_t>(batch);
  out.tokens.resize(rows * static_cast<std::size_t>(length));
  out.targets.resize(task_info(task).pooled ? rows : rows * static_cast<std::size_t>(length));
  return out;
}

std::size_t targets_per_sequence(Task task, int length) {
  return task_info(task).pooled ? 1 : static_cast<std::size_t>(length);
}

}  // namespace

TaskInfo task_info(Task task) noexcept {
  if (task == Task::Subject) return {kSubjectVocab, static_cast<int>(kNouns.size()), true, kSubjectMinLength};
  if (task == Task::Majority) return {kMajoritySymbols, kMajoritySymbols, true, kMinLength};
  return {kSymbols, kSymbols, false, kMinLength};
}

Batch training_batch(const Config& config, std::uint64_t index) {
  Batch out = empty_batch(config.task, config.batch, config.length);
  Rng rng(stream_seed(config.seed, fnv1a64("lab:train") + index));
  const std::size_t per = targets_per_sequence(config.task, config.length);
  for (int b = 0; b < config.batch; ++b) {
    const auto row = static_cast<std::size_t>(b);
    write_sequence(config.task, rng, config.length,
                   &out.tokens[row * static_cast<std::size_t>(config.length)], &out.targets[row * per]);
  }
  if (config.randomized_positions > 0) out.positions = training_positions(config, index);
  return out;
}

Batch evaluation_batch(Task task, int length, int first, int count) {
  Batch out = empty_batch(task, count, length);
  const std::string name = "lab:eval:" + std::string(name_of(task)) + ":" + std::to_string(length);
  const std::uint64_t stream = fnv1a64(name);
  // A fixed seed of its own: evaluation sets do not depend on the configuration's seed.
  constexpr std::uint64_t kEvalSeed = 0x5045'4C41'4245'5641ULL;
  const std::size_t per = targets_per_sequence(task, length);
  for (int i = 0; i < count; ++i) {
    Rng rng(stream_seed(kEvalSeed, stream + static_cast<std::uint64_t>(first + i)));
    const auto row = static_cast<std::size_t>(i);
    write_sequence(task, rng, length, &out.tokens[row * static_cast<std::size_t>(length)],
                   &out.targets[row * per]);
  }
  return out;
}

std::string_view token_word(Task task, int token) noexcept {
  if (task != Task::Subject)
    return token >= 0 && token < kSymbols ? kSymbolNames[static_cast<std::size_t>(token)] : "?";
  if (token == kThe) return "the";
  if (token >= kFirstNoun && token < kFirstVerb) return kNouns[static_cast<std::size_t>(token - kFirstNoun)];
  if (token >= kFirstVerb && token < kFirstAdjective)
    return kVerbs[static_cast<std::size_t>(token - kFirstVerb)];
  if (token >= kFirstAdjective && token < kSubjectVocab) {
    return kAdjectives[static_cast<std::size_t>(token - kFirstAdjective)];
  }
  return "?";
}

}  // namespace pe::lab
