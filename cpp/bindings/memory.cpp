// Diagnostics for the engine's own memory, used by the tests that check repeated calls do not leak.
#include <emscripten/bind.h>
#include <malloc.h>

namespace pe::bind {
namespace {

emscripten::val memory_usage() {
  const struct mallinfo info = mallinfo();
  emscripten::val out = emscripten::val::object();
  out.set("heapBytes", emscripten::val::module_property("HEAP8")["length"]);
  out.set("allocatedBytes", emscripten::val(static_cast<double>(info.uordblks)));
  return out;
}

}  // namespace
}  // namespace pe::bind

EMSCRIPTEN_BINDINGS(pe_memory) {
  emscripten::function("raw_memoryUsage", &pe::bind::memory_usage);
}
