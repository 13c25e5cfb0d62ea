#!/usr/bin/env bash
# Builds the browser version (scripts/build_web.sh) and tests both engines in headless
# Chromium (web/test.mjs): analysis to depth 10 and two engine moves in chess, xiangqi and
# shogi, checked by the native engine; `go infinite` refused by the single-threaded engine, and
# stopped by `stop` and searched with Threads = 2 by the threaded one; then nodes/s of each
# build, the native engine's beside. Needs Debian's chromium (CHROMIUM= points elsewhere).
# `scripts/test_web.sh single` or `scripts/test_web.sh threads` tests one engine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v "${CHROMIUM:-/usr/bin/chromium}" >/dev/null || {
  echo "needs Chromium: apt-get install chromium (or CHROMIUM=/path/to/chrome)" >&2
  exit 2
}
if [ $# -eq 0 ]; then modes=(single threads); else modes=("$@"); fi
bash scripts/build_web.sh
cargo build --release
status=0
for mode in "${modes[@]}"; do
  echo "== $mode"
  node web/test.mjs target/release/nue "$mode" || status=1
done
exit $status
