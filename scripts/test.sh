#!/usr/bin/env bash
# Sets up, builds, and runs every test layer: native C++ (Catch2 via CTest), the lab trainer against its PyTorch
# reference, the front end's pure modules in Node, the WASM engine in Node, the type checks (.d.ts and checkJs),
# the browser tests (Playwright + Debian's Chromium headless shell against dist/ under a sub-path), and the format and lint
# checks. Every stage runs; one summary at the end; exit non-zero on any failure.
#
# With a name, runs one layer after setting up and building only what it needs (npm run test:<name>):
#   unit     the front end's pure modules (Node)          cpp    the native Catch2 tests
#   engine   the WASM engine in Node (builds the engine)   torch  the lab against PyTorch (builds pe-lab-dump)
#   e2e      Playwright against dist/ (builds the site); the other arguments go to Playwright:
#            npm run test:e2e -- tests/e2e/ranges.spec.js
#   cross    Firefox ESR, WebKitGTK and WPE WebKit (builds the site; tests/cross/)
#   soak     the 5,000-action soak of the article (npm run soak; PE_SOAK_ACTIONS sets another length)
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

results=()
failed=0
passed=0

stage() {
  local name="$1"
  shift
  log "$name"
  local start=$SECONDS
  if "$@"; then
    results+=("PASS  $name ($((SECONDS - start)) s)")
    passed=$((passed + 1))
  else
    results+=("FAIL  $name ($((SECONDS - start)) s)")
    failed=$((failed + 1))
  fi
}

# Configured every time (a second when nothing changed), so that a build directory made before the preset
# gained a cache variable, such as PE_CHECKS, picks it up.
native() {
  cmake --preset native >/dev/null || return 1
  cmake --build build/native -j"$(nproc)" && ctest --test-dir build/native -j"$(nproc)" --output-on-failure
}
# Two files at a time (Node 20 runs one at a time on two cores): the claims tests, the longest, are two files.
node_tests() { PE_ENGINE_DIR=dist/engine node --test --test-concurrency=2 tests/js/; }
unit_tests() { node --test tests/unit/; }
# After the build: the engine's .wasm and the article's JavaScript and CSS against their gzipped budgets.
budgets() { node --test tests/budget/; }
types() { npx tsc -p tests/types/tsconfig.json && npx tsc -p web/tsconfig.json; }
browser() { npx playwright test; }
# The article, embeds, lab, CSP, axe and the engine's numbers in Firefox ESR and WebKitGTK, and the scalar
# modules in WPE WebKit 2.38 (tests/cross); then every figure shot in Chromium, Firefox and WebKitGTK, side by
# side in artifacts/screenshots/browsers/index.html.
cross_browser() {
  node --test --test-concurrency=1 --test-reporter=spec tests/cross/cross.test.mjs tests/cross/shots.test.mjs
}
# After the native stage, which builds pe-lab-dump.
torch_parity() { /usr/bin/python3 tests/torch/test_reference.py && /usr/bin/python3 tests/torch/parity.py; }
formatting() {
  bash scripts/clang-format.sh && npx prettier --check --log-level warn . && npx eslint --max-warnings 0 .
}

# After the build (npm pack builds the package from the built engine): tests/package/ in VitePress and Vite.
package_tests() { bash scripts/test-package.sh; }
# The single-file copy (dist-single/) is built here too: the browser tests open it from file://.
build() { bash scripts/build.sh && bash scripts/build-single.sh; }

if ! bash scripts/setup.sh; then
  echo "Set-up failed; nothing was tested." >&2
  echo "0 passed, 1 failed"
  exit 1
fi
case "${1:-all}" in
  all) ;;
  unit) exec node --test tests/unit/ ;;
  cpp) native; exit ;;
  engine) bash scripts/build-engine.sh && PE_ENGINE_DIR=web/public/engine exec node --test --test-concurrency=2 tests/js/ ;;
  torch)
    { [ -f build/native/CMakeCache.txt ] || cmake --preset native >/dev/null; } &&
      cmake --build build/native --target pe-lab-dump -j"$(nproc)" && torch_parity
    exit
    ;;
  e2e) shift && build && exec npx playwright test "$@" ;;
  # The long soak (npm run soak): 5,000 actions on the article, about half an hour; npm test runs 200.
  # CROSS_ENGINES=firefox,webkit,wpe chooses the engines.
  cross) build && cross_browser; exit ;;
  soak) build && PE_SOAK_ACTIONS="${PE_SOAK_ACTIONS:-5000}" exec npx playwright test tests/e2e/soak.spec.js ;;
  *)
    echo "Unknown test layer '$1': the layers are unit, cpp, engine, torch, e2e, cross and soak (none runs them all)." >&2
    exit 2
    ;;
esac

stage "Native engine and Catch2 tests" native
stage "PyTorch parity of the lab trainer" torch_parity
stage "Unit tests of the front end's pure modules" unit_tests
stage "Build: WebAssembly engine, static site and single file" build
stage "npm package in a VitePress site and a Vite app (Chromium)" package_tests
stage "Node tests of the WASM engine" node_tests
stage "Size budgets (WebAssembly: engine 60 KB, lab 63 KB, models 34 KB; JavaScript and CSS 350 KB; gzipped)" budgets
stage "Type checks: pe-engine.d.ts, and web/src with checkJs" types
stage "Browser tests (Chromium)" browser
stage "Cross-browser tests (Firefox ESR, WebKitGTK, WPE WebKit without SIMD)" cross_browser
stage "Format and lint (clang-format, Prettier, ESLint)" formatting

echo
log "Summary"
printf '  %s\n' "${results[@]}"
echo "${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
