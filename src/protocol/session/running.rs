//! A search or perft in progress: on its own thread where the platform has threads, so the
//! input loop answers `stop` and `isready` meanwhile; run to its end at once where it has none
//! (the single-threaded WebAssembly build), where only finite searches are allowed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// A job started by [`Running::start`].
pub enum Running<T> {
    /// On its own thread.
    Thread(JoinHandle<T>),
    /// Already done (no threads).
    Done(T),
}

/// Whether this build can run a search beside the input loop: natively yes; in WebAssembly only
/// once [`enable_threads`] said so. rustc gives `wasm32-wasip1` and `wasm32-wasip1-threads` the
/// same cfgs (`target_feature = "atomics"` is unstable), so the threaded build's start (nue-web's
/// `_initialize`) tells at run time.
static HAS_THREADS: AtomicBool = AtomicBool::new(!cfg!(target_family = "wasm"));

/// Whether searches run beside the input loop: natively always, in WebAssembly after
/// [`enable_threads`].
pub fn has_threads() -> bool {
    HAS_THREADS.load(Ordering::Relaxed)
}

/// Runs searches on their own threads from now on: for a WebAssembly build whose host runs
/// threads (`wasm32-wasip1-threads`), before the first line is read.
pub fn enable_threads() {
    HAS_THREADS.store(true, Ordering::Relaxed);
}

impl<T: Send + 'static> Running<T> {
    /// Starts `job` with a stack of `stack_bytes` (the default when `None`).
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start(stack_bytes: Option<usize>, job: impl FnOnce() -> T + Send + 'static) -> std::io::Result<Running<T>> {
        if !has_threads() {
            return Ok(Running::Done(job()));
        }
        let builder = std::thread::Builder::new();
        let builder = match stack_bytes {
            Some(bytes) => builder.stack_size(bytes),
            None => builder,
        };
        builder.spawn(job).map(Running::Thread)
    }

    /// Whether the job has ended.
    pub fn is_finished(&self) -> bool {
        match self {
            Running::Thread(handle) => handle.is_finished(),
            Running::Done(_) => true,
        }
    }

    /// Waits for the job's end; `None` if its thread panicked.
    pub fn join(self) -> Option<T> {
        match self {
            Running::Thread(handle) => handle.join().ok(),
            Running::Done(value) => Some(value),
        }
    }
}
