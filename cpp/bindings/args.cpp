#include "args.hpp"

#include "pe/format.hpp"
#include "pe/limits.hpp"
#include "pe/utf.hpp"

#include <emscripten/emscripten.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

// The index of the first item of a plain array that is not of type number, or -1. The array is post.js's
// plain copy, so reading its items runs no user code.
// clang-format off
EM_JS(int, pe_first_non_number, (emscripten::EM_VAL handle), {
  var items = Emval.toValue(handle);
  for (var i = 0; i < items.length; ++i) {
    if (typeof items[i] !== 'number') return i;
  }
  return -1;
});
// clang-format on

namespace pe::bind {

using emscripten::val;

std::string format_number(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  return pe::shortest_number(x);
}

std::string js_string(const val& v) {
  return pe::utf8_from_utf16(v.as<std::u16string>());
}

std::string describe(const val& v) {
  const std::string type = v.typeOf().as<std::string>();
  if (type == "number") return format_number(v.as<double>());
  if (type == "string") {
    // Cut by UTF-16 code units, as JavaScript counts; a pair cut in half shows as U+FFFD.
    std::u16string s = v.as<std::u16string>();
    const bool cut = s.size() > 40;
    if (cut) s.resize(40);
    return val::global("JSON").call<std::string>("stringify",
                                                 val(pe::utf8_from_utf16(s) + (cut ? "..." : "")));
  }
  if (type == "undefined" || type == "boolean") return val::global("String")(v).as<std::string>();
  if (type == "bigint") return "a BigInt (" + val::global("String")(v).as<std::string>() + "n)";
  if (v.isNull()) return "null";
  if (type == "symbol") return "a symbol";
  if (type == "function") return "a function";
  if (v.isArray()) return "an array of length " + std::to_string(v["length"].as<unsigned>());
  if (val::global("ArrayBuffer").call<bool>("isView", v)) {
    return "a " + v["constructor"]["name"].as<std::string>();
  }
  return "an object";
}

void Args::fail(const std::string& message) {
  if (failed_) return;
  failed_ = true;
  message_ = function_ + ": " + message;
}

void Args::fail_value(const char* name, const val& v, const std::string& allowed) {
  fail(std::string(name) + " must be " + allowed + "; received " + describe(v) + ".");
}

void Args::require(bool condition, const char* name, const std::string& received,
                   const std::string& allowed) {
  if (!condition) fail(std::string(name) + " must be " + allowed + "; received " + received + ".");
}

void Args::cap_values(std::int64_t values, const char* what, std::int64_t cap) {
  if (values > cap) {
    fail(std::string(what) + " is " + std::to_string(values) + " values, more than the cap of " +
         std::to_string(cap) + "; choose smaller sizes.");
  }
}

val Args::error() const {
  return val::global("Error").new_(val(message_));
}

int Args::integer(const val& v, const char* name, int min, int max, std::optional<int> fallback) {
  if (failed_) return min;
  if (fallback && v.isUndefined()) return *fallback;
  const std::string allowed = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (!v.isNumber()) {
    fail_value(name, v, allowed);
    return min;
  }
  const double x = v.as<double>();
  if (!std::isfinite(x) || std::floor(x) != x || x < min || x > max) {
    fail_value(name, v, allowed);
    return min;
  }
  return static_cast<int>(x);
}

int Args::even_integer(const val& v, const char* name, int min, int max, std::optional<int> fallback) {
  if (failed_) return min;
  if (fallback && v.isUndefined()) return *fallback;
  const std::string allowed = "an even integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (!v.isNumber()) {
    fail_value(name, v, allowed);
    return min;
  }
  const double x = v.as<double>();
  if (!std::isfinite(x) || std::floor(x) != x || x < min || x > max || std::fmod(x, 2.0) != 0.0) {
    fail_value(name, v, allowed);
    return min;
  }
  return static_cast<int>(x);
}

double Args::number(const val& v, const char* name, double min, double max, std::optional<double> fallback,
                    bool min_exclusive) {
  if (failed_) return min;
  if (fallback && v.isUndefined()) return *fallback;
  const std::string allowed = "a finite number " + std::string(min_exclusive ? "greater than " : "from ") +
                              format_number(min) + (min_exclusive ? " and at most " : " to ") +
                              format_number(max);
  if (!v.isNumber()) {
    fail_value(name, v, allowed);
    return min;
  }
  const double x = v.as<double>();
  const bool low = min_exclusive ? !(x > min) : !(x >= min);
  if (!std::isfinite(x) || low || x > max) {
    fail_value(name, v, allowed);
    return min;
  }
  return x;
}

std::size_t Args::choice(const val& v, const char* name, std::initializer_list<const char*> allowed,
                         std::optional<std::size_t> fallback) {
  if (failed_) return 0;
  if (fallback && v.isUndefined()) return *fallback;
  std::string list;
  std::size_t index = 0;
  std::optional<std::size_t> found;
  const std::string received = v.isString() ? v.as<std::string>() : std::string();
  for (const char* option : allowed) {
    if (!list.empty()) list += ", ";
    list += '"' + std::string(option) + '"';
    if (v.isString() && received == option) found = index;
    ++index;
  }
  if (!found) {
    fail_value(name, v, "one of " + list);
    return 0;
  }
  return *found;
}

bool Args::boolean(const val& v, const char* name, std::optional<bool> fallback) {
  if (failed_) return false;
  if (fallback && v.isUndefined()) return *fallback;
  if (!v.isTrue() && !v.isFalse()) {
    fail_value(name, v, "true or false");
    return false;
  }
  return v.isTrue();
}

double Args::base(const val& v, const char* name) {
  return number(v, name, 1.0, limits::kMaxBase, 10000.0, /*min_exclusive=*/true);
}

std::uint64_t Args::seed(const val& v, const char* name) {
  if (failed_) return 0;
  if (v.isUndefined()) return 1;
  const double x = v.isNumber() ? v.as<double>() : std::nan("");
  const bool ok = std::isfinite(x) && std::floor(x) == x && x >= 0.0 && x <= limits::kMaxSeed;
  require(ok, name, describe(v), "an integer from 0 to " + format_number(limits::kMaxSeed));
  return ok ? static_cast<std::uint64_t>(x) : 0;
}

bool Args::options(const val& v, std::initializer_list<const char*> allowed, const char* example,
                   const char* name) {
  if (failed_ || v.isUndefined()) return false;
  const bool is_object = v.typeOf().as<std::string>() == "object" && !v.isNull() && !v.isArray();
  require(is_object, name, describe(v), std::string("an object such as ") + example + ", or undefined");
  if (failed_) return false;
  std::string list;
  for (const char* key : allowed) list += std::string(list.empty() ? "" : ", ") + key;
  const val keys = val::global("Object").call<val>("keys", v);
  const auto count = keys["length"].as<unsigned>();
  for (unsigned i = 0; i < count && !failed_; ++i) {
    const auto key = keys[i].as<std::string>();
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    require(known, name, "an object with the key " + describe(val(key)),
            "an object with no keys but " + list);
  }
  return !failed_;
}

std::string Args::text(const val& v, const char* name, std::size_t max_length) {
  if (failed_) return {};
  const std::string allowed = "a string of at most " + std::to_string(max_length) + " characters";
  if (!v.isString() || v["length"].as<std::size_t>() > max_length) {
    fail_value(name, v, allowed);
    return {};
  }
  return js_string(v);
}

std::vector<double> Args::numbers(const val& v, const char* name, std::optional<std::size_t> length,
                                  std::size_t max_length) {
  if (failed_) return {};
  // Plain arrays and typed arrays of numbers (not DataView, BigInt64Array or BigUint64Array).
  const auto is = [&v](const char* type) { return v.instanceof (val::global(type)); };
  const bool view = val::global("ArrayBuffer").call<bool>("isView", v);
  const bool array_like =
      v.isArray() || (view && !is("DataView") && !is("BigInt64Array") && !is("BigUint64Array"));
  const std::string size = length ? "of exactly " + std::to_string(*length) + " finite numbers"
                                  : "of at most " + std::to_string(max_length) + " finite numbers";
  if (!array_like) {
    fail_value(name, v, "an array or typed array " + size);
    return {};
  }
  const auto n = v["length"].as<std::size_t>();
  if ((length && n != *length) || n > max_length) {
    fail_value(name, v, "an array or typed array " + size);
    return {};
  }
  // Items must be numbers as they are: no coercion of null, strings, booleans or anything else.
  if (v.isArray()) {
    const int bad = pe_first_non_number(v.as_handle());
    if (bad >= 0) {
      fail(std::string(name) + " must hold finite numbers only; item " + std::to_string(bad) + " is " +
           describe(v[bad]) + ".");
      return {};
    }
  }
  std::vector<double> out =
      emscripten::convertJSArrayToNumberVector<double>(val::global("Float64Array").call<val>("from", v));
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!std::isfinite(out[i])) {
      fail(std::string(name) + " must hold finite numbers only; item " + std::to_string(i) + " is " +
           format_number(out[i]) + ".");
      return {};
    }
  }
  return out;
}

std::vector<double> Args::float32_numbers(const val& v, const char* name, std::size_t length) {
  auto out = numbers(v, name, length);
  constexpr double kMax = static_cast<double>(std::numeric_limits<float>::max());
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (std::fabs(out[i]) > kMax) {
      fail(std::string(name) + " must hold numbers within float32's range (|v| <= " + format_number(kMax) +
           "); item " + std::to_string(i) + " is " + format_number(out[i]) + ".");
      return {};
    }
  }
  return out;
}

std::vector<int> Args::integers(const val& v, const char* name, int min, int max, std::size_t max_length) {
  const auto raw = numbers(v, name, std::nullopt, max_length);
  std::vector<int> out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size() && !failed_; ++i) {
    const double x = raw[i];
    if (std::floor(x) != x || x < min || x > max) {
      fail(std::string(name) + " must hold integers from " + std::to_string(min) + " to " +
           std::to_string(max) + "; item " + std::to_string(i) + " is " + format_number(x) + ".");
      return {};
    }
    out.push_back(static_cast<int>(x));
  }
  return out;
}

namespace {

// A fresh array of the view's type, filled with TypedArray.set: V8 copies that with one memmove, while
// slice() on a view of WebAssembly memory goes through a slower path (about 1.6x the time for 4 MiB).
template <typename T>
val copy_out(const T* data, std::size_t size) {
  const val view(emscripten::typed_memory_view(size, data));
  val out = view["constructor"].new_(size);
  out.call<void>("set", view);
  return out;
}

template <typename T>
val copy_out(const std::vector<T>& data) {
  return copy_out(data.data(), data.size());
}

}  // namespace

val to_float32_array(const std::vector<float>& data) {
  return copy_out(data);
}
val to_float64_array(const std::vector<double>& data) {
  return copy_out(data);
}
val to_int32_array(const std::vector<int>& data) {
  return copy_out(data);
}
val to_uint8_array(const std::vector<std::uint8_t>& data) {
  return copy_out(data);
}

val to_string_array(const std::vector<std::string>& data) {
  val out = val::array();
  for (const auto& s : data) out.call<void>("push", val(s));
  return out;
}

}  // namespace pe::bind
