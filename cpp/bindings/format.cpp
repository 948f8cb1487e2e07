// pe::shortest_number (pe/format.hpp) for the WebAssembly module. The native build formats with snprintf and
// reads back with strtod (cpp/src/format.cpp); linked into WebAssembly those two bring printf's machinery and
// long-double arithmetic, about 20 KB of the module. Here JavaScript's Number.prototype.toExponential, which
// rounds correctly like printf, gives the digits, and the same %g text is assembled from them: the smallest
// precision that reads back to exactly x, in exponent form when the exponent is below -4 or not below the
// precision, trailing zeros removed.
#include <emscripten/val.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "pe/format.hpp"

namespace pe {

std::string shortest_number(double x) {
  if (x == 0) return std::signbit(x) ? "-0" : "0";
  using emscripten::val;
  const val number = val::global("Number");
  std::string e;  // "d.ddde+X" or "-d.ddde-X" from toExponential(precision - 1)
  int precision = 1;
  for (; precision <= 17; ++precision) {
    e = val(x).call<std::string>("toExponential", precision - 1);
    if (number(e).as<double>() == x) break;
  }
  if (precision > 17) precision = 17;
  const bool negative = e[0] == '-';
  const std::size_t at = e.find('e');
  std::string digits;
  for (std::size_t i = negative ? 1 : 0; i < at; ++i) {
    if (e[i] != '.') digits += e[i];
  }
  const int exponent = std::atoi(e.c_str() + at + 1);
  const auto trim = [](std::string s) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    return s;
  };
  std::string out = negative ? "-" : "";
  if (exponent < -4 || exponent >= precision) {
    const std::string fraction = trim(digits.substr(1));
    const int magnitude = std::abs(exponent);
    out += digits.substr(0, 1) + (fraction.empty() ? "" : "." + fraction) + (exponent < 0 ? "e-" : "e+") +
           (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
  } else if (exponent >= 0) {
    const auto whole = static_cast<std::size_t>(exponent) + 1;
    const std::string fraction = trim(digits.substr(whole));
    out += digits.substr(0, whole) + (fraction.empty() ? "" : "." + fraction);
  } else {
    out += "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + trim(digits);
  }
  return out;
}

}  // namespace pe
