#!/usr/bin/env bash
# Builds nue for the browser into web/dist, two engines with every committed net embedded:
# - nue.wasm (wasm32-wasip1, one thread), run in a Web Worker (nue-worker.js) through a WASI
#   shim (@bjorn3/browser_wasi_shim, from the npm registry);
# - nue-threads.wasm (wasm32-wasip1-threads): searches on their own threads, so `stop`,
#   `go infinite` and `Threads` work; the same shim plus the thread glue (nue-threads.js,
#   nue-worker-threads.js, nue-thread.js). Pages get it only when cross-origin isolated.
# plus the engine object for pages (nue.js), which picks one, and the demo page. Serve the
# folder with COOP/COEP headers for the threaded engine: python3 scripts/serve_web.py
# (any static server gives the single-threaded one: python3 -m http.server -d web/dist).
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-wasip1 wasm32-wasip1-threads >/dev/null 2>&1
cargo build -p nue-web --release --target wasm32-wasip1
# simd128 as .cargo/config.toml gives wasm32-wasip1. The memory maximum: rustc declares 1 GiB
# for this target, and a shared memory never grows past its declared maximum, while each
# search thread takes a 64 MiB stack besides the hash table: 4 GiB, all wasm32 addresses.
CARGO_TARGET_WASM32_WASIP1_THREADS_RUSTFLAGS="-C target-feature=+simd128 -C link-arg=--max-memory=4294967296" \
  cargo build -p nue-web --release --target wasm32-wasip1-threads
(cd web && npm install --silent --no-audit --no-fund)
rm -rf web/dist
mkdir -p web/dist/wasi
cp web/index.html web/app.js web/nue.js web/nue-worker.js web/dist/
cp web/nue-threads.js web/nue-worker-threads.js web/nue-thread.js web/dist/
cp target/wasm32-wasip1/release/nue_web.wasm web/dist/nue.wasm
cp target/wasm32-wasip1-threads/release/nue_web.wasm web/dist/nue-threads.wasm
cp web/node_modules/@bjorn3/browser_wasi_shim/dist/*.js web/dist/wasi/
echo "web/dist: nue.wasm $(stat -c %s web/dist/nue.wasm) bytes, nue-threads.wasm $(stat -c %s web/dist/nue-threads.wasm) bytes"
echo "serve with: python3 scripts/serve_web.py (threaded), or python3 -m http.server -d web/dist"
