#!/usr/bin/env bash
# Builds nue for the browser into web/dist: the engine as a WebAssembly module (wasm32-wasip1,
# one thread, every committed net embedded), the Web Worker that runs it through a WASI shim
# (@bjorn3/browser_wasi_shim, from the npm registry), the engine object for pages (nue.js) and
# the demo page. Serve the folder with any static server: python3 -m http.server -d web/dist
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target add wasm32-wasip1 >/dev/null 2>&1
cargo build -p nue-web --release --target wasm32-wasip1
(cd web && npm install --silent --no-audit --no-fund)
rm -rf web/dist
mkdir -p web/dist/wasi
cp web/index.html web/app.js web/nue.js web/nue-worker.js web/dist/
cp target/wasm32-wasip1/release/nue_web.wasm web/dist/nue.wasm
cp web/node_modules/@bjorn3/browser_wasi_shim/dist/*.js web/dist/wasi/
echo "web/dist: nue.wasm $(stat -c %s web/dist/nue.wasm) bytes; serve with: python3 -m http.server -d web/dist"
