#!/usr/bin/env bash
# Builds the WebAssembly engine and places it where the site serves it: web/public/engine/.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
if [ ! -f build/wasm/CMakeCache.txt ]; then
  emcmake cmake --preset wasm >/dev/null
fi
cmake --build build/wasm -j"$(nproc)"
mkdir -p web/public/engine
cp build/wasm/pe-engine.js build/wasm/pe-engine.wasm build/wasm/pe-lab.js build/wasm/pe-lab.wasm \
  cpp/bindings/pe-engine.d.ts cpp/bindings/pe-lab.d.ts web/public/engine/
