// Numbers as text for messages, as JavaScript prints them where it can.
#pragma once

#include <string>

namespace pe {

/// The shortest %g form of a finite x that reads back to exactly x (1e-05, 0.003, 264, 1e+09).
[[nodiscard]] std::string shortest_number(double x);

}  // namespace pe
