#!/usr/bin/env bash
# The npm package in real clients: packs pe-explorer (npm pack, which builds dist-package/ first), installs the
# tarball into a fresh VitePress site and a fresh Vite app (tests/package/, each with its tool from the npm
# registry at a pinned version; downloads are cached in .cache/npm), builds both, and checks them in Chromium
# (tests/package/package.spec.js). Arguments go to Playwright.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
VITEPRESS_VERSION=1.6.4
VITE_VERSION=8.3.4
work="$ROOT/.cache/package-test"
rm -rf "$work"
mkdir -p "$work"
log "npm pack"
npm pack --silent --pack-destination "$work" >/dev/null
tarball="$(ls "$work"/pe-explorer-*.tgz)"

# A fresh project in $1 from the files of tests/package/$2, with the packages $3... installed, then built by
# `npx $build_command`.
project() {
  local dir="$1" template="$2"
  shift 2
  mkdir -p "$dir"
  cp -r "tests/package/$template/." "$dir/"
  printf '{ "name": "%s", "private": true, "type": "module" }\n' "$template" >"$dir/package.json"
  (cd "$dir" && npm install --silent --no-audit --no-fund --cache "$ROOT/.cache/npm" --prefer-offline \
    "$tarball" "$@")
}

log "A VitePress site (vitepress@$VITEPRESS_VERSION) and a Vite app (vite@$VITE_VERSION) with the package"
project "$work/vitepress" vitepress "vitepress@$VITEPRESS_VERSION" &
vitepress=$!
project "$work/vite-app" vite-app "vite@$VITE_VERSION"
wait "$vitepress"
(cd "$work/vitepress" && npx vitepress build --outDir "$work/vitepress-dist" >/dev/null)
(cd "$work/vite-app" && npx vite build --logLevel warn --emptyOutDir --outDir "$work/vite-app-dist")

log "Both in Chromium"
PE_PACKAGE_TEST="$work" npx playwright test --config tests/package/playwright.config.js "$@"
