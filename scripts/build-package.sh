#!/usr/bin/env bash
# Builds the npm package's files into dist-package/ (vite.package.config.js): the <pe-figure> element, the engine
# and the lab. `npm pack` runs this first (package.json's prepack) and packs dist-package/ alone.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/build-engine.sh
npx vite build --config vite.package.config.js --logLevel warn
