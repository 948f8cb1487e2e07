# Shared shell helpers for the project's scripts.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
log() { printf '\033[1m==> %s\033[0m\n' "$*"; }
