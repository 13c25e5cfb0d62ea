// The threaded engine's main thread in a Web Worker: `nue-threads.wasm` (wasm32-wasip1-threads)
// run by the WASI shim, with its memory shared with the thread workers (nue-thread.js) that the
// page starts for it (nue.js; the glue is nue-threads.js). Messages are those of nue-worker.js:
// text for the engine, or { nnue: ArrayBuffer, name } for a net file. `nue_step` carries out
// the lines and returns at once after `go`: the search runs on its own threads, so `stop`,
// `isready` and `go infinite` work as in the native engine. Lines reach the page through the
// shared output ring, not as this worker's messages. Needs cross-origin isolation
// (SharedArrayBuffer); files (nets) are read by this thread only, as the engine does.
import { WASI, File, OpenFile, ConsoleStdout, PreopenDirectory } from "./wasi/index.js";
import {
  engineDead, memoryLimits, outputWriter, sharedBlocks, sleepInPoll, threadSpawner,
} from "./nue-threads.js";

const { control, output } = sharedBlocks();
const write = outputWriter(output, () => postMessage({ drain: true }));
const stdin = new OpenFile(new File([]));
const files = new PreopenDirectory(".", []);
const wasi = new WASI(["nue"], [], [
  stdin,
  ConsoleStdout.lineBuffered(write),
  ConsoleStdout.lineBuffered((line) => write(`info string stderr: ${line}`)),
  files,
], { debug: false });
sleepInPoll(wasi);

const ready = (async () => {
  const bytes = await (await fetch(new URL("nue-threads.wasm", import.meta.url))).arrayBuffer();
  const module = await WebAssembly.compile(bytes);
  const { initial, maximum } = memoryLimits(bytes);
  const memory = new WebAssembly.Memory({ initial, maximum, shared: true });
  // The page keeps these to start thread workers.
  postMessage({ threads: { module, memory, control, output } });
  const instance = await WebAssembly.instantiate(module, {
    env: { memory },
    wasi: { "thread-spawn": threadSpawner(control, (n) => postMessage({ spawn: n })) },
    wasi_snapshot_preview1: wasi.wasiImport,
  });
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
  if (engineDead(control)) {
    // A thread trapped (it said so): the module's memory is in an unknown state.
    quit = true;
    return;
  }
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
    engineDead(control, true);
    quit = true;
    write(`info string error: the engine stopped: ${e}`);
  }
};
