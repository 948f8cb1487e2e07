// pe-lab-dump: builds a lab model from flags and prints, as JSON, everything the PyTorch reference
// (tests/torch/parity.py) needs to check it: the configuration, every parameter, the first training batch
// with its loss and every gradient, and the batches and losses of the first training steps
// (docs/lab-model.md, "Checking against the reference"). Bad flags print a message to stderr and exit with
// status 2.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pe/alibi.hpp"
#include "pe/lab/config.hpp"
#include "pe/lab/positions.hpp"
#include "pe/lab/trainer.hpp"

namespace {

namespace lab = pe::lab;

constexpr const char* kUsage =
    "usage: pe-lab-dump [--task previous|reverse|first|subject|majority] [--scheme "
    "none|sinusoidal|learned|rope|alibi|t5]\n"
    "  [--rope-convention interleaved|half] [--causal 0|1] [--layers L] [--heads H] [--d D] [--length T]\n"
    "  [--batch B] [--seed S] [--lr X] [--warmup W] [--steps N] [--weight-decay X] [--clip X]\n"
    "  [--scale-embedding 0|1] [--base X] [--randomized-positions L (default 0)] [--train-steps N (default "
    "50)]\n"
    "  [--check-after K (default 0)]\n";

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "pe-lab-dump: %s\n%s", message.c_str(), kUsage);
  std::exit(2);
}

long long parse_integer(const std::string& flag, const std::string& text, long long min, long long max) {
  char* end = nullptr;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || value < min || value > max) {
    fail(flag + " must be an integer from " + std::to_string(min) + " to " + std::to_string(max) +
         "; received \"" + text + "\"");
  }
  return value;
}

double parse_number(const std::string& flag, const std::string& text) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(value)) {
    fail(flag + " must be a finite number; received \"" + text + "\"");
  }
  return value;
}

template <std::size_t N>
std::size_t parse_choice(const std::string& flag, const std::string& text,
                         const std::array<std::string_view, N>& names) {
  for (std::size_t i = 0; i < N; ++i) {
    if (text == names[i]) return i;
  }
  std::string list;
  for (const auto name : names) list += (list.empty() ? "" : ", ") + std::string(name);
  fail(flag + " must be one of " + list + "; received \"" + text + "\"");
}

struct Options {
  lab::Config config;
  int train_steps = 50;
  int check_after = 0;
};

Options parse(int argc, char** argv) {
  Options o;
  lab::Config& c = o.config;
  std::optional<bool> causal;
  std::optional<int> warmup;
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    std::string value;
    if (const auto eq = flag.find('='); eq != std::string::npos) {
      value = flag.substr(eq + 1);
      flag.resize(eq);
    } else {
      if (i + 1 >= argc) fail(flag + " needs a value");
      value = argv[++i];
    }
    const auto integer = [&](long long min, long long max) { return parse_integer(flag, value, min, max); };
    const auto flag_bool = [&] { return integer(0, 1) == 1; };
    if (flag == "--task") {
      c.task = static_cast<lab::Task>(parse_choice(flag, value, lab::kTaskNames));
    } else if (flag == "--scheme") {
      c.scheme = static_cast<lab::Scheme>(parse_choice(flag, value, lab::kSchemeNames));
    } else if (flag == "--rope-convention") {
      c.rope_convention = parse_choice(flag, value, lab::kRopeConventionNames) == 0
                              ? pe::RopeConvention::Interleaved
                              : pe::RopeConvention::Half;
    } else if (flag == "--causal") {
      causal = flag_bool();
    } else if (flag == "--layers") {
      c.n_layers = static_cast<int>(integer(0, 1 << 20));
    } else if (flag == "--heads") {
      c.n_heads = static_cast<int>(integer(1, 1 << 20));
    } else if (flag == "--d") {
      c.d_model = static_cast<int>(integer(0, 1 << 20));
    } else if (flag == "--length") {
      c.length = static_cast<int>(integer(0, 1 << 20));
    } else if (flag == "--batch") {
      c.batch = static_cast<int>(integer(0, 1 << 20));
    } else if (flag == "--seed") {
      c.seed = static_cast<std::uint32_t>(integer(0, 4294967295LL));
    } else if (flag == "--lr") {
      c.lr = parse_number(flag, value);
    } else if (flag == "--warmup") {
      warmup = static_cast<int>(integer(0, 1 << 30));
    } else if (flag == "--steps") {
      c.steps = static_cast<int>(integer(0, 1 << 30));
    } else if (flag == "--weight-decay") {
      c.weight_decay = parse_number(flag, value);
    } else if (flag == "--clip") {
      c.clip = parse_number(flag, value);
    } else if (flag == "--scale-embedding") {
      c.scale_embedding = flag_bool();
    } else if (flag == "--base") {
      c.base = parse_number(flag, value);
    } else if (flag == "--randomized-positions") {
      c.randomized_positions = static_cast<int>(integer(0, 1 << 20));
    } else if (flag == "--train-steps") {
      o.train_steps = static_cast<int>(integer(0, 100000));
    } else if (flag == "--check-after") {
      o.check_after = static_cast<int>(integer(0, 100000));
    } else {
      fail("unknown flag " + flag);
    }
  }
  c.causal = causal.value_or(lab::default_causal(c.task));
  c.warmup = warmup.value_or(std::min(c.warmup, c.steps));
  if (const auto problem = lab::config_problem(c)) fail(*problem);
  return o;
}

// JSON writing: float32 values with 9 significant digits, which read back to the same float.
void put_float(float x) {
  std::printf("%.9g", static_cast<double>(x));
}

void put_floats(const float* x, std::size_t n) {
  std::putchar('[');
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) std::putchar(',');
    put_float(x[i]);
  }
  std::putchar(']');
}

void put_ints(const int* x, std::size_t n) {
  std::putchar('[');
  for (std::size_t i = 0; i < n; ++i) std::printf(i > 0 ? ",%d" : "%d", x[i]);
  std::putchar(']');
}

// B rows of n ints.
void put_rows(const std::vector<int>& x, int rows, std::size_t n) {
  std::putchar('[');
  for (int r = 0; r < rows; ++r) {
    if (r > 0) std::putchar(',');
    put_ints(&x[static_cast<std::size_t>(r) * n], n);
  }
  std::putchar(']');
}

// Tokens as [B][n]; targets as [B][n] per token or [B] pooled; positions as [B][n] when the batch has them.
void put_batch(const lab::Batch& b, bool pooled) {
  const auto n = static_cast<std::size_t>(b.length);
  std::printf("{\"tokens\":");
  put_rows(b.tokens, b.batch, n);
  if (!b.positions.empty()) {
    std::printf(",\"positions\":");
    put_rows(b.positions, b.batch, n);
  }
  std::printf(",\"targets\":");
  if (pooled) {
    put_ints(b.targets.data(), b.targets.size());
  } else {
    put_rows(b.targets, b.batch, n);
  }
  std::putchar('}');
}

void put_tensors(const lab::Layout& layout, const float* base) {
  std::putchar('[');
  bool first = true;
  for (const auto& t : layout.tensors) {
    std::printf("%s{\"name\":\"%s\",\"shape\":", first ? "" : ",", t.name.c_str());
    put_ints(t.shape.data(), t.shape.size());
    std::printf(",\"data\":");
    put_floats(base + t.offset, t.size);
    std::putchar('}');
    first = false;
  }
  std::putchar(']');
}

// "params", then training batch `step` as "batch", and the "loss" and "grads" for it at those parameters.
void put_check(lab::Trainer& trainer, int step) {
  const lab::Config& c = trainer.config();
  const lab::Layout& layout = trainer.model().layout();
  std::printf("\"params\":");
  put_tensors(layout, trainer.model().params());
  const lab::Batch batch = lab::training_batch(c, static_cast<std::uint64_t>(step));
  const lab::LossSums sums = trainer.gradients(batch);
  std::printf(",\"batch\":");
  put_batch(batch, lab::task_info(c.task).pooled);
  std::printf(",\"loss\":");
  put_float(static_cast<float>(sums.loss / sums.count));
  std::printf(",\"grads\":");
  put_tensors(layout, trainer.model().grads());
}

void put_config(const lab::Config& c) {
  const lab::TaskInfo info = lab::task_info(c.task);
  std::printf(
      "{\"task\":\"%s\",\"scheme\":\"%s\",\"ropeConvention\":\"%s\",\"base\":%.17g,\"dModel\":%d,\"nHeads\":%"
      "d,"
      "\"nLayers\":%d,\"length\":%d,\"batch\":%d,\"causal\":%s,\"scaleEmbedding\":%s,\"lr\":%.17g,\"warmup\":"
      "%d,"
      "\"steps\":%d,\"weightDecay\":%.17g,\"clip\":%.17g,\"seed\":%u,\"randomizedPositions\":%d,\"vocab\":%d,"
      "\"classes\":%d,\"pooled\":%s}",
      std::string(lab::name_of(c.task)).c_str(), std::string(lab::name_of(c.scheme)).c_str(),
      std::string(lab::name_of(c.rope_convention)).c_str(), c.base, c.d_model, c.n_heads, c.n_layers,
      c.length, c.batch, c.causal ? "true" : "false", c.scale_embedding ? "true" : "false", c.lr, c.warmup,
      c.steps, c.weight_decay, c.clip, c.seed, c.randomized_positions, info.vocab, info.classes,
      info.pooled ? "true" : "false");
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  const lab::Config& c = o.config;
  const bool pooled = lab::task_info(c.task).pooled;
  lab::Trainer trainer(c);

  std::printf("{\"config\":");
  put_config(c);
  std::printf(",\"alibiSlopes\":[");
  const auto slopes = pe::alibi_slopes(c.n_heads);
  for (std::size_t j = 0; j < slopes.size(); ++j) std::printf(j > 0 ? ",%.17g" : "%.17g", slopes[j]);
  // T5's bucket of every relative position -kMaxOffset..kMaxOffset under this configuration's mask.
  std::printf("],\"t5Buckets\":");
  const auto buckets = lab::t5_bucket_table(!c.causal);
  put_ints(buckets.data(), buckets.size());
  std::printf(",");
  put_check(trainer, 0);

  std::vector<lab::Batch> batches(static_cast<std::size_t>(o.train_steps));
  std::vector<float> losses;
  for (auto& b : batches) losses.push_back(trainer.train_step(&b).loss);
  std::printf(",\"train\":{\"batches\":[");
  for (std::size_t t = 0; t < batches.size(); ++t) {
    if (t > 0) std::putchar(',');
    put_batch(batches[t], pooled);
  }
  std::printf("],\"losses\":");
  put_floats(losses.data(), losses.size());
  std::putchar('}');

  // Trained parameters show what initial ones hide: at std 0.02 pre-activations are too small for the GELU's
  // form or a slightly wrong frequency to move the loss measurably.
  if (o.check_after > 0) {
    lab::Trainer trained(c);
    for (int t = 0; t < o.check_after; ++t) static_cast<void>(trained.train_step());
    std::printf(",\"checkpoint\":{\"step\":%d,", o.check_after);
    put_check(trained, o.check_after);
    std::putchar('}');
  }
  std::printf("}\n");
  return 0;
}
