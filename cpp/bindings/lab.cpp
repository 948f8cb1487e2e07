// JavaScript entry points of the training lab (pe/lab/trainer.hpp). The class registered here, LabCore, is
// wrapped by lab.js into the public `Lab`, which throws the Error a method returns; LabCore itself never
// reaches users.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "args.hpp"
#include "pe/lab/trainer.hpp"
#include "pe/limits.hpp"

namespace pe::bind {
namespace {

using emscripten::val;
namespace lab = pe::lab;
namespace lim = pe::limits;

// Sequences per length that evaluate() reads when not told (32 keep a default run near 3 s of WebAssembly at
// T = 16), and that offsetScores() averages over (one length only, so it can afford more): 64 up to length
// 32, then as many as hold 2048 tokens, so that a call at length 128 of the page's largest model takes 0.4 s,
// not 1.7 (Node, 2 cores under load), while averaging over more query-key pairs than at 32 (16 x 128^2).
constexpr int kDefaultSamples = 32;
constexpr int kOffsetSamples = 64;
constexpr int kOffsetTokens = 2048;

using lab::kMaxExtensionFactor;

// A context-extension method by its name (lab::kExtensionNames).
ExtensionMethod read_extension(Args& args, const val& v, const char* name,
                               std::optional<std::size_t> fallback = std::nullopt) {
  return lab::kExtensionMethods[args.choice(
      v, name, {"none", "interpolation", "ntk", "dynamic", "yarn", "llama3"}, fallback)];
}

constexpr lab::Task kTasks[] = {lab::Task::Previous, lab::Task::Reverse, lab::Task::First, lab::Task::Subject,
                                lab::Task::Majority};
constexpr lab::Scheme kSchemes[] = {lab::Scheme::None, lab::Scheme::Sinusoidal, lab::Scheme::Learned,
                                    lab::Scheme::Rope, lab::Scheme::Alibi,      lab::Scheme::T5};
static_assert(std::size(kTasks) == lab::kTaskNames.size() && std::size(kSchemes) == lab::kSchemeNames.size());

// Every field of the contract's table, each optional, with its default; then the rules that tie fields
// together (config_problem).
lab::Config read_config(Args& args, const val& v) {
  const bool has = args.options(
      v, {"task",      "scheme",          "ropeConvention", "base",   "dModel",         "nHeads",
          "nLayers",   "length",          "batch",          "causal", "scaleEmbedding", "lr",
          "warmup",    "steps",           "weightDecay",    "clip",   "seed",           "randomizedPositions",
          "extension", "extensionFactor", "originalLength"},
      "{ task: \"subject\", scheme: \"rope\" }", "config");
  const val o = has ? v : val::object();
  lab::Config c;
  c.task = kTasks[args.choice(o["task"], "config.task",
                              {"previous", "reverse", "first", "subject", "majority"}, 0)];
  c.scheme = kSchemes[args.choice(o["scheme"], "config.scheme",
                                  {"none", "sinusoidal", "learned", "rope", "alibi", "t5"}, 3)];
  c.rope_convention =
      args.choice(o["ropeConvention"], "config.ropeConvention", {"interleaved", "half"}, 1) == 0
          ? RopeConvention::Interleaved
          : RopeConvention::Half;
  c.base = args.number(o["base"], "config.base", lab::kBaseRange.min, lab::kBaseRange.max, c.base);
  c.d_model = args.even_integer(o["dModel"], "config.dModel", lab::kMinDModel, lim::kLabMaxDModel, c.d_model);
  c.n_heads = args.integer(o["nHeads"], "config.nHeads", 1, lim::kLabMaxHeads, c.n_heads);
  c.n_layers = args.integer(o["nLayers"], "config.nLayers", 1, lim::kLabMaxLayers, c.n_layers);
  c.length = args.integer(o["length"], "config.length", lab::kMinLength, lim::kLabMaxLength, c.length);
  c.batch = args.integer(o["batch"], "config.batch", 1, lim::kLabMaxBatch, c.batch);
  c.causal = args.boolean(o["causal"], "config.causal", lab::default_causal(c.task));
  c.scale_embedding = args.boolean(o["scaleEmbedding"], "config.scaleEmbedding", c.scale_embedding);
  c.lr = args.number(o["lr"], "config.lr", lab::kLrRange.min, lab::kLrRange.max, c.lr);
  c.steps = args.integer(o["steps"], "config.steps", 1, lim::kLabMaxSchedule, c.steps);
  // The default warm-up is 50 steps, or the whole schedule when that is shorter.
  c.warmup = args.integer(o["warmup"], "config.warmup", 0, lim::kLabMaxSchedule, std::min(c.warmup, c.steps));
  c.weight_decay = args.number(o["weightDecay"], "config.weightDecay", lab::kWeightDecayRange.min,
                               lab::kWeightDecayRange.max, c.weight_decay);
  c.clip = args.number(o["clip"], "config.clip", lab::kClipRange.min, lab::kClipRange.max, c.clip);
  c.seed = static_cast<std::uint32_t>(args.seed(o["seed"], "config.seed"));
  // The range here is the widest; config_problem then ties it to the length and the scheme.
  c.randomized_positions = args.integer(o["randomizedPositions"], "config.randomizedPositions", 0,
                                        lim::kLabMaxEvalLength, c.randomized_positions);
  c.extension = read_extension(args, o["extension"], "config.extension", 0);
  c.extension_factor =
      args.number(o["extensionFactor"], "config.extensionFactor", 1.0, kMaxExtensionFactor, 1.0);
  c.original_length = args.integer(o["originalLength"], "config.originalLength", 0, lim::kLabMaxLength, 0);
  if (args.ok()) {
    if (const auto problem = lab::config_problem(c)) args.fail("config." + *problem);
  }
  return c;
}

val config_object(const lab::Config& c) {
  val o = val::object();
  o.set("task", val(std::string(lab::name_of(c.task))));
  o.set("scheme", val(std::string(lab::name_of(c.scheme))));
  o.set("ropeConvention", val(std::string(lab::name_of(c.rope_convention))));
  o.set("base", val(c.base));
  o.set("dModel", val(c.d_model));
  o.set("nHeads", val(c.n_heads));
  o.set("nLayers", val(c.n_layers));
  o.set("length", val(c.length));
  o.set("batch", val(c.batch));
  o.set("causal", val(c.causal));
  o.set("scaleEmbedding", val(c.scale_embedding));
  o.set("lr", val(c.lr));
  o.set("warmup", val(c.warmup));
  o.set("steps", val(c.steps));
  o.set("weightDecay", val(c.weight_decay));
  o.set("clip", val(c.clip));
  o.set("seed", val(static_cast<double>(c.seed)));
  o.set("randomizedPositions", val(c.randomized_positions));
  o.set("extension", val(std::string(lab::name_of(c.extension))));
  o.set("extensionFactor", val(c.extension_factor));
  o.set("originalLength", val(c.original_length));
  return o;
}

// Whether the engine's memory has room for `bytes` more, counting what is allocated now against the most the
// memory can grow to, less a margin for the allocator's bookkeeping, fragmentation, the stack and the smaller
// allocations of later calls. (Asking malloc itself is no test: a failed allocation of a large block aborts.)
bool has_room(double bytes) {
  constexpr double kMargin = 64.0 * (1 << 20);
  const struct mallinfo info = mallinfo();
  return static_cast<double>(info.uordblks) + bytes + kMargin <=
         static_cast<double>(emscripten_get_heap_max());
}

class LabCore {
 public:
  val configure(val config) {
    Args args("new Lab");
    const lab::Config c = read_config(args, config);
    if (!args.ok()) return args.error();
    const double bytes = lab::trainer_bytes(c);
    if (!has_room(bytes)) {
      args.fail("this model needs about " + format_number(std::ceil(bytes / (1 << 20))) +
                " MiB of the engine's memory, which has no room left for it (2 GiB at most, shared by every "
                "live Lab): delete the Labs you no longer use (lab.delete()), or choose a smaller model.");
      return args.error();
    }
    trainer_ = std::make_unique<lab::Trainer>(c);
    return val::undefined();
  }

  val train(val steps) {
    Args args("Lab.train");
    const int count = args.integer(steps, "steps", 1, lim::kLabMaxStepsPerCall);
    if (!args.ok()) return args.error();
    std::vector<float> loss, accuracy;
    loss.reserve(static_cast<std::size_t>(count));
    accuracy.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      const auto s = trainer_->train_step();
      loss.push_back(s.loss);
      accuracy.push_back(s.accuracy);
    }
    val out = val::object();
    out.set("loss", to_float32_array(loss));
    out.set("accuracy", to_float32_array(accuracy));
    return out;
  }

  val evaluate(val options) {
    Args args("Lab.evaluate");
    const bool has =
        args.options(options, {"samples", "lengths", "extension", "first"},
                     "{ samples: 64, lengths: [8, 16], extension: { method: \"yarn\", factor: 2 } }");
    const int samples = args.integer(has ? options["samples"] : val::undefined(), "options.samples", 1,
                                     lim::kLabMaxEvalSamples, kDefaultSamples);
    const int from =
        args.integer(has ? options["first"] : val::undefined(), "options.first", 0, lim::kLabMaxExample, 0);
    const lab::Config& c = trainer_->config();
    std::vector<int> asked = lab::eval_lengths(c);
    if (has && !options["lengths"].isUndefined()) {
      const int first = lab::task_info(c.task).min_length;
      const int last = lab::max_eval_length(c);
      asked = args.integers(options["lengths"], "options.lengths", first, last,
                            static_cast<std::size_t>(last - first + 1));
      if (args.ok()) {
        std::string received = "[";
        for (const int n : asked) received += (received.size() > 1 ? ", " : "") + std::to_string(n);
        args.require(
            !asked.empty() && std::adjacent_find(asked.begin(), asked.end(),
                                                 [](int a, int b) { return a >= b; }) == asked.end(),
            "options.lengths", received + "]",
            "increasing whole numbers from " + std::to_string(first) + " to " + std::to_string(last));
      }
    }
    const val ext = has ? options["extension"] : val::undefined();
    ExtensionMethod method = ExtensionMethod::None;
    double factor = 1.0;
    if (!ext.isUndefined() && args.ok()) {
      args.require(c.scheme == lab::Scheme::Rope, "options.extension",
                   "an extension of a run of scheme \"" + std::string(lab::name_of(c.scheme)) + "\"",
                   "left out for every scheme but \"rope\"");
      if (args.options(ext, {"method", "factor"}, "{ method: \"yarn\", factor: 2 }", "options.extension")) {
        method = read_extension(args, ext["method"], "options.extension.method");
        factor = args.number(ext["factor"], "options.extension.factor", 1.0, kMaxExtensionFactor);
      }
    }
    if (!args.ok()) return args.error();
    std::vector<int> lengths;
    std::vector<double> accuracy, loss;
    const auto stats = ext.isUndefined() ? trainer_->evaluate(samples, asked, from)
                                         : trainer_->evaluate(samples, asked, method, factor, from);
    for (const auto& s : stats) {
      lengths.push_back(s.length);
      accuracy.push_back(s.accuracy);
      loss.push_back(s.loss);
    }
    val out = val::object();
    out.set("lengths", to_int32_array(lengths));
    out.set("accuracy", to_float64_array(accuracy));
    out.set("loss", to_float64_array(loss));
    return out;
  }

  // Chen et al. (2023)'s fine-tune at a longer length: from now on training runs at options.length with RoPE
  // scaled by options.method (factor length / originalLength unless given), keeping weights, AdamW's moments
  // and the step count.
  val extend(val options) {
    Args args("Lab.extend");
    const bool has =
        args.options(options, {"method", "length", "factor"}, "{ method: \"interpolation\", length: 16 }");
    const lab::Config& c = trainer_->config();
    if (!has && args.ok()) {
      args.fail(
          "options must be an object such as { method: \"interpolation\", length: 16 }; received undefined.");
    }
    if (!args.ok()) return args.error();
    // Named by its parameter, options, as every error is: the run's scheme is what it cannot have.
    args.require(c.scheme == lab::Scheme::Rope, "options",
                 "a fine-tune of a run of scheme \"" + std::string(lab::name_of(c.scheme)) + "\"",
                 "a fine-tune of a \"rope\" run (context-extension methods scale RoPE's rotations)");
    const auto method = read_extension(args, options["method"], "options.method");
    const int length = args.integer(options["length"], "options.length", c.length, lim::kLabMaxLength);
    if (!args.ok()) return args.error();
    const double fallback = std::min(kMaxExtensionFactor, static_cast<double>(length) / c.scaled_from());
    const double factor =
        args.number(options["factor"], "options.factor", 1.0, kMaxExtensionFactor, fallback);
    if (!args.ok()) return args.error();
    if (const auto problem = trainer_->extend(method, factor, length)) {
      args.fail(*problem);
      return args.error();
    }
    return val::undefined();
  }

  val attention(val layer, val head, val length, val example) {
    Args args("Lab.attention");
    const lab::Config& c = trainer_->config();
    const int l = args.integer(layer, "layer", 0, c.n_layers - 1);
    const int h = args.integer(head, "head", 0, c.n_heads - 1);
    const int n = read_length(args, length);
    const int e = args.integer(example, "example", 0, lim::kLabMaxExample, 0);
    if (!args.ok()) return args.error();
    const auto map = trainer_->attention(l, h, n, e);
    std::vector<std::string> words;
    for (const int t : map.example.tokens) words.emplace_back(lab::token_word(c.task, t));
    val out = val::object();
    out.set("length", val(n));
    out.set("tokens", to_int32_array(map.example.tokens));
    out.set("words", to_string_array(words));
    out.set("targets", to_int32_array(map.example.targets));
    out.set("weights", to_float32_array(map.weights));
    return out;
  }

  val position_table() { return to_float32_array(trainer_->position_table()); }

  val offset_scores(val layer, val head, val length) {
    Args args("Lab.offsetScores");
    const lab::Config& c = trainer_->config();
    const int l = args.integer(layer, "layer", 0, c.n_layers - 1);
    const int h = args.integer(head, "head", 0, c.n_heads - 1);
    const int n = read_length(args, length);
    if (!args.ok()) return args.error();
    const auto s = trainer_->offset_scores(l, h, n, std::min(kOffsetSamples, kOffsetTokens / n));
    val out = val::object();
    out.set("offsets", to_int32_array(s.offsets));
    out.set("mean", to_float64_array(s.mean));
    return out;
  }

  val export_state() { return to_uint8_array(trainer_->export_state()); }

  val import_state(val bytes) {
    Args args("Lab.importState");
    const bool is_bytes = bytes.instanceof (val::global("Uint8Array"));
    args.require(is_bytes, "bytes", describe(bytes), "a Uint8Array from Lab.exportState()");
    if (!args.ok()) return args.error();
    const auto size = bytes["length"].as<double>();
    args.require(size <= static_cast<double>(lim::kLabMaxStateBytes), "bytes", format_number(size) + " bytes",
                 "at most " + std::to_string(lim::kLabMaxStateBytes) + " bytes long (a saved lab state)");
    if (!args.ok()) return args.error();
    std::vector<std::uint8_t> data(static_cast<std::size_t>(size));
    val(emscripten::typed_memory_view(data.size(), data.data())).call<void>("set", bytes);
    std::string problem;
    auto restored = lab::Trainer::import_state(data.data(), data.size(), problem);
    if (!restored) {
      args.fail("bytes cannot be read: " + problem + ".");
      return args.error();
    }
    *trainer_ = std::move(*restored);
    return val::undefined();
  }

  [[nodiscard]] double step() const { return static_cast<double>(trainer_->step()); }
  [[nodiscard]] val config() const { return config_object(trainer_->config()); }

 private:
  // A sequence length for inspection: the task's minimum to the longest evaluation length; the training
  // length when undefined.
  int read_length(Args& args, const val& v) const {
    const lab::Config& c = trainer_->config();
    return args.integer(v, "length", lab::task_info(c.task).min_length, lab::max_eval_length(c), c.length);
  }

  std::unique_ptr<lab::Trainer> trainer_;
};

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_lab) {
  using pe::bind::LabCore;
  emscripten::class_<LabCore>("LabCore")
      .constructor<>()
      .function("configure", &LabCore::configure)
      .function("train", &LabCore::train)
      .function("evaluate", &LabCore::evaluate)
      .function("extend", &LabCore::extend)
      .function("attention", &LabCore::attention)
      .function("positionTable", &LabCore::position_table)
      .function("offsetScores", &LabCore::offset_scores)
      .function("exportState", &LabCore::export_state)
      .function("importState", &LabCore::import_state)
      .function("step", &LabCore::step)
      .function("config", &LabCore::config);
}
