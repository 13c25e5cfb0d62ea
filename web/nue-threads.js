// The threaded build's glue (`nue-threads.wasm`, wasm32-wasip1-threads), shared by the page
// (nue.js), the engine worker (nue-worker-threads.js: the module's main thread, which reads the
// GUI's lines) and the thread workers (nue-thread.js: one Web Worker per WebAssembly thread,
// kept for the next thread once its thread ends). Everything lives in shared memory, so no
// thread ever waits for another's event loop (a worker busy in WebAssembly has none):
//
// - `thread-spawn` (the `wasi` import behind every `std::thread::spawn`) queues the new
//   thread's (tid, start argument) in a control block; an idle thread worker, blocked in
//   Atomics.wait, takes it and calls the module's `wasi_thread_start`. When no worker is idle
//   or starting, the spawner asks the page (postMessage, which needs only the page's event loop)
//   for more; the page never blocks, so a thread always gets its worker even while the main
//   thread waits for it (`stop`, `quit`, the next `go`).
// - Output: every thread's stdout and stderr lines go, in the order they were written, into
//   one ring buffer that the page drains. Posting each worker's lines to the page on its own
//   would let `readyok` overtake the search's last `info` lines; through the ring they keep
//   the native engine's order.
// - `poll_oneoff` (std::thread::sleep, the wait of `go infinite` once its search is done)
//   sleeps in Atomics.wait: the WASI shim's version spins, burning a core.
//
// The page may only use what does not block: outputReader, reserveThreads.

// The control block: an Int32Array over a SharedArrayBuffer.
const LOCK = 0; // a spin lock over the fields below but SEQ and STARTING
const SEQ = 1; // bumped at every spawn; idle workers wait on it
const NEXT_TID = 2; // the next thread id (1 ..= 0x1fffffff, as wasi-threads wants)
const IDLE = 3; // workers blocked waiting for a thread
const STARTING = 4; // workers asked for and not yet serving (atomic: the page adds to it)
const HEAD = 5; // queue: next entry to take
const TAIL = 6; // queue: next entry to fill
const DEAD = 7; // set when a thread trapped: the module's memory is in an unknown state
const QUEUE = 16; // (tid, start argument) pairs
const QUEUE_LEN = 256;
const CONTROL_BYTES = (QUEUE + 2 * QUEUE_LEN) * 4;
const EAGAIN = 6;

// The output ring: four Int32 fields, then the bytes (whole UTF-8 lines, '\n' after each).
const R_LOCK = 0; // writers' lock (the page reads without it)
const R_WRITE = 1; // byte offset of the next write
const R_READ = 2; // byte offset of the next read
const R_PENDING = 3; // 1 while a `drain` message is on its way to the page
const R_DATA = 16;
const OUTPUT_BYTES = R_DATA + (1 << 20);

function lock(cells, at) {
  while (Atomics.compareExchange(cells, at, 0, 1) !== 0) Atomics.wait(cells, at, 1, 1);
}

function unlock(cells, at) {
  Atomics.store(cells, at, 0);
  Atomics.notify(cells, at, 1);
}

// The shared blocks a threaded engine needs, made once by the engine worker.
export function sharedBlocks() {
  const control = new SharedArrayBuffer(CONTROL_BYTES);
  new Int32Array(control)[NEXT_TID] = 1;
  return { control, output: new SharedArrayBuffer(OUTPUT_BYTES) };
}

// The memory limits (in 64 KiB pages) the module imports `env.memory` with, read from its
// import section: a shared memory must be made with exactly what the module declares.
export function memoryLimits(bytes) {
  const b = new Uint8Array(bytes);
  let p = 8;
  const leb = () => {
    let value = 0;
    let scale = 1;
    let byte;
    do {
      byte = b[p++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return value;
  };
  const skipName = () => {
    const n = leb();
    p += n;
  };
  while (p < b.length) {
    const id = b[p++];
    const end = leb() + p;
    if (id === 2) {
      for (let count = leb(); count > 0; count--) {
        skipName();
        skipName();
        const kind = b[p++];
        if (kind === 2) {
          const flags = b[p++];
          const initial = leb();
          return { initial, maximum: flags & 1 ? leb() : undefined, shared: (flags & 2) !== 0 };
        }
        // Skip the other kinds' descriptions: a function's type index, a table's element type
        // and limits, a global's type and mutability, a tag's attribute and type index.
        if (kind === 0) {
          leb();
        } else if (kind === 1) {
          p++;
          if (b[p++] & 1) leb();
          leb();
        } else if (kind === 3) {
          p += 2;
        } else if (kind === 4) {
          p++;
          leb();
        } else {
          throw new Error(`unknown import kind ${kind}`);
        }
      }
    }
    p = end;
  }
  throw new Error("the module imports no memory");
}

// The `thread-spawn` import. `request(n)` asks the page for n more thread workers.
export function threadSpawner(control, request) {
  const ctl = new Int32Array(control);
  return (arg) => {
    lock(ctl, LOCK);
    const head = ctl[HEAD];
    const tail = ctl[TAIL];
    if (ctl[DEAD] || tail - head >= QUEUE_LEN) {
      unlock(ctl, LOCK);
      return -EAGAIN;
    }
    const tid = ctl[NEXT_TID];
    ctl[NEXT_TID] = tid >= 0x1fffffff ? 1 : tid + 1;
    const at = QUEUE + 2 * (tail % QUEUE_LEN);
    ctl[at] = tid;
    ctl[at + 1] = arg;
    ctl[TAIL] = tail + 1;
    const missing = tail + 1 - head - ctl[IDLE] - Atomics.load(ctl, STARTING);
    if (missing > 0) Atomics.add(ctl, STARTING, missing);
    unlock(ctl, LOCK);
    Atomics.add(ctl, SEQ, 1);
    Atomics.notify(ctl, SEQ);
    if (missing > 0) request(missing);
    return tid;
  };
}

// Counts n thread workers the page starts unasked (so that a spawn does not ask for more).
export function reserveThreads(control, n) {
  Atomics.add(new Int32Array(control), STARTING, n);
}

// A thread worker's life: takes queued threads and runs each with `start(tid, arg)`, blocked
// in between. Returns only once a thread has trapped (`start` threw): `fail(error)` then tells.
export function serveThreads(control, start, fail) {
  const ctl = new Int32Array(control);
  lock(ctl, LOCK);
  Atomics.sub(ctl, STARTING, 1);
  for (;;) {
    if (ctl[DEAD]) break;
    if (ctl[TAIL] !== ctl[HEAD]) {
      const at = QUEUE + 2 * (ctl[HEAD] % QUEUE_LEN);
      const tid = ctl[at];
      const arg = ctl[at + 1];
      ctl[HEAD] = ctl[HEAD] + 1;
      unlock(ctl, LOCK);
      try {
        start(tid, arg);
      } catch (e) {
        Atomics.store(ctl, DEAD, 1);
        fail(e);
        return;
      }
      lock(ctl, LOCK);
      continue;
    }
    ctl[IDLE] = ctl[IDLE] + 1;
    const seq = Atomics.load(ctl, SEQ);
    unlock(ctl, LOCK);
    Atomics.wait(ctl, SEQ, seq);
    lock(ctl, LOCK);
    ctl[IDLE] = ctl[IDLE] - 1;
  }
  unlock(ctl, LOCK);
}

// Whether a thread has trapped; `set` marks it so (the main thread's own trap).
export function engineDead(control, set = false) {
  const ctl = new Int32Array(control);
  if (set) Atomics.store(ctl, DEAD, 1);
  return Atomics.load(ctl, DEAD) === 1;
}

// A writer of whole lines into the output ring; `notify()` posts the page a `drain` message.
export function outputWriter(output, notify) {
  const head = new Int32Array(output, 0, 4);
  const data = new Uint8Array(output, R_DATA);
  const size = data.length;
  const encoder = new TextEncoder();
  return (line) => {
    let bytes = encoder.encode(`${line}\n`);
    if (bytes.length > size / 2) bytes = encoder.encode(`${line.slice(0, size / 8)}…\n`);
    lock(head, R_LOCK);
    for (;;) {
      const read = Atomics.load(head, R_READ);
      const used = (head[R_WRITE] - read + size) % size;
      if (size - 1 - used >= bytes.length) break;
      // Full: wait for the page to drain it.
      unlock(head, R_LOCK);
      Atomics.wait(head, R_READ, read, 100);
      lock(head, R_LOCK);
    }
    const write = head[R_WRITE];
    const first = Math.min(bytes.length, size - write);
    data.set(bytes.subarray(0, first), write);
    data.set(bytes.subarray(first), 0);
    Atomics.store(head, R_WRITE, (write + bytes.length) % size);
    unlock(head, R_LOCK);
    if (Atomics.compareExchange(head, R_PENDING, 0, 1) === 0) notify();
  };
}

// The page's side of the ring: returns the lines written since the last call.
export function outputReader(output) {
  const head = new Int32Array(output, 0, 4);
  const data = new Uint8Array(output, R_DATA);
  const size = data.length;
  const decoder = new TextDecoder();
  return () => {
    // Cleared before reading: a line written from now on posts a new `drain`.
    Atomics.store(head, R_PENDING, 0);
    const write = Atomics.load(head, R_WRITE);
    const read = Atomics.load(head, R_READ);
    if (write === read) return [];
    // slice() copies into an unshared buffer, which TextDecoder requires.
    let bytes;
    if (write > read) {
      bytes = data.slice(read, write);
    } else {
      bytes = new Uint8Array(size - read + write);
      bytes.set(data.slice(read), 0);
      bytes.set(data.slice(0, write), size - read);
    }
    Atomics.store(head, R_READ, write);
    Atomics.notify(head, R_READ);
    return decoder.decode(bytes).split("\n").slice(0, -1);
  };
}

// Replaces the WASI shim's `poll_oneoff` for the one case the engine uses, a single clock
// subscription (std::thread::sleep), by a sleep in Atomics.wait; and sets the event count,
// which the shim's version leaves unwritten. Anything else goes to the shim.
export function sleepInPoll(wasi) {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const shim = wasi.wasiImport.poll_oneoff;
  wasi.wasiImport.poll_oneoff = (inPtr, outPtr, count, eventsPtr) => {
    const view = new DataView(wasi.inst.exports.memory.buffer);
    if (count !== 1 || view.getUint8(inPtr + 8) !== 0) return shim(inPtr, outPtr, count, eventsPtr);
    // subscription: userdata u64 @0, tag u8 @8, clock { id u32 @16, timeout u64 @24,
    // precision u64 @32, flags u16 @40 }; event: userdata u64 @0, error u16 @8, type u8 @10.
    const clock = view.getUint32(inPtr + 16, true);
    const now = clock === 0 ? Date.now() * 1e6 : performance.now() * 1e6;
    const timeout = Number(view.getBigUint64(inPtr + 24, true));
    const absolute = (view.getUint16(inPtr + 40, true) & 1) !== 0;
    const ms = (absolute ? timeout - now : timeout) / 1e6;
    if (ms > 0) Atomics.wait(cell, 0, 0, ms);
    new Uint8Array(view.buffer, outPtr, 32).fill(0);
    view.setBigUint64(outPtr, view.getBigUint64(inPtr, true), true);
    view.setUint32(eventsPtr, 1, true);
    return 0;
  };
}
