#!/usr/bin/env bash
# Builds the single-file copy of PE Explorer: dist-single/pe-explorer.html, the whole article in one HTML file
# that works opened from disk with no network (vite.single.config.js). Builds the engine first if it is missing.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
if [ ! -f web/public/engine/pe-engine.wasm ]; then
  bash scripts/build-engine.sh
fi
npx vite build --config vite.single.config.js --logLevel warn
