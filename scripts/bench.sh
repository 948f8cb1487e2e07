#!/usr/bin/env bash
# npm run bench: engine throughput against plain JS and the memory floor, then redraw frame times in Chromium.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
node bench/engine.bench.mjs
if [ -f bench/frames.bench.mjs ]; then node bench/frames.bench.mjs; fi
