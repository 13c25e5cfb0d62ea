//! nue in the browser: the engine compiled for WebAssembly and run by a WASI shim in a Web
//! Worker. The worker writes the GUI's lines to the module's stdin and calls [`nue_step`],
//! which carries out every line waiting there, as the native engine's protocol loop does (the
//! first line picks UCI, USI, UCCI or XBoard); answers go to stdout, line by line.
//!
//! Two builds of this crate:
//! - `wasm32-wasip1` (`web/nue-worker.js`): no threads. A search runs to its limit inside
//!   `nue_step`, and searches without one (`go infinite`) are refused.
//! - `wasm32-wasip1-threads` (`web/nue-worker-threads.js`, glue in `web/nue-threads.js`): the
//!   protocol starts each search on its own thread, as natively, so `nue_step` returns at once
//!   and `stop`, `go infinite` and `Threads` work. The page runs every thread in a Web Worker
//!   of its own over the module's shared memory; this build also exports `_initialize`.

use nue::protocol::Protocol;
use nue::protocol::input::{Line, Lines, MAX_LINE_BYTES};
use std::cell::RefCell;

thread_local! {
    /// The protocol loop's state, from the first line on.
    static ENGINE: RefCell<Option<Protocol>> = const { RefCell::new(None) };
}

/// The threaded build's start, called once by the main thread's worker before [`nue_step`]:
/// what wasi-libc's reactor start file does, which rustc does not link into a `cdylib`, and
/// then searches on their own threads. Without `__wasi_init_tp` the main thread has no pthread
/// record and wasi-libc's thread list (walked by `pthread_create` and by the thread-local
/// destructors' key) is garbage: the first `nue_step` hangs. Thread workers skip it:
/// `wasi_thread_start` sets up each thread.
#[cfg(wasm_threads)]
// SAFETY: exported under the name WASI hosts look for; called once, before anything else.
#[unsafe(no_mangle)]
pub extern "C" fn _initialize() {
    use std::sync::atomic::{AtomicBool, Ordering};
    static STARTED: AtomicBool = AtomicBool::new(false);
    unsafe extern "C" {
        /// wasi-libc: the calling (main) thread's pthread record.
        fn __wasi_init_tp();
        /// The linker's: static constructors.
        fn __wasm_call_ctors();
    }
    if STARTED.swap(true, Ordering::AcqRel) {
        return;
    }
    // SAFETY: both run once, first, on the main thread, as crt1-reactor.o runs them.
    unsafe {
        __wasi_init_tp();
        __wasm_call_ctors();
    }
    nue::protocol::enable_threads();
}

/// Carries out the lines waiting on stdin, in order. Returns 1 once `quit` has been read (the
/// worker may then drop the module), 0 otherwise.
// SAFETY: `nue_step` and the threaded build's `_initialize` are the only symbols this crate
// exports under their own names; it takes no arguments and touches no memory the caller owns.
#[unsafe(no_mangle)]
pub extern "C" fn nue_step() -> i32 {
    let stdin = std::io::stdin();
    let lines = Lines::new(stdin.lock(), MAX_LINE_BYTES);
    ENGINE.with(|cell| {
        let mut engine = cell.borrow_mut();
        for line in lines {
            if engine.is_none() {
                match &line {
                    Line::Text(text) if text.trim().is_empty() => continue,
                    Line::Text(text) => match Protocol::new(text, None) {
                        Ok(protocol) => *engine = Some(protocol),
                        Err(e) => {
                            println!("info string error: {e}");
                            continue;
                        }
                    },
                    _ => continue,
                }
            }
            if let Some(protocol) = engine.as_mut()
                && !protocol.line(line)
            {
                return 1;
            }
        }
        0
    })
}
