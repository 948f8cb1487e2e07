#include "pe/format.hpp"

#include <cstdio>
#include <cstdlib>

namespace pe {

std::string shortest_number(double x) {
  for (int digits = 1; digits <= 17; ++digits) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*g", digits, x);
    if (std::strtod(text, nullptr) == x) return text;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

}  // namespace pe
