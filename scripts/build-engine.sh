#!/usr/bin/env bash
# Builds the WebAssembly engine and places it where the site serves it: web/public/engine/. Two builds of each
# module: with WebAssembly SIMD (build/wasm) and scalar (build/wasm-scalar, the fallback for browsers without
# SIMD), which share one glue script: the scalar .wasm ships as <name>.scalar.wasm beside it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
for preset in wasm wasm-scalar; do
  if [ ! -f "build/$preset/CMakeCache.txt" ]; then
    emcmake cmake --preset "$preset" >/dev/null
  fi
done
cmake --build build/wasm -j"$(nproc)"
cmake --build build/wasm-scalar -j"$(nproc)" --target pe-engine pe-lab
mkdir -p web/public/engine
for name in pe-engine pe-lab; do
  if ! cmp -s "build/wasm/$name.js" "build/wasm-scalar/$name.js"; then
    echo "The scalar build's $name.js differs from the SIMD build's; the page loads one glue for both." >&2
    exit 1
  fi
  cp "build/wasm-scalar/$name.wasm" "web/public/engine/$name.scalar.wasm"
done
cp build/wasm/pe-engine.js build/wasm/pe-engine.wasm build/wasm/pe-lab.js build/wasm/pe-lab.wasm \
  cpp/bindings/pe-engine.d.ts cpp/bindings/pe-lab.d.ts web/public/engine/
