// The saved state of a lab run, little-endian whatever the host:
//   "PELB", u32 version,
//   configuration: u32 task, u32 scheme, u32 RoPE convention, f64 base, i32 dModel, nHeads, nLayers, length,
//     batch, u8 causal, u8 scaleEmbedding, f64 lr, i32 warmup, i32 steps, f64 weightDecay, f64 clip, u32
//     seed, then (version 2 on) i32 randomizedPositions, then (version 3 on) u32 extension (kExtensionNames'
//     order), f64 extensionFactor, i32 originalLength,
//   i64 step, u64 training batches drawn, u64 parameter count P,
//   f32 parameters[P], f32 AdamW first moments[P], f32 second moments[P],
//   then (version 4 on) u64 FNV-1a 64 of every byte before it.
#include <cstring>
#include <string_view>

#include "pe/lab/trainer.hpp"
#include "pe/rng.hpp"

namespace pe::lab {
namespace {

constexpr char kMagic[4] = {'P', 'E', 'L', 'B'};
// Version 2 added randomizedPositions (and the scheme t5, numbered after the others); version 1 states read
// as randomizedPositions 0. Version 3 added the fine-tune's extension (Lab.extend); versions 1 and 2 read as
// extension "none", factor 1, originalLength 0. Version 4 added the checksum; versions 1 to 3 have none and
// are read as before, checked only for their structure.
constexpr std::uint32_t kVersion = 4;
constexpr std::uint32_t kFirstChecked = 4;
constexpr std::size_t kChecksumBytes = 8;

// FNV-1a 64 of the bytes: every change of a single byte changes it (each step is a bijection of the hash),
// and any other change goes unnoticed with probability 2^-64.
std::uint64_t checksum(const std::uint8_t* bytes, std::size_t size) {
  return fnv1a64(std::string_view(reinterpret_cast<const char*>(bytes), size));
}

class Writer {
 public:
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    out.insert(out.end(), p, p + n);
  }
  void u64(std::uint64_t x) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
  }
  void u32(std::uint32_t x) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
  }
  void u8(bool x) { out.push_back(x ? 1 : 0); }
  void i32(int x) { u32(static_cast<std::uint32_t>(x)); }
  void f64(double x) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    u64(bits);
  }
  void floats(const float* x, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t bits = 0;
      std::memcpy(&bits, &x[i], sizeof bits);
      u32(bits);
    }
  }
  std::vector<std::uint8_t> out;
};

// Reads past the end return zeros and set `short_read`, so the caller checks once at the end of each part.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint64_t u64() {
    std::uint64_t x = 0;
    for (int i = 0; i < 8; ++i) x |= static_cast<std::uint64_t>(byte()) << (8 * i);
    return x;
  }
  std::uint32_t u32() {
    std::uint32_t x = 0;
    for (int i = 0; i < 4; ++i) x |= static_cast<std::uint32_t>(byte()) << (8 * i);
    return x;
  }
  std::uint8_t u8() { return byte(); }
  int i32() { return static_cast<int>(u32()); }
  double f64() {
    const std::uint64_t bits = u64();
    double x = 0;
    std::memcpy(&x, &bits, sizeof x);
    return x;
  }
  void floats(float* x, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t bits = u32();
      std::memcpy(&x[i], &bits, sizeof bits);
    }
  }
  [[nodiscard]] std::size_t remaining() const noexcept { return size_ - at_; }
  [[nodiscard]] std::size_t at() const noexcept { return at_; }
  bool short_read = false;

 private:
  std::uint8_t byte() {
    if (at_ >= size_) {
      short_read = true;
      return 0;
    }
    return data_[at_++];
  }
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

}  // namespace

std::vector<std::uint8_t> Trainer::export_state() const {
  Writer w;
  w.bytes(kMagic, sizeof kMagic);
  w.u32(kVersion);
  const Config& c = config_;
  w.u32(static_cast<std::uint32_t>(c.task));
  w.u32(static_cast<std::uint32_t>(c.scheme));
  w.u32(c.rope_convention == RopeConvention::Interleaved ? 0 : 1);
  w.f64(c.base);
  w.i32(c.d_model);
  w.i32(c.n_heads);
  w.i32(c.n_layers);
  w.i32(c.length);
  w.i32(c.batch);
  w.u8(c.causal);
  w.u8(c.scale_embedding);
  w.f64(c.lr);
  w.i32(c.warmup);
  w.i32(c.steps);
  w.f64(c.weight_decay);
  w.f64(c.clip);
  w.u32(c.seed);
  w.i32(c.randomized_positions);
  std::uint32_t extension = 0;
  while (kExtensionMethods[extension] != c.extension) ++extension;
  w.u32(extension);
  w.f64(c.extension_factor);
  w.i32(c.original_length);
  w.u64(static_cast<std::uint64_t>(step_));
  w.u64(batches_drawn_);
  const std::size_t count = model_.size();
  w.u64(count);
  w.floats(model_.params(), count);
  w.floats(adam_.m.data(), count);
  w.floats(adam_.v.data(), count);
  w.u64(checksum(w.out.data(), w.out.size()));
  return std::move(w.out);
}

std::optional<Trainer> Trainer::import_state(const std::uint8_t* bytes, std::size_t size,
                                             std::string& problem) {
  Reader r(bytes, size);
  // A state cut inside its magic is truncated, not foreign: only the bytes present are compared.
  bool magic = size > 0;
  for (const char expected : kMagic) {
    if (r.remaining() == 0) break;
    magic = r.u8() == static_cast<std::uint8_t>(expected) && magic;
  }
  if (!magic) {
    problem = "the bytes are not a saved lab state (they do not start with \"PELB\")";
    return std::nullopt;
  }
  const std::uint32_t version = r.u32();
  if (r.short_read) {
    problem = "the state is truncated: it ends inside its header (" + std::to_string(size) + " bytes)";
    return std::nullopt;
  }
  if (version < 1 || version > kVersion) {
    problem = "the state is of another format version (" + std::to_string(version) +
              "); this engine reads versions 1 to " + std::to_string(kVersion);
    return std::nullopt;
  }
  Config c;
  const std::uint32_t task = r.u32();
  const std::uint32_t scheme = r.u32();
  const std::uint32_t convention = r.u32();
  c.base = r.f64();
  c.d_model = r.i32();
  c.n_heads = r.i32();
  c.n_layers = r.i32();
  c.length = r.i32();
  c.batch = r.i32();
  const std::uint8_t causal = r.u8();
  const std::uint8_t scale = r.u8();
  c.lr = r.f64();
  c.warmup = r.i32();
  c.steps = r.i32();
  c.weight_decay = r.f64();
  c.clip = r.f64();
  c.seed = r.u32();
  c.randomized_positions = version >= 2 ? r.i32() : 0;
  const std::uint32_t extension = version >= 3 ? r.u32() : 0;
  c.extension_factor = version >= 3 ? r.f64() : 1.0;
  c.original_length = version >= 3 ? r.i32() : 0;
  const std::uint64_t step = r.u64();
  const std::uint64_t drawn = r.u64();
  const std::uint64_t count = r.u64();
  if (r.short_read) {
    problem = "the state is truncated: it ends inside its header (" + std::to_string(size) + " bytes)";
    return std::nullopt;
  }
  // What is wrong with the configuration, if anything; said only once the checksum (when there is one) shows
  // that the bytes are the ones written, so that a changed byte is reported as such.
  std::string invalid;
  const bool known = task < kTaskNames.size() && scheme < kSchemeNames.size() && convention <= 1 &&
                     causal <= 1 && scale <= 1 && extension < kExtensionMethods.size();
  if (known) {
    c.task = static_cast<Task>(task);
    c.scheme = static_cast<Scheme>(scheme);
    c.rope_convention = convention == 0 ? RopeConvention::Interleaved : RopeConvention::Half;
    c.causal = causal == 1;
    c.scale_embedding = scale == 1;
    c.extension = kExtensionMethods[extension];
    if (const auto p = config_problem(c)) invalid = "the state's configuration is invalid: " + *p;
  } else {
    invalid = "the state's configuration holds an unknown task, scheme, convention, extension or flag";
  }
  const std::size_t expected = invalid.empty() ? make_layout(c).total : 0;
  const std::size_t trailer = version >= kFirstChecked ? kChecksumBytes : 0;
  const std::size_t whole = r.at() + 3 * 4 * expected + trailer;
  if (invalid.empty() && count == expected && size != whole) {
    problem = size < whole ? "the state is truncated: it has " + std::to_string(size) + " of the " +
                                 std::to_string(whole) + " bytes its header announces"
                           : "the state has " + std::to_string(size - whole) +
                                 " bytes past its end (its header "
                                 "announces " +
                                 std::to_string(whole) + ")";
    return std::nullopt;
  }
  if (trailer > 0) {
    Reader tail(bytes + (size - kChecksumBytes), kChecksumBytes);
    if (size < r.at() + kChecksumBytes || tail.u64() != checksum(bytes, size - kChecksumBytes)) {
      problem = "the state was changed after it was saved: its checksum does not match its bytes";
      return std::nullopt;
    }
  }
  if (!invalid.empty()) {
    problem = invalid;
    return std::nullopt;
  }
  if (count != expected) {
    problem = "the state holds " + std::to_string(count) + " parameters and its configuration needs " +
              std::to_string(expected) + ": it is not a state of that configuration";
    return std::nullopt;
  }
  if (step > (std::uint64_t{1} << 53)) {
    problem = "the state's step count " + std::to_string(step) + " is out of range";
    return std::nullopt;
  }
  Trainer t(c);
  r.floats(t.model_.params(), expected);
  r.floats(t.adam_.m.data(), expected);
  r.floats(t.adam_.v.data(), expected);
  t.step_ = static_cast<std::int64_t>(step);
  t.batches_drawn_ = drawn;
  return t;
}

}  // namespace pe::lab
