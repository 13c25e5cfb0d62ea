// One WebAssembly thread of the threaded engine (nue-worker-threads.js) in a Web Worker, started
// by the page (nue.js) when a `thread-spawn` finds no idle one. Its one message gives the
// compiled module, the shared memory and the glue's shared blocks (nue-threads.js); it then
// instantiates the module on that memory and runs thread after thread (`wasi_thread_start`),
// blocked in Atomics.wait between them, so it answers no further messages.
import { WASI, File, OpenFile, ConsoleStdout } from "./wasi/index.js";
import { engineDead, outputWriter, serveThreads, sleepInPoll, threadSpawner } from "./nue-threads.js";

onmessage = async ({ data }) => {
  const { module, memory, control, output } = data;
  const write = outputWriter(output, () => postMessage({ drain: true }));
  // No preopened directory: the engine opens files on its main thread only.
  const wasi = new WASI(["nue"], [], [
    new OpenFile(new File([])),
    ConsoleStdout.lineBuffered(write),
    ConsoleStdout.lineBuffered((line) => write(`info string stderr: ${line}`)),
  ], { debug: false });
  sleepInPoll(wasi);
  let instance;
  try {
    instance = await WebAssembly.instantiate(module, {
      env: { memory },
      wasi: { "thread-spawn": threadSpawner(control, (n) => postMessage({ spawn: n })) },
      wasi_snapshot_preview1: wasi.wasiImport,
    });
  } catch (e) {
    // The threads queued for this worker would never run, and whoever joins them would wait
    // for ever: the engine is done.
    engineDead(control, true);
    write(`info string error: the engine could not start a thread: ${e}`);
    return;
  }
  // Not wasi.initialize: the main thread did that once for the shared memory; a thread sets up
  // its own stack and thread-locals in `wasi_thread_start`.
  wasi.inst = instance;
  serveThreads(
    control,
    (tid, arg) => instance.exports.wasi_thread_start(tid, arg),
    (e) => write(`info string error: the engine stopped: ${e}`),
  );
};
