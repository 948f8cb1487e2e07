#!/usr/bin/env bash
# Installs whatever the project needs and is missing: Debian packages (once, as root) and node_modules (when
# missing or when package-lock.json changed). Idempotent: with everything present it takes about a second.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

missing=()
command -v em++ >/dev/null 2>&1 || missing+=(emscripten)
[ -f /usr/include/catch2/catch.hpp ] || missing+=(catch2)
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The browser tests' Chromium (playwright.config.js), installed with chromium so that both are one version.
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium chromium-headless-shell)
# The cross-browser stage (tests/cross): Firefox ESR, WebKitGTK's WebDriver and MiniBrowser under Xvfb, and WPE
# WebKit (Safari 16's engine, no WebAssembly SIMD) with cog.
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
[ -x /usr/bin/WPEWebDriver ] || missing+=(wpewebkit-driver)
[ -x /usr/bin/cog ] || missing+=(cog)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v make >/dev/null 2>&1 || missing+=(make)
command -v clang-format >/dev/null 2>&1 || missing+=(clang-format)
# The PyTorch reference of the lab trainer (tests/torch) runs on Debian's python3, not on a pyenv shim.
/usr/bin/python3 -c 'import torch' >/dev/null 2>&1 || missing+=(python3-torch)
# The benchmark's PyTorch peer runs on single-threaded OpenBLAS (bench/lab-peers.bench.mjs): python3-torch alone
# brings only the reference BLAS. Installing it makes OpenBLAS the system's libblas.so.3 (Debian's alternatives),
# which the parity reference also passes with.
[ -f /usr/lib/x86_64-linux-gnu/openblas-serial/libblas.so.3 ] || missing+=(libopenblas0-serial)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PE Explorer needs these Debian packages, which are not installed: ${missing[*]}" >&2
    echo "Install them as root, then run this again:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  log "Installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp=node_modules/.pe-explorer-lock
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash" ]; then
  log "Installing npm packages (npm ci)"
  npm ci --no-audit --no-fund
  echo "$lock_hash" >"$stamp"
fi
