// nue's engine object for pages, shaped like the Stockfish and Fairy-Stockfish web builds':
// `postMessage(line)`, `addMessageListener(fn)`, `removeMessageListener(fn)`,
// `setNnueBuffer(bytes, name)` and `terminate()`; `threads` tells which build runs.
//
// Two builds: the threaded one (nue-threads.wasm in nue-worker-threads.js, a Web Worker per
// engine thread) where the page is cross-origin isolated, so SharedArrayBuffer exists (served
// with COOP/COEP headers); the single-threaded one (nue.wasm in nue-worker.js) otherwise, or
// when asked with { threads: false }. In the threaded build the page starts the thread workers
// (the engine asks with { spawn: n }: a worker busy in WebAssembly cannot start one in time)
// and reads the engine's lines from the shared output ring when told { drain: true }.
import { outputReader, reserveThreads } from "./nue-threads.js";

// Whether this page can run the threaded build.
export const canThread = () => typeof SharedArrayBuffer !== "undefined" && globalThis.crossOriginIsolated === true;

export function Nue(base = new URL(".", import.meta.url), { threads = canThread() } = {}) {
  const listeners = new Set();
  const dispatch = (line) => listeners.forEach((fn) => fn(line));
  const worker = new Worker(new URL(threads ? "nue-worker-threads.js" : "nue-worker.js", base), { type: "module" });
  const helpers = [];
  let shared = null;
  let drain = () => [];
  const startThreads = (n) => {
    for (let i = 0; i < n; i++) {
      const helper = new Worker(new URL("nue-thread.js", base), { type: "module" });
      helper.onmessage = onmessage;
      helper.onerror = onerror;
      helper.postMessage(shared);
      helpers.push(helper);
    }
  };
  function onmessage({ data }) {
    if (typeof data === "string") {
      dispatch(data);
    } else if (data.drain) {
      drain().forEach(dispatch);
    } else if (data.spawn) {
      startThreads(data.spawn);
    } else if (data.threads) {
      shared = data.threads;
      drain = outputReader(shared.output);
      // One worker ready before the first `go`, whose search thread then starts at once.
      reserveThreads(shared.control, 1);
      startThreads(1);
    }
  }
  // A worker's script that fails to load or throws: said as the engine's errors are.
  function onerror(event) {
    dispatch(`info string error: the engine's worker failed: ${event.message || "could not load"}`);
  }
  worker.onmessage = onmessage;
  worker.onerror = onerror;
  return {
    threads,
    postMessage: (line) => worker.postMessage(line),
    addMessageListener: (fn) => listeners.add(fn),
    removeMessageListener: (fn) => listeners.delete(fn),
    // A net (a `.nnue` file's bytes) the engine then loads with `setoption name EvalFile value NAME`.
    setNnueBuffer: (bytes, name = "net.nnue") => worker.postMessage({ nnue: bytes, name }),
    terminate: () => {
      worker.terminate();
      helpers.forEach((helper) => helper.terminate());
    },
  };
}
