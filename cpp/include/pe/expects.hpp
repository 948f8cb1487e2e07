// Preconditions. The bindings validate every argument before the engine sees it, so a broken precondition
// is a bug in the engine or its tests, never bad user input. PE_EXPECTS(condition) states one: with PE_CHECKS
// defined (the `checked` CMake preset, which the Catch2 tests run under) a false condition aborts with its
// file, line and text; without it (the shipped WebAssembly and the benchmarks) it compiles to nothing and
// costs nothing.
#pragma once

#ifdef PE_CHECKS
#include <cstdio>
#include <cstdlib>

namespace pe::detail {

[[noreturn]] inline void precondition_failed(const char* condition, const char* function, const char* file,
                                             int line) noexcept {
  std::fprintf(stderr, "%s:%d: %s: precondition failed: %s\n", file, line, function, condition);
  std::abort();
}

}  // namespace pe::detail

#define PE_EXPECTS(condition)         \
  ((condition) ? static_cast<void>(0) \
               : ::pe::detail::precondition_failed(#condition, __func__, __FILE__, __LINE__))
#else
// Unevaluated, so it costs nothing, yet the names in the condition still count as used.
#define PE_EXPECTS(condition) static_cast<void>(sizeof(!(condition)))
#endif
