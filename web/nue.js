// nue's engine object for pages, shaped like the Stockfish and Fairy-Stockfish web builds':
// `postMessage(line)`, `addMessageListener(fn)`, `removeMessageListener(fn)`,
// `setNnueBuffer(bytes, name)` and `terminate()`.
export function Nue(base = new URL(".", import.meta.url)) {
  const worker = new Worker(new URL("nue-worker.js", base), { type: "module" });
  const listeners = new Set();
  worker.onmessage = (event) => listeners.forEach((fn) => fn(event.data));
  return {
    postMessage: (line) => worker.postMessage(line),
    addMessageListener: (fn) => listeners.add(fn),
    removeMessageListener: (fn) => listeners.delete(fn),
    // A net (a `.nnue` file's bytes) the engine then loads with `setoption name EvalFile value NAME`.
    setNnueBuffer: (bytes, name = "net.nnue") => worker.postMessage({ nnue: bytes, name }),
    terminate: () => worker.terminate(),
  };
}
