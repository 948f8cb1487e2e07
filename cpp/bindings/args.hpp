// Argument checking for the JavaScript boundary. Every binding reads its arguments through one Args, which
// records the first problem; the binding then returns Args::error() (a JS Error) instead of a result, and the
// adapter in post.js throws it once control is back in JavaScript. Throwing from C++ instead would unwind
// through WebAssembly frames without running destructors or restoring the stack pointer.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "pe/limits.hpp"

namespace pe::bind {

class Args {
 public:
  explicit Args(std::string function) : function_(std::move(function)) {}

  /// An integer in [min, max]; undefined takes fallback when one is given.
  [[nodiscard]] int integer(const emscripten::val& v, const char* name, int min, int max,
                            std::optional<int> fallback = std::nullopt);
  /// An even integer in [min, max].
  [[nodiscard]] int even_integer(const emscripten::val& v, const char* name, int min, int max,
                                 std::optional<int> fallback = std::nullopt);
  /// A finite number in [min, max] (or (min, max] when min_exclusive).
  [[nodiscard]] double number(const emscripten::val& v, const char* name, double min, double max,
                              std::optional<double> fallback = std::nullopt, bool min_exclusive = false);
  /// One of the allowed strings; returns its index.
  [[nodiscard]] std::size_t choice(const emscripten::val& v, const char* name,
                                   std::initializer_list<const char*> allowed,
                                   std::optional<std::size_t> fallback = std::nullopt);
  /// A boolean; undefined takes fallback.
  [[nodiscard]] bool boolean(const emscripten::val& v, const char* name,
                             std::optional<bool> fallback = std::nullopt);
  /// A string of at most max_length UTF-16 code units.
  [[nodiscard]] std::string text(const emscripten::val& v, const char* name, std::size_t max_length);
  /// An array or typed array of finite numbers, of exactly `length` items when length is set.
  [[nodiscard]] std::vector<double> numbers(
      const emscripten::val& v, const char* name, std::optional<std::size_t> length = std::nullopt,
      std::size_t max_length = static_cast<std::size_t>(limits::kMaxValues));
  /// numbers() of exactly `length` items, each within float32's range (|v| <= 3.4028234663852886e+38): such a
  /// value converts to float without undefined behaviour, and a sum of 2^24 products of two of them cannot
  /// overflow a double.
  [[nodiscard]] std::vector<double> float32_numbers(const emscripten::val& v, const char* name,
                                                    std::size_t length);
  /// An array of integers, each in [min, max], at most max_length items.
  [[nodiscard]] std::vector<int> integers(const emscripten::val& v, const char* name, int min, int max,
                                          std::size_t max_length);

  /// The frequency base of a sinusoidal or rotary encoding: a finite number > 1 and <= 1e12, default 10000.
  [[nodiscard]] double base(const emscripten::val& v, const char* name = "base");
  /// A seed: an integer from 0 to 2^32 - 1; undefined means 1.
  [[nodiscard]] std::uint64_t seed(const emscripten::val& v, const char* name = "seed");
  /// An options argument: false for undefined, true for a plain object whose keys are all in `allowed`
  /// (anything else fails, naming an example of a valid object).
  [[nodiscard]] bool options(const emscripten::val& v, std::initializer_list<const char*> allowed,
                             const char* example, const char* name = "options");

  /// Fails with "`what` ... allowed" when the condition does not hold.
  void require(bool condition, const char* name, const std::string& received, const std::string& allowed);
  /// Fails when a product of sizes exceeds the cap on values in one result.
  void cap_values(std::int64_t values, const char* what, std::int64_t cap);
  /// Records a problem in full words: "<function>: <message>".
  void fail(const std::string& message);

  [[nodiscard]] bool ok() const noexcept { return !failed_; }
  /// The recorded problem as a JS Error (call only when !ok()).
  [[nodiscard]] emscripten::val error() const;

 private:
  void fail_value(const char* name, const emscripten::val& v, const std::string& allowed);
  std::string function_;
  std::string message_;
  bool failed_ = false;
};

/// A JavaScript string as UTF-8, each lone surrogate as U+FFFD (pe/utf.hpp). Embind's own std::string
/// conversion would pair a lone surrogate with whatever code unit follows it and so swallow that character.
[[nodiscard]] std::string js_string(const emscripten::val& v);

/// Any JS value described for an error message: numbers as written, strings quoted, others by kind.
[[nodiscard]] std::string describe(const emscripten::val& v);
[[nodiscard]] std::string format_number(double x);

/// Fresh JS-owned copies of engine results (never a view of WebAssembly memory).
[[nodiscard]] emscripten::val to_float32_array(const std::vector<float>& data);
[[nodiscard]] emscripten::val to_float64_array(const std::vector<double>& data);
[[nodiscard]] emscripten::val to_int32_array(const std::vector<int>& data);
[[nodiscard]] emscripten::val to_string_array(const std::vector<std::string>& data);
[[nodiscard]] emscripten::val to_uint8_array(const std::vector<std::uint8_t>& data);

}  // namespace pe::bind
