#!/usr/bin/env bash
# Sets up, builds the engine and serves the explainer with live reload (PORT overrides 5173).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh
log "Building the engine"
bash scripts/build-engine.sh
port="${PORT:-5173}"
log "PE Explorer: http://localhost:${port}/"
exec npx vite --port "$port" --strictPort
