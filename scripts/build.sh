#!/usr/bin/env bash
# Builds the engine and the static site into dist/ (engine in dist/engine/).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/build-engine.sh
npx vite build --logLevel warn
