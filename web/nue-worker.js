// The engine in a Web Worker: `nue.wasm` (wasm32-wasip1) run by a WASI shim. Each message is
// text for the engine (one or more protocol lines), or { nnue: ArrayBuffer, name } to put a
// net file where `setoption name EvalFile value NAME` finds it. Every line the engine prints is
// posted back as a string, as it is printed (info lines arrive while a search runs). The build
// has no threads: a search runs to its limit before the next message is read.
import { WASI, File, OpenFile, ConsoleStdout, PreopenDirectory } from "./wasi/index.js";

const stdin = new OpenFile(new File([]));
const files = new PreopenDirectory(".", []);
const wasi = new WASI(["nue"], [], [
  stdin,
  ConsoleStdout.lineBuffered((line) => postMessage(line)),
  ConsoleStdout.lineBuffered((line) => postMessage(`info string stderr: ${line}`)),
  files,
], { debug: false });

const ready = (async () => {
  const module = await WebAssembly.compileStreaming(fetch(new URL("nue.wasm", import.meta.url)));
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport });
  wasi.initialize(instance);
  return instance;
})();

let quit = false;

onmessage = async (event) => {
  let instance;
  try {
    instance = await ready;
  } catch (e) {
    postMessage(`info string error: the engine could not start: ${e}`);
    return;
  }
  if (quit) return;
  const data = event.data;
  if (data && data.nnue) {
    files.dir.contents.set(data.name || "net.nnue", new File(new Uint8Array(data.nnue)));
    return;
  }
  const text = String(data).endsWith("\n") ? String(data) : `${data}\n`;
  stdin.file.data = new TextEncoder().encode(text);
  stdin.file_pos = 0n;
  try {
    quit = instance.exports.nue_step() === 1;
  } catch (e) {
    // A trap leaves the module's memory in an unknown state: answer nothing more from it.
    quit = true;
    postMessage(`info string error: the engine stopped: ${e}`);
  }
};
