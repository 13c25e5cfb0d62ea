#!/usr/bin/env bash
# Builds the browser version (scripts/build_web.sh) and tests it in headless Chromium
# (web/test.mjs): analysis to depth 10 and two engine moves in chess, xiangqi and shogi, checked
# by the native engine. Needs Debian's chromium (CHROMIUM= points elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v "${CHROMIUM:-/usr/bin/chromium}" >/dev/null || {
  echo "needs Chromium: apt-get install chromium (or CHROMIUM=/path/to/chrome)" >&2
  exit 2
}
bash scripts/build_web.sh
cargo build --release
node web/test.mjs target/release/nue
