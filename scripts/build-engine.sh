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
cmake --build build/wasm-scalar -j"$(nproc)" --target pe-engine pe-lab pe-models
mkdir -p web/public/engine
for name in pe-engine pe-lab pe-models; do
  if ! cmp -s "build/wasm/$name.js" "build/wasm-scalar/$name.js"; then
    echo "The scalar build's $name.js differs from the SIMD build's; the page loads one glue for both." >&2
    exit 1
  fi
  cp "build/wasm-scalar/$name.wasm" "web/public/engine/$name.scalar.wasm"
done
for name in pe-engine pe-lab pe-models; do
  cp "build/wasm/$name.js" "build/wasm/$name.wasm" "cpp/bindings/$name.d.ts" web/public/engine/
done
