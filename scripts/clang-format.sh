#!/usr/bin/env bash
# Checks (or with --fix, applies) clang-format on every C++ file of the project.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
mapfile -t files < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.hpp')
[ ${#files[@]} -gt 0 ] || exit 0
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
else
  clang-format --dry-run -Werror "${files[@]}"
fi
